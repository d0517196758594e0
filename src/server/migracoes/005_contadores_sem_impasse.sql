-- The counter trigger touches up to four counter rows per write. Two concurrent status changes could
-- lock them in opposite orders and deadlock; now each table's rows are locked in key order, daily before
-- monthly, so concurrent single-form writes always queue instead.

create function ajustar_contador_dia(p_codigo text, p_dia date, p_status text, p_grupo integer, p_delta integer) returns void language sql as $$
  insert into contador_formulario_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
  values (p_dia, p_codigo, p_status, p_grupo, p_delta)
  on conflict (codigo_servico, dia, status) do update set quantidade = contador_formulario_dia.quantidade + p_delta
$$;

create function ajustar_contador_mes(p_codigo text, p_mes date, p_status text, p_grupo integer, p_delta integer) returns void language sql as $$
  insert into contador_formulario_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
  values (p_mes, p_codigo, p_status, p_grupo, p_delta)
  on conflict (codigo_servico, mes, status) do update set quantidade = contador_formulario_mes.quantidade + p_delta
$$;

create or replace function contar_formulario() returns trigger language plpgsql as $$
declare
  dia_old date;
  dia_new date;
begin
  if tg_op = 'INSERT' then
    dia_new := dia_sao_paulo(new.recebido_em);
    perform ajustar_contador_dia(new.codigo_servico, dia_new, new.status, new.grupo_controle_conteudo_id, 1);
    perform ajustar_contador_mes(new.codigo_servico, date_trunc('month', dia_new)::date, new.status, new.grupo_controle_conteudo_id, 1);
  elsif tg_op = 'DELETE' then
    dia_old := dia_sao_paulo(old.recebido_em);
    perform ajustar_contador_dia(old.codigo_servico, dia_old, old.status, old.grupo_controle_conteudo_id, -1);
    perform ajustar_contador_mes(old.codigo_servico, date_trunc('month', dia_old)::date, old.status, old.grupo_controle_conteudo_id, -1);
  else
    dia_old := dia_sao_paulo(old.recebido_em);
    dia_new := dia_sao_paulo(new.recebido_em);
    if (old.codigo_servico, dia_old, old.status) = (new.codigo_servico, dia_new, new.status) then
      return null;
    end if;
    if (old.codigo_servico, dia_old, old.status) < (new.codigo_servico, dia_new, new.status) then
      perform ajustar_contador_dia(old.codigo_servico, dia_old, old.status, old.grupo_controle_conteudo_id, -1);
      perform ajustar_contador_dia(new.codigo_servico, dia_new, new.status, new.grupo_controle_conteudo_id, 1);
    else
      perform ajustar_contador_dia(new.codigo_servico, dia_new, new.status, new.grupo_controle_conteudo_id, 1);
      perform ajustar_contador_dia(old.codigo_servico, dia_old, old.status, old.grupo_controle_conteudo_id, -1);
    end if;
    if (old.codigo_servico, date_trunc('month', dia_old)::date, old.status) < (new.codigo_servico, date_trunc('month', dia_new)::date, new.status) then
      perform ajustar_contador_mes(old.codigo_servico, date_trunc('month', dia_old)::date, old.status, old.grupo_controle_conteudo_id, -1);
      perform ajustar_contador_mes(new.codigo_servico, date_trunc('month', dia_new)::date, new.status, new.grupo_controle_conteudo_id, 1);
    elsif (old.codigo_servico, date_trunc('month', dia_old)::date, old.status) > (new.codigo_servico, date_trunc('month', dia_new)::date, new.status) then
      perform ajustar_contador_mes(new.codigo_servico, date_trunc('month', dia_new)::date, new.status, new.grupo_controle_conteudo_id, 1);
      perform ajustar_contador_mes(old.codigo_servico, date_trunc('month', dia_old)::date, old.status, old.grupo_controle_conteudo_id, -1);
    end if;
  end if;
  return null;
end
$$;
