-- Verified contact (issue 45): the one-time codes of e-mail and phone questions marked `verificado`. The code itself
-- is never stored: its SHA-256 with the verification's id. `tentativas` counts every try (before the comparison);
-- `verificada_em` makes the id a proof that a submission to this model, for this question and this value, carries.
create table verificacao_contato (
  id text primary key,
  codigo_servico text not null,
  campo text not null,
  canal text not null check (canal in ('EMAIL', 'SMS')),
  -- An e-mail in lower case or a phone in E.164.
  destino text not null,
  hash_codigo bytea not null,
  criada_em timestamptz not null default now(),
  expira_em timestamptz not null,
  envios integer not null default 1,
  ultimo_envio_em timestamptz not null default now(),
  tentativas integer not null default 0,
  verificada_em timestamptz,
  -- The client address that asked (the per-address limit counts it; kept with the row, swept with it).
  origem text
);
create index verificacao_contato_valor_idx on verificacao_contato (codigo_servico, campo, destino);
create index verificacao_contato_criada_idx on verificacao_contato (criada_em);

-- The SMS codes a model sent each month (America/Sao_Paulo), against its budget.
create table orcamento_sms (
  codigo_servico text not null,
  mes text not null,
  enviados integer not null default 0,
  primary key (codigo_servico, mes)
);

alter table envio_email drop constraint envio_email_tipo_check;
alter table envio_email add constraint envio_email_tipo_check check (tipo in ('CONFIRMACAO', 'EQUIPE', 'RASCUNHO', 'CODIGO'));
