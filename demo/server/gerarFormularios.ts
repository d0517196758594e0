import type { Banco, Executor } from './db';
import { completarCpf } from '../../src/forms/cpf';
import { exportacaoMascarada, pessoaisPorVersao } from './api/exportacao';

/**
 * Generates filled forms for the demo and for benchmarks, in SQL (fast on both databases): spread over
 * the last `dias` days (or from `desde` days back to `dias` days back) across the published and archived
 * models, with their events and retries in every status. The counter trigger keeps the counters; for large
 * volumes use carregarEmLotes.
 */
export async function gerarFormularios(tx: Executor, n: number, dias = 120, desde = 0): Promise<void> {
  const cpfs = Array.from({ length: 997 }, (_, i) => completarCpf(String(100000000 + i * 7919)));
  const nomes = ['Maria da Silva', 'José Santos', 'Ana Oliveira', 'João Souza', 'Francisca Lima', 'Antônio Pereira', 'Adriana Costa', 'Carlos Ferreira', 'Juliana Rodrigues', 'Paulo Almeida'];
  const [{ base }] = await tx.query<{ base: string }>('select coalesce(max(id), 0)::text as base from formulario');
  // Each month of the period gets its partitions first, so the rows go straight to them (not to the default
  // ones); a database from before migration 018 (its test) has none to make.
  const [{ particionado, mascarada }] = await tx.query<{ particionado: boolean; mascarada: boolean }>(
    `select to_regprocedure('garantir_particao(text,date)') is not null as particionado,
            exists (select 1 from information_schema.columns where table_name = 'formulario' and column_name = 'exportacao_mascarada') as mascarada`,
  );
  if (particionado) await tx.query(
    `select garantir_particao(t, m::date) from generate_series(date_trunc('month', dia_sao_paulo(now()) - $1::int), date_trunc('month', dia_sao_paulo(now()) - $2::int), interval '1 month') m
       cross join (values ('formulario'), ('formulario_evento')) as x(t)`,
    [Math.ceil(dias) + 1, Math.floor(desde)],
  );
  // Each form's masked export cells (migration 020), made here with the masking rules as a submission makes
  // them, and inserted with it: filling them afterwards would rewrite every row (and scatter each day's rows).
  // The row's model, version and answers follow from its number s as in the statement below.
  const celulas = mascarada ? await celulasDosGerados(tx, n, cpfs, nomes) : null;
  await tx.query(
    `with modelos as (
       select row_number() over (order by codigo_servico) - 1 as i, codigo_servico, grupo_controle_conteudo_id, ultima_versao
         from modelo where ultima_versao > 0),
     qtd as (select count(*) as k from modelos),
     g as (select s, c.celulas, now() - (($5::float8 + random() * ($2 - $5::float8)) * interval '1 day') as quando, random() as r
             from ${celulas ? 'unnest($6::text[]) with ordinality as c(celulas, s) where c.s <= $1::int' : '(select s, null::text as celulas from generate_series(1, $1::int) s) c'})
     insert into formulario (protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, respostas, cpf_requerente, nome_requerente, email_requerente, status, recebido_em, atualizado_em${celulas ? ', exportacao_mascarada' : ''})
     select to_char(g.quando at time zone 'America/Sao_Paulo', 'YYYY') || '.' || lpad(nextval('protocolo_seq')::text, 9, '0'),
            m.codigo_servico, m.grupo_controle_conteudo_id, greatest(1, m.ultima_versao - (g.s % 2)::int),
            jsonb_build_object('nome', ($4::text[])[1 + g.s % 10], 'cpf', ($3::text[])[1 + g.s % 997], 'email', 'cidadao' || g.s || '@email.com', 'motivo', (array['perda','roubo','dano'])[1 + g.s % 3]),
            -- The requester columns are the answers of the fields the seeded models mark (nome, cpf, email).
            ($3::text[])[1 + g.s % 997], ($4::text[])[1 + g.s % 10], 'cidadao' || g.s || '@email.com',
            case when g.quando > now() - interval '2 hours' and g.r < 0.5 then 'RECEBIDO'
                 when g.r < 0.86 then 'INTEGRADO' when g.r < 0.97 then 'FALHA_INTEGRACAO' else 'DESCARTADO' end,
            g.quando, g.quando${celulas ? ', g.celulas' : ''}
       from g join qtd on true join modelos m on m.i = (g.s * 7919) % qtd.k`,
    celulas ? [n, dias, cpfs, nomes, desde, celulas] : [n, dias, cpfs, nomes, desde],
  );
  const novo = `f.id > ${Number(base)}`;
  const novos = `from formulario f where ${novo}`;
  await tx.query(`insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, ocorrido_em, autor, detalhes)
    select f.id, f.codigo_servico, f.grupo_controle_conteudo_id, 'RECEBIDO', f.recebido_em, 'portal-cidadao', jsonb_build_object('protocolo', f.protocolo) ${novos}`);
  await tx.query(`insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, ocorrido_em, autor, detalhes)
    select f.id, f.codigo_servico, f.grupo_controle_conteudo_id, 'INTEGRADO', f.recebido_em + interval '40 seconds', 'integrador', jsonb_build_object('statusHttp', 201) ${novos} and f.status = 'INTEGRADO'`);
  await tx.query(`insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, ocorrido_em, autor, detalhes)
    select f.id, f.codigo_servico, f.grupo_controle_conteudo_id, t.tipo, f.recebido_em + t.atraso, 'integrador', t.detalhes from formulario f
    cross join (values ('FALHA_INTEGRACAO', interval '40 seconds', '{"statusHttp": 503, "erro": "Serviço indisponível"}'::jsonb),
                       ('RETENTATIVA_AGENDADA', interval '41 seconds', '{"tentativa": 1}'::jsonb)) as t(tipo, atraso, detalhes)
    where ${novo} and f.status in ('FALHA_INTEGRACAO', 'DESCARTADO')`);
  await tx.query(`insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, ocorrido_em, autor, detalhes)
    select f.id, f.codigo_servico, f.grupo_controle_conteudo_id, 'DESCARTADO', least(f.recebido_em + interval '3 days', greatest(f.recebido_em + interval '2 minutes', now())), 'admin', '{"motivo": "Pedido duplicado"}' ${novos} and f.status = 'DESCARTADO'`);
  await tx.query(`insert into retentativa_integracao (formulario_id, codigo_servico, grupo_controle_conteudo_id, destino, tentativas, proxima_tentativa_em, ultimo_status_http, ultimo_erro, status, motivo_descarte, criado_em, atualizado_em)
    select f.id, f.codigo_servico, f.grupo_controle_conteudo_id, coalesce(m.integracao_url, 'https://destino.invalid/formularios'),
           case s.status when 'ESGOTADA' then 7 when 'SUCESSO' then 2 else 1 + f.id % 5 end,
           case when s.status in ('PENDENTE', 'EXECUTANDO') then now() + ((f.id % 120) * interval '1 minute') end,
           case s.status when 'SUCESSO' then 201 else 503 end,
           case s.status when 'SUCESSO' then null else 'Serviço indisponível (HTTP 503)' end,
           s.status, case s.status when 'DESCARTADA' then 'Pedido duplicado' end,
           f.recebido_em + interval '41 seconds', least(f.recebido_em + interval '1 hour', greatest(f.recebido_em + interval '41 seconds', now()))
      from formulario f join modelo m on m.codigo_servico = f.codigo_servico
      cross join lateral (select case
        when f.status = 'DESCARTADO' then 'DESCARTADA'
        when f.status = 'INTEGRADO' then 'SUCESSO'
        when f.id % 10 = 0 then 'EXECUTANDO' when f.id % 3 = 0 then 'ESGOTADA' else 'PENDENTE' end as status) s
     where ${novo} and (f.status in ('FALHA_INTEGRACAO', 'DESCARTADO') or (f.status = 'INTEGRADO' and f.id % 25 = 0))`);
}

