import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { iniciarKeycloak, tokenAdmin, type KeycloakRodando } from '../../demo/keycloak/keycloak';
import { MENUS_DEMO } from '../apoio/menus';
import { abrirChromium } from '../e2e/navegador';
import { esperarTitulo, preencherLogin, sairDaDemo, subirDemo, textosMenu } from '../e2e/demo';
import { subirPortal } from '../apoio/portalHost';
import { traduzir } from '../../src/i18n';
import { diferencaPixels } from '../e2e/navegador';

/**
 * Issue 4, real Keycloak: the demo (`npm start` with KEYCLOAK_URL) signs in through Keycloak's own
 * login page and the API validates Keycloak's tokens. Realm demo (demo/keycloak/realm-demo.json):
 * 60 s access tokens (15 s in the refresh test, set through the admin REST API), so refresh is observable.
 */
let kc: KeycloakRodando;
let demo: Awaited<ReturnType<typeof subirDemo>>;
let navegador: Browser;
const BASE = 'http://localhost:8181';

before(async () => {
  kc = await iniciarKeycloak(Number(process.env.KEYCLOAK_PORT ?? 8180));
  demo = await subirDemo({ PORT: '8181', PUBLIC_URL: BASE, KEYCLOAK_URL: kc.url, ENTREGAS: 'off', API_ORIGINS: 'http://localhost:8182' });
  navegador = await abrirChromium();
});
after(async () => {
  await navegador?.close();
  await demo?.fechar();
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
      // Tokens of 15 s for this test (the realm's are 60 s: waiting past one took 70 s of every CI run); the
      // element checks every 2 s and refreshes when under 8 s are left.
      const lifespan = async (s: number) => assert.equal((await admin('', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accessTokenLifespan: s }) })).status, 204);
      await lifespan(15);
      try {
        await entrar(p, 'gestor', '/?token-check-interval-s=2&token-min-validity-s=8');
        await esperarTitulo(p, 'Olá, Gabriela!');
        const primeiro = [...tokens][0];
        const { exp, iat } = JSON.parse(Buffer.from(primeiro.replace(/^Bearer /, '').split('.')[1], 'base64url').toString()) as { exp: number; iat: number };
        assert.equal(exp - iat, 15, 'the first token lives 15 s');
        // Past the first token's expiry (and the API's 5 s clock tolerance): only a refreshed token can work now.
        await p.waitForTimeout(Math.max(0, (exp + 6) * 1000 - Date.now()));
        assert.ok(renovacoes >= 1, `refreshes seen: ${renovacoes}`);
        const resposta = p.waitForResponse((r) => r.url().startsWith(`${BASE}/api/formularios?`));
        await p.locator('console-formularios [data-rota=formularios]').click();
        const r = await resposta;
        assert.equal(r.status(), 200, 'the API accepts the refreshed token');
        assert.notEqual(r.request().headers().authorization, primeiro, 'a new access token');
        await esperarTitulo(p, 'Formulários Preenchidos');
      } finally {
        await lifespan(60);
      }
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


