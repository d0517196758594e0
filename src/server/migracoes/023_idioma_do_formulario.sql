-- The language a citizen filled a form in (issue 35: <formulario-cidadao> in pt-BR, English or Spanish): the
-- language of its confirmation e-mail and receipt, shown to staff and sent to the integration. Forms sent
-- before it were all in pt-BR.
alter table formulario add column idioma text not null default 'pt-BR';
alter table formulario add constraint formulario_idioma_valido check (idioma in ('pt-BR', 'en', 'es'));
