-- The year's analytics (issue 19): its daily series summed ~365 days x models x statuses counter rows (about
-- 11,000 at one million forms) on every call, ~6 ms of the request. `contador_formulario_dia_total` holds the
-- folded part of the daily counters summed over every model: one row per day and status (~1,500 a year).
-- It is written only by the fold (compactar_contadores), in the same statement that moves slices into
-- slice 8, so it always equals the sum of the slice-8 rows; the series of the whole console (an
-- administrator, no model filter) is that table plus the rows not folded yet (slices 0-7: today, yesterday
-- and late changes, found by a partial index). A model moving to another group changes no quantity, so the
-- table has no group; a scoped or filtered series still reads the daily counters.
create table contador_formulario_dia_total (
  dia date not null,
  status text not null,
  quantidade bigint not null default 0,
  primary key (dia, status)
);
create index contador_formulario_dia_nao_compactado_idx on contador_formulario_dia (dia) where fatia <> 8;
insert into contador_formulario_dia_total (dia, status, quantidade)
  select dia, status, sum(quantidade) from contador_formulario_dia where fatia = 8 group by 1, 2;

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
      ('contador_retentativa_dia', 'dia', 'status', p_dia)) as v(tabela, tempo, chave, limite)
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
