import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { bancoPostgresNovo, bancosDeTeste, clienteApi, usarPostgres, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { esperarAte } from '../apoio/receptor';
import { cacheDe, VALIDADE_ACESSO_MS } from '../../src/server/api/cacheAcesso';

/**
 * Issue 47: a staff user's access is kept per node (no database round trip per request) and a change stops
 * working everywhere within the documented bound (VALIDADE_ACESSO_MS, 1 s): at once on the node that made it,
 * by PostgreSQL's NOTIFY on the others, and by the entries' age on a node that missed the message.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

/** A profile with READ_MODELO only, and `auditor` linked to it (Saúde); answers the profile's id. */
async function leitorDeModelos(admin: Cliente): Promise<number> {
  const perfil = await admin('POST', '/perfis-acesso', { nome: `Leitor de modelos ${Date.now()}`, permissoes: ['READ_MODELO'] });
  assert.equal(perfil.status, 201, JSON.stringify(perfil.json));
  const v = (await admin('GET', '/vinculos-usuarios/auditor')).json;
  assert.equal((await admin('PUT', '/vinculos-usuarios/auditor', { nome: v.nome, email: v.email, administrador: false, perfis: [perfil.json.id], grupos: v.grupos.map((g: { id: number }) => g.id), versao: v.versao })).status, 200);
  return perfil.json.id;
}

/** Takes READ_MODELO away from the profile (through `admin`, on whichever node it talks to). */
async function tirarPermissao(admin: Cliente, perfil: number) {
  const p = (await admin('GET', `/perfis-acesso/${perfil}`)).json;
  const r = await admin('PUT', `/perfis-acesso/${perfil}`, { nome: p.nome, descricao: p.descricao ?? '', permissoes: ['READ_FORMULARIO_EVENTO'], versao: p.versao });
  assert.equal(r.status, 200, JSON.stringify(r.json));
}

for (const banco of await bancosDeTeste()) {
  describe(`o acesso guardado por nó (${banco.nome})`, () => {
    let s: ServidorTeste;
    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    test('no nó que muda o acesso, a próxima requisição já vê a mudança; uma mudança direta no banco também vale, dentro do limite', async () => {
      const admin = await clienteApi(s.url, 'admin');
      const perfil = await leitorDeModelos(admin);
      const auditor = await clienteApi(s.url, 'auditor');
      assert.equal((await auditor('GET', '/modelos?size=1')).status, 200, 'allowed, and now kept');
      // Kept: twenty requests ask the database for the access once or twice (an entry lives a second), not twenty times.
      const cache = cacheDe(s.db)!;
      const antes = cache.consultas();
      for (let i = 0; i < 20; i++) assert.equal((await auditor('GET', '/modelos?size=1')).status, 200);
      assert.ok(cache.consultas() - antes <= 3, `${cache.consultas() - antes} lookups for 20 requests`);
      await tirarPermissao(admin, perfil);
      assert.equal((await auditor('GET', '/modelos?size=1')).status, 403, 'the very next request');
      // Straight in the database (an operator's SQL): told by the trigger's NOTIFY, and bounded by the entries' age anyway.
      assert.equal((await auditor('GET', '/formularios-eventos?size=1')).status, 200);
      const inicio = Date.now();
      await s.db.query(`update perfil_acesso set permissoes = '{}' where id = $1`, [perfil]);
      await esperarAte(async () => (await auditor('GET', '/formularios-eventos?size=1')).status === 403, VALIDADE_ACESSO_MS + 2000, 'the removed permission refused');
      assert.ok(Date.now() - inicio <= VALIDADE_ACESSO_MS + 1000, `${Date.now() - inicio} ms`);
    });
  });
}

describe('o acesso guardado em dois nós do mesmo PostgreSQL', { skip: !(await usarPostgres()) }, () => {
  let banco: Awaited<ReturnType<typeof bancoPostgresNovo>>;
  let a: ServidorTeste;
  let b: ServidorTeste;
  before(async () => {
    banco = await bancoPostgresNovo();
    a = await subirServidor({ databaseUrl: banco.url });
    b = await subirServidor({ databaseUrl: banco.url });
  });
  after(async () => {
    await a?.fechar();
    await b?.fechar();
    await banco?.descartar();
  });

  test('uma permissão tirada num nó deixa de valer no outro dentro do limite (pelo NOTIFY); sem ouvir o aviso, pela idade da entrada', async () => {
    const adminA = await clienteApi(a.url, 'admin');
    const perfil = await leitorDeModelos(adminA);
    const auditorB = await clienteApi(b.url, 'auditor');
    assert.equal((await auditorB('GET', '/modelos?size=1')).status, 200, 'allowed on B, and kept there');
    await tirarPermissao(adminA, perfil);
    // From the moment the change is committed (the PUT answered); the slack is one request's own time on a busy machine.
    let inicio = Date.now();
    await esperarAte(async () => (await auditorB('GET', '/modelos?size=1')).status === 403, VALIDADE_ACESSO_MS + 2000, 'refused on B');
    assert.ok(Date.now() - inicio <= VALIDADE_ACESSO_MS + 500, `B refused ${Date.now() - inicio} ms after the change on A (bound ${VALIDADE_ACESSO_MS} ms)`);

    // B misses the message: its listening connection is cut while the access changes; the entry's age still bounds it.
    const perfil2 = await leitorDeModelos(adminA);
    assert.equal((await auditorB('GET', '/modelos?size=1')).status, 200);
    const c = new pg.Client({ connectionString: banco.url });
    await c.connect();
    try {
      const cortadas = await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen acesso_alterado%' and pid <> pg_backend_pid()`);
      assert.ok(cortadas.rowCount! >= 2, 'both nodes were listening');
      inicio = Date.now();
      await c.query(`update perfil_acesso set permissoes = '{}' where id = $1`, [perfil2]);
    } finally {
      await c.end();
    }
    await esperarAte(async () => (await auditorB('GET', '/modelos?size=1')).status === 403, VALIDADE_ACESSO_MS + 2000, 'refused on B without the message');
    assert.ok(Date.now() - inicio <= VALIDADE_ACESSO_MS + 500, `${Date.now() - inicio} ms`);
    // And B listens again afterwards.
    await esperarAte(async () => {
      const d = new pg.Client({ connectionString: banco.url });
      await d.connect();
      const n = (await d.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen acesso_alterado%'`)).rows[0].n;
      await d.end();
      return n >= 2;
    }, 10_000, 'both nodes listening again');
  });
});
