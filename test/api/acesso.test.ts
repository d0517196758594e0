import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPair, SignJWT, decodeJwt } from 'jose';
import { bancosDeTeste, entrarComo, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { TOLERANCIA_RELOGIO_S } from '../../src/server/api/autenticacao';
import { PERFIS_DEMO, USUARIOS_DEMO } from '../../demo/server/usuariosDemo';
import { migrar } from '../../src/server/db';
import { opcoesDoAmbiente } from '../../demo/server/app';

/** The reference API's start-up calls and token checks, on PGlite and on the PostgreSQL server. */
for (const banco of await bancosDeTeste()) {
  describe(`API de acesso (${banco.nome})`, () => {
    let s: ServidorTeste;
    const api = (caminho: string, token?: string) => fetch(`${s.url}/api${caminho}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url, origensApi: ['https://portal.uf.gov.br'] });
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    test('each seeded user gets the permissions of their profiles and their admin flag', async () => {
      for (const u of USUARIOS_DEMO) {
        const { access_token } = await entrarComo(s.url, u.username);
        const perms = await (await api(`/perfis-acesso/permissoes/${u.username}`, access_token)).json();
        const esperadas = [...new Set((u.vinculo?.perfis ?? []).flatMap((n) => PERFIS_DEMO.find((p) => p.nome === n)!.permissoes))].sort();
        assert.deepEqual(perms, esperadas, u.username);
        const admin = await (await api('/perfis-acesso/administradores', access_token)).json();
        assert.deepEqual(admin, { userIsAdmin: u.username === 'admin' }, u.username);
      }
    });

    test('a user with no link at all gets [] and userIsAdmin false, not an error', async () => {
      const { access_token } = await entrarComo(s.url, 'visitante');
      const r = await api('/perfis-acesso/permissoes/visitante', access_token);
      assert.equal(r.status, 200);
      assert.deepEqual(await r.json(), []);
      const eu = await (await api('/vinculos-usuarios/eu', access_token)).json();
      assert.deepEqual(eu, { username: 'visitante', vinculado: false, administrador: false, perfis: [], grupos: [], permissoes: [] });
    });

    test("only an administrator may read another user's permissions", async () => {
      const gestor = (await entrarComo(s.url, 'gestor')).access_token;
      const r = await api('/perfis-acesso/permissoes/admin', gestor);
      assert.equal(r.status, 403);
      assert.match(r.headers.get('content-type') ?? '', /application\/problem\+json/);
      assert.deepEqual(await r.json(), { status: 403, title: 'Acesso negado', detail: 'Você só pode consultar as suas próprias permissões.' });
      const admin = (await entrarComo(s.url, 'admin')).access_token;
      assert.deepEqual(await (await api('/perfis-acesso/permissoes/auditor', admin)).json(), ['READ_FORMULARIO_EVENTO']);
    });

    test("the caller's own link lists profiles and content-control groups", async () => {
      const t = (await entrarComo(s.url, 'suporte')).access_token;
      const eu = await (await api('/vinculos-usuarios/eu', t)).json();
      assert.deepEqual(eu.grupos.map((g: { nome: string }) => g.nome), ['Saúde', 'Tributos']);
      assert.deepEqual(eu.perfis.map((p: { nome: string }) => p.nome), ['Suporte']);
    });

    test('token attacks all get 401 with a pt-BR problem', async () => {
      const valido = await entrarComo(s.url, 'admin');
      const claims = decodeJwt(valido.access_token);
      const outraChave = (await generateKeyPair('RS256')).privateKey;
      const agora = Math.floor(Date.now() / 1000);
      const assinar = (c: Record<string, unknown>, chave = outraChave) => new SignJWT(c).setProtectedHeader({ alg: 'RS256', kid: 'x' }).sign(chave);
      const semAssinatura = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
      const ataques: [string, string | undefined][] = [
        ['sem token', undefined],
        ['lixo', 'abc.def.ghi'],
        ['alg none', semAssinatura],
        ['outra chave', await assinar(claims)],
        ['expirado (outra chave)', await assinar({ ...claims, exp: agora - 60 })],
        ['refresh token no lugar do access', valido.refresh_token],
        ['id token no lugar do access', valido.id_token],
      ];
      // Signed with the provider's own key, so only the claim under test is wrong.
      const comChaveCerta = (c: Record<string, unknown>) => new SignJWT(c).setProtectedHeader({ alg: 'RS256', kid: s.chavesIdp!.kid }).sign(s.chavesIdp!.privateKey);
      ataques.push(['expirado (chave certa)', await comChaveCerta({ ...claims, iat: agora - 600, exp: agora - 60 })]);
      ataques.push(['outro cliente (chave certa)', await comChaveCerta({ ...claims, azp: 'outro-cliente', aud: 'outro-cliente' })]);
      ataques.push(['outro cliente com a nossa audiência', await comChaveCerta({ ...claims, azp: 'outro-cliente', aud: ['console-formularios', 'account'] })]);
      ataques.push(['sem azp, com a nossa audiência', await comChaveCerta({ ...claims, azp: undefined, aud: 'console-formularios' })]);
      ataques.push(['emitido um dia no futuro', await comChaveCerta({ ...claims, iat: agora + 86400 })]);
      // Wrong issuer: a real token from another provider that holds the same key.
      const outroEmissor = await subirServidor({ idp: { chaves: s.chavesIdp } });
      try {
        ataques.push(['emissor errado (mesma chave)', (await entrarComo(outroEmissor.url, 'admin')).access_token]);
      } finally {
        await outroEmissor.fechar();
      }
      for (const [nome, token] of ataques) {
        const r = await api('/perfis-acesso/administradores', token);
        assert.equal(r.status, 401, nome);
        const corpo = await r.json();
        assert.equal(corpo.title, 'Não autenticado', nome);
        assert.ok(r.headers.get('www-authenticate')?.startsWith('Bearer'), nome);
      }
      assert.equal((await api('/perfis-acesso/administradores', valido.access_token)).status, 200);
    });

    test('a verified token is remembered only as itself and only until it expires', async () => {
      const claims = decodeJwt((await entrarComo(s.url, 'admin')).access_token);
      const agora = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ ...claims, iat: agora, exp: agora + 1 }).setProtectedHeader({ alg: 'RS256', kid: s.chavesIdp!.kid }).sign(s.chavesIdp!.privateKey);
      assert.equal((await api('/perfis-acesso/administradores', token)).status, 200);
      assert.equal((await api('/perfis-acesso/administradores', token)).status, 200, 'the second call is served from the remembered verification');
      // The same claims with one character of the signature changed are not the remembered token.
      const [cabecalho, corpo, assinatura] = token.split('.');
      const meio = Math.floor(assinatura.length / 2);
      const adulterado = `${cabecalho}.${corpo}.${assinatura.slice(0, meio)}${assinatura[meio] === 'A' ? 'B' : 'A'}${assinatura.slice(meio + 1)}`;
      assert.equal((await api('/perfis-acesso/administradores', adulterado)).status, 401);
      // Past its expiry and the accepted clock skew, the remembered token is refused like any expired one.
      await new Promise((r) => setTimeout(r, (agora + 1 + TOLERANCIA_RELOGIO_S) * 1000 - Date.now() + 300));
      const r = await api('/perfis-acesso/administradores', token);
      assert.equal(r.status, 401);
      assert.equal((await r.json()).detail, 'Token de acesso inválido ou expirado.');
    });

    test('CORS exposes the paging headers to other origins', async () => {
      const r = await fetch(`${s.url}/api/perfis-acesso/administradores`, { method: 'OPTIONS', headers: { origin: 'https://portal.uf.gov.br', 'access-control-request-method': 'GET' } });
      assert.equal(r.status, 204);
      assert.equal(r.headers.get('access-control-allow-origin'), 'https://portal.uf.gov.br');
      assert.equal(r.headers.get('access-control-expose-headers'), 'X-Page-Number, X-Page-Size, X-Total-Count');
      // An origin not configured is not reflected (it used to be, with API_ORIGINS empty).
      const alheia = await fetch(`${s.url}/api/perfis-acesso/administradores`, { method: 'OPTIONS', headers: { origin: 'https://atacante.example', 'access-control-request-method': 'GET' } });
      assert.equal(alheia.headers.get('access-control-allow-origin'), null);
    });

    test('CORS without API_ORIGINS: the public origin and the demo hosts, never any origin', () => {
      const o = opcoesDoAmbiente({ PORT: '8080' });
      assert.deepEqual(o.origensApi, undefined, 'falls back to the provider origins');
      assert.deepEqual(o.origens, ['http://localhost:8080', 'http://127.0.0.1:8080']);
      assert.deepEqual(opcoesDoAmbiente({ API_ORIGINS: 'https://a.gov.br, https://b.gov.br' }).origensApi, ['https://a.gov.br', 'https://b.gov.br']);
    });

    test('unknown API paths answer 404 problem+json', async () => {
      const t = (await entrarComo(s.url, 'admin')).access_token;
      const r = await api('/nao-existe', t);
      assert.equal(r.status, 404);
      assert.equal((await r.json()).detail, 'Recurso não encontrado.');
    });

    test('migrations are applied once: running them again changes nothing', async () => {
      assert.deepEqual(await migrar(s.db), []);
      const [{ n }] = await s.db.query<{ n: number }>('select count(*)::int as n from schema_migracoes');
      assert.ok(n >= 1);
    });
  });
}
