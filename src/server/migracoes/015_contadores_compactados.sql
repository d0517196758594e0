-- Counters folded (issue 19): a counter is written in 8 slices (one per connection, migration 007) so that
-- concurrent submissions never wait on one row; past days no longer need that, and reading a year (the
-- analytics' daily series, any total) summed 8 rows where 1 would do. `compactar_contadores` folds the
-- slices of days (and months) before `p_dia` into slice 8, which no connection writes to: it takes only
-- rows nobody holds (SKIP LOCKED) and never waits on a lock a submission holds, so it cannot deadlock with
-- one. A late change to an old day (a retry that succeeds) writes a slice again; the next fold takes it.
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
        returning c.%2$I as tempo, c.codigo_servico, c.%3$I as chave, c.grupo_controle_conteudo_id, c.quantidade)
      insert into %1$I (%2$I, codigo_servico, %3$I, grupo_controle_conteudo_id, quantidade, fatia)
      select tempo, codigo_servico, chave, max(grupo_controle_conteudo_id), sum(quantidade), 8 from velhas group by 1, 2, 3
      on conflict (codigo_servico, %2$I, %3$I, fatia) do update set quantidade = %1$I.quantidade + excluded.quantidade
    $sql$, t.tabela, t.tempo, t.chave) using t.limite, p_lote;
    get diagnostics n = row_count;
    feitos := feitos + n;
  end loop;
  return feitos;
end
$$;
