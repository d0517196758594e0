/**
 * Directus 12.4.0, the generic alternative issue 47 compares against, on the same PostgreSQL server as the
 * project's API: installed from the npm registry into a cache on the first run, given its own database with an
 * unpartitioned copy of the bench's forms and events (Directus needs a one-column primary key; `formulario` is
 * partitioned by month with `(id, recebido_em)`), measured with its primary keys alone and with the project's indexes
 * (`indices`), and started in its own process.
 * Optional part of `npm run bench:api` (BENCH_DIRECTUS=1): nothing here runs in CI.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { portaLivre } from '../apoio/servidor';
import { esperarQuietos, estatistica, linhasDoCsv, type Medida } from './estatistica';

export const VERSAO_DIRECTUS = '12.4.0';
const pasta = join(homedir(), '.cache', 'console-formularios', `directus-${VERSAO_DIRECTUS}`);
const TOKEN = 'bench-directus-token';

/** The columns copied, as `formulario` declares them (the list's and the export's). */
const COLUNAS_FORMULARIO = `id bigint primary key, protocolo text not null, codigo_servico text not null, grupo_controle_conteudo_id integer not null,
  modelo_versao integer not null, respostas jsonb not null, cpf_requerente char(11), nome_requerente text, email_requerente text,
  status text not null, recebido_em timestamptz not null, anonimizado_em timestamptz, idioma text not null, pagamento jsonb`;
const COLUNAS_EVENTO = `id bigint primary key, formulario_id bigint, codigo_servico text, grupo_controle_conteudo_id integer,
  tipo text not null, ocorrido_em timestamptz not null, autor text not null, detalhes jsonb not null`;
/**
 * The indexes the project's tables have for the same reads (migration 003). Directus creates a collection's table
 * with its primary key alone, and has no way to make a composite index: the bench measures it both ways.
 */
const INDICES: Record<string, string> = {
  directus_formulario_recebido: 'formulario (recebido_em desc, id desc)',
  directus_formulario_modelo_recebido: 'formulario (codigo_servico, recebido_em desc, id desc)',
  directus_formulario_status_recebido: 'formulario (status, recebido_em desc, id desc)',
  directus_evento_ocorrido: 'formulario_evento (ocorrido_em desc, id desc)',
};

const nomes = (colunas: string) => colunas.split(',').map((c) => c.trim().split(/\s+/)[0]).join(', ');

/**
 * Installs Directus into the cache once. Its pinned isolated-vm (5.0.3) ships no binary for Node 24 and does not build
 * against Node 24's headers (C++20); 6.2.0, for Node 22 and later, ships prebuilt ones and is put in its place (an npm
 * override). Directus loads it at start-up only for sandboxed extensions and flows, which the bench does not use.
 */
