-- The forms' counters by statement (issue 19), as the events' and retries' have been since migration 011. The row
-- trigger of migrations 003-007 made up to four upserts for every form written (~0.25 ms a form): the delivery
-- worker's group of ~140 successes spent ~28 ms of its ~35 in it, and a group of submissions the same per form.
-- Now one pass per statement over the transition tables: rows grouped by key, day rows then month rows, each in
-- key order (two statements at once cannot deadlock), in the writer's slice; a statement that changes no key (an
-- update of other columns) nets to zero and writes nothing. A trigger with transition tables takes no column list,
-- so every update statement passes here, once.
create function somar_formularios(dias date[], codigos text[], status text[], grupos integer[], deltas integer[]) returns void language sql as $$
  insert into contador_formulario_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
  select dia, codigo, st, grupo, n, (pg_backend_pid() % 8)::smallint
    from (select dia, codigo, st, min(grupo) as grupo, sum(d) as n from unnest(dias, codigos, status, grupos, deltas) as x(dia, codigo, st, grupo, d) group by 1, 2, 3) y
   where n <> 0
   order by codigo, dia, st
  on conflict (codigo_servico, dia, status, fatia) do update set quantidade = contador_formulario_dia.quantidade + excluded.quantidade;
  insert into contador_formulario_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
  select mes, codigo, st, grupo, n, (pg_backend_pid() % 8)::smallint
    from (select date_trunc('month', dia)::date as mes, codigo, st, min(grupo) as grupo, sum(d) as n from unnest(dias, codigos, status, grupos, deltas) as x(dia, codigo, st, grupo, d) group by 1, 2, 3) y
   where n <> 0
   order by codigo, mes, st
  on conflict (codigo_servico, mes, status, fatia) do update set quantidade = contador_formulario_mes.quantidade + excluded.quantidade;
$$;

-- (Each branch reads only the transition tables its trigger has, and only the key's columns: a form's row is wide.)
create function contar_formularios() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform somar_formularios(array_agg(dia_sao_paulo(recebido_em)), array_agg(codigo_servico), array_agg(status), array_agg(grupo_controle_conteudo_id), array_agg(1)) from novas;
  elsif tg_op = 'DELETE' then
    perform somar_formularios(array_agg(dia_sao_paulo(recebido_em)), array_agg(codigo_servico), array_agg(status), array_agg(grupo_controle_conteudo_id), array_agg(-1)) from velhas;
  else
    perform somar_formularios(array_agg(dia_sao_paulo(recebido_em)), array_agg(codigo_servico), array_agg(status), array_agg(grupo_controle_conteudo_id), array_agg(d))
       from (select recebido_em, codigo_servico, status, grupo_controle_conteudo_id, 1 as d from novas
             union all select recebido_em, codigo_servico, status, grupo_controle_conteudo_id, -1 from velhas) x;
  end if;
  return null;
end
$$;

drop trigger formulario_contadores on formulario;
drop function contar_formulario();
create trigger formulario_contadores_i after insert on formulario referencing new table as novas for each statement execute function contar_formularios();
create trigger formulario_contadores_u after update on formulario referencing old table as velhas new table as novas for each statement execute function contar_formularios();
create trigger formulario_contadores_d after delete on formulario referencing old table as velhas for each statement execute function contar_formularios();
