-- The citizen's journey (issue 21).
-- A draft: answers saved to finish later. Its code is the citizen's key and is never stored: only its
-- SHA-256 is, so a copy of the database opens no draft. It keeps the model version it was started on,
-- belongs to the citizen who started it on a restricted model (titular: the CPF of the token, '' when
-- anonymous), and is deleted when it expires (by the retention job) or when the form is sent.
create table rascunho (
  id bigserial primary key,
  codigo_hash bytea not null unique,
  codigo_servico text not null,
  modelo_versao integer not null,
  titular text not null default '',
  respostas jsonb not null default '{}',
  pagina text,
  criado_em timestamptz not null default now(),
  atualizado_em timestamptz not null default now(),
  expira_em timestamptz not null
);
create index rascunho_expira_idx on rascunho (expira_em);

-- An upload a draft answers with stays while the draft does (the sweep of unused uploads skips it).
alter table anexo add column rascunho_id bigint references rascunho (id) on delete set null;

-- E-mails to send (the confirmation to the citizen, the notice to the model's team, a draft's link): a
-- durable job beside the deliveries, claimed and retried by the same worker loop on the same schedule.
-- `dados`: what the message needs that the form does not hold (a draft's link), emptied once sent.
create table envio_email (
  id bigserial primary key,
  formulario_id bigint references formulario (id) on delete cascade,
  tipo text not null check (tipo in ('CONFIRMACAO', 'EQUIPE', 'RASCUNHO')),
  para text not null,
  dados jsonb not null default '{}',
  status text not null default 'PENDENTE' check (status in ('PENDENTE', 'EXECUTANDO', 'ENVIADO', 'ESGOTADO')),
  tentativas integer not null default 0,
  proxima_tentativa_em timestamptz not null default now(),
  ultimo_erro text,
  criado_em timestamptz not null default now(),
  enviado_em timestamptz
);
create index envio_email_devido_idx on envio_email (proxima_tentativa_em) where status in ('PENDENTE', 'EXECUTANDO');
create index envio_email_formulario_idx on envio_email (formulario_id);

alter table formulario_evento drop constraint formulario_evento_tipo_check;
alter table formulario_evento add constraint formulario_evento_tipo_check check (tipo in (
  'RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO',
  'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO', 'PDF_BAIXADO', 'ANEXO_BAIXADO',
  'EMAIL_ENVIADO', 'EMAIL_FALHOU'));
