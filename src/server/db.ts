import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { arquivoDoServico } from './arquivos';
import { comLiterais } from './copiaBinaria';

/**
 * One small database interface over PGlite (embedded default) and a PostgreSQL server (DATABASE_URL).
 * Same SQL, same migrations on both.
 */
export interface Executor {
  /**
   * `preparada`: a name for a hot statement of fixed text (a submission, a delivery's claim): PostgreSQL
   * parses and plans it once per connection instead of on every call. Never for text built per request
   * from open-ended input; text taking a few shapes from the filters present is named by nomeDaConsulta.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], preparada?: Preparada): Promise<T[]>;
  /** Runs a script of several statements (no parameters), e.g. a migration with functions. */
  script(sql: string): Promise<void>;
  /**
   * Loads rows with `COPY tabela (colunas) FROM STDIN` (text format; bulk loads only): `pedacos` yields
   * lines already escaped (linhaCopia), each ending in a newline, several per string. On a server they are
   * streamed while they are made; PGlite reads them as one blob.
   */
  copiar(tabela: string, colunas: string[], pedacos: Iterable<string>): Promise<void>;
  /**
   * A PostgreSQL server only: streams `COPY (consulta) TO STDOUT (FORMAT binary)` as the bytes arrive (read them with
   * tuplasDaCopia), the parameters written into the text as literals (COPY takes none). One statement, planned once,
   * for reads too long for batches (the CSV export); it holds a connection of the pool for as long as its reader
   * takes, so at most COPIAS_SIMULTANEAS run at once per pool: null when that many are running (read in batches
   * instead). Iterate what it gives (its end or an early stop frees the place; stopping early drops the connection).
   */
  copiaDe?(consulta: string, params: unknown[]): AsyncGenerator<Buffer> | null;
}

/**
 * A named statement (Executor.query's `preparada`): its name; or, for a statement written so that one plan serves every
 * value (`umPlano`), the name and that promise. Such a statement runs on connections that never plan for the values
 * (`plan_cache_mode = force_generic_plan`, a pool of their own on a PostgreSQL server): PostgreSQL would otherwise plan
 * it on every call whenever its kept plan merely looks dearer (a deep page of ten million forms: ~0.45 ms of planning
 * for ~0.2 of reading, and the kept plan, never chosen, read it in 0.3). Inside a transaction, and on PGlite, it is
 * an ordinary statement. Only where no value can change the best plan (keys; a span of one hour; the page's size in
 * the text): never a filter's value (a rare status read by the time index instead of its own).
 */
export type Preparada = string | { nome: string; umPlano: true };
export const umPlano = (sql: string): Preparada => ({ nome: `u${nomeDaConsulta(sql).slice(1)}`, umPlano: true });
const nomeDe = (p?: Preparada) => (typeof p === 'object' ? p.nome : p);

/**
 * The prepared statement name of a query whose text takes one of a few shapes (which filters are present,
 * never their values): the same text always gets the same name, so each shape is planned once per connection.
 */
