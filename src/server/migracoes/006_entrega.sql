-- Submissions and deliveries (issue 8). The delivery job of a form is its row in retentativa_integracao:
-- PENDENTE with a time it is due; a worker claims due rows with FOR UPDATE SKIP LOCKED and marks them
-- EXECUTANDO with a lease (proxima_tentativa_em = the lease's end), so a worker that dies mid-delivery
-- leaves a row that becomes due again when its lease runs out, and two workers never take the same row.
create index retentativa_devida_idx on retentativa_integracao (proxima_tentativa_em) where status in ('PENDENTE', 'EXECUTANDO');

-- Idempotency-Key of a submission: a retried POST with the same key returns the first form.
create table submissao_idempotente (
  codigo_servico text not null,
  chave text not null,
  hash_corpo text not null,
  formulario_id bigint not null references formulario (id) on delete cascade,
  criado_em timestamptz not null default now(),
  primary key (codigo_servico, chave)
);
