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
create index contador_evento_dia_dia_idx on contador_evento_dia (dia);

create table contador_retentativa_dia (
  dia date not null,
  codigo_servico text not null,
  status text not null,
  grupo_controle_conteudo_id integer not null,
  fatia smallint not null default 0,
  quantidade bigint not null default 0,
  primary key (codigo_servico, dia, status, fatia)
);
create index contador_retentativa_dia_dia_idx on contador_retentativa_dia (dia);

create function ajustar_contador_evento(p_codigo text, p_dia date, p_tipo text, p_grupo integer, p_delta integer) returns void language sql as $$
  insert into contador_evento_dia (dia, codigo_servico, tipo, grupo_controle_conteudo_id, quantidade, fatia)
  values (p_dia, coalesce(p_codigo, ''), p_tipo, p_grupo, p_delta, (pg_backend_pid() % 8)::smallint)
  on conflict (codigo_servico, dia, tipo, fatia) do update set quantidade = contador_evento_dia.quantidade + p_delta
$$;

create function ajustar_contador_retentativa(p_codigo text, p_dia date, p_status text, p_grupo integer, p_delta integer) returns void language sql as $$
  insert into contador_retentativa_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
  values (p_dia, p_codigo, p_status, p_grupo, p_delta, (pg_backend_pid() % 8)::smallint)
  on conflict (codigo_servico, dia, status, fatia) do update set quantidade = contador_retentativa_dia.quantidade + p_delta
$$;

-- An update that moves a row between counters touches the lower key first (as the forms' trigger does), so
-- two opposite moves at once cannot deadlock.
create function contar_evento() returns trigger language plpgsql as $$
declare
  ko text[];
  kn text[];
begin
  if tg_op <> 'INSERT' then ko := array[coalesce(old.codigo_servico, ''), dia_sao_paulo(old.ocorrido_em)::text, old.tipo]; end if;
  if tg_op <> 'DELETE' then kn := array[coalesce(new.codigo_servico, ''), dia_sao_paulo(new.ocorrido_em)::text, new.tipo]; end if;
  if tg_op = 'UPDATE' and ko = kn then return null; end if;
  if ko is not null and (kn is null or ko < kn) then
    perform ajustar_contador_evento(old.codigo_servico, dia_sao_paulo(old.ocorrido_em), old.tipo, old.grupo_controle_conteudo_id, -1);
  end if;
  if kn is not null then
    perform ajustar_contador_evento(new.codigo_servico, dia_sao_paulo(new.ocorrido_em), new.tipo, new.grupo_controle_conteudo_id, 1);
  end if;
  if ko is not null and kn is not null and ko > kn then
    perform ajustar_contador_evento(old.codigo_servico, dia_sao_paulo(old.ocorrido_em), old.tipo, old.grupo_controle_conteudo_id, -1);
  end if;
  return null;
end
$$;

create function contar_retentativa() returns trigger language plpgsql as $$
declare
  ko text[];
  kn text[];
begin
  if tg_op <> 'INSERT' then ko := array[old.codigo_servico, dia_sao_paulo(old.criado_em)::text, old.status]; end if;
  if tg_op <> 'DELETE' then kn := array[new.codigo_servico, dia_sao_paulo(new.criado_em)::text, new.status]; end if;
  if tg_op = 'UPDATE' and ko = kn then return null; end if;
  if ko is not null and (kn is null or ko < kn) then
    perform ajustar_contador_retentativa(old.codigo_servico, dia_sao_paulo(old.criado_em), old.status, old.grupo_controle_conteudo_id, -1);
  end if;
  if kn is not null then
    perform ajustar_contador_retentativa(new.codigo_servico, dia_sao_paulo(new.criado_em), new.status, new.grupo_controle_conteudo_id, 1);
  end if;
  if ko is not null and kn is not null and ko > kn then
    perform ajustar_contador_retentativa(old.codigo_servico, dia_sao_paulo(old.criado_em), old.status, old.grupo_controle_conteudo_id, -1);
  end if;
  return null;
end
$$;

create trigger formulario_evento_contadores after insert or update or delete on formulario_evento for each row execute function contar_evento();
create trigger retentativa_integracao_contadores after insert or update or delete on retentativa_integracao for each row execute function contar_retentativa();

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
