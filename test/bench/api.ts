/**
 * API budgets of DESIGN.md section 10 on a PostgreSQL server with a million filled forms, measured
 * (not asserted): writes test/bench/resultados/api.json. The peers measured in the same run are the
 * plain queries a naive API would run (count(*) over the filter, a 30-day GROUP BY).
 *   BENCH_DATABASE_URL (default: postgres://postgres@127.0.0.1:5432/cf_bench), BENCH_FORMULARIOS (1000000)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { abrirBanco } from '../../demo/server/db';
import { semearDemo } from '../../demo/server/seed';
import { carregarEmLotes } from '../../demo/server/gerarFormularios';
import { clienteApi } from '../apoio/servidor';
import { subirDemo } from '../e2e/demo';
import { hojeSaoPaulo } from '../../src/i18n/datas';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cf_bench';
const alvo = Number(process.env.BENCH_FORMULARIOS ?? 1_000_000);
const RODADAS = Number(process.env.RODADAS ?? 60);

{
  const admin = new URL(url);
  const nome = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  if (!(await c.query('select 1 from pg_database where datname = $1', [nome])).rowCount) await c.query(`create database ${nome}`);
  await c.end();
}
const db = await abrirBanco({ databaseUrl: url });
await semearDemo(db);
const [{ n: antes }] = await db.query<{ n: string }>('select count(*)::text as n from formulario');
if (Number(antes) < alvo) await carregarEmLotes(db, alvo - Number(antes), 365, (feitos) => console.log(`semeados: ${Number(antes) + feitos}`));
const [{ n }] = await db.query<{ n: string }>('select count(*)::text as n from formulario');

// The API in its own process, as it runs in production; this process only sends requests (keep-alive).
const demo = await subirDemo({ DATABASE_URL: url, SEED: 'none' });
const s = { url: demo.base, fechar: async () => demo.fechar() };
const api = await clienteApi(s.url, 'admin');
const hoje = hojeSaoPaulo();
const menos = (d: number) => new Date(Date.parse(`${hoje}T12:00:00Z`) - d * 86400000).toISOString().slice(0, 10);
const [{ codigo_servico: modelo }] = await db.query<{ codigo_servico: string }>('select codigo_servico from formulario group by 1 order by count(*) desc limit 1');
const mesInicio = `${hoje.slice(0, 7)}-01`;

async function medir(nome: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await f();
  const t: number[] = [];
  for (let i = 0; i < RODADAS; i++) {
    const t0 = performance.now();
    await f();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  const r = { mediana: +t[Math.floor(t.length / 2)].toFixed(2), p95: +t[Math.floor(t.length * 0.95)].toFixed(2), rodadas: RODADAS };
  console.log(nome, r);
  return r;
}
const http = (caminho: string) => async () => {
  const r = await api('GET', caminho);
  if (r.status !== 200) throw new Error(`${caminho}: ${r.status}`);
};

const resultado = {
  medidoEm: new Date().toISOString(),
  formularios: Number(n),
  banco: 'PostgreSQL (servidor local)',
  api: {
    listaMaisNovosComTotal: await medir('GET /formularios', http('/formularios')),
    listaPorModeloE30Dias: await medir('GET /formularios?modelo&30 dias', http(`/formularios?modelo=${modelo}&de=${menos(29)}&ate=${hoje}`)),
    analiticoDoMes: await medir('GET /analitico-formularios (mês)', http(`/analitico-formularios?de=${mesInicio}&ate=${hoje}`)),
  },
  pares: {
    countEstrela: await medir('count(*)', () => db.query('select count(*) from formulario')),
    countPorModeloE30Dias: await medir('count(*) modelo+30 dias', () => db.query(`select count(*) from formulario where codigo_servico = $1 and recebido_em >= now() - interval '30 days'`, [modelo])),
    groupBy30Dias: await medir('GROUP BY 30 dias', () => db.query(`select codigo_servico, status, dia_sao_paulo(recebido_em), count(*) from formulario where recebido_em >= now() - interval '30 days' group by 1, 2, 3`)),
  },
  metas: { listaMs: 5, analiticoMs: 10 },
};
await s.fechar();
await db.fechar();
const saida = 'test/bench/resultados/api.json';
mkdirSync(dirname(saida), { recursive: true });
writeFileSync(saida, JSON.stringify(resultado, null, 2) + '\n');
console.log(JSON.stringify(resultado, null, 2));