function instalar(): string {
  const cli = join(pasta, 'node_modules', 'directus', 'cli.js');
  const pacote = JSON.stringify({ name: 'directus-bench', private: true, dependencies: { directus: VERSAO_DIRECTUS }, overrides: { 'isolated-vm': '6.2.0' } }, null, 2);
  const arquivo = join(pasta, 'package.json');
  if (!existsSync(cli) || !existsSync(arquivo) || readFileSync(arquivo, 'utf8') !== pacote) {
    mkdirSync(pasta, { recursive: true });
    writeFileSync(arquivo, pacote);
    console.log(`instalando o Directus ${VERSAO_DIRECTUS} em ${pasta} (uma vez; ~4 min)`);
    // The machine's npm, run by this Node (Directus needs 22 or later).
    const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` };
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: pasta, stdio: 'inherit', env });
    if (r.status !== 0 || !existsSync(cli)) throw new Error(`a instalação do Directus falhou (${r.error?.message ?? r.status})`);
  }
  return cli;
}

/** Copies the bench's forms and events into Directus's own database, once (the database is kept between runs). */
async function copiarDados(origem: string, destino: string): Promise<void> {
  const { default: pg } = await import('pg');
  const { to, from } = await import('pg-copy-streams');
  const o = new pg.Client({ connectionString: origem });
  const d = new pg.Client({ connectionString: destino });
  await o.connect();
  await d.connect();
  try {
    const [{ n: naOrigem }] = (await o.query<{ n: string }>('select count(*)::text as n from formulario')).rows;
    const jaCopiado = (await d.query<{ n: string }>(`select count(*)::text as n from pg_tables where tablename = 'formulario'`)).rows[0].n === '1'
      && (await d.query<{ n: string }>('select count(*)::text as n from formulario')).rows[0].n === naOrigem;
    if (jaCopiado) return;
    console.log(`copiando ${naOrigem} formulários para o banco do Directus`);
    await d.query('drop table if exists formulario, formulario_evento');
    await d.query(`create table formulario (${COLUNAS_FORMULARIO})`);
    await d.query(`create table formulario_evento (${COLUNAS_EVENTO})`);
    for (const [tabela, colunas] of [['formulario', COLUNAS_FORMULARIO], ['formulario_evento', COLUNAS_EVENTO]]) {
      const lista = nomes(colunas);
      await pipeline(o.query(to(`copy (select ${lista} from ${tabela}) to stdout`)), d.query(from(`copy ${tabela} (${lista}) from stdin`)));
    }
    await d.query('vacuum analyze formulario, formulario_evento');
  } finally {
    await o.end();
    await d.end();
  }
}

export interface Directus {
  base: string;
  /** The project's indexes on Directus's tables (true), or its primary keys alone (false). */
  indices: (com: boolean) => Promise<void>;
  /** A GET with the static administrator token; the answer's body is read whole. */
  get: (caminho: string) => Promise<Response>;
  /** Its process, for `esperarQuietos`. */
  pid: number;
  fechar: () => void;
}

/** Directus on `servidor` with its own database (`<nome do banco>_directus`), a copy of `origem`'s forms and events. */
export async function subirDirectus(servidor: string, origem: string): Promise<Directus> {
  const cli = instalar();
  const nome = `${origem.slice(origem.lastIndexOf('/') + 1)}_directus`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: `${servidor}/postgres` });
  await admin.connect();
  if (!(await admin.query('select 1 from pg_database where datname = $1', [nome])).rowCount) await admin.query(`create database ${nome}`);
  await admin.end();
  const url = `${servidor}/${nome}`;
  await copiarDados(origem, url);
  const porta = await portaLivre();
  const env = {
    ...process.env, DB_CLIENT: 'pg', DB_CONNECTION_STRING: url, HOST: '127.0.0.1', PORT: String(porta), PUBLIC_URL: `http://127.0.0.1:${porta}`,
    SECRET: 'bench-directus', ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'bench-directus', ADMIN_TOKEN: TOKEN,
    // As it ships: no response cache, no rate limit; quiet logs; nothing sent out. Its pressure limiter off: a 30-day export
    // right after the heavy calls was once refused with 503 "Under pressure" (02/12); the comparison is of speed.
    CACHE_ENABLED: 'false', RATE_LIMITER_ENABLED: 'false', PRESSURE_LIMITER_ENABLED: 'false', LOG_LEVEL: 'warn', TELEMETRY: 'false', QUERY_LIMIT_MAX: '-1',
  };
  const bootstrap = spawnSync(process.execPath, [cli, 'bootstrap'], { cwd: pasta, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (bootstrap.status !== 0) throw new Error(`directus bootstrap saiu com ${bootstrap.status}`);
  const processo: ChildProcess = spawn(process.execPath, [cli, 'start'], { cwd: pasta, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${porta}`;
  const limite = Date.now() + 120_000;
  for (;;) {
    if (processo.exitCode !== null) throw new Error(`o Directus saiu com código ${processo.exitCode}`);
    const r = await fetch(`${base}/server/ping`).catch(() => null);
    if (r?.ok) break;
    if (Date.now() > limite) throw new Error('o Directus não respondeu em 120 s');
    await new Promise((ok) => setTimeout(ok, 500));
  }
  const get = (caminho: string) => fetch(`${base}${caminho}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const indices = async (com: boolean) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      if (com) for (const [nome, alvo] of Object.entries(INDICES)) await c.query(`create index if not exists ${nome} on ${alvo}`);
      else {
        const outros = await c.query<{ nome: string }>(`select indexname as nome from pg_indexes where tablename in ('formulario', 'formulario_evento') and indexname not like '%_pkey'`);
        for (const { nome } of outros.rows) await c.query(`drop index ${nome}`);
      }
      await c.query('analyze formulario, formulario_evento');
    } finally {
      await c.end();
    }
  };
  return { base, get, indices, pid: processo.pid!, fechar: () => processo.kill('SIGTERM') };
}

/** A call of either side, answered 200 and read whole. */
async function lida(r: Promise<Response>, nome: string): Promise<string> {
  const resposta = await r;
  const corpo = await resposta.text();
  if (resposta.status !== 200) throw new Error(`${nome}: ${resposta.status} ${corpo.slice(0, 300)}`);
  return corpo;
}

/**
 * Calls in blocks, the two sides' blocks alternating: one call of each in turn made each side pay for the other's
 * after-work (the project's analytics 2.1 ms alone, 5.4 after each Directus call, on two cores), and a pause before each
 * call made both slower still (an idle process and CPU wake up first). Back to back, as the rest of the bench measures.
 */
const BLOCO = 10;

/**
 * Issue 47's comparison, call by call, in the same run: the project's call and Directus's equivalent alternately
 * in blocks of ten, the blocks alternating and the first side swapped each round, medians of `rodadas` blocks; the CSV export of the last 30 days as
 * rows per second. Twice: Directus's tables as it makes a collection (primary key alone: the issue's figures are of
 * this), then with the project's indexes added.
 */
export async function compararComDirectus(d: Directus, nosso: (caminho: string) => Promise<Response>, o: {
  modelo: string; de30: string; hoje: string; amanha: string; ultimaPagina: number; rodadas: number;
  /** The project's API process. */
  pid: number;
}) {
  const resultado: Record<string, Awaited<ReturnType<typeof comparar>>> = {};
  for (const [nome, com] of [['comoColecao', false], ['comOsMesmosIndices', true]] as const) {
    await d.indices(com);
    console.log(`Directus: ${com ? 'com os índices do projeto' : 'só com a chave primária, como cria uma coleção'}`);
    resultado[nome] = await comparar(d, nosso, o);
  }
  return { versao: VERSAO_DIRECTUS, chamadasPorBloco: BLOCO, ...resultado };
}

async function comparar(d: Directus, nosso: (caminho: string) => Promise<Response>, o: Parameters<typeof compararComDirectus>[2]) {
  const campos = 'fields=id,protocolo,codigo_servico,modelo_versao,status,cpf_requerente,nome_requerente,email_requerente,recebido_em,anonimizado_em,idioma';
  // São Paulo has kept -03:00 all year since 2019: the days' bounds as the API draws them.
  const periodo = `filter[recebido_em][_gte]=${o.de30}T00:00:00-03:00&filter[recebido_em][_lt]=${o.amanha}T00:00:00-03:00`;
  const pares: Record<string, [string, string]> = {
    maisNovosComTotal: ['/formularios?size=20', `/items/formulario?${campos}&sort=-recebido_em,-id&limit=20&meta=filter_count`],
    modeloE30DiasComTotal: [`/formularios?modelo=${o.modelo}&de=${o.de30}&ate=${o.hoje}&size=20`, `/items/formulario?${campos}&filter[codigo_servico][_eq]=${o.modelo}&${periodo}&sort=-recebido_em,-id&limit=20&meta=filter_count`],
    pagina5000: ['/formularios?page=5000&size=20', `/items/formulario?${campos}&sort=-recebido_em,-id&limit=20&page=5001`],
    ultimaPagina: [`/formularios?page=${o.ultimaPagina}&size=20`, `/items/formulario?${campos}&sort=-recebido_em,-id&limit=20&page=${o.ultimaPagina + 1}`],
    contagens30DiasPorModeloEStatus: [`/analitico-formularios?de=${o.de30}&ate=${o.hoje}`, `/items/formulario?aggregate[count]=*&groupBy[]=codigo_servico&groupBy[]=status&${periodo}&limit=-1`],
    eventosComTotal: ['/formularios-eventos?page=0&size=20', '/items/formulario_evento?fields=id,formulario_id,codigo_servico,tipo,ocorrido_em,autor&sort=-ocorrido_em,-id&limit=20&meta=filter_count'],
  };
  const chamadas: Record<string, { nosso: Medida; directus: Medida; vezes: number }> = {};
  for (const [nome, [nossoCaminho, deles]] of Object.entries(pares)) {
    const bloco = async (qual: 'nosso' | 'directus') => {
      const t: number[] = [];
      for (let i = 0; i < BLOCO; i++) {
        const t0 = performance.now();
        await lida(qual === 'nosso' ? nosso(nossoCaminho) : d.get(deles), `${qual} ${nome}`);
        t.push(performance.now() - t0);
      }
      return t;
    };
    await bloco('nosso'), await bloco('directus');
    const t = { nosso: [] as number[], directus: [] as number[] };
    for (let i = 0; i < o.rodadas; i++) for (const qual of i % 2 ? (['directus', 'nosso'] as const) : (['nosso', 'directus'] as const)) t[qual].push(...(await bloco(qual)));
    const r = { nosso: estatistica(t.nosso), directus: estatistica(t.directus), vezes: 0 };
    r.vezes = +(r.directus.mediana / r.nosso.mediana).toFixed(1);
    console.log(`Directus, ${nome}:`, r);
    chamadas[nome] = r;
  }
  // The last 30 days as CSV: rows per second end to end, five of each alternately (three until 02/12), the median. Rows
  // counted as the bytes arrive on both sides (linhasDoCsv; until 29/11 the body was read as one string and split).
  // Each export starts once both servers have been quiet for 300 ms (from 02/12): back to back, the project's export
  // began the instant Directus's ended (3 s, a CSV of 20 MB made in memory), with whatever after-work that left on the
  // two cores. In the first run with the wait, both were quiet at the first look in 19 of 20 exports.
  type Exportacao = { linhas: number; ms: number; esperaMs: number };
  const exportar = async (qual: 'nosso' | 'directus'): Promise<Exportacao> => {
    const esperaMs = await esperarQuietos([o.pid, d.pid]);
    const t0 = performance.now();
    const linhas = await linhasDoCsv(await (qual === 'nosso'
      ? nosso(`/formularios/exportacao?de=${o.de30}&ate=${o.hoje}`)
      : d.get(`/items/formulario?export=csv&limit=-1&sort=-recebido_em,-id&${periodo}`)), `${qual} exportação`);
    return { linhas, ms: performance.now() - t0, esperaMs };
  };
  const exportacoes = { nosso: [] as Exportacao[], directus: [] as Exportacao[] };
  for (let i = 0; i < 5; i++) for (const qual of ['nosso', 'directus'] as const) exportacoes[qual].push(await exportar(qual));
  const mediana = (xs: Exportacao[]) => {
    const m = [...xs].sort((a, b) => a.ms - b.ms)[Math.floor(xs.length / 2)];
    return {
      linhas: m.linhas, segundos: +(m.ms / 1000).toFixed(2), linhasPorSegundo: Math.round(m.linhas / (m.ms / 1000)),
      cada: xs.map((x) => ({ segundos: +(x.ms / 1000).toFixed(2), esperouQuietoMs: x.esperaMs })),
    };
  };
  const exportacao30Dias = { nosso: mediana(exportacoes.nosso), directus: mediana(exportacoes.directus), vezes: 0 };
  exportacao30Dias.vezes = +(exportacao30Dias.nosso.linhasPorSegundo / exportacao30Dias.directus.linhasPorSegundo).toFixed(1);
  console.log('Directus, exportação de 30 dias:', exportacao30Dias);
  return { chamadas, exportacao30Dias, menorVantagem: Math.min(...Object.values(chamadas).map((c) => c.vezes), exportacao30Dias.vezes) };
}
