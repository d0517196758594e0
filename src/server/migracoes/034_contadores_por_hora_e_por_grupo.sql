-- The events list's deep pages of the whole console at ten million forms (issue 47): the counters said on which day
-- a page falls, and the page then skipped, from the day's nearer end, on average a quarter of a day's ~57,000 index
-- keys (~1.5 ms), after summing a month of daily counters of every model, type and group (~1,800 rows, ~0.9 ms).
-- `contador_evento_hora` counts every event by hour, with nothing else (the list with no model, type or scope
-- filter is the only reader): the jump goes from the monthly counters to the month's hours (~720 rows once folded)
-- and the page skips at most half an hour's events. Hours are UTC hours: São Paulo's offsets have always been whole
-- hours, so an hour never straddles two of its days or months.
-- Kept by the same trigger statements as the daily and monthly counters (after them: keys in order, day rows, month
-- rows, then hour rows), in slices by backend pid like them, folded by compactar_contadores, rebuilt by
-- recontar_eventos_retentativas. A model moving to another group changes nothing here (no group).
create table contador_evento_hora (
  hora timestamptz not null,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (hora, fatia)
);
-- What the fold has still to move (today's and yesterday's slices), without reading the folded hours.
create index contador_evento_hora_nao_compactado_idx on contador_evento_hora (hora) where fatia <> 8;

insert into contador_evento_hora (hora, quantidade, fatia)
  select date_trunc('hour', ocorrido_em, 'UTC'), count(*), 8 from formulario_evento group by 1;

create function somar_eventos_por_hora(horas timestamptz[], deltas integer[]) returns void language sql as $$
  insert into contador_evento_hora (hora, quantidade, fatia)
  select hora, n, (pg_backend_pid() % 8)::smallint
    from (select hora, sum(d) as n from unnest(horas, deltas) as x(hora, d) group by 1) y
   where n <> 0
   order by hora
  on conflict (hora, fatia) do update set quantidade = contador_evento_hora.quantidade + excluded.quantidade;
$$;

-- (Each branch reads only the transition tables its trigger has: an INSERT has no old rows, a DELETE no new ones.)
create or replace function contar_eventos() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform somar_eventos(array_agg(dia_sao_paulo(ocorrido_em)), array_agg(coalesce(codigo_servico, '')), array_agg(tipo), array_agg(grupo_controle_conteudo_id), array_agg(1)) from novas;
    perform somar_eventos_por_hora(array_agg(date_trunc('hour', ocorrido_em, 'UTC')), array_agg(1)) from novas;
  elsif tg_op = 'DELETE' then
    perform somar_eventos(array_agg(dia_sao_paulo(ocorrido_em)), array_agg(coalesce(codigo_servico, '')), array_agg(tipo), array_agg(grupo_controle_conteudo_id), array_agg(-1)) from velhas;
    perform somar_eventos_por_hora(array_agg(date_trunc('hour', ocorrido_em, 'UTC')), array_agg(-1)) from velhas;
  else
    perform somar_eventos(array_agg(dia_sao_paulo(ocorrido_em)), array_agg(coalesce(codigo_servico, '')), array_agg(tipo), array_agg(grupo_controle_conteudo_id), array_agg(d))
       from (select *, 1 as d from novas union all select *, -1 from velhas) x;
    perform somar_eventos_por_hora(array_agg(date_trunc('hour', ocorrido_em, 'UTC')), array_agg(d))
       from (select ocorrido_em, 1 as d from novas union all select ocorrido_em, -1 from velhas) x;
  end if;
  return null;
end
$$;

-- Rebuilds them all from the rows (after bulk loads with the triggers off): migration 021's, with the hours.
create or replace function recontar_eventos_retentativas() returns void language sql as $$
  delete from contador_evento_dia;
  delete from contador_retentativa_dia;
  delete from contador_evento_mes;
  delete from contador_retentativa_mes;
  delete from contador_evento_hora;
  insert into contador_evento_dia (dia, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade)
    select dia_sao_paulo(ocorrido_em), coalesce(codigo_servico, ''), tipo, min(grupo_controle_conteudo_id), count(*) from formulario_evento group by 1, 2, 3;
  insert into contador_retentativa_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    select dia_sao_paulo(criado_em), codigo_servico, status, min(grupo_controle_conteudo_id), count(*) from retentativa_integracao group by 1, 2, 3;
  insert into contador_evento_mes (mes, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade)
    select date_trunc('month', dia)::date, codigo_servico, tipo, min(grupo_controle_conteudo_id), sum(quantidade) from contador_evento_dia group by 1, 2, 3;
  insert into contador_retentativa_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    select date_trunc('month', dia)::date, codigo_servico, status, min(grupo_controle_conteudo_id), sum(quantidade) from contador_retentativa_dia group by 1, 2, 3;
  insert into contador_evento_hora (hora, quantidade, fatia)
    select date_trunc('hour', ocorrido_em, 'UTC'), count(*), 8 from formulario_evento group by 1;
$$;


-- A scoped caller's daily series (issue 47): the whole console's reads migration 019's per-day totals (~1,500 rows a
-- year), but a caller limited to some content-control groups summed the daily counters of every model of those groups
-- (~8,800 rows a year at one million forms: 4.7 ms against 2.3 for an administrator). `contador_formulario_dia_grupo`
-- is 019's table by group: the folded part of the daily counters summed over the group's models, one row per group,
-- day and status. Written by the fold in the same statement as 019's (so it always equals the sum of the slice-8 rows
-- by group), and moved with a model to another group in that move's transaction (rotas/modelos.ts: the model's
-- slice-8 counts leave the old group and join the new one); the rows not folded yet are read from the daily counters,
-- as the console's series does.
create table contador_formulario_dia_grupo (
  grupo_controle_conteudo_id integer not null,
  dia date not null,
  status text not null,
  quantidade bigint not null default 0,
  primary key (grupo_controle_conteudo_id, dia, status)
);
insert into contador_formulario_dia_grupo (grupo_controle_conteudo_id, dia, status, quantidade)
  select grupo_controle_conteudo_id, dia, status, sum(quantidade) from contador_formulario_dia where fatia = 8 group by 1, 2, 3;

-- The fold (migration 021's), with the hours (the slices of the hours before São Paulo's day p_dia move into slice 8)
-- and the groups' daily totals beside the console's.
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
        on conflict (dia, status) do update set quantidade = contador_formulario_dia_total.quantidade + excluded.quantidade),
      grupos as (
        insert into contador_formulario_dia_grupo (grupo_controle_conteudo_id, dia, status, quantidade)
        select grupo_controle_conteudo_id, tempo, chave, sum(quantidade) from velhas group by 1, 2, 3 order by 1, 2, 3
        on conflict (grupo_controle_conteudo_id, dia, status) do update set quantidade = contador_formulario_dia_grupo.quantidade + excluded.quantidade)$cte$
      else '' end) using t.limite, p_lote into n;
    feitos := feitos + n;
  end loop;
  with velhas as (
    delete from contador_evento_hora c
     where c.ctid in (select x.ctid from contador_evento_hora x
                       where x.hora < (p_dia::timestamp at time zone 'America/Sao_Paulo') and x.fatia <> 8 limit p_lote for update skip locked)
    returning c.hora, c.quantidade),
  dobradas as (
    insert into contador_evento_hora (hora, quantidade, fatia)
    select hora, sum(quantidade), 8 from velhas group by 1 order by 1
    on conflict (hora, fatia) do update set quantidade = contador_evento_hora.quantidade + excluded.quantidade
    returning 1)
  select count(*)::integer from dobradas into n;
  return feitos + n;
end
$$;
