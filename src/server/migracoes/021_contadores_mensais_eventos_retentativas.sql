-- Deep pages of the events and retries lists (issue 19) start from the counters, as the forms' do (salto.ts):
-- the month, then the day, that holds the page's first row. Without per-month counters the whole range is
-- every daily row (~18,000 for the events of one million forms: ~4-6 ms to group by day on every deep page);
-- with them, a few hundred rows and then one month of days. The lists' totals without a period read them too.
-- Kept by the same statements as the daily counters (one more upsert per statement, keys in order: day rows
-- first, then month rows, in every writer), folded by compactar_contadores like the forms' monthly counters,
-- and moved with a model to another group (rotas/modelos.ts).
create table contador_evento_mes (
  mes date not null,
  codigo_servico text not null,
  tipo text not null,
  grupo_controle_conteudo_id integer,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (codigo_servico, mes, tipo, fatia)
);

create table contador_retentativa_mes (
  mes date not null,
  codigo_servico text not null,
  status text not null,
  grupo_controle_conteudo_id integer not null,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (codigo_servico, mes, status, fatia)
);

-- A month's days, by day, as the forms' daily counters have had since migration 003: these keys lead with the
-- model, so a month of every model was a scan of the whole table (~2 ms for the events of one million forms;
-- ~1 ms with the index). No quantity in it: an index holding the quantity would make every counter update non-HOT.
create index contador_evento_dia_dia_idx on contador_evento_dia (dia, codigo_servico);
create index contador_retentativa_dia_dia_idx on contador_retentativa_dia (dia, codigo_servico);

insert into contador_evento_mes (mes, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade, fatia)
  select date_trunc('month', dia)::date, codigo_servico, tipo, min(grupo_controle_conteudo_id), sum(quantidade), 8 from contador_evento_dia group by 1, 2, 3;
insert into contador_retentativa_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
  select date_trunc('month', dia)::date, codigo_servico, status, min(grupo_controle_conteudo_id), sum(quantidade), 8 from contador_retentativa_dia group by 1, 2, 3;

create or replace function somar_eventos(dias date[], codigos text[], tipos text[], grupos integer[], deltas integer[]) returns void language sql as $$
  insert into contador_evento_dia (dia, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade, fatia)
  select dia, codigo, tipo, grupo, n, (pg_backend_pid() % 8)::smallint
    from (select dia, codigo, tipo, min(grupo) as grupo, sum(d) as n from unnest(dias, codigos, tipos, grupos, deltas) as x(dia, codigo, tipo, grupo, d) group by 1, 2, 3) y
   where n <> 0
   order by codigo, dia, tipo
  on conflict (codigo_servico, dia, tipo, fatia) do update set quantidade = contador_evento_dia.quantidade + excluded.quantidade;
  insert into contador_evento_mes (mes, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade, fatia)
  select mes, codigo, tipo, grupo, n, (pg_backend_pid() % 8)::smallint
    from (select date_trunc('month', dia)::date as mes, codigo, tipo, min(grupo) as grupo, sum(d) as n from unnest(dias, codigos, tipos, grupos, deltas) as x(dia, codigo, tipo, grupo, d) group by 1, 2, 3) y
   where n <> 0
   order by codigo, mes, tipo
  on conflict (codigo_servico, mes, tipo, fatia) do update set quantidade = contador_evento_mes.quantidade + excluded.quantidade;
$$;

create or replace function somar_retentativas(dias date[], codigos text[], status text[], grupos integer[], deltas integer[]) returns void language sql as $$
  insert into contador_retentativa_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
  select dia, codigo, st, grupo, n, (pg_backend_pid() % 8)::smallint
    from (select dia, codigo, st, min(grupo) as grupo, sum(d) as n from unnest(dias, codigos, status, grupos, deltas) as x(dia, codigo, st, grupo, d) group by 1, 2, 3) y
   where n <> 0
   order by codigo, dia, st
  on conflict (codigo_servico, dia, status, fatia) do update set quantidade = contador_retentativa_dia.quantidade + excluded.quantidade;
  insert into contador_retentativa_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
  select mes, codigo, st, grupo, n, (pg_backend_pid() % 8)::smallint
    from (select date_trunc('month', dia)::date as mes, codigo, st, min(grupo) as grupo, sum(d) as n from unnest(dias, codigos, status, grupos, deltas) as x(dia, codigo, st, grupo, d) group by 1, 2, 3) y
   where n <> 0
   order by codigo, mes, st
  on conflict (codigo_servico, mes, status, fatia) do update set quantidade = contador_retentativa_mes.quantidade + excluded.quantidade;
