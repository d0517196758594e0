import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bancoPostgresNovo, usarPostgres } from '../apoio/servidor';
import { abrirBanco, nomeDaConsulta, umPlano } from '../../src/server/db';

/**
 * Issue 47: a statement written to be planned once (db.ts `umPlano`: the counters' reads, the jumps, the page of one
 * hour) runs where PostgreSQL never plans for the values, never in parallel and never compiled; every other statement
 * (a filtered list's page, whose values choose the index) keeps the server's own choice. PostgreSQL only (PGlite has
 * one connection and runs it as an ordinary statement, below).
 */
const AJUSTES = `select current_setting('plan_cache_mode') as plano, current_setting('max_parallel_workers_per_gather') as paralelos, current_setting('jit') as jit, $1::int as valor`;

test('um plano só: as instruções umPlano vão por conexões que não planejam pelos valores; as demais, não', async (t) => {
  if (!(await usarPostgres())) return t.skip('sem PostgreSQL');
  const banco = await bancoPostgresNovo();
  const db = await abrirBanco({ databaseUrl: banco.url });
  try {
    // Several at once: each pool hands out more than one connection, and every one of them is set the same way.
    const unicas = await Promise.all([1, 2, 3, 4].map((v) => db.query<{ plano: string; paralelos: string; jit: string; valor: number }>(AJUSTES, [v], umPlano(AJUSTES))));
    for (const [i, [l]] of unicas.entries()) assert.deepEqual(l, { plano: 'force_generic_plan', paralelos: '0', jit: 'off', valor: i + 1 });
    const [nomeada] = await db.query<{ plano: string; paralelos: string }>(AJUSTES, [5], nomeDaConsulta(AJUSTES));
    const [simples] = await db.query<{ plano: string; paralelos: string }>(AJUSTES, [6]);
    for (const l of [nomeada, simples]) {
      assert.equal(l.plano, 'auto');
      assert.notEqual(l.paralelos, '0');
    }
    // Inside a transaction everything is that transaction's connection: an ordinary statement there.
    const [naTransacao] = await db.transacao((tx) => tx.query<{ plano: string }>(AJUSTES, [7], umPlano(AJUSTES)));
    assert.equal(naTransacao.plano, 'auto');
    // The metrics count both pools' connections.
    assert.ok(db.conexoes!().total >= 2);
  } finally {
    await db.fechar();
    await banco.descartar();
  }
});

test('um plano só no PGlite: a mesma chamada, uma instrução comum', async () => {
  const db = await abrirBanco({ pasta: 'memory://' });
  try {
    const [l] = await db.query<{ valor: number }>(AJUSTES, [8], umPlano(AJUSTES));
    assert.equal(l.valor, 8);
  } finally {
    await db.fechar();
  }
});
