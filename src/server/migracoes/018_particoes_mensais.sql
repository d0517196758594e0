-- Monthly partitions (issue 19): filled forms by `recebido_em`, their events by `ocorrido_em`, one
-- partition per São Paulo calendar month, so indexes, VACUUM and a month's reads stay the size of a month
-- at ten million forms and beyond. Works on an existing database: the rows are copied into the new
-- partitioned tables in this migration's transaction and the old tables dropped; counters, sequences and
-- ids stay as they were (the counters are not touched: the triggers are created after the copy).
--
-- What partitioning changes in the schema:
-- - The primary keys include the partition column: (id, recebido_em) and (id, ocorrido_em). Ids still
--   come from the same sequences, so they stay unique; a protocol is unique by construction (year and
--   one sequence) and keeps a plain index, as a unique one would have to include `recebido_em`.
-- - A foreign key can only point at a partitioned table through its whole primary key, so the five
--   tables that referred to a form (events, retries, idempotency keys, attachments, e-mail jobs) lose
--   their foreign key; deleting forms still deletes what hangs on them, in the same statement, by a
--   statement trigger (`apagar_dependentes_de_formularios`). Every writer already takes the form's id from
--   the row it just wrote or read.
-- - A month with no partition yet lands in the default partition (`…_padrao`), never in an error;
--   `manter_particoes()` (on every start, after the migrations, and in the retention loop) creates the
--   current month and the next three, and any month found in a default partition, moving its rows there.

create function inicio_mes_sao_paulo(p_mes date) returns timestamptz language sql immutable as $$
  select (date_trunc('month', p_mes)::date)::timestamp at time zone 'America/Sao_Paulo'
$$;

-- Creates `<tabela>_AAAA_MM` for the São Paulo month of p_mes if missing; rows of that month already in the
-- default partition move into it. Attaching instead of CREATE … PARTITION OF takes a lighter lock on the
-- parent, so writers to other months go on. Returns whether it created one.
create function garantir_particao(p_tabela text, p_mes date) returns boolean language plpgsql as $$
declare
  nome text := p_tabela || '_' || to_char(p_mes, 'YYYY_MM');
  coluna text := case p_tabela when 'formulario' then 'recebido_em' when 'formulario_evento' then 'ocorrido_em' end;
  de timestamptz := inicio_mes_sao_paulo(p_mes);
  ate timestamptz := inicio_mes_sao_paulo((date_trunc('month', p_mes) + interval '1 month')::date);
begin
  if coluna is null then
    raise exception 'tabela sem partições mensais: %', p_tabela;
  end if;
  if to_regclass(nome) is not null then
    return false;
  end if;
  execute format('create table %I (like %I including defaults including constraints)', nome, p_tabela);
  -- The default partition's row triggers (the form counters') stay still while its rows move: they are counted already.
  execute format('alter table %I disable trigger user', p_tabela || '_padrao');
  execute format('with movidas as (delete from %I where %I >= $1 and %I < $2 returning *) insert into %I select * from movidas',
                 p_tabela || '_padrao', coluna, coluna, nome) using de, ate;
  execute format('alter table %I enable trigger user', p_tabela || '_padrao');
  execute format('alter table %I attach partition %I for values from (%L) to (%L)', p_tabela, nome, de, ate);
  return true;
end
$$;

-- The current month and the next three, for both tables, and every month that has rows in a default
-- partition. One caller at a time (advisory lock), so two processes starting together do not race.
-- Returns how many partitions it created.
create function manter_particoes() returns integer language plpgsql as $$
declare
  criadas integer := 0;
  agora date := date_trunc('month', dia_sao_paulo(now()))::date;
  meses_formularios date[];
  meses_eventos date[];
  m date;
begin
  perform pg_advisory_xact_lock(hashtext('cf.manter_particoes'));
  -- Read into arrays first: a partition cannot be attached while a loop's cursor still reads the default one.
  select array_agg(distinct date_trunc('month', dia_sao_paulo(recebido_em))::date) into meses_formularios from formulario_padrao;
  select array_agg(distinct date_trunc('month', dia_sao_paulo(ocorrido_em))::date) into meses_eventos from formulario_evento_padrao;
  for i in 0..3 loop
    meses_formularios := meses_formularios || (agora + make_interval(months => i))::date;
    meses_eventos := meses_eventos || (agora + make_interval(months => i))::date;
  end loop;
  foreach m in array meses_formularios loop
    criadas := criadas + garantir_particao('formulario', m)::integer;
  end loop;
  foreach m in array meses_eventos loop
    criadas := criadas + garantir_particao('formulario_evento', m)::integer;
  end loop;
  return criadas;
end
$$;

-- The old tables step aside (their indexes and constraints keep names the new ones need).
alter table formulario rename to formulario_sem_particoes;
alter table formulario_evento rename to formulario_evento_sem_particoes;
alter table formulario_sem_particoes drop constraint formulario_pkey cascade;
alter table formulario_evento_sem_particoes drop constraint formulario_evento_pkey;
alter table formulario_sem_particoes drop constraint formulario_protocolo_key;
alter table formulario_sem_particoes drop constraint formulario_status_check,
  drop constraint formulario_codigo_servico_fkey, drop constraint formulario_grupo_controle_conteudo_id_fkey;
