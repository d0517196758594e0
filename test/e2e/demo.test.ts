import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { abrirChromium } from './navegador';
import { preencherLogin, subirDemo } from './demo';
import { MENUS_DEMO as MENUS } from '../apoio/menus';

/**
 * End to end against the demo as `npm start` runs it (its own process, the built bundle, embedded
 * provider, PGlite in a fresh folder, even where the other e2e files run on PostgreSQL), driven by playwright-core in
 * Debian's Chromium.
 */
let navegador: Browser;
let base: string;
let demo: Awaited<ReturnType<typeof subirDemo>>;

before(async () => {
  demo = await subirDemo({}, { pglite: true });
  base = demo.base;
  navegador = await abrirChromium();
});

after(async () => {
  await navegador?.close();
  await demo?.fechar();
});

async function entrar(p: Page, usuario: string) {
  await p.goto(`${base}/`);
  await p.locator('#username').waitFor({ timeout: 20_000 });
  assert.match(await p.title(), /Entrar/);
  await preencherLogin(p, usuario);
  await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
}

const menu = (p: Page) => p.locator('console-formularios [data-testid=menu] .bp6-menu-item').allInnerTexts();
const titulo = (p: Page) => p.locator('console-formularios .cf-titulo-pagina').innerText();

describe('demonstração de ponta a ponta', () => {
  for (const [usuario, esperado] of Object.entries(MENUS)) {
    test(`${usuario} entra pelo formulário e vê o menu da tabela do DESIGN.md`, async () => {
      const ctx = await navegador.newContext({ viewport: { width: 1280, height: 900 } });
      const p = await ctx.newPage();
      try {
        await entrar(p, usuario);
        await p.waitForFunction(() => !document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-ocupado'));
        assert.deepEqual((await menu(p)).map((t) => t.trim()), esperado);
        const nome = p.locator('console-formularios [data-testid=nome-usuario]');
        const cor = await nome.evaluate((n) => getComputedStyle(n).color);
        assert.equal(cor === 'rgb(172, 47, 51)', usuario === 'admin', `${usuario}: nome em vermelho só para o administrador (${cor})`);
        assert.equal(new URL(p.url()).hash, '', 'the sign-in callback is cleaned from the address');
      } finally {
        await ctx.close();
      }
    });
  }

  test('recarregar numa página que não é a inicial volta para ela; sair volta ao formulário de entrada', async () => {
    const ctx = await navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    try {
      await entrar(p, 'gestor');
      await p.locator('console-formularios [data-rota=formularios-eventos]').click();
      await p.waitForFunction(() => document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-titulo-pagina')?.textContent === 'Eventos');
      await p.reload();
      await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
      await p.waitForFunction(() => document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-titulo-pagina')?.textContent === 'Eventos');
      assert.equal(await titulo(p), 'Eventos');
      await p.locator('console-formularios [data-testid=sair]').click();
      await p.locator('#username').waitFor({ timeout: 20_000 });
      assert.match(await p.content(), /somente para desenvolvimento/);
      // Signed out for real: a new visit asks for the password again.
      await p.goto(`${base}/`);
      await p.locator('#username').waitFor({ timeout: 20_000 });
    } finally {
      await ctx.close();
    }
  });

  test('a página do host roda sob CSP estrita e não busca nada de terceiros', async () => {
    const ctx = await navegador.newContext();
    const p = await ctx.newPage();
    const origens = new Set<string>();
    const violacoes: string[] = [];
    p.on('request', (r) => origens.add(new URL(r.url()).origin));
    p.on('console', (m) => /Content Security Policy/i.test(m.text()) && violacoes.push(m.text()));
    try {
      const r = await p.goto(`${base}/`);
      await p.locator('#username').waitFor();
      await p.fill('#username', 'admin');
      await p.fill('#password', 'admin');
      await p.click('#kc-login');
      await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
      const csp = (await ctx.request.get(`${base}/`)).headers()['content-security-policy'];
      assert.match(csp, /script-src 'self'/);
      assert.doesNotMatch(csp, /unsafe-eval|unsafe-inline/);
      assert.equal(r?.status(), 200, 'the host page itself');
      assert.deepEqual(violacoes, []);
      assert.deepEqual([...origens].filter((o) => o !== base && !o.startsWith('data:')), []);
    } finally {
      await ctx.close();
    }
  });
});
