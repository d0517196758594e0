import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { abrirChromium } from './navegador';
import { subirServidor, entrarComo, type ServidorTeste } from '../apoio/servidor';
import { preencherLogin } from './demo';

/** Session behaviour end to end: refresh watched, refresh failure, return address, both bundles, events. */
let s: ServidorTeste;
let navegador: Browser;

before(async () => {
  s = await subirServidor();
  navegador = await abrirChromium();
});
after(async () => {
  await navegador?.close();
  await s?.fechar();
});

const formulario = preencherLogin;

const tituloE = (p: Page, t: string) => p.waitForFunction((x) => document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-titulo-pagina')?.textContent === x, t, { timeout: 20_000 });

describe('sessão de ponta a ponta', () => {
  test('o token é renovado periodicamente e as chamadas seguem funcionando; se a renovação falha, volta ao login', async () => {
    const ctx = await navegador.newContext();
    const p = await ctx.newPage();
    let renovacoes = 0;
    p.on('request', (r) => r.url().endsWith('/protocol/openid-connect/token') && (r.postData() ?? '').includes('grant_type=refresh_token') && renovacoes++);
    try {
      // Check every second, and refresh whenever less than 299 s are left: a refresh each check.
      await p.goto(`${s.url}/?token-check-interval-s=1&token-min-validity-s=299`);
      await formulario(p, 'gestor');
      await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
      // By count, not by the clock: two refreshes observed (a check a second), within a generous limit for a busy machine.
      const antes = renovacoes;
      const limite = Date.now() + 30_000;
      while (renovacoes - antes < 2 && Date.now() < limite) await p.waitForTimeout(100);
      assert.ok(renovacoes - antes >= 2, `renovações vistas: ${renovacoes - antes}`);
      await p.locator('console-formularios [data-rota=formularios-eventos]').click();
      await tituloE(p, 'Eventos');
      // The administrator ends the user's session in the identity provider (Keycloak's admin logout).
      const admin = await entrarComo(s.url, 'admin');
      const r = await fetch(`${s.url}/admin/realms/demo/users/gestor/logout`, { method: 'POST', headers: { authorization: `Bearer ${admin.access_token}` } });
      assert.equal(r.status, 204);
      await p.locator('#username').waitFor({ timeout: 20_000 });
      // Signing in again comes back to the page the user was on.
      await formulario(p, 'gestor');
      await tituloE(p, 'Eventos');
    } finally {
      await ctx.close();
    }
  });

  test('modo browser: visita direta sem sessão vai ao login e volta para a página pedida', async () => {
    const ctx = await navegador.newContext();
    const p = await ctx.newPage();
    try {
      await p.goto(`${s.url}/console/analitico-formularios?router=browser&base-path=/console`);
      await formulario(p, 'gestor');
      await tituloE(p, 'Analítico de Formulários');
      assert.equal(new URL(p.url()).pathname, '/console/analitico-formularios');
      await p.locator('console-formularios [data-rota=formularios]').click();
      await tituloE(p, 'Formulários Preenchidos');
      assert.equal(new URL(p.url()).pathname, '/console/formularios');
    } finally {
      await ctx.close();
    }
  });

  test('o bundle clássico funciona de uma tag <script> comum; sair emite signedout antes de sair', async () => {
    const ctx = await navegador.newContext();
    const p = await ctx.newPage();
    const eventos: unknown[] = [];
    await p.exposeFunction('__registrarEvento', (e: unknown) => eventos.push(e));
    try {
      await p.goto(`${s.url}/?bundle=classico`);
      await formulario(p, 'designer');
      await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
      assert.equal(await p.locator('script[src$="console-formularios.classic.js"]').count(), 1);
      assert.equal(await p.locator('script[type=module]').count(), 0);
      await p.evaluate(() => {
        const el = document.querySelector('console-formularios')!;
        for (const n of ['navigated', 'signedout']) document.addEventListener(n, (e) => (window as unknown as { __registrarEvento: (x: unknown) => void }).__registrarEvento({ tipo: n, detail: (e as CustomEvent).detail }));
        (el as unknown as { navigate(p: string): void }).navigate('/modelos');
      });
      await tituloE(p, 'Modelos de Formulários');
      await p.evaluate(() => (document.querySelector('console-formularios') as unknown as { signOut(): void }).signOut());
      await p.locator('#username').waitFor({ timeout: 20_000 });
      assert.deepEqual(eventos, [
        { tipo: 'navigated', detail: { path: '/modelos', route: 'modelos' } },
        { tipo: 'signedout', detail: { username: 'designer' } },
      ]);
    } finally {
      await ctx.close();
    }
  });
});
