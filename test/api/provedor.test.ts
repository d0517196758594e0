import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { entrarComo, subirServidor, type ServidorTeste } from '../apoio/servidor';

/**
 * The embedded identity provider keeps the promises keycloak-js and the API rely on. In a suite, so that the server's
 * hooks belong to this file's tests alone (run.mjs runs the api files several to a process).
 */
describe('o provedor de identidade embutido', () => {
  let s: ServidorTeste;
  before(async () => {
    s = await subirServidor();
  });
  after(() => s.fechar());

  const oidc = () => `${s.url}/realms/demo/protocol/openid-connect`;
  const form = (o: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(o) });

  function pedidoAuth(extra: Record<string, string> = {}) {
    const verificador = randomBytes(32).toString('base64url');
    const q = new URLSearchParams({ client_id: 'console-formularios', redirect_uri: `${s.url}/`, state: 's', response_type: 'code', code_challenge: createHash('sha256').update(verificador).digest('base64url'), code_challenge_method: 'S256', ...extra });
    return { url: `${oidc()}/auth?${q}`, verificador };
  }

  test("tokens carry Keycloak's claims for the user", async () => {
    const t = await entrarComo(s.url, 'gestor');
    const c = decodeJwt(t.access_token);
    assert.equal(c.iss, `${s.url}/realms/demo`);
    assert.equal(c.azp, 'console-formularios');
    assert.equal(c.typ, 'Bearer');
    assert.equal(c.preferred_username, 'gestor');
    assert.equal(c.given_name, 'Gabriela');
    assert.equal(c.family_name, 'Gestora Almeida');
    assert.equal(c.name, 'Gabriela Gestora Almeida');
    assert.equal(c.email, 'gestor@demo.gov.br');
    assert.equal(c.email_verified, true);
    assert.equal(decodeJwt(t.id_token).nonce, 'n1');
  });

  test('the sign-in page uses Keycloak field ids and says it is for development only', async () => {
    const html = await (await fetch(pedidoAuth().url)).text();
    for (const id of ['id="username"', 'id="password"', 'id="kc-login"']) assert.ok(html.includes(id), id);
    assert.match(html, /somente para desenvolvimento/);
  });

  test('unknown clients, foreign redirect URIs and missing PKCE are refused', async () => {
    assert.equal((await fetch(pedidoAuth({ client_id: 'intruso' }).url)).status, 400);
    assert.equal((await fetch(pedidoAuth({ redirect_uri: 'https://atacante.example/' }).url)).status, 400);
    const semPkce = new URL(pedidoAuth().url);
    semPkce.searchParams.delete('code_challenge');
    assert.equal((await fetch(semPkce)).status, 400);
  });

  test('wrong password shows the form again with a pt-BR error', async () => {
    const html = await (await fetch(pedidoAuth().url)).text();
    const pedido = /name="pedido" value="([^"]+)"/.exec(html)![1];
    const r = await fetch(`${oidc()}/auth`, { ...form({ pedido, username: 'admin', password: 'errada' }), redirect: 'manual' });
    assert.equal(r.status, 401);
    assert.match(await r.text(), /Usuário ou senha inválidos\./);
  });

  async function codigo(verificadorPedido?: string) {
    const p = pedidoAuth();
    const html = await (await fetch(p.url)).text();
    const pedido = /name="pedido" value="([^"]+)"/.exec(html)![1];
    const r = await fetch(`${oidc()}/auth`, { ...form({ pedido, username: 'admin', password: 'admin' }), redirect: 'manual' });
    const code = new URLSearchParams(new URL(r.headers.get('location')!).hash.slice(1)).get('code')!;
    return { code, verificador: verificadorPedido ?? p.verificador };
  }

  test('PKCE is verified and codes are single-use', async () => {
    const a = await codigo();
    const errado = await fetch(`${oidc()}/token`, form({ grant_type: 'authorization_code', code: a.code, code_verifier: 'x'.repeat(43), client_id: 'console-formularios', redirect_uri: `${s.url}/` }));
    assert.equal(errado.status, 400);
    const b = await codigo();
    const ok = await fetch(`${oidc()}/token`, form({ grant_type: 'authorization_code', code: b.code, code_verifier: b.verificador, client_id: 'console-formularios', redirect_uri: `${s.url}/` }));
    assert.equal(ok.status, 200);
    const denovo = await fetch(`${oidc()}/token`, form({ grant_type: 'authorization_code', code: b.code, code_verifier: b.verificador, client_id: 'console-formularios', redirect_uri: `${s.url}/` }));
    assert.equal(denovo.status, 400);
    assert.equal((await denovo.json()).error, 'invalid_grant');
  });

  test('refresh works while the session lives and fails once it is ended', async () => {
    const t = await entrarComo(s.url, 'operador');
    const r1 = await fetch(`${oidc()}/token`, form({ grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: 'console-formularios' }));
    assert.equal(r1.status, 200);
    assert.equal(s.encerrarSessoes!('operador') >= 1, true);
    const r2 = await fetch(`${oidc()}/token`, form({ grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: 'console-formularios' }));
    assert.equal(r2.status, 400);
  });

  test('logout redirects only to allowed origins', async () => {
    const ok = await fetch(`${oidc()}/logout?post_logout_redirect_uri=${encodeURIComponent(`${s.url}/`)}`, { redirect: 'manual' });
    assert.equal(ok.status, 302);
    assert.equal(ok.headers.get('location'), `${s.url}/`);
    const fora = await fetch(`${oidc()}/logout?post_logout_redirect_uri=${encodeURIComponent('https://atacante.example/')}`, { redirect: 'manual' });
    assert.equal(fora.status, 200);
  });
});