export const nomeDaConsulta = (sql: string) => `q${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;

/** One row in COPY's text format: tabs between the fields, `\N` for null, backslashes and line breaks escaped. */
export function linhaCopia(campos: (string | number | null)[]): string {
  return campos.map((c) => (c === null ? '\\N' : typeof c === 'number' ? String(c) : c.replace(/[\\\t\n\r]/g, (x) => ESCAPES[x]))).join('\t') + '\n';
}
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const comandoCopia = (tabela: string, colunas: string[], origem: string) => `copy ${tabela} (${colunas.join(', ')}) from ${origem}`;

export interface Banco extends Executor {
  tipo: 'pglite' | 'postgres';
  /** The pool's connections (a PostgreSQL server; PGlite has one, in process): the metrics show them. */
  conexoes?: () => { total: number; ociosas: number; esperando: number };
  transacao<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /**
   * Calls `aoAvisar` on each NOTIFY on `canal` (a name of ours, letters and underscores), from any process on this
   * database; a lost connection is opened again (what was said meanwhile is lost: callers bound their staleness).
   * Resolves once listening; the answer stops it.
   */
  escutar(canal: string, aoAvisar: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole cluster as a tar (pgliteMigrado). */
  copiaDoCluster?(): Promise<Blob>;
  fechar(): Promise<void>;
}

/**
 * PostgreSQL's shared buffers for a memory:// PGlite database: 16 MB instead of PGlite's 128. Its files already live in
 * this process's memory (Emscripten's MEMFS), so a larger pool only caches the same pages twice; and PGlite zeroes the
 * whole pool at every start (measured 01/12 on the tests' clusters: ~0.6 s of CPU per start at 128 MB, ~0.1 at 16; the
 * api suite starts some seventy). A database on disk (the demo's .data/pglite) keeps PGlite's default.
 */
const BUFFERS_EM_MEMORIA = '16MB';

async function abrirPglite(dir: string, inicial?: Blob): Promise<Banco> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const db = await (dir === 'memory://'
    ? PGlite.create({ loadDataDir: inicial, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${BUFFERS_EM_MEMORIA}`] })
    : PGlite.create(dir));
  const exec = (q: { query: PGliteQuery; exec: (sql: string) => Promise<unknown> }): Executor => ({
    query: async (sql, params) => (await q.query(sql, params)).rows as never,
    script: async (sql) => void (await q.exec(sql)),
    copiar: async (tabela, colunas, pedacos) => void (await q.query(comandoCopia(tabela, colunas, "'/dev/blob'"), [], { blob: new Blob([...pedacos]) })),
  });
  return {
    tipo: 'pglite',
    ...exec(db),
    transacao: (fn) => db.transaction((tx) => fn(exec(tx))),
    escutar: async (canal, aoAvisar) => db.listen(canal, () => aoAvisar()),
    copiaDoCluster: () => db.dumpDataDir('none'),
    fechar: () => db.close(),
  };
}
type PGliteQuery = (sql: string, params?: unknown[], opcoes?: { blob?: Blob }) => Promise<{ rows: unknown[] }>;

/**
 * A pool of connections to a PostgreSQL server (the primary, or a read replica: leitura.ts) that survives the server
 * going away: a query fails in `esperaMs` instead of waiting for a connection, and no connection's error kills the
 * process. `aoPerder`: an idle connection the server ended (restart, failover, a dropped test database).
 */
export async function poolPostgres(url: string, o: { esperaMs: number; aoPerder: (e: Error) => void; umPlano?: boolean }) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: o.esperaMs, ...(o.umPlano ? { options: UM_PLANO } : {}) });
  // The pool drops an idle connection the server ended and opens another on the next query.
  pool.on('error', o.aoPerder);
  // Every client keeps one listener of its own for its whole life. The pool's listeners come and go as
  // a client is checked out and released, and pg emits a second 'error' (the socket closing after the
  // server's FATAL message) at moments when none of them is attached: without this, that second event
  // is an unhandled 'error' that kills the process. Queries in flight still fail on their own, and the
  // pool and transacao() below still drop the broken client.
  pool.on('connect', (c) => c.on('error', () => undefined));
  return pool;
}

/**
 * The one-plan statements' connections (Preparada): planned once, never for the values; and never in parallel nor
 * compiled (JIT): what runs there reads keys or one hour's rows, and a plan guessing at unknown values could otherwise
 * start two workers for them (a scoped caller's page: 10 ms of workers' start for 0.4 of reading).
 */
const UM_PLANO = '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 -c jit=off';

/** How many COPY reads a pool serves at once (of its 10 connections): a slow download must not starve the API. */
export const COPIAS_SIMULTANEAS = 3;
const copiasEmCurso = new WeakMap<object, number>();

/**
 * See Executor.copiaDe: a place among COPIAS_SIMULTANEAS, or null. The place is given back when the COPY ends, fails
 * or is stopped (`return`), even before its first read.
 */
