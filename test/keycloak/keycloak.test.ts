import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { iniciarKeycloak, tokenAdmin, type KeycloakRodando } from '../../demo/keycloak/keycloak';
import { MENUS_DEMO } from '../apoio/menus';
import { abrirChromium } from '../e2e/navegador';
import { esperarTitulo, preencherLogin, sairDaDemo, subirDemo, textosMenu } from '../e2e/demo';

/**
 * Issue 4, real Keycloak: the demo (`npm start` with KEYCLOAK_URL) signs in through Keycloak's own
 * login page and the API validates Keycloak's tokens. Realm demo (demo/keycloak/realm-demo.json):
 * 60 s access tokens, so refresh is observable.
 */
let kc: KeycloakRodando;
let demo: Awaited<ReturnType<typeof subirDemo>>;
let navegador: Browser;
const BASE = 'http://localhost:8181';

before(async () => {
  kc = await iniciarKeycloak(Number(process.env.KEYCLOAK_PORT ?? 8180));
  demo = await subirDemo({ PORT: '8181', PUBLIC_URL: BASE, KEYCLOAK_URL: kc.url, ENTREGAS: 'off' });
  navegador = await abrirChromium();
});
after(async () => {
  await navegador?.close();
  demo?.fechar();
  await kc?.parar();
});

async function admin(caminho: string, init: RequestInit = {}) {
  const r = await fetch(`${kc.url}/admin/realms/demo${caminho}`, { ...init, headers: { authorization: `Bearer ${await tokenAdmin(kc.url)}`, ...(init.headers ?? {}) } });
  return { status: r.status, json: r.status === 204 ? null : await r.json() };
}
const idDe = async (username: string) => (await admin(`/users?username=${username}&exact=true`)).json[0].id as string;
const sessoes = async (username: string) => ((await admin(`/users/${await idDe(username)}/sessions`)).json as unknown[]).length;

async function comPagina(corpo: (p: Page) => Promise<void>) {
  const ctx = await navegador.newContext();
  const p = await ctx.newPage();
  try {
    await corpo(p);
  } finally {
    await ctx.close();
  }
}

async function entrar(p: Page, usuario: string, caminho = '/') {
  await p.goto(`${BASE}${caminho}`);
  // The login page is Keycloak's own.
  await p.waitForURL(new RegExp(`^${kc.url}/realms/demo/protocol/openid-connect/auth`), { timeout: 30_000 });
  await preencherLogin(p, usuario);
}

describe('Keycloak de verdade', () => {
  test('cada usuário semeado entra pela página do Keycloak e vê o seu menu; sair encerra a sessão no Keycloak', async () => {
    for (const [usuario, menu] of Object.entries(MENUS_DEMO)) {
      await comPagina(async (p) => {
        await entrar(p, usuario);
        await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 30_000 });
        await p.waitForFunction(() => !document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-ocupado'));
        assert.deepEqual(await textosMenu(p), menu, usuario);
        assert.equal(await sessoes(usuario), 1, `${usuario} has a Keycloak session`);
        await sairDaDemo(p);
        assert.match(p.url(), new RegExp(`^${kc.url}/`), 'back on Keycloak’s login page');
        assert.equal(await sessoes(usuario), 0, `${usuario}'s Keycloak session ended`);
      });
    }
  });

  test('passado o tempo de vida do token de acesso, ele foi renovado e as chamadas seguem funcionando', async () => {
    await comPagina(async (p) => {
      const tokens = new Set<string>();
      let renovacoes = 0;
      p.on('request', (r) => {
        if (r.url().startsWith(`${BASE}/api/`) && r.headers().authorization) tokens.add(r.headers().authorization);
        if (r.url().endsWith('/protocol/openid-connect/token') && (r.postData() ?? '').includes('grant_type=refresh_token')) renovacoes++;
      });
      // Check every 10 s; refresh when under 20 s are left (tokens live 60 s).
      await entrar(p, 'gestor', '/?token-check-interval-s=10&token-min-validity-s=20');
      await esperarTitulo(p, 'Olá, Gabriela!');
      const primeiro = [...tokens][0];
      await p.waitForTimeout(70_000);
      assert.ok(renovacoes >= 1, `refreshes seen: ${renovacoes}`);
      const resposta = p.waitForResponse((r) => r.url().startsWith(`${BASE}/api/formularios?`));
      await p.locator('console-formularios [data-rota=formularios]').click();
      const r = await resposta;
      assert.equal(r.status(), 200, 'the API accepts the refreshed token');
      assert.notEqual(r.request().headers().authorization, primeiro, 'a new access token');
      await esperarTitulo(p, 'Formulários Preenchidos');
    });
  });

  test('sessão encerrada no Keycloak (REST de administração): a renovação falha e o usuário volta ao login, e depois à página onde estava', async () => {
    await comPagina(async (p) => {
      await entrar(p, 'auditor', '/?token-check-interval-s=2&token-min-validity-s=70');
      await p.locator('console-formularios [data-rota=formularios-eventos]').click();
      await esperarTitulo(p, 'Eventos');
      assert.equal((await admin(`/users/${await idDe('auditor')}/logout`, { method: 'POST' })).status, 204);
      await p.locator('#username').waitFor({ timeout: 30_000 });
      assert.match(p.url(), new RegExp(`^${kc.url}/`));
      await preencherLogin(p, 'auditor');
      await esperarTitulo(p, 'Eventos');
    });
  });

  test('visita direta (modo browser) com a sessão vencida: login no Keycloak e volta à página pedida', async () => {
    await comPagina(async (p) => {
      await entrar(p, 'gestor');
      await esperarTitulo(p, 'Olá, Gabriela!');
      assert.equal((await admin(`/users/${await idDe('gestor')}/logout`, { method: 'POST' })).status, 204);
      await p.goto(`${BASE}/console/analitico-formularios?router=browser&base-path=/console`);
      await preencherLogin(p, 'gestor');
      await esperarTitulo(p, 'Analítico de Formulários');
      assert.equal(new URL(p.url()).pathname, '/console/analitico-formularios');
    });
  });
});