alter table formulario_evento_sem_particoes drop constraint formulario_evento_tipo_check;
drop index formulario_recebido_idx, formulario_modelo_recebido_idx, formulario_grupo_recebido_idx, formulario_status_recebido_idx,
  formulario_cpf_idx, formulario_a_anonimizar_idx,
  formulario_evento_ocorrido_idx, formulario_evento_modelo_idx, formulario_evento_formulario_idx, formulario_evento_tipo_idx;

create table formulario (
  id bigint not null default nextval('formulario_id_seq'),
  protocolo text not null,
  codigo_servico text not null references modelo (codigo_servico),
  grupo_controle_conteudo_id integer not null references grupo_controle_conteudo (id),
  modelo_versao integer not null,
  respostas jsonb not null default '{}',
  cpf_requerente char(11),
  nome_requerente text,
  status text not null default 'RECEBIDO' check (status in ('RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'DESCARTADO')),
  recebido_em timestamptz not null default now(),
  atualizado_em timestamptz not null default now(),
  email_requerente text,
  anonimizado_em timestamptz,
  codigo_verificacao text
) partition by range (recebido_em);
alter sequence formulario_id_seq owned by formulario.id;
create table formulario_padrao partition of formulario default;

create table formulario_evento (
  id bigint not null default nextval('formulario_evento_id_seq'),
  formulario_id bigint,
  codigo_servico text,
  grupo_controle_conteudo_id integer,
  tipo text not null check (tipo in (
    'RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO',
    'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO', 'PDF_BAIXADO', 'ANEXO_BAIXADO',
    'EMAIL_ENVIADO', 'EMAIL_FALHOU')),
  ocorrido_em timestamptz not null default now(),
  autor text not null,
  detalhes jsonb not null default '{}'
) partition by range (ocorrido_em);
alter sequence formulario_evento_id_seq owned by formulario_evento.id;
create table formulario_evento_padrao partition of formulario_evento default;

-- A partition for every month that has rows, then the rows (in id order, as they were written).
select garantir_particao('formulario', m::date)
  from (select distinct date_trunc('month', dia_sao_paulo(recebido_em)) as m from formulario_sem_particoes) x;
select garantir_particao('formulario_evento', m::date)
  from (select distinct date_trunc('month', dia_sao_paulo(ocorrido_em)) as m from formulario_evento_sem_particoes) x;
insert into formulario (id, protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, respostas, cpf_requerente, nome_requerente,
                        status, recebido_em, atualizado_em, email_requerente, anonimizado_em, codigo_verificacao)
  select id, protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, respostas, cpf_requerente, nome_requerente,
         status, recebido_em, atualizado_em, email_requerente, anonimizado_em, codigo_verificacao
    from formulario_sem_particoes order by id;
insert into formulario_evento (id, formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, ocorrido_em, autor, detalhes)
  select id, formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, ocorrido_em, autor, detalhes
    from formulario_evento_sem_particoes order by id;
drop table formulario_evento_sem_particoes;
drop table formulario_sem_particoes cascade;

-- Indexes after the copy (one build per partition instead of a row at a time).
alter table formulario add primary key (id, recebido_em);
create index formulario_protocolo_idx on formulario (protocolo);
create index formulario_recebido_idx on formulario (recebido_em desc, id desc);
create index formulario_modelo_recebido_idx on formulario (codigo_servico, recebido_em desc, id desc);
create index formulario_grupo_recebido_idx on formulario (grupo_controle_conteudo_id, recebido_em desc, id desc);
create index formulario_status_recebido_idx on formulario (status, recebido_em desc, id desc);
create index formulario_cpf_idx on formulario (cpf_requerente);
create index formulario_a_anonimizar_idx on formulario (recebido_em) where anonimizado_em is null;
alter table formulario_evento add primary key (id, ocorrido_em);
create index formulario_evento_ocorrido_idx on formulario_evento (ocorrido_em desc, id desc);
create index formulario_evento_modelo_idx on formulario_evento (codigo_servico, ocorrido_em desc, id desc);
create index formulario_evento_formulario_idx on formulario_evento (formulario_id, ocorrido_em, id);
create index formulario_evento_tipo_idx on formulario_evento (tipo, ocorrido_em desc, id desc);

-- The counters' triggers, as before (row trigger for forms, statement triggers for events).
create trigger formulario_contadores
after insert or delete or update of status, recebido_em, codigo_servico on formulario
for each row execute function contar_formulario();
create trigger formulario_evento_contadores_i after insert on formulario_evento referencing new table as novas for each statement execute function contar_eventos();
create trigger formulario_evento_contadores_u after update on formulario_evento referencing old table as velhas new table as novas for each statement execute function contar_eventos();
create trigger formulario_evento_contadores_d after delete on formulario_evento referencing old table as velhas for each statement execute function contar_eventos();

-- What the foreign keys' ON DELETE CASCADE did, once per statement over the deleted forms.
create function apagar_dependentes_de_formularios() returns trigger language plpgsql as $$
begin
  delete from formulario_evento where formulario_id in (select id from velhas);
  delete from retentativa_integracao where formulario_id in (select id from velhas);
  delete from submissao_idempotente where formulario_id in (select id from velhas);
  delete from anexo where formulario_id in (select id from velhas);
  delete from envio_email where formulario_id in (select id from velhas);
  return null;
end
$$;
create trigger formulario_apaga_dependentes after delete on formulario referencing old table as velhas
for each statement execute function apagar_dependentes_de_formularios();

select manter_particoes();