export function copiaDoPool(pool: import('pg').Pool, consulta: string, params: unknown[]): AsyncGenerator<Buffer> | null {
  const emCurso = copiasEmCurso.get(pool) ?? 0;
  if (emCurso >= COPIAS_SIMULTANEAS) return null;
  copiasEmCurso.set(pool, emCurso + 1);
  let devolvido = false;
  const devolver = () => {
    if (!devolvido) copiasEmCurso.set(pool, (copiasEmCurso.get(pool) ?? 1) - 1);
    devolvido = true;
  };
  const leitura = (async function* () {
    try {
      yield* copiaNaConexao(pool, consulta, params);
    } finally {
      devolver();
    }
  })();
  return aoParar(leitura, devolver);
}

/**
 * `gerador`, with `antes` run whenever it is stopped (`return`): a generator stopped before its first read never runs
 * its own `finally`, so what it holds (a COPY's place, the generator it wraps) is let go here.
 */
export function aoParar<T>(gerador: AsyncGenerator<T>, antes: () => unknown): AsyncGenerator<T> {
  const parar = gerador.return.bind(gerador);
  gerador.return = (v) => (antes(), parar(v));
  return gerador;
}

async function* copiaNaConexao(pool: import('pg').Pool, consulta: string, params: unknown[]): AsyncGenerator<Buffer> {
  const [{ escapeLiteral }, { to: copiaPara }] = await Promise.all([import('pg'), import('pg-copy-streams')]);
  const sql = `copy (${comLiterais(consulta, params, escapeLiteral)}) to stdout (format binary)`;
  const c = await pool.connect();
  let erro: Error | boolean = true;
  // Read in an index's order where there is one, never sorted whole first: without a LIMIT the planner would rather
  // scan every partition in parallel and sort the result (a year's export spilled ~300 MB to disk, and its first
  // byte waited for the last row). Both settings end with the transaction.
  const fluxo = copiaPara(sql);
  try {
    await c.query('begin read only; set local enable_sort = off; set local max_parallel_workers_per_gather = 0');
    c.query(fluxo);
    for await (const pedaco of fluxo as AsyncIterable<Buffer>) yield pedaco;
    await c.query('commit');
    erro = false;
  } catch (e) {
    erro = e as Error;
    throw e;
  } finally {
    if (erro) fluxo.destroy();
    // Mid-COPY the connection cannot serve anyone else: dropped unless the COPY ended.
    c.release(erro || undefined);
  }
}

/** A query's rows through a pool or a client, as a prepared statement when `preparada` names it. */
export const linhas = async (q: import('pg').Pool | import('pg').PoolClient, sql: string, params?: unknown[], preparada?: Preparada) =>
  (await q.query(preparada ? { name: nomeDe(preparada), text: sql, values: params } : { text: sql, values: params })).rows;

/** A server's two pools: every statement's, and the one-plan statements' (Preparada), whose connections open when first used. */
export interface PoolsPostgres {
  pool: import('pg').Pool;
  umPlano: import('pg').Pool;
}
export async function poolsPostgres(url: string, o: { esperaMs: number; aoPerder: (e: Error) => void }): Promise<PoolsPostgres> {
  return { pool: await poolPostgres(url, o), umPlano: await poolPostgres(url, { ...o, umPlano: true }) };
}
/** Both pools closed (each waits for its connections in use). */
export const fecharPools = (p: PoolsPostgres) => Promise.all([p.pool.end(), p.umPlano.end()]);
/** A query through the pool its kind of statement runs on. */
export const linhasDosPools = (p: PoolsPostgres, sql: string, params?: unknown[], preparada?: Preparada) =>
  linhas(typeof preparada === 'object' ? p.umPlano : p.pool, sql, params, preparada);

