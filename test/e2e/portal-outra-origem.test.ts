import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { abrirChromium } from './navegador';
import { preencherLogin, subirDemo } from './demo';
import { portaLivre } from '../apoio/cliente';
import { subirPortal } from '../apoio/portalHost';

/**
 * A portal team's QA from its own origin (issue 48): a static server on a second loopback origin serves its own
 * copy of the bundle and a page with <console-formularios> pointing at the demo (API and embedded provider).
 * The console signs in through the provider on the other origin, then the portal's router remounts the element
 * fifteen times, and each time the home page is read. The provider's discovery document is fetched no-cors by the
 * element and its token endpoint with CORS: what a real Keycloak serves to a client's web origins.
 */
let navegador: Browser;
let demo: Awaited<ReturnType<typeof subirDemo>>;
let portal: Awaited<ReturnType<typeof subirPortal>>;

before(async () => {
  const portaPortal = await portaLivre();
  const origemPortal = `http://localhost:${portaPortal}`;
  const portaDemo = await portaLivre();
  const base = `http://127.0.0.1:${portaDemo}`;
  demo = await subirDemo({ PORT: String(portaDemo), PUBLIC_URL: base, ALLOWED_ORIGINS: `${base},${origemPortal}`, API_ORIGINS: origemPortal });
  portal = await subirPortal({ porta: portaPortal, keycloak: base, api: base });
  navegador = await abrirChromium();
});
after(async () => {
  await navegador?.close();
  await portal?.fechar();
  await demo?.fechar();
});

const paginaInicial = (p: import('playwright-core').Page) =>
  p.waitForFunction(() => {
    const raiz = document.querySelector('console-formularios')?.shadowRoot;
    return raiz?.querySelector('.cf-titulo-pagina')?.textContent === 'Olá, Ana!' && !!raiz.querySelector('[data-testid=menu]') && !raiz.querySelector('.cf-ocupado');
  }, undefined, { timeout: 20_000 });

for (const bundle of ['modulo', 'classico'] as const) {
  test(`o console num portal de outra origem (bundle ${bundle}): entra pelo provedor da demonstração e sobrevive a 15 remontagens`, async () => {
    const contexto = await navegador.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
    const p = await contexto.newPage();
    const bloqueios: string[] = [];
    p.on('console', (m) => m.type() === 'error' && bloqueios.push(m.text()));
    p.on('requestfailed', (r) => bloqueios.push(`${r.url()}: ${r.failure()?.errorText}`));
    try {
      await p.goto(`${portal.url}/simples.html${bundle === 'classico' ? '?bundle=classico' : ''}`);
      await preencherLogin(p, 'admin');
      await paginaInicial(p);
      assert.equal(new URL(p.url()).origin, portal.url, 'back on the portal after signing in');
      for (let i = 1; i <= 15; i++) {
        // A single-page portal's router: the view with the element goes away and a new one comes.
        await p.evaluate(() => {
          const velho = document.querySelector('console-formularios')!;
          const novo = document.createElement('console-formularios');
          for (const a of velho.getAttributeNames()) novo.setAttribute(a, velho.getAttribute(a)!);
          velho.remove();
          document.body.append(novo);
        });
        await paginaInicial(p);
      }
      assert.equal(await p.locator('console-formularios').count(), 1);
      assert.deepEqual(bloqueios.filter((b) => /ERR_BLOCKED|CORS|Cross-Origin|NotSameOrigin/i.test(b)), []);
    } finally {
      await contexto.close();
    }
  });
}

/**
 * Issue 50, item 1: README tells portal teams to load the bundles from the API's /dist/. A module script (and
 * the chunks it imports) is fetched in CORS mode, so /dist/ answers CORS for API_ORIGINS; the classic one needs
 * nothing. Both bundles of both elements, taken from the demo's origin by a page on the portal's.
 */
for (const bundle of ['modulo', 'classico'] as const) {
  const q = `bundles=api${bundle === 'classico' ? '&bundle=classico' : ''}`;
  test(`os bundles ${bundle === 'modulo' ? 'módulo' : 'clássicos'} dos dois elementos, tirados do /dist/ da API por um portal de outra origem`, async () => {
    const contexto = await navegador.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
    const p = await contexto.newPage();
    const bloqueios: string[] = [];
    p.on('console', (m) => m.type() === 'error' && bloqueios.push(m.text()));
    try {
      await p.goto(`${portal.url}/simples.html?${q}`);
      await preencherLogin(p, 'admin');
      await paginaInicial(p);
      await p.goto(`${portal.url}/cidadao.html?modelo=educacao-auxilio-familia&${q}`);
      await p.locator('formulario-cidadao h1').first().waitFor({ timeout: 20_000 });
      assert.equal(await p.locator('formulario-cidadao label', { hasText: 'Nome completo' }).count(), 1);
      assert.deepEqual(bloqueios.filter((b) => /ERR_BLOCKED|CORS|Cross-Origin|NotSameOrigin/i.test(b)), []);
    } finally {
      await contexto.close();
    }
  });
}

/**
 * Issue 50, item 5: a portal whose origin is missing from API_ORIGINS (here the same portal by 127.0.0.1 instead of
 * localhost). The citizen used to read "O servidor não respondeu. Verifique a sua conexão", as if the fault were
 * theirs; now a neutral message, while the browser's console tells the portal team what to configure.
 */
test('um portal fora de API_ORIGINS: o cidadão lê uma mensagem neutra e o console do navegador diz à equipe do portal o que configurar', async () => {
  const origem = portal.url.replace('localhost', '127.0.0.1');
  const contexto = await navegador.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
  const p = await contexto.newPage();
  const erros: string[] = [];
  p.on('console', (m) => m.type() === 'error' && erros.push(m.text()));
  try {
    await p.goto(`${origem}/cidadao.html?modelo=educacao-auxilio-familia`);
    await p.locator('formulario-cidadao').getByText('Não foi possível abrir o formulário.').waitFor({ timeout: 20_000 });
    assert.doesNotMatch(await p.locator('formulario-cidadao').innerText(), /Verifique a sua conexão/);
    const aviso = erros.find((e) => e.startsWith('<formulario-cidadao>'));
    assert.ok(aviso, erros.join('\n'));
    assert.ok(aviso.includes('API_ORIGINS') && aviso.includes(origem), aviso);
  } finally {
    await contexto.close();
  }
});
