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

-- The fold (migration 034's), with the groups' daily totals beside the console's.
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
