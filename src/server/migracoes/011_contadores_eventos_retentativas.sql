-- Exact totals for the events and retries lists without counting rows (issue 19): per São Paulo day,
-- model and type (events) or status (retries), kept by triggers in the writing transaction and split in
-- slices (backend pid mod 8) like the forms' counters, so concurrent writers do not queue on one row.
-- A console-wide event (no model) counts under codigo_servico '' with no group: only administrators,
-- whose scope is everything, see it, as in the list. A model moving to another content-control group
-- updates these rows' group in its own transaction (rotas/modelos.ts), so group-only changes are ignored here.
create table contador_evento_dia (
  dia date not null,
  codigo_servico text not null,
  tipo text not null,
  grupo_controle_conteudo_id integer,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (codigo_servico, dia, tipo, fatia)
);

create table contador_retentativa_dia (
  dia date not null,
  codigo_servico text not null,
  status text not null,
  grupo_controle_conteudo_id integer not null,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (codigo_servico, dia, status, fatia)
);

-- Statement-level triggers over the transition tables: a statement that writes many rows (the delivery
-- worker claiming a batch, a retention pass, a model moving group) adds to each counter once, with its
-- rows grouped by key; keys are written in order, so two statements at once cannot deadlock; an update that
-- changes no key (a retry's next attempt time, an event's group) nets to zero and writes nothing.
create function somar_eventos(dias date[], codigos text[], tipos text[], grupos integer[], deltas integer[]) returns void language sql as $$
  insert into contador_evento_dia (dia, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade, fatia)
  select dia, codigo, tipo, grupo, n, (pg_backend_pid() % 8)::smallint
    from (select dia, codigo, tipo, min(grupo) as grupo, sum(d) as n from unnest(dias, codigos, tipos, grupos, deltas) as x(dia, codigo, tipo, grupo, d) group by 1, 2, 3) y
   where n <> 0
   order by codigo, dia, tipo
  on conflict (codigo_servico, dia, tipo, fatia) do update set quantidade = contador_evento_dia.quantidade + excluded.quantidade
$$;

create function somar_retentativas(dias date[], codigos text[], status text[], grupos integer[], deltas integer[]) returns void language sql as $$
  insert into contador_retentativa_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
  select dia, codigo, st, grupo, n, (pg_backend_pid() % 8)::smallint
    from (select dia, codigo, st, min(grupo) as grupo, sum(d) as n from unnest(dias, codigos, status, grupos, deltas) as x(dia, codigo, st, grupo, d) group by 1, 2, 3) y
   where n <> 0
   order by codigo, dia, st
  on conflict (codigo_servico, dia, status, fatia) do update set quantidade = contador_retentativa_dia.quantidade + excluded.quantidade
$$;

-- (Each branch reads only the transition tables its trigger has: an INSERT has no old rows, a DELETE no new ones.)
create function contar_eventos() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform somar_eventos(array_agg(dia_sao_paulo(ocorrido_em)), array_agg(coalesce(codigo_servico, '')), array_agg(tipo), array_agg(grupo_controle_conteudo_id), array_agg(1)) from novas;
  elsif tg_op = 'DELETE' then
    perform somar_eventos(array_agg(dia_sao_paulo(ocorrido_em)), array_agg(coalesce(codigo_servico, '')), array_agg(tipo), array_agg(grupo_controle_conteudo_id), array_agg(-1)) from velhas;
  else
    perform somar_eventos(array_agg(dia_sao_paulo(ocorrido_em)), array_agg(coalesce(codigo_servico, '')), array_agg(tipo), array_agg(grupo_controle_conteudo_id), array_agg(d))
       from (select *, 1 as d from novas union all select *, -1 from velhas) x;
  end if;
  return null;
end
$$;

create function contar_retentativas() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform somar_retentativas(array_agg(dia_sao_paulo(criado_em)), array_agg(codigo_servico), array_agg(status), array_agg(grupo_controle_conteudo_id), array_agg(1)) from novas;
  elsif tg_op = 'DELETE' then
    perform somar_retentativas(array_agg(dia_sao_paulo(criado_em)), array_agg(codigo_servico), array_agg(status), array_agg(grupo_controle_conteudo_id), array_agg(-1)) from velhas;
  else
    perform somar_retentativas(array_agg(dia_sao_paulo(criado_em)), array_agg(codigo_servico), array_agg(status), array_agg(grupo_controle_conteudo_id), array_agg(d))
       from (select *, 1 as d from novas union all select *, -1 from velhas) x;
  end if;
  return null;
end
$$;

-- Rebuilds both from the rows (this migration, and after bulk loads with the triggers off).
create function recontar_eventos_retentativas() returns void language sql as $$
  delete from contador_evento_dia;
  delete from contador_retentativa_dia;
  insert into contador_evento_dia (dia, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade)
    select dia_sao_paulo(ocorrido_em), coalesce(codigo_servico, ''), tipo, min(grupo_controle_conteudo_id), count(*) from formulario_evento group by 1, 2, 3;
  insert into contador_retentativa_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    select dia_sao_paulo(criado_em), codigo_servico, status, min(grupo_controle_conteudo_id), count(*) from retentativa_integracao group by 1, 2, 3;
$$;
select recontar_eventos_retentativas();

create trigger formulario_evento_contadores_i after insert on formulario_evento referencing new table as novas for each statement execute function contar_eventos();
create trigger formulario_evento_contadores_u after update on formulario_evento referencing old table as velhas new table as novas for each statement execute function contar_eventos();
create trigger formulario_evento_contadores_d after delete on formulario_evento referencing old table as velhas for each statement execute function contar_eventos();
create trigger retentativa_integracao_contadores_i after insert on retentativa_integracao referencing new table as novas for each statement execute function contar_retentativas();
create trigger retentativa_integracao_contadores_u after update on retentativa_integracao referencing old table as velhas new table as novas for each statement execute function contar_retentativas();
create trigger retentativa_integracao_contadores_d after delete on retentativa_integracao referencing old table as velhas for each statement execute function contar_retentativas();
