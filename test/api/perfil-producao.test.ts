import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, portaLivre } from '../apoio/servidor';

/**
 * Issue 33: the production profile refuses to start without what it needs (a pt-BR line naming the variable, exit 2)
 * and, configured, serves nothing of the demonstration. Apart from internet.test.ts, which runs alone (it measures the
 * event loop): these only start processes of their own, on a free port and a fresh database.
 */
const JSON_CT = { 'content-type': 'application/json' };

describe('o perfil de produção', () => {
  const CHAVE = Buffer.alloc(32, 9).toString('base64');
  const base = (extra: Record<string, string>) => ({ ...process.env, NODE_ENV: 'production', LOG: 'off', KEYCLOAK_URL: 'http://127.0.0.1:9', CIDADAO_JWKS_URL: 'http://127.0.0.1:9/certs', CIDADAO_ISSUER: 'http://127.0.0.1:9', CIDADAO_AUDIENCE: 'formularios', SEGREDOS_CHAVE: CHAVE, DATABASE_URL: 'postgres://127.0.0.1:9/nada', PUBLIC_URL: 'http://127.0.0.1:9', ...extra });
  const iniciar = async (env: NodeJS.ProcessEnv) => {
    const { spawn } = await import('node:child_process');
    const p = spawn(process.execPath, ['--import', 'tsx', 'src/server/producao.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let saida = '';
    let erro = '';
    p.stdout.on('data', (d) => (saida += d));
    p.stderr.on('data', (d) => (erro += d));
    const fim = new Promise<number | null>((ok) => p.on('exit', (codigo) => ok(codigo)));
    return { p, fim, saida: () => saida, erro: () => erro };
  };

  test('sem o que exige, ou com um valor malformado: não sobe, código 2 e uma linha em pt-BR que nomeia a variável', async () => {
    for (const [extra, esperado] of [
      [{ KEYCLOAK_URL: '' }, /KEYCLOAK_URL \(o Keycloak dos servidores\)/],
      [{ CIDADAO_AUDIENCE: '', CIDADAO_ISSUER: '' }, /CIDADAO_ISSUER .*CIDADAO_AUDIENCE/],
      [{ SEGREDOS_CHAVE: 'nao-e-uma-chave' }, /SEGREDOS_CHAVE inválido \(esperado: 32 bytes em base64/],
      // Issue 50: these three ended with a stack trace and exit 1.
      [{ DATABASE_URL: 'nao-url' }, /DATABASE_URL inválido: "nao-url" \(esperado: um endereço postgres:/],
      [{ DATABASE_URL: 'http://127.0.0.1:5432/x' }, /DATABASE_URL inválido: "http:\/\/127\.0\.0\.1:5432\/x"/],
      [{ PORT: '99999' }, /PORT inválido: "99999" \(esperado: um número inteiro de 0 a 65535\)/],
    ] as const) {
      const r = await iniciar(base(extra));
      assert.equal(await r.fim, 2, r.erro());
      const linhas = r.erro().split('\n').filter((l) => l.trim() && !/^AVISO: o Node/.test(l));
      assert.equal(linhas.length, 1, r.erro());
      assert.match(linhas[0], /^Configuração inválida: /);
      assert.match(linhas[0], esperado);
    }
  });

  test('com tudo configurado: sobe sem nada da demonstração (nem provedor, nem usuários, nem receptor, e-mails ou páginas) e sai com 0 no SIGTERM', async (t) => {
    const pg = (await bancosDeTeste()).find((b) => b.url);
    if (!pg) return t.skip('sem PostgreSQL: a produção exige DATABASE_URL');
    const porta = await portaLivre();
    const url = `http://127.0.0.1:${porta}`;
    const r = await iniciar(base({ DATABASE_URL: pg.url!, PORT: String(porta), HOST: '127.0.0.1', PUBLIC_URL: url }));
    try {
      for (let i = 0; i < 600 && !/produção\) em/.test(r.saida()); i++) await new Promise((ok) => setTimeout(ok, 100));
      assert.match(r.saida(), /Console de Formulários \(produção\) em/, r.erro());
      const caminhos: [string, string][] = [
        ['GET', '/'], ['GET', '/index.html'], ['GET', '/cidadao.html'], ['GET', '/incorporado.html'], ['GET', '/silent-check-sso.html'],
        ['GET', '/realms/demo/.well-known/openid-configuration'], ['GET', '/realms/demo/protocol/openid-connect/auth?client_id=console-formularios'], ['POST', '/realms/demo/protocol/openid-connect/token'],
        ['GET', '/demo/emails'], ['GET', '/demo/emails.json'], ['GET', '/demo/receptor'], ['PUT', '/demo/receptor/modo'], ['POST', '/api/publico/token-demo'],
      ];
      for (const [metodo, caminho] of caminhos) {
        const resposta = await fetch(`${url}${caminho}`, { method: metodo, ...(metodo !== 'GET' ? { headers: JSON_CT, body: '{"modo":"falha","status":503,"cpf":"52998224725"}' } : {}) });
        assert.equal(resposta.status, 404, `${metodo} ${caminho}`);
      }
      assert.equal((await fetch(`${url}/api/openapi.json`)).status, 200, 'the service itself is up');
      assert.equal((await fetch(`${url}/api/modelos`)).status, 401);
      const { default: pgc } = await import('pg');
      const c = new pgc.Client({ connectionString: pg.url });
      await c.connect();
      const { rows } = await c.query('select (select count(*) from vinculo_usuario)::int as v, (select count(*) from modelo)::int as m, (select count(*) from perfil_acesso)::int as p');
      await c.end();
      assert.deepEqual(rows[0], { v: 0, m: 0, p: 0 }, 'nothing seeded');
      r.p.kill('SIGTERM');
      assert.equal(await r.fim, 0);
    } finally {
      r.p.kill('SIGKILL');
      await pg.descartar?.();
    }
  });
});