/** The masked export cells of the forms numbered 1..n by gerarFormularios' statement (same model, version and answers). */
async function celulasDosGerados(tx: Executor, n: number, cpfs: string[], nomes: string[]): Promise<string[]> {
  const modelos = await tx.query<{ codigo_servico: string; ultima_versao: number }>('select codigo_servico, ultima_versao from modelo where ultima_versao > 0 order by codigo_servico');
  const pessoais = await pessoaisPorVersao(tx);
  const motivos = ['perda', 'roubo', 'dano'];
  const celulas = new Array<string>(n);
  for (let s = 1; s <= n; s++) {
    const m = modelos[(s * 7919) % modelos.length];
    const r = { nome: nomes[s % 10], cpf: cpfs[s % 997], email: `cidadao${s}@email.com` };
    celulas[s - 1] = exportacaoMascarada(pessoais.get(`${m.codigo_servico}|${Math.max(1, m.ultima_versao - (s % 2))}`), r, { ...r, motivo: motivos[s % 3] });
  }
  return celulas;
}

/**
 * Large volumes (seed:large, benchmarks): batches of 100,000 forms, each committed on its own with the
 * counter trigger off inside it, then the counters rebuilt in one statement and the statistics refreshed.
 * Batch k covers the k-th slice of the period, oldest first: each writes into one or two monthly partitions
 * and near the end of their indexes, as real traffic does (spread over the whole year, every batch touched
 * every index everywhere, and past a few million rows the loader slowed from 7 to 30 s per batch here).
 */
