import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { bancoPostgresNovo, portaLivre, usarPostgres } from '../apoio/servidor';
import { abrirBanco, PASTA_MIGRACOES } from '../../src/server/db';

/**
 * Issue 50, item 19: nodes started together on a new database (what a deploy with a new migration does) all come
 * up, and each migration runs once. Before the advisory lock, two of three nodes died on
 * `duplicate key value violates unique constraint "pg_proc_proname_args_nsp_index"` or `relation … already exists`.
 * PostgreSQL only: PGlite is one process's own database.
 */
const MIGRACOES = readdirSync(PASTA_MIGRACOES).filter((f) => f.endsWith('.sql')).sort();

test('três conexões migrando o mesmo banco novo ao mesmo tempo: todas terminam, cada migração uma vez', async (t) => {
  if (!(await usarPostgres())) return t.skip('sem PostgreSQL');
  const banco = await bancoPostgresNovo();
  try {
    const nos = await Promise.all([1, 2, 3].map(() => abrirBanco({ databaseUrl: banco.url })));
    try {
      const linhas = await nos[0].query<{ versao: string }>('select versao from schema_migracoes order by versao');
      assert.deepEqual(linhas.map((l) => l.versao), MIGRACOES);
    } finally {
      await Promise.all(nos.map((n) => n.fechar()));
    }
  } finally {
    await banco.descartar();
  }
});

test('três nós de produção subindo juntos num banco novo: os três sobem', async (t) => {
  if (!(await usarPostgres())) return t.skip('sem PostgreSQL');
  const banco = await bancoPostgresNovo();
  const processos: ReturnType<typeof spawn>[] = [];
  try {
    const env = {
      ...process.env, NODE_ENV: 'production', LOG: 'off', HOST: '127.0.0.1', DATABASE_URL: banco.url, PORTA_GESTAO: '0',
      KEYCLOAK_URL: 'http://127.0.0.1:9', CIDADAO_JWKS_URL: 'http://127.0.0.1:9/certs', CIDADAO_ISSUER: 'http://127.0.0.1:9', CIDADAO_AUDIENCE: 'formularios',
      SEGREDOS_CHAVE: Buffer.alloc(32, 3).toString('base64'), PUBLIC_URL: 'http://127.0.0.1:9',
    };
    const portas = await Promise.all([1, 2, 3].map(() => portaLivre()));
    const saidas = await Promise.all(
      portas.map(
        (porta) =>
          new Promise<{ subiu: boolean; saida: string }>((resolver) => {
            // The 90 s bound is cleared once the node answers or exits: left pending, it kept this file's process
            // (and one of the suite's two lanes) waiting 90 s after its tests had passed.
            const limite = setTimeout(() => ok({ subiu: false, saida: `${saida}\n(não subiu em 90 s)` }), 90_000);
            const ok = (r: { subiu: boolean; saida: string }) => (clearTimeout(limite), resolver(r));
            const p = spawn(process.execPath, ['--import', 'tsx', 'src/server/producao.ts'], { env: { ...env, PORT: String(porta) }, stdio: ['ignore', 'pipe', 'pipe'] });
            processos.push(p);
            let saida = '';
            const ler = (d: Buffer) => {
              saida += d;
              if (/\(produção\) em/.test(saida)) ok({ subiu: true, saida });
            };
            p.stdout!.on('data', ler);
            p.stderr!.on('data', ler);
            p.once('exit', (c) => ok({ subiu: false, saida: `${saida}\n(saiu com ${c})` }));
          }),
      ),
    );
    for (const s of saidas) assert.ok(s.subiu, s.saida);
    for (const porta of portas) assert.equal((await fetch(`http://127.0.0.1:${porta}/health/ready`)).status, 200);
  } finally {
    for (const p of processos) p.kill('SIGKILL');
    await banco.descartar();
  }
});
