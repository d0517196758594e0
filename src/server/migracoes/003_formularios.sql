-- Filled forms, their events and integration retries, and the per-day counters that answer totals and
-- analytics without rescanning forms (DESIGN.md section 10). The counters are kept by a trigger in the
-- same transaction as every insert, status change and delete, so they stay exact.

-- Protocol numbers the citizen can quote: year and a number from one sequence, unique under concurrency.
create sequence protocolo_seq;

create table formulario (
  id bigserial primary key,
  protocolo text not null unique,
  codigo_servico text not null references modelo (codigo_servico),
  grupo_controle_conteudo_id integer not null references grupo_controle_conteudo (id),
  modelo_versao integer not null,
  respostas jsonb not null default '{}',
  cpf_requerente char(11),
  nome_requerente text,
  status text not null default 'RECEBIDO' check (status in ('RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'DESCARTADO')),
  recebido_em timestamptz not null default now(),
  atualizado_em timestamptz not null default now()
);
create index formulario_recebido_idx on formulario (recebido_em desc, id desc);
create index formulario_modelo_recebido_idx on formulario (codigo_servico, recebido_em desc, id desc);
create index formulario_grupo_recebido_idx on formulario (grupo_controle_conteudo_id, recebido_em desc, id desc);
create index formulario_status_recebido_idx on formulario (status, recebido_em desc, id desc);
create index formulario_cpf_idx on formulario (cpf_requerente);

create table contador_formulario_dia (
  dia date not null,
  codigo_servico text not null,
  status text not null,
  grupo_controle_conteudo_id integer not null,
  quantidade bigint not null default 0,
  primary key (codigo_servico, dia, status)
);
create index contador_formulario_dia_dia_idx on contador_formulario_dia (dia, codigo_servico);

create function dia_sao_paulo(t timestamptz) returns date language sql immutable as $$
  select (t at time zone 'America/Sao_Paulo')::date
$$;

create function contar_formulario() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update contador_formulario_dia set quantidade = quantidade - 1
     where codigo_servico = old.codigo_servico and dia = dia_sao_paulo(old.recebido_em) and status = old.status;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into contador_formulario_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    values (dia_sao_paulo(new.recebido_em), new.codigo_servico, new.status, new.grupo_controle_conteudo_id, 1)
    on conflict (codigo_servico, dia, status) do update set quantidade = contador_formulario_dia.quantidade + 1;
  end if;
  return null;
end
$$;

create trigger formulario_contadores
after insert or delete or update of status, recebido_em, codigo_servico on formulario
for each row execute function contar_formulario();

create table formulario_evento (
  id bigserial primary key,
  formulario_id bigint not null references formulario (id) on delete cascade,
  codigo_servico text not null,
  grupo_controle_conteudo_id integer not null,
  tipo text not null check (tipo in ('RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO')),
  ocorrido_em timestamptz not null default now(),
  autor text not null,
  detalhes jsonb not null default '{}'
);
create index formulario_evento_ocorrido_idx on formulario_evento (ocorrido_em desc, id desc);
create index formulario_evento_modelo_idx on formulario_evento (codigo_servico, ocorrido_em desc, id desc);
create index formulario_evento_formulario_idx on formulario_evento (formulario_id, ocorrido_em, id);
create index formulario_evento_tipo_idx on formulario_evento (tipo, ocorrido_em desc, id desc);

create table retentativa_integracao (
  id bigserial primary key,
  formulario_id bigint not null unique references formulario (id) on delete cascade,
  codigo_servico text not null,
  grupo_controle_conteudo_id integer not null,
  destino text not null,
  tentativas integer not null default 0,
  proxima_tentativa_em timestamptz,
  ultimo_status_http integer,
  ultimo_erro text,
  status text not null default 'PENDENTE' check (status in ('PENDENTE', 'EXECUTANDO', 'SUCESSO', 'ESGOTADA', 'DESCARTADA')),
  motivo_descarte text,
  criado_em timestamptz not null default now(),
  atualizado_em timestamptz not null default now(),
  versao integer not null default 1
);
create index retentativa_status_idx on retentativa_integracao (status, proxima_tentativa_em);
create index retentativa_modelo_idx on retentativa_integracao (codigo_servico, criado_em desc, id desc);
create index retentativa_criado_idx on retentativa_integracao (criado_em desc, id desc);
