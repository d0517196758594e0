-- Monthly counters beside the daily ones: totals without a period read a few hundred rows whatever
-- the history's length; periods still read the daily counters (at most one row per model, day and status).
create table contador_formulario_mes (
  mes date not null,
  codigo_servico text not null,
  status text not null,
  grupo_controle_conteudo_id integer not null,
  quantidade bigint not null default 0,
  primary key (codigo_servico, mes, status)
);

insert into contador_formulario_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
select date_trunc('month', dia)::date, codigo_servico, status, min(grupo_controle_conteudo_id), sum(quantidade)
  from contador_formulario_dia group by 1, 2, 3;

create or replace function contar_formulario() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update contador_formulario_dia set quantidade = quantidade - 1
     where codigo_servico = old.codigo_servico and dia = dia_sao_paulo(old.recebido_em) and status = old.status;
    update contador_formulario_mes set quantidade = quantidade - 1
     where codigo_servico = old.codigo_servico and mes = date_trunc('month', dia_sao_paulo(old.recebido_em))::date and status = old.status;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into contador_formulario_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    values (dia_sao_paulo(new.recebido_em), new.codigo_servico, new.status, new.grupo_controle_conteudo_id, 1)
    on conflict (codigo_servico, dia, status) do update set quantidade = contador_formulario_dia.quantidade + 1;
    insert into contador_formulario_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    values (date_trunc('month', dia_sao_paulo(new.recebido_em))::date, new.codigo_servico, new.status, new.grupo_controle_conteudo_id, 1)
    on conflict (codigo_servico, mes, status) do update set quantidade = contador_formulario_mes.quantidade + 1;
  end if;
  return null;
end
$$;
