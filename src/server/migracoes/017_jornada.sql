-- The citizen's journey in numbers (issue 21): anonymous counters per day and model of forms started
-- (the first "Continuar" or the first draft), drafts saved, forms sent from the page, and each page
-- reached (`pagina`: the page's id, or 'revisao' for the check step). No person, no session, no address:
-- only how many.
create table contador_jornada (
  dia date not null,
  codigo_servico text not null,
  evento text not null check (evento in ('INICIADO', 'RASCUNHO', 'ENVIADO', 'PAGINA')),
  pagina text not null default '',
  quantidade bigint not null default 0,
  primary key (codigo_servico, dia, evento, pagina)
);
