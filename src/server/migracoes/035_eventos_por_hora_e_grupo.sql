-- The events list's deep pages for a caller limited to some content-control groups (issue 47): migration 034's hours
-- served only the whole console's list; a scoped caller's page still found its day from the daily counters of its
-- groups, then skipped, inside the day, index entries whose rows had each to be read from the table to check their
-- group (~24,000 at ten million forms for a page in the middle: ~4.3 of its 6.9 ms).
-- `contador_evento_hora_grupo` is 034's hours by group: the jump goes from the monthly counters of the caller's groups
-- to those groups' hours of the month, and the page skips at most half an hour of its groups' events. Console-wide
-- events (no model, no group) count under group 0, which no scope holds.
-- Kept by the same trigger statements as the other event counters (after the hours: keys in order), in slices by
-- backend pid, folded by compactar_contadores, rebuilt by recontar_eventos_retentativas. A model moving to another
-- group needs nothing more: the move updates its events' group (rotas/modelos.ts), and the update's trigger takes
-- their count from the old group's hours to the new group's.
create table contador_evento_hora_grupo (
  grupo_controle_conteudo_id integer not null,
  hora timestamptz not null,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (grupo_controle_conteudo_id, hora, fatia)
);
-- What the fold has still to move, without reading the folded hours.
create index contador_evento_hora_grupo_nao_compactado_idx on contador_evento_hora_grupo (hora) where fatia <> 8;

insert into contador_evento_hora_grupo (grupo_controle_conteudo_id, hora, quantidade, fatia)
  select coalesce(grupo_controle_conteudo_id, 0), date_trunc('hour', ocorrido_em, 'UTC'), count(*), 8 from formulario_evento group by 1, 2;

create function somar_eventos_por_hora_e_grupo(grupos integer[], horas timestamptz[], deltas integer[]) returns void language sql as $$
  insert into contador_evento_hora_grupo (grupo_controle_conteudo_id, hora, quantidade, fatia)
  select grupo, hora, n, (pg_backend_pid() % 8)::smallint
    from (select coalesce(grupo, 0) as grupo, hora, sum(d) as n from unnest(grupos, horas, deltas) as x(grupo, hora, d) group by 1, 2) y
   where n <> 0
   order by grupo, hora
  on conflict (grupo_controle_conteudo_id, hora, fatia) do update set quantidade = contador_evento_hora_grupo.quantidade + excluded.quantidade;
$$;

-- Migration 034's, with the hours by group last.
-- (Each branch reads only the transition tables its trigger has: an INSERT has no old rows, a DELETE no new ones.)
create or replace function contar_eventos() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform somar_eventos(array_agg(dia_sao_paulo(ocorrido_em)), array_agg(coalesce(codigo_servico, '')), array_agg(tipo), array_agg(grupo_controle_conteudo_id), array_agg(1)) from novas;
    perform somar_eventos_por_hora(array_agg(date_trunc('hour', ocorrido_em, 'UTC')), array_agg(1)) from novas;
    perform somar_eventos_por_hora_e_grupo(array_agg(grupo_controle_conteudo_id), array_agg(date_trunc('hour', ocorrido_em, 'UTC')), array_agg(1)) from novas;
  elsif tg_op = 'DELETE' then
    perform somar_eventos(array_agg(dia_sao_paulo(ocorrido_em)), array_agg(coalesce(codigo_servico, '')), array_agg(tipo), array_agg(grupo_controle_conteudo_id), array_agg(-1)) from velhas;
    perform somar_eventos_por_hora(array_agg(date_trunc('hour', ocorrido_em, 'UTC')), array_agg(-1)) from velhas;
    perform somar_eventos_por_hora_e_grupo(array_agg(grupo_controle_conteudo_id), array_agg(date_trunc('hour', ocorrido_em, 'UTC')), array_agg(-1)) from velhas;
  else
    perform somar_eventos(array_agg(dia_sao_paulo(ocorrido_em)), array_agg(coalesce(codigo_servico, '')), array_agg(tipo), array_agg(grupo_controle_conteudo_id), array_agg(d))
       from (select *, 1 as d from novas union all select *, -1 from velhas) x;
    perform somar_eventos_por_hora(array_agg(date_trunc('hour', ocorrido_em, 'UTC')), array_agg(d))
       from (select ocorrido_em, 1 as d from novas union all select ocorrido_em, -1 from velhas) x;
    perform somar_eventos_por_hora_e_grupo(array_agg(grupo_controle_conteudo_id), array_agg(date_trunc('hour', ocorrido_em, 'UTC')), array_agg(d))
       from (select grupo_controle_conteudo_id, ocorrido_em, 1 as d from novas union all select grupo_controle_conteudo_id, ocorrido_em, -1 from velhas) x;
  end if;
  return null;
end
$$;

-- Migration 034's, with the hours by group.
create or replace function recontar_eventos_retentativas() returns void language sql as $$
  delete from contador_evento_dia;
  delete from contador_retentativa_dia;
  delete from contador_evento_mes;
  delete from contador_retentativa_mes;
  delete from contador_evento_hora;
  delete from contador_evento_hora_grupo;
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
$$;

-- Migration 034's fold, with the hours by group (their slices before São Paulo's day p_dia move into slice 8).
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
  -- The hours, and the hours by group (their key has the group first): slices before the start of p_dia into slice 8.
  for t in select * from (values ('contador_evento_hora', ''), ('contador_evento_hora_grupo', 'grupo_controle_conteudo_id, ')) as v(tabela, grupo) loop
    execute format($sql$
      with velhas as (
        delete from %1$I c
         where c.ctid in (select x.ctid from %1$I x where x.hora < ($1::timestamp at time zone 'America/Sao_Paulo') and x.fatia <> 8 limit $2 for update skip locked)
        returning %2$s hora, quantidade),
      dobradas as (
        insert into %1$I (%2$s hora, quantidade, fatia)
        select %2$s hora, sum(quantidade), 8 from velhas group by %2$s hora order by %2$s hora
        on conflict (%2$s hora, fatia) do update set quantidade = %1$I.quantidade + excluded.quantidade
        returning 1)
      select count(*)::integer from dobradas
    $sql$, t.tabela, t.grupo) using p_dia, p_lote into n;
    feitos := feitos + n;
  end loop;
  return feitos;
end
$$;
