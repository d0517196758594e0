import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { abrirBanco, PASTA_MIGRACOES, pgliteMigrado } from '../../src/server/db';
import { semearDemo } from '../../demo/server/seed';
import { URL_POSTGRES_ADMIN } from './enderecos.mjs';

/** The databases the tests run on: PGlite in memory, and the machine's PostgreSQL server. */

/** PostgreSQL server for the tests: TEST_DATABASE_URL, or the machine's local server. */
export { URL_POSTGRES_ADMIN };

/** One connection to the database at `url` for `f`, closed afterwards whatever happens. */
async function comConexao<T>(url: string, f: (c: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}
const comAdmin = <T>(f: (c: import('pg').Client) => Promise<T>) => comConexao(URL_POSTGRES_ADMIN, f);

export async function postgresAlcancavel(): Promise<boolean> {
  try {
    return await comAdmin(async () => true);
  } catch {
    return false;
  }
}

/** Whether the tests use the PostgreSQL server: when it answers, or always with REQUIRE_POSTGRES=1 (.ci/run: then a missing one fails). */
export const usarPostgres = async () => process.env.REQUIRE_POSTGRES === '1' || (await postgresAlcancavel());

const urlDoBanco = (nome: string) => {
  const url = new URL(URL_POSTGRES_ADMIN);
  url.pathname = `/${nome}`;
  return url.toString();
};

/** A fresh database on the PostgreSQL server, dropped by the returned function. */
export async function bancoPostgresNovo(): Promise<{ url: string; descartar: () => Promise<void> }> {
  await varrerSobras();
  const nome = `cf_teste_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await comAdmin((c) => c.query(`create database ${nome}`));
  return { url: urlDoBanco(nome), descartar: () => comAdmin(async (c) => void (await c.query(`drop database if exists ${nome} with (force)`))) };
}

export interface BancoTeste {
  nome: string;
  url?: string;
  descartar?: () => Promise<void>;
}

/** The databases every API suite runs on: PGlite, and the PostgreSQL server when it answers (or is required). */
export async function bancosDeTeste(): Promise<BancoTeste[]> {
  const lista: BancoTeste[] = [{ nome: 'PGlite' }];
  if (await usarPostgres()) {
    const b = await bancoPostgresNovo();
    lista.push({ nome: 'PostgreSQL', url: b.url, descartar: b.descartar });
  } else {
    console.log('# PostgreSQL não alcançável: rodando só no PGlite (REQUIRE_POSTGRES=1 torna isso um erro).');
  }
  return lista;
}

/**
 * A cluster's tar as PGlite reads it (`loadDataDir` asks for a Blob and calls its `arrayBuffer()` once), handing over the
 * bytes it holds instead of a copy. Node's Blob keeps its own copy and reads it back chunk by chunk at every call
 * (measured 01/12: 0.3 s of CPU alone for the 43 MB migrated cluster; 50 s over the api suite, ~0.7 s per server under
 * load). PGlite only reads them: each file is copied into the new database's memory (MEMFS), so every server of a
 * process shares one tar. Only `arrayBuffer()` and `size` are PGlite's to call: the rest of Blob sees an empty one.
 */
class TarDoCluster extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([]);
    this.#bytes = bytes;
  }
  override get size() {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.#bytes;
    return Promise.resolve(b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b.buffer : b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  }
}

/** A cluster's tar made once and kept at `arquivo` (written whole, then renamed: two processes making it at once leave one whole copy). */
async function guardado(arquivo: string, fazer: () => Promise<Blob>): Promise<Blob> {
  try {
    const lido = readFileSync(arquivo);
    return new TarDoCluster(new Uint8Array(lido.buffer as ArrayBuffer, lido.byteOffset, lido.byteLength));
  } catch {
    const feito = new Uint8Array(await (await fazer()).arrayBuffer());
    mkdirSync(dirname(arquivo), { recursive: true });
    const temporario = `${arquivo}.${process.pid}`;
    writeFileSync(temporario, feito);
    renameSync(temporario, arquivo);
    return new TarDoCluster(feito);
  }
}

/**
 * A migrated PGlite cluster every test server in memory starts from (measured 28/11: the api suite opened 60 PGlite
 * servers, and PGlite's initdb and the migrations took ~3.6 s of each one's start with two files at a time: ~220
 * core-seconds of the suite). Built once per version of the migrations and of PGlite, kept under node_modules/.cache,
 * read once per process.
 */
let migrado: Promise<Blob> | undefined;
export function pgliteDeTeste(): Promise<Blob> {
  return (migrado ??= (async () => {
    const versao = readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8');
    const h = createHash('sha256').update(versao);
    for (const f of readdirSync(PASTA_MIGRACOES).filter((x) => x.endsWith('.sql')).sort()) h.update(f).update(readFileSync(join(PASTA_MIGRACOES, f)));
    const pasta = fileURLToPath(new URL('../../node_modules/.cache/console-formularios/', import.meta.url));
    return guardado(join(pasta, `pglite-migrado-${h.digest('hex').slice(0, 16)}.tar`), pgliteMigrado);
  })());
}

/**
 * The demo's seed (groups, profiles, links, models and 4,000 forms with their events and retries) made once per run
 * of a suite, not once per test server (28/11: ~0.7 s of each PGlite server's start and ~1 s of each PostgreSQL
 * one's, some 120 servers in the api suite). `npm test` gives each `node --test` it runs a folder of its own in
 * SEMENTE_DE_TESTES, and when that run ends removes it and drops the PostgreSQL database named in it (test/run.mjs):
 * the seed's forms are dated from when it was made, so a copy serves that run (minutes), never a later one. Without
 * it (a file run by hand) every server seeds its own, as the demo does.
 *
 * The seeded models deliver to their server's own receiver, and each server has its own port: the seed is made with
 * DESTINO_DA_SEMENTE, and the demo's seed, finding a copy seeded, points its models at its own server's receiver before
 * the workers start (seed.ts, apontarParaReceptor).
 */
const SEMENTE = process.env.SEMENTE_DE_TESTES;
const DESTINO_DA_SEMENTE = 'http://127.0.0.1:9/demo/receptor';
const PREFIXO_MODELO = 'cf_semente_';
/**
 * A test database or seed template older than this (its name carries when it was made) is a left-over of a process killed
 * before its end (V8's abort, a run stopped midway): the next process to make one drops it.
 */
const VELHO_MS = 6 * 3600_000;
let varridas: Promise<void> | undefined;
function varrerSobras(): Promise<void> {
  return (varridas ??= comAdmin(async (a) => {
    const sobras = await a.query<{ datname: string }>(`select datname from pg_database where datname like 'cf\\_teste\\_%' or datname like '${PREFIXO_MODELO.replaceAll('_', '\\_')}%'`);
    for (const { datname } of sobras.rows) {
      if (Number(datname.replace(/^cf_(teste|semente)_/, '').split('_')[0]) < Date.now() - VELHO_MS) await a.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
    }
  }));
}

/** The seeded PGlite cluster of this run (undefined without SEMENTE_DE_TESTES), read once per process. */
let semeado: Promise<Blob> | undefined;
export function pgliteSemeado(): Promise<Blob> | undefined {
  if (!SEMENTE) return undefined;
  return (semeado ??= guardado(join(SEMENTE, 'pglite.tar'), async () => {
    const db = await abrirBanco({ pasta: 'memory://', pgliteInicial: await pgliteDeTeste() });
    try {
      await semearDemo(db, DESTINO_DA_SEMENTE);
      // The WAL segment the seed filled is removed, not kept for reuse: 16 MB less for every server to load (73 → 57 MB).
      await db.query('set wal_recycle = off');
      await db.query('checkpoint');
      return await db.copiaDoCluster!();
    } finally {
      await db.fechar();
    }
  }));
}

/**
 * A test server's empty PostgreSQL database (made by bancoPostgresNovo) made again as a copy of this run's seeded one
 * (`create database … template`: ~80 ms for its 22 MB, against ~1 s of migrations and seed), which the first server of
 * the run to need it makes. False without a run, or when the database is not an empty test one no one else is connected to
 * (a second server on it). A test that reads it from a replica connects there after the server started (replicas.test.ts).
 */
export async function copiarSementePostgres(url: string): Promise<boolean> {
  const nome = new URL(url).pathname.slice(1);
  if (!SEMENTE || !/^cf_teste_\w+$/.test(nome)) return false;
  // Empty, and no one else connected to it here (dropping it would cut them off).
  const vazio = await comConexao(url, async (c) =>
    (
      await c.query<{ vazio: boolean }>(
        `select not exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public')
            and not exists (select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as vazio`,
      )
    ).rows[0].vazio,
  );
  if (!vazio) return false;
  const modelo = await modeloPostgres(SEMENTE);
  await comAdmin(async (a) => {
    await a.query(`drop database ${nome} with (force)`);
    await a.query(`create database ${nome} template ${modelo}`);
  });
  return true;
}

let modeloFeito: Promise<string> | undefined;
function modeloPostgres(pasta: string): Promise<string> {
  return (modeloFeito ??= varrerSobras().then(() => comAdmin(async (a) => {
    // Named after the run's folder (test/run.mjs: console-formularios-semente-<ms>-<random>), and written there before
    // it exists: the run drops it when it ends.
    const modelo = `${PREFIXO_MODELO}${basename(pasta).replace(/^\D*/, '').replace(/\W/g, '_').toLowerCase()}`;
    writeFileSync(join(pasta, 'postgres'), modelo);
    if ((await a.query('select 1 from pg_database where datname = $1', [modelo])).rowCount) return modelo;
    // Made under a name of this process's, then renamed: two files making it at once leave one, and the other drops its own.
    const meu = `${modelo}_${process.pid}`;
    await a.query(`drop database if exists ${meu}`);
    await a.query(`create database ${meu}`);
    const db = await abrirBanco({ databaseUrl: urlDoBanco(meu) });
    try {
      await semearDemo(db, DESTINO_DA_SEMENTE);
    } finally {
      await db.fechar();
    }
    try {
      await a.query(`alter database ${meu} rename to ${modelo}`);
    } catch {
      await a.query(`drop database if exists ${meu}`);
    }
    return modelo;
  })));
}