$$;

-- Rebuilds them all from the rows (after bulk loads with the triggers off).
create or replace function recontar_eventos_retentativas() returns void language sql as $$
  delete from contador_evento_dia;
  delete from contador_retentativa_dia;
  delete from contador_evento_mes;
  delete from contador_retentativa_mes;
  insert into contador_evento_dia (dia, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade)
    select dia_sao_paulo(ocorrido_em), coalesce(codigo_servico, ''), tipo, min(grupo_controle_conteudo_id), count(*) from formulario_evento group by 1, 2, 3;
  insert into contador_retentativa_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    select dia_sao_paulo(criado_em), codigo_servico, status, min(grupo_controle_conteudo_id), count(*) from retentativa_integracao group by 1, 2, 3;
  insert into contador_evento_mes (mes, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade)
    select date_trunc('month', dia)::date, codigo_servico, tipo, min(grupo_controle_conteudo_id), sum(quantidade) from contador_evento_dia group by 1, 2, 3;
  insert into contador_retentativa_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    select date_trunc('month', dia)::date, codigo_servico, status, min(grupo_controle_conteudo_id), sum(quantidade) from contador_retentativa_dia group by 1, 2, 3;
$$;

-- The fold (migration 019's, with the two monthly tables).
create or replace function compactar_contadores(p_dia date, p_lote integer) returns integer language plpgsql as $$
declare
  feitos integer := 0;
  n integer;
  t record;
begin
  -- Never the one that waits: a staff action holding a counter row (a model moving groups) goes first.
  perform set_config('lock_timeout', '200ms', true);
  for t in select * from (values
      ('contador_formulario_dia', 'dia', 'status', p_dia),
      ('contador_formulario_mes', 'mes', 'status', date_trunc('month', p_dia)::date),
      ('contador_evento_dia', 'dia', 'tipo', p_dia),
      ('contador_retentativa_dia', 'dia', 'status', p_dia),
      ('contador_evento_mes', 'mes', 'tipo', date_trunc('month', p_dia)::date),
      ('contador_retentativa_mes', 'mes', 'status', date_trunc('month', p_dia)::date)) as v(tabela, tempo, chave, limite)
  loop
    execute format($sql$
      with velhas as (
        delete from %1$I c
         where c.ctid in (select x.ctid from %1$I x where x.%2$I < $1 and x.fatia <> 8 limit $2 for update skip locked)
        returning c.%2$I as tempo, c.codigo_servico, c.%3$I as chave, c.grupo_controle_conteudo_id, c.quantidade),
      dobradas as (
        insert into %1$I (%2$I, codigo_servico, %3$I, grupo_controle_conteudo_id, quantidade, fatia)
        select tempo, codigo_servico, chave, max(grupo_controle_conteudo_id), sum(quantidade), 8 from velhas group by 1, 2, 3
        on conflict (codigo_servico, %2$I, %3$I, fatia) do update set quantidade = %1$I.quantidade + excluded.quantidade
        returning 1)%4$s
      select count(*)::integer from dobradas
    $sql$, t.tabela, t.tempo, t.chave,
      case when t.tabela = 'contador_formulario_dia' then $cte$,
      totais as (
        insert into contador_formulario_dia_total (dia, status, quantidade)
        select tempo, chave, sum(quantidade) from velhas group by 1, 2 order by 1, 2
        on conflict (dia, status) do update set quantidade = contador_formulario_dia_total.quantidade + excluded.quantidade)$cte$
      else '' end) using t.limite, p_lote into n;
    feitos := feitos + n;
  end loop;
  return feitos;
end
$$;
