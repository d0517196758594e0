-- The forms list's deep pages at ten million forms (issue 47), as migrations 034 to 036 did for the events: the
-- counters said on which São Paulo day a page falls, and the page then skipped, from the day's nearer end, on average
-- a quarter of a day's ~27,000 index keys (the middle page: 12,482 keys, 1.33 ms of its 3.47).
-- `contador_formulario_hora` counts every form by UTC hour, with nothing else (the list with no filter but a period);
-- `contador_formulario_hora_grupo` the same by content-control group (the list a caller limited to some groups sees).
-- The jump goes from the monthly counters to the month's days (their totals, migrations 019 and 034, and the slices
-- not folded yet) and then to that day's hours, and
-- the page skips at most half an hour's forms. Hours are UTC hours: São Paulo's offsets have always been whole hours,
-- so an hour never straddles two of its days.
-- Kept by the same trigger statements as the daily and monthly counters (after them: keys in order), in slices by
-- backend pid like them, folded by compactar_contadores, rebuilt by recontar_formularios_por_hora (below). A model
-- moving to another group needs nothing more: the move updates its forms' group (rotas/modelos.ts), and the update's
-- trigger takes their count from the old group's hours to the new group's. A status change nets to zero here and
-- writes nothing.
-- Form writes wait for this migration (~33 s at ten million forms on a slow 2-core machine): a form written meanwhile
-- by another node would be counted by the old function and missing from the hours filled below.
lock table formulario in share row exclusive mode;

create table contador_formulario_hora_grupo (
  grupo_controle_conteudo_id integer not null,
  hora timestamptz not null,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (grupo_controle_conteudo_id, hora, fatia)
);
create table contador_formulario_hora (
  hora timestamptz not null,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (hora, fatia)
);
-- What the fold has still to move, without reading the folded hours.
create index contador_formulario_hora_grupo_nao_compactado_idx on contador_formulario_hora_grupo (hora) where fatia <> 8;
create index contador_formulario_hora_nao_compactado_idx on contador_formulario_hora (hora) where fatia <> 8;

-- Both rebuilt from the forms, as if folded (slice 8): here, and after a bulk load with the triggers off
-- (demo/server/gerarFormularios.ts, recontar).
create function recontar_formularios_por_hora() returns void language sql as $$
  delete from contador_formulario_hora;
  delete from contador_formulario_hora_grupo;
  insert into contador_formulario_hora_grupo (grupo_controle_conteudo_id, hora, quantidade, fatia)
    select coalesce(grupo_controle_conteudo_id, 0), date_trunc('hour', recebido_em, 'UTC'), count(*), 8 from formulario group by 1, 2;
  insert into contador_formulario_hora (hora, quantidade, fatia)
    select hora, sum(quantidade), 8 from contador_formulario_hora_grupo group by 1;
$$;
select recontar_formularios_por_hora();

create function somar_formularios_por_hora(grupos integer[], horas timestamptz[], deltas integer[]) returns void language sql as $$
  insert into contador_formulario_hora (hora, quantidade, fatia)
  select hora, n, (pg_backend_pid() % 8)::smallint
    from (select hora, sum(d) as n from unnest(horas, deltas) as x(hora, d) group by 1) y
   where n <> 0
   order by hora
  on conflict (hora, fatia) do update set quantidade = contador_formulario_hora.quantidade + excluded.quantidade;
  insert into contador_formulario_hora_grupo (grupo_controle_conteudo_id, hora, quantidade, fatia)
  select grupo, hora, n, (pg_backend_pid() % 8)::smallint
    from (select coalesce(grupo, 0) as grupo, hora, sum(d) as n from unnest(grupos, horas, deltas) as x(grupo, hora, d) group by 1, 2) y
   where n <> 0
   order by grupo, hora
  on conflict (grupo_controle_conteudo_id, hora, fatia) do update set quantidade = contador_formulario_hora_grupo.quantidade + excluded.quantidade;
$$;

-- Migration 022's, with the hours after the days and months.
-- (Each branch reads only the transition tables its trigger has, and only the key's columns: a form's row is wide.)
create or replace function contar_formularios() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform somar_formularios(array_agg(dia_sao_paulo(recebido_em)), array_agg(codigo_servico), array_agg(status), array_agg(grupo_controle_conteudo_id), array_agg(1)) from novas;
    perform somar_formularios_por_hora(array_agg(grupo_controle_conteudo_id), array_agg(date_trunc('hour', recebido_em, 'UTC')), array_agg(1)) from novas;
  elsif tg_op = 'DELETE' then
    perform somar_formularios(array_agg(dia_sao_paulo(recebido_em)), array_agg(codigo_servico), array_agg(status), array_agg(grupo_controle_conteudo_id), array_agg(-1)) from velhas;
    perform somar_formularios_por_hora(array_agg(grupo_controle_conteudo_id), array_agg(date_trunc('hour', recebido_em, 'UTC')), array_agg(-1)) from velhas;
  else
    perform somar_formularios(array_agg(dia_sao_paulo(recebido_em)), array_agg(codigo_servico), array_agg(status), array_agg(grupo_controle_conteudo_id), array_agg(d))
       from (select recebido_em, codigo_servico, status, grupo_controle_conteudo_id, 1 as d from novas
             union all select recebido_em, codigo_servico, status, grupo_controle_conteudo_id, -1 from velhas) x;
    -- A row whose hour and group stay (a status change) nets to zero and writes nothing; a model's move does not.
    perform somar_formularios_por_hora(array_agg(grupo_controle_conteudo_id), array_agg(date_trunc('hour', recebido_em, 'UTC')), array_agg(d))
       from (select recebido_em, grupo_controle_conteudo_id, 1 as d from novas
             union all select recebido_em, grupo_controle_conteudo_id, -1 from velhas) x;
  end if;
  return null;
end
$$;

-- Migration 036's fold, with the forms' hours and hours by group (their slices before São Paulo's day p_dia move
-- into slice 8).
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
      ('contador_evento_dia_grupo', 'grupo_controle_conteudo_id, ', 'dia', '$1'),
      ('contador_formulario_hora', '', 'hora', $b$($1::timestamp at time zone 'America/Sao_Paulo')$b$),
      ('contador_formulario_hora_grupo', 'grupo_controle_conteudo_id, ', 'hora', $b$($1::timestamp at time zone 'America/Sao_Paulo')$b$)) as v(tabela, grupo, tempo, antes) loop
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

-- Planned from the start with the new tables' real sizes (the fill above left them without statistics).
analyze contador_formulario_hora;
analyze contador_formulario_hora_grupo;
