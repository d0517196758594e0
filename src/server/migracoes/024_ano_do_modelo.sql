-- A designer's year with a form (issue 36).
-- Opening and closing (instants; the console writes them in São Paulo time, to the minute) and a limit of
-- answers with its message. `respostas_recebidas` is the count the limit is checked against, kept only while
-- the model has a limit: the statement that writes a form to a limited model takes one place from it, in the
-- same statement, under the model row's lock, so N places give exactly N forms whatever arrives at once.
alter table modelo add column abre_em timestamptz;
alter table modelo add column fecha_em timestamptz;
alter table modelo add constraint modelo_periodo_valido check (abre_em is null or fecha_em is null or abre_em < fecha_em);
alter table modelo add column limite_respostas integer check (limite_respostas is null or limite_respostas > 0);
alter table modelo add column mensagem_limite text check (mensagem_limite is null or length(mensagem_limite) <= 500);
alter table modelo add column respostas_recebidas integer not null default 0;
-- A template: offered by "Novo modelo" to whoever sees its group.
alter table modelo add column modelo_base boolean not null default false;
create index modelo_base_idx on modelo (grupo_controle_conteudo_id) where modelo_base;

-- Every change of a model on record: each save, not only each publish (who, when, what changed, and the model
-- as it was, without its integration secrets), to list, compare and restore. Kept as MODELO_HISTORICO_DIAS says
-- (the retention job), the last entries of each model always.
create table modelo_historico (
  id bigserial primary key,
  codigo_servico text not null references modelo (codigo_servico) on delete cascade,
  ocorrido_em timestamptz not null default now(),
  autor text not null,
  acao text not null check (acao in ('CRIADO', 'SALVO', 'PUBLICADO', 'ARQUIVADO', 'RESTAURADO', 'DUPLICADO', 'IMPORTADO', 'VOLTOU_A')),
  -- A sentence of the change's own ('Cópia de …', 'Versão 2 publicada.') as a catalog key and its values: the
  -- list says it, and what changed since the entry before, in the reader's language (Accept-Language).
  detalhe jsonb,
  estado jsonb not null
);
create index modelo_historico_modelo_idx on modelo_historico (codigo_servico, id desc);

-- The declaration a citizen accepted (issue 36): the exact text and the instant, kept with the form.
alter table formulario add column declaracao jsonb;
