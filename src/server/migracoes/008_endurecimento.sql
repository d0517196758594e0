-- Hardening (issue 18).

-- Idempotency keys belong to the caller who sent them: the citizen's CPF from the token, or '' for an
-- anonymous submission. Citizen B sending citizen A's key no longer receives A's protocol.
alter table submissao_idempotente add column titular text not null default '';
alter table submissao_idempotente drop constraint submissao_idempotente_pkey;
alter table submissao_idempotente add primary key (codigo_servico, titular, chave);

-- The access audit trail: every change to user links, access profiles, groups, and a model's move to
-- another content-control group, with who, when, and the record before and after.
create table auditoria_acesso (
  id bigserial primary key,
  ocorrido_em timestamptz not null default now(),
  autor text not null,
  recurso text not null check (recurso in ('VINCULO_USUARIO', 'PERFIL_ACESSO', 'GRUPO_CONTROLE_CONTEUDO', 'GRUPO_ACESSO_PUBLICO', 'MODELO')),
  acao text not null check (acao in ('CRIADO', 'ALTERADO', 'EXCLUIDO', 'MOVIDO')),
  alvo text not null,
  antes jsonb,
  depois jsonb
);
create index auditoria_acesso_ocorrido_idx on auditoria_acesso (ocorrido_em desc, id desc);
create index auditoria_acesso_alvo_idx on auditoria_acesso (recurso, alvo, ocorrido_em desc, id desc);