async function abrirPostgres(url: string): Promise<Banco> {
  const { default: pg } = await import('pg');
  // A server that stops answering fails a query in 5 s.
  const pools = await poolsPostgres(url, { esperaMs: 5000, aoPerder: (e) => console.warn(`[banco] conexão ociosa encerrada pelo servidor: ${e.message}`) });
  const { pool } = pools;
  await pool.query('select 1');
  const { from: copiaDe } = await import('pg-copy-streams');
  const copiarCom = async (c: import('pg').PoolClient, tabela: string, colunas: string[], pedacos: Iterable<string>) =>
    pipeline(Readable.from(pedacos, { objectMode: false }), c.query(copiaDe(comandoCopia(tabela, colunas, 'stdin'))));
  return {
    tipo: 'postgres',
    query: (sql, params, preparada) => linhasDosPools(pools, sql, params, preparada),
    copiaDe: (consulta, params) => copiaDoPool(pool, consulta, params),
    script: async (sql) => void (await pool.query(sql)),
    async copiar(tabela, colunas, pedacos) {
      const c = await pool.connect();
      // A failed COPY wrote nothing (one statement); its connection is dropped rather than reused mid-protocol.
      await copiarCom(c, tabela, colunas, pedacos).then(() => c.release(), (e) => (c.release(e), Promise.reject(e)));
    },
    async transacao(fn) {
      const c = await pool.connect();
      // A connection the server ends mid-transaction (between two queries, say) is noticed here, so the
      // broken client is destroyed on release instead of going back to the pool; the query in flight
      // rejects on its own and the request answers 503 (erros.ts).
      let perdida: Error | undefined;
      const aoPerder = (e: Error) => {
        perdida = e;
      };
      c.on('error', aoPerder);
      try {
        await c.query('begin');
        const r = await fn({
          query: (sql, params, preparada) => linhas(c, sql, params, preparada),
          script: async (sql) => void (await c.query(sql)),
          copiar: (tabela, colunas, pedacos) => copiarCom(c, tabela, colunas, pedacos),
        });
        await c.query('commit');
        return r;
      } catch (e) {
        if (!perdida && !conexaoPerdida(e)) await c.query('rollback').catch(() => undefined);
        else perdida ??= e as Error;
        throw e;
      } finally {
        c.off('error', aoPerder);
        // After a loss the client is destroyed instead of going back to the pool.
        c.release(perdida);
      }
    },
    async escutar(canal, aoAvisar) {
      if (!/^[a-z_]+$/.test(canal)) throw new Error(`canal inválido: ${canal}`);
      // A connection of its own, outside the pool (a pooled one goes back and stops listening).
      let cliente: import('pg').Client | null = null;
      let parado = false;
      let relogio: NodeJS.Timeout | undefined;
      const tentarDeNovo = () => {
        if (parado) return;
        relogio = setTimeout(() => void abrir().catch(tentarDeNovo), 1000);
        relogio.unref();
      };
      const abrir = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
        c.on('notification', () => aoAvisar());
        c.on('error', () => undefined);
        c.on('end', () => {
          if (parado || cliente !== c) return;
          cliente = null;
          // Whatever was said while it was away is not heard: the caller is told, as if everything changed.
          aoAvisar();
          tentarDeNovo();
        });
        try {
          await c.connect();
          await c.query(`listen ${canal}`);
        } catch (e) {
          await c.end().catch(() => undefined);
          throw e;
        }
        if (parado) return void (await c.end().catch(() => undefined));
        cliente = c;
      };
      await abrir();
      return async () => {
        parado = true;
        clearTimeout(relogio);
        await cliente?.end().catch(() => undefined);
      };
    },
    fechar: async () => void (await fecharPools(pools)),
    conexoes: () => ({ total: pool.totalCount + pools.umPlano.totalCount, ociosas: pool.idleCount + pools.umPlano.idleCount, esperando: pool.waitingCount + pools.umPlano.waitingCount }),
  };
}

/**
 * Whether an error means the database connection was lost or could not be had (server restart,
 * failover, an idle-connection killer, pg_terminate_backend): the request in flight gets a 503 and
 * nothing of it was committed; the pool opens a new connection for the next one.
 */
export function conexaoPerdida(e: unknown): boolean {
  const err = e as { code?: string; message?: string } | null;
  if (!err) return false;
  // 57P01-57P03: admin shutdown, crash shutdown, cannot connect now; class 08: connection exceptions, but
  // not 08P01 (protocol violation: a statement given the wrong number of parameters is our bug, a 500).
  if (typeof err.code === 'string' && (/^57P0[123]$/.test(err.code) || (err.code.startsWith('08') && err.code !== '08P01') || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(err.code))) return true;
  return /Connection terminated|Client has encountered a connection error|terminating connection|timeout exceeded when trying to connect/i.test(err.message ?? '');
}