describe('o elemento dentro de portais de verdade (três origens, CSP estrita, Bootstrap 5 e GOV.UK Frontend)', () => {
  const PORTAL = 'http://localhost:8182';
  let portal: Awaited<ReturnType<typeof subirPortal>>;
  before(async () => {
    portal = await subirPortal({ porta: 8182, keycloak: kc.url, api: BASE });
  });
  after(async () => portal?.fechar());

  /** Signs in on a portal page as admin and shows the profiles list (server-paged, with its total). */
  async function consoleNoPortal(p: Page, pagina: string) {
    const erros: string[] = [];
    p.on('console', (m) => m.type() === 'error' && /Content Security Policy|CORS/.test(m.text()) && erros.push(m.text()));
    await p.goto(`${PORTAL}/${pagina}`);
    await p.waitForURL(new RegExp(`^${kc.url}/`), { timeout: 30_000 });
    await preencherLogin(p, 'admin');
    await p.waitForURL(new RegExp(`^${PORTAL}/`), { timeout: 30_000 });
    await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 30_000 });
    const lista = p.waitForResponse((r) => r.url().startsWith(`${BASE}/api/perfis-acesso?`));
    await p.evaluate(() => (document.querySelector('console-formularios') as unknown as { navigate(x: string): void }).navigate('/perfis-acesso'));
    const r = await lista;
    await esperarTitulo(p, 'Perfil de Acesso');
    await p.locator('console-formularios [data-testid=total]').waitFor();
    await p.waitForFunction(() => !document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-ocupado'));
    await p.waitForTimeout(500);
    return { resposta: r, erros };
  }

  test('API, portal e Keycloak em três origens: CORS certo, total da paginação legível, entrar e sair', async () => {
    await comPagina(async (p) => {
      const { resposta, erros } = await consoleNoPortal(p, 'simples.html');
      assert.equal(resposta.headers()['access-control-allow-origin'], PORTAL);
      assert.match(resposta.headers()['access-control-expose-headers'] ?? '', /X-Total-Count/i);
      assert.equal((await resposta.request().allHeaders()).origin, PORTAL);
      // The total on screen comes from X-Total-Count: readable across origins.
      assert.equal(await p.locator('console-formularios [data-testid=total]').innerText(), traduzir('pt-BR', 'tabela.total', { total: Number(resposta.headers()['x-total-count']) }));
      assert.deepEqual(erros, [], 'no CSP or CORS errors');
      assert.equal(await sessoes('admin'), 1);
      await sairDaDemo(p);
      assert.match(p.url(), new RegExp(`^${kc.url}/`));
      assert.equal(await sessoes('admin'), 0, 'sign-out ended the Keycloak session');
    });
  });

  test('com Bootstrap 5 e com GOV.UK Frontend mais regras globais agressivas, o console fica igual ao da página simples e a página do portal não muda', async () => {
    const fotos: Record<string, Buffer> = {};
    for (const estilo of ['simples', 'bootstrap', 'govuk'] as const) {
      await comPagina(async (p) => {
        await p.setViewportSize({ width: 1300, height: 900 });
        // The portal's own elements, first without the console, then with it.
        await p.goto(`${PORTAL}/${estilo}.html?sem-console`);
        const estilos = () => p.evaluate(() => ['#botao-host', '#texto-host'].map((s) => { const c = getComputedStyle(document.querySelector(s)!); return [c.font, c.color, c.backgroundColor, c.padding, c.boxSizing].join(' / '); }));
        const antes = await estilos();
        const { erros } = await consoleNoPortal(p, `${estilo}.html`);
        assert.deepEqual(erros, [], `${estilo}: no CSP or CORS errors`);
        assert.deepEqual(await estilos(), antes, `${estilo}: the portal's own elements are unchanged by the console`);
        fotos[estilo] = await p.locator('console-formularios').screenshot();
        // The whole portal page, for whoever reads a failure.
        await p.screenshot({ path: join(tmpdir(), `portal-${estilo}.png`) });
      });
    }
    // Stated tolerance: at most 1% of the console's pixels differ (anti-aliasing, the clock in nothing shown).
    for (const estilo of ['bootstrap', 'govuk']) {
      const d = await diferencaPixels(navegador, fotos.simples, fotos[estilo]);
      assert.ok(d <= 0.01, `${estilo}: ${(d * 100).toFixed(2)}% of pixels differ from the plain page`);
    }
  });

  test('o bundle clássico e o bundle módulo funcionam de uma tag <script> comum sob a CSP estrita', async () => {
    for (const pagina of ['bootstrap.html?bundle=classico', 'govuk.html']) {
      await comPagina(async (p) => {
        const { erros } = await consoleNoPortal(p, pagina);
        assert.deepEqual(erros, []);
        const classico = pagina.includes('classico');
        assert.equal(await p.locator(`script[src$="${classico ? 'console-formularios.classic.js' : 'console-formularios.js'}"]`).count(), 1);
        assert.equal(await p.locator('script[type=module]').count(), classico ? 0 : 1);
      });
    }
  });
});
