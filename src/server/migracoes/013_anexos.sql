-- Attachments (issue 15): what a citizen uploads to a file field before submitting. The row says what
-- it is (the type found in its content, its size and SHA-256); the bytes live in the storage (here, in
-- anexo_parte, 256 KB per row, so nothing is ever read or written whole). An upload no form references
-- is removed after a while; a form's attachments go with it.
create table anexo (
  id uuid primary key,
  codigo_servico text not null,
  campo text not null,
  nome text not null,
  mime text not null,
  tamanho bigint not null check (tamanho >= 0),
  sha256 text not null,
  formulario_id bigint references formulario (id) on delete cascade,
  criado_em timestamptz not null default now()
);
create index anexo_orfao_idx on anexo (criado_em) where formulario_id is null;
create index anexo_formulario_idx on anexo (formulario_id);

create table anexo_parte (
  anexo_id uuid not null references anexo (id) on delete cascade,
  n integer not null,
  dados bytea not null,
  primary key (anexo_id, n)
);

alter table formulario_evento drop constraint formulario_evento_tipo_check;
alter table formulario_evento add constraint formulario_evento_tipo_check check (tipo in (
  'RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO',
  'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO', 'PDF_BAIXADO', 'ANEXO_BAIXADO'));