export async function carregarEmLotes(db: Banco, total: number, dias: number, aoAvancar: (feitos: number) => void = () => undefined): Promise<void> {
  const LOTE = 100_000;
  const lotes = Math.ceil(total / LOTE);
  for (let k = 0, feitos = 0; feitos < total; k++, feitos += LOTE) {
    const n = Math.min(LOTE, total - feitos);
    await db.transacao(async (tx) => {
      const gatilhos = [['formulario', 'formulario_contadores'], ...['formulario_evento', 'retentativa_integracao'].flatMap((t) => ['i', 'u', 'd'].map((op) => [t, `${t}_contadores_${op}`]))];
      for (const [tabela, gatilho] of gatilhos) await tx.query(`alter table ${tabela} disable trigger ${gatilho}`);
      await gerarFormularios(tx, n, (dias * (lotes - k)) / lotes, (dias * (lotes - k - 1)) / lotes);
      for (const [tabela, gatilho] of gatilhos) await tx.query(`alter table ${tabela} enable trigger ${gatilho}`);
    });
    aoAvancar(feitos + n);
  }
  await db.transacao(recontar);
  // VACUUM too: it marks the pages all-visible, so deep pages read the index alone (no heap fetch per row).
  await db.query('vacuum analyze');
}

/** Rebuilds the per-day counters from the forms, events and retries (after bulk loads; normal writes keep them by trigger). */
export async function recontar(tx: Executor): Promise<void> {
  await tx.query('select recontar_eventos_retentativas()');
  await tx.query('delete from contador_formulario_dia');
  await tx.query('delete from contador_formulario_mes');
  await tx.query('delete from contador_formulario_dia_total');
  // Rebuilt as if folded (slice 8, migration 015), with the per-day totals the fold keeps beside them (019).
  await tx.query(`insert into contador_formulario_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
    select dia_sao_paulo(recebido_em), codigo_servico, status, min(grupo_controle_conteudo_id), count(*), 8 from formulario group by 1, 2, 3`);
  await tx.query(`insert into contador_formulario_dia_total (dia, status, quantidade) select dia, status, sum(quantidade) from contador_formulario_dia group by 1, 2`);
  await tx.query(`insert into contador_formulario_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    select date_trunc('month', dia)::date, codigo_servico, status, min(grupo_controle_conteudo_id), sum(quantidade) from contador_formulario_dia group by 1, 2, 3`);
}
