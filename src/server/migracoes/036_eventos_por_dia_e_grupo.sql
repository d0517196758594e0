-- The events list's deep pages at ten million forms (issue 47), third step: the jump summed a month of hours (~740
-- rows for the whole console, ~1,500 for a caller who sees two groups: ~1.6 ms of grouping, sorting and running sums
-- of a 2.5 ms jump) to find the hour holding the page's first row. `contador_evento_dia_grupo` counts the events by
-- São Paulo day and group (console-wide events under group 0, as in migration 035): the jump now goes from the
-- monthly counters to the month's days (~30 rows a group) and then to that day's hours (24 a group); with a period,
-- from the period's days to the day's hours (it read every hour of the period).
-- Kept by the statement that keeps the hours by group (a day is its hours' São Paulo day: the offsets have always
-- been whole hours), in slices by backend pid, folded by compactar_contadores, rebuilt by recontar_eventos_retentativas.
-- Event writes wait for this migration (a second or so): an event another node writes meanwhile would otherwise be
-- counted by the old function, in the hours and not in the days filled below from them, and the two would disagree for
-- good. Writes already under way finish first (the lock waits for them), so the fill below sees their hours.
lock table formulario_evento in share row exclusive mode;

create table contador_evento_dia_grupo (
  grupo_controle_conteudo_id integer not null,
  dia date not null,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (grupo_controle_conteudo_id, dia, fatia)
);
-- What the fold has still to move, without reading the folded days.
create index contador_evento_dia_grupo_nao_compactado_idx on contador_evento_dia_grupo (dia) where fatia <> 8;

-- From the hours by group (exact, and a few thousand rows where the events are tens of millions).
insert into contador_evento_dia_grupo (grupo_controle_conteudo_id, dia, quantidade, fatia)
  select grupo_controle_conteudo_id, dia_sao_paulo(hora), sum(quantidade), 8 from contador_evento_hora_grupo group by 1, 2 having sum(quantidade) <> 0;

-- Migration 035's, with the days by group after the hours by group (keys in order, as the trigger's other statements).
create or replace function somar_eventos_por_hora_e_grupo(grupos integer[], horas timestamptz[], deltas integer[]) returns void language sql as $$
  insert into contador_evento_hora_grupo (grupo_controle_conteudo_id, hora, quantidade, fatia)
  select grupo, hora, n, (pg_backend_pid() % 8)::smallint
    from (select coalesce(grupo, 0) as grupo, hora, sum(d) as n from unnest(grupos, horas, deltas) as x(grupo, hora, d) group by 1, 2) y
   where n <> 0
   order by grupo, hora
  on conflict (grupo_controle_conteudo_id, hora, fatia) do update set quantidade = contador_evento_hora_grupo.quantidade + excluded.quantidade;
  insert into contador_evento_dia_grupo (grupo_controle_conteudo_id, dia, quantidade, fatia)
  select grupo, dia, n, (pg_backend_pid() % 8)::smallint
    from (select coalesce(grupo, 0) as grupo, dia_sao_paulo(hora) as dia, sum(d) as n from unnest(grupos, horas, deltas) as x(grupo, hora, d) group by 1, 2) y
   where n <> 0
   order by grupo, dia
  on conflict (grupo_controle_conteudo_id, dia, fatia) do update set quantidade = contador_evento_dia_grupo.quantidade + excluded.quantidade;
$$;

-- Migration 035's, with the days by group.
create or replace function recontar_eventos_retentativas() returns void language sql as $$
  delete from contador_evento_dia;
  delete from contador_retentativa_dia;
  delete from contador_evento_mes;
  delete from contador_retentativa_mes;
  delete from contador_evento_hora;
  delete from contador_evento_hora_grupo;
  delete from contador_evento_dia_grupo;
  insert into contador_evento_dia (dia, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade)
    select dia_sao_paulo(ocorrido_em), coalesce(codigo_servico, ''), tipo, min(grupo_controle_conteudo_id), count(*) from formulario_evento group by 1, 2, 3;
  insert into contador_retentativa_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    select dia_sao_paulo(criado_em), codigo_servico, status, min(grupo_controle_conteudo_id), count(*) from retentativa_integracao group by 1, 2, 3;
  insert into contador_evento_mes (mes, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade)
    select date_trunc('month', dia)::date, codigo_servico, tipo, min(grupo_controle_conteudo_id), sum(quantidade) from contador_evento_dia group by 1, 2, 3;
  insert into contador_retentativa_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    select date_trunc('month', dia)::date, codigo_servico, status, min(grupo_controle_conteudo_id), sum(quantidade) from contador_retentativa_dia group by 1, 2, 3;
  insert into contador_evento_hora_grupo (grupo_controle_conteudo_id, hora, quantidade, fatia)
    select coalesce(grupo_controle_conteudo_id, 0), date_trunc('hour', ocorrido_em, 'UTC'), count(*), 8 from formulario_evento group by 1, 2;
  insert into contador_evento_hora (hora, quantidade, fatia)
    select hora, sum(quantidade), 8 from contador_evento_hora_grupo group by 1;
  insert into contador_evento_dia_grupo (grupo_controle_conteudo_id, dia, quantidade, fatia)
    select grupo_controle_conteudo_id, dia_sao_paulo(hora), sum(quantidade), 8 from contador_evento_hora_grupo group by 1, 2;
$$;

-- Migration 035's fold, with the days by group (their slices before São Paulo's day p_dia move into slice 8).
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
  -- The hours, the hours by group and the days by group (their key has the group first): slices before the start of
  -- São Paulo's day p_dia into slice 8.
  for t in select * from (values
      ('contador_evento_hora', '', 'hora', $b$($1::timestamp at time zone 'America/Sao_Paulo')$b$),
      ('contador_evento_hora_grupo', 'grupo_controle_conteudo_id, ', 'hora', $b$($1::timestamp at time zone 'America/Sao_Paulo')$b$),
      ('contador_evento_dia_grupo', 'grupo_controle_conteudo_id, ', 'dia', '$1')) as v(tabela, grupo, tempo, antes) loop
    execute format($sql$
      with velhas as (
        delete from %1$I c
         where c.ctid in (select x.ctid from %1$I x where x.%3$I < %4$s and x.fatia <> 8 limit $2 for update skip locked)
        returning %2$s %3$I, quantidade),
      dobradas as (
        insert into %1$I (%2$s %3$I, quantidade, fatia)
        select %2$s %3$I, sum(quantidade), 8 from velhas group by %2$s %3$I order by %2$s %3$I
        on conflict (%2$s %3$I, fatia) do update set quantidade = %1$I.quantidade + excluded.quantidade
        returning 1)
      select count(*)::integer from dobradas
    $sql$, t.tabela, t.grupo, t.tempo, t.antes) using p_dia, p_lote into n;
    feitos := feitos + n;
  end loop;
  return feitos;
end
$$;