export const PASTA_MIGRACOES = fileURLToPath(arquivoDoServico('migracoes'));

/** The advisory lock every migration takes (any 64-bit number of ours: the same in every node and version). */
const TRAVA_MIGRACOES = 4_815_162_342;

/**
 * Applies the versioned SQL migrations not yet applied, each in its own transaction, in order; with `ate`,
 * only those up to that file (a test building a database as an older version left it). Nodes starting together
 * on one database (a deploy with a new migration) each run this: every step holds a transaction-level advisory
 * lock and looks again under it, so each migration runs once and the others wait for it (issue 50: two of three
 * nodes died on "relation already exists").
 */
export async function migrar(db: Banco, ate?: string): Promise<string[]> {
  await db.transacao(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [TRAVA_MIGRACOES]);
    await tx.query('create table if not exists schema_migracoes (versao text primary key, aplicada_em timestamptz not null default now())');
  });
  const feitas = new Set((await db.query<{ versao: string }>('select versao from schema_migracoes')).map((r) => r.versao));
  const pendentes = readdirSync(PASTA_MIGRACOES).filter((f) => f.endsWith('.sql') && !feitas.has(f) && (!ate || f <= ate)).sort();
  const aplicadas: string[] = [];
  for (const f of pendentes) {
    const sql = readFileSync(join(PASTA_MIGRACOES, f), 'utf8');
    await db.transacao(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [TRAVA_MIGRACOES]);
      // Another node may have applied it while this one waited for the lock.
      if ((await tx.query('select 1 from schema_migracoes where versao = $1', [f])).length) return;
      await tx.script(sql);
      await tx.query('insert into schema_migracoes (versao) values ($1)', [f]);
      aplicadas.push(f);
    });
  }
  return aplicadas;
}

/** The migrations in the code not yet applied to this database (readiness: none may be missing). */
export async function migracoesPendentes(db: Executor): Promise<string[]> {
  const feitas = new Set((await db.query<{ versao: string }>('select versao from schema_migracoes')).map((r) => r.versao));
  return readdirSync(PASTA_MIGRACOES).filter((f) => f.endsWith('.sql') && !feitas.has(f)).sort();
}

/** DATABASE_URL -> PostgreSQL server; otherwise PGlite in `pasta` ('memory://' for none on disk). */
export async function abrirBanco(opcoes: OpcoesBanco): Promise<Banco> {
  const db = await conectar(opcoes);
  await migrar(db);
  // The current month's partitions and the next three's (migration 018), on every start.
  await db.query('select manter_particoes()');
  return db;
}

/** The database as it was after one migration (tests of the next one): not migrated further, no partition kept. */
export async function abrirBancoAte(opcoes: OpcoesBanco, ate: string): Promise<Banco> {
  const db = await conectar(opcoes);
  await migrar(db, ate);
  return db;
}

/**
 * `pgliteInicial`: what a memory:// PGlite database starts from instead of an empty cluster (PGlite's initdb), a dump
 * of another (pgliteMigrado): the tests open some sixty of them per run, and initdb is most of each one's start.
 */
type OpcoesBanco = { databaseUrl?: string; pasta?: string; pgliteInicial?: Blob };
function conectar(opcoes: OpcoesBanco): Promise<Banco> {
  return opcoes.databaseUrl ? abrirPostgres(opcoes.databaseUrl) : abrirPglite(opcoes.pasta ?? '.data/pglite', opcoes.pgliteInicial);
}

/**
 * A memory:// PGlite database with every migration applied, as a dump (a tar) a memory:// database can start from
 * (`pgliteInicial`): about 0.4 s instead of 1.5 s of initdb and migrations on an idle machine, three times as much
 * under load. The tests keep one per migrations' version (test/apoio/servidor.ts).
 */
export async function pgliteMigrado(): Promise<Blob> {
  const db = await conectar({ pasta: 'memory://' });
  try {
    await migrar(db);
    return await db.copiaDoCluster!();
  } finally {
    await db.fechar();
  }
}

