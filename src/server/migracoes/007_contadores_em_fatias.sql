-- Counters in slices (issue 8's 1 000 submissions per second): every submission of a model on one day
-- used to update the same counter row, so concurrent submissions queued on its lock until each commit.
-- Each connection now adds to its own slice (backend pid mod 8); totals and analytics already sum rows.
alter table contador_formulario_dia add column fatia smallint not null default 0;
alter table contador_formulario_dia drop constraint contador_formulario_dia_pkey;
alter table contador_formulario_dia add primary key (codigo_servico, dia, status, fatia);
alter table contador_formulario_mes add column fatia smallint not null default 0;
alter table contador_formulario_mes drop constraint contador_formulario_mes_pkey;
alter table contador_formulario_mes add primary key (codigo_servico, mes, status, fatia);

create or replace function ajustar_contador_dia(p_codigo text, p_dia date, p_status text, p_grupo integer, p_delta integer) returns void language sql as $$
  insert into contador_formulario_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
  values (p_dia, p_codigo, p_status, p_grupo, p_delta, (pg_backend_pid() % 8)::smallint)
  on conflict (codigo_servico, dia, status, fatia) do update set quantidade = contador_formulario_dia.quantidade + p_delta
$$;

create or replace function ajustar_contador_mes(p_codigo text, p_mes date, p_status text, p_grupo integer, p_delta integer) returns void language sql as $$
  insert into contador_formulario_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
  values (p_mes, p_codigo, p_status, p_grupo, p_delta, (pg_backend_pid() % 8)::smallint)
  on conflict (codigo_servico, mes, status, fatia) do update set quantidade = contador_formulario_mes.quantidade + p_delta
$$;
