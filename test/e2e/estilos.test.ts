import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
// @ts-expect-error rollup.config.mjs is plain JavaScript
import { paraShadowRoot } from '../../rollup.config.mjs';
import { demoComNavegador, esperarTitulo, noConsole, preencherLogin } from './demo';

/**
 * The bundle carries Blueprint's CSS purged against its own code (rollup.config.mjs, `purgarBlueprint`).
 * This proves the purge lost nothing the console draws: across every page of the menu, a drawer, a
 * dialog, a toast, the tooltip and the narrow layout, every rule of Blueprint's full stylesheet that
 * matches an element on screen is also in the stylesheet the element adopted.
 */
const demo = demoComNavegador();
const CSS_COMPLETO: string = paraShadowRoot(readFileSync('node_modules/@blueprintjs/core/lib/css/blueprint.css', 'utf8')).replace(/@font-face\s*{[^}]*}/g, '');

// Page-side helpers, as a string (tsx would wrap named functions in a helper the page does not have).
const AJUDANTES = `window.__cfEstilos = (() => {
  const dividir = (lista) => {
    const partes = []; let nivel = 0, inicio = 0;
    for (let i = 0; i < lista.length; i++) {
      if (lista[i] === '(') nivel++; else if (lista[i] === ')') nivel--;
      else if (lista[i] === ',' && nivel === 0) { partes.push(lista.slice(inicio, i).trim()); inicio = i + 1; }
    }
    return [...partes, lista.slice(inicio).trim()];
  };
  const seletores = (folha) => {
    const saida = new Set();
    const andar = (regras) => { for (const r of regras) { if (r.selectorText !== undefined) dividir(r.selectorText).forEach((s) => saida.add(s)); if (r.cssRules) andar(r.cssRules); } };
    andar(folha.cssRules);
    return saida;
  };
  const raiz = () => document.querySelector('console-formularios').shadowRoot;
  let completos = null;
  const casados = new Set();
  const naoConsultaveis = new Set();
  return {
    iniciar(css) { const f = new CSSStyleSheet(); f.replaceSync(css); completos = [...seletores(f)]; return completos.length; },
    // Which of the full stylesheet's selectors match something on screen now (states such as :hover
    // and pseudo-elements set aside: the element they style is what must be there).
    marcar() {
      const r = raiz();
      for (const s of completos) {
        if (casados.has(s) || !s.includes('.bp6-') || s.includes(':host')) continue;
        // States are set aside whole, negated ones too (":not(:focus)" left as ":not()" made the selector invalid, and it went unchecked).
        const alvo = s.replace(/::?(before|after|placeholder|selection|-webkit-[\\w-]+|-moz-[\\w-]+)/g, '').replace(/:not\\(:(hover|focus|focus-visible|focus-within|active|visited|link|indeterminate)\\)/g, '').replace(/:(hover|focus|focus-visible|focus-within|active|visited|link|indeterminate)\\b/g, '');
        try { if (r.querySelector(alvo || '*')) casados.add(s); } catch { naoConsultaveis.add(s); }
      }
      return casados.size;
    },
    resultado() {
      const adotados = new Set(); for (const f of raiz().adoptedStyleSheets) seletores(f).forEach((s) => adotados.add(s));
      const classes = new Set(); for (const e of raiz().querySelectorAll('[class]')) for (const c of e.classList) if (c.startsWith('bp6-')) classes.add(c);
      return { casados: [...casados], faltando: [...casados].filter((s) => !adotados.has(s)), adotados: adotados.size, completos: completos.length, classes: [...classes], naoConsultaveis: [...naoConsultaveis] };
    },
  };
})();`;

async function instrumentar(p: Page): Promise<void> {
  await p.evaluate(AJUDANTES);
  await p.evaluate((css) => (window as unknown as { __cfEstilos: { iniciar(c: string): number } }).__cfEstilos.iniciar(css), CSS_COMPLETO);
}
const marcar = (p: Page) => p.evaluate('window.__cfEstilos.marcar()');
const calmo = (p: Page) => p.waitForFunction(() => !document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-ocupado, .bp6-spinner'), undefined, { timeout: 20_000 });

type Resultado = { casados: string[]; faltando: string[]; adotados: number; completos: number; classes: string[]; naoConsultaveis: string[] };
const resultado = (p: Page) => p.evaluate('window.__cfEstilos.resultado()') as Promise<Resultado>;

function conferir(r: Resultado): void {
  // A selector Chromium cannot query would never count as matched: none may be left unchecked that way.
  assert.deepEqual(r.naoConsultaveis, [], 'every selector of the full stylesheet could be queried');
  assert.deepEqual(r.faltando, [], 'every Blueprint rule that matches what is on screen survived the purge');
  assert.ok(r.casados.length > 150, `the pages visited draw many Blueprint rules (${r.casados.length})`);
  assert.ok(r.adotados < r.completos * 0.7, `the purge took rules away (${r.adotados} of ${r.completos} selectors kept)`);
}

describe('o CSS do Blueprint depurado no pacote', () => {
  test('nenhuma regra que casa com o que a console desenha se perdeu (1280 px, todas as páginas do menu)', async () => {
    await demo.comUsuario('admin', async (p) => {
      await instrumentar(p);
      await marcar(p);
      // The tooltip of the menu button.
      await noConsole(p, '[data-testid=alternar-menu]').focus();
      await noConsole(p, '[role=tooltip]').waitFor();
      await marcar(p);
      await noConsole(p, '[data-testid=alternar-menu]').blur();
      const rotas = await noConsole(p, '[data-testid=menu] [data-rota]').evaluateAll((xs) => xs.map((x) => x.getAttribute('data-rota')!));
      assert.ok(rotas.length >= 10, rotas.join(','));
      for (const rota of rotas) {
        await noConsole(p, `[data-testid=menu] [data-rota="${rota}"]`).click();
        await calmo(p);
        await marcar(p);
      }
      // A filled form's drawer.
      await noConsole(p, '[data-rota=formularios]').click();
      await esperarTitulo(p, 'Formulários Preenchidos');
      await noConsole(p, '.cf-tabela-dados tbody tr').first().click();
      await noConsole(p, '.bp6-drawer [data-testid=protocolo]').waitFor();
      await marcar(p);
      await p.keyboard.press('Escape');
      await noConsole(p, '.bp6-drawer').waitFor({ state: 'detached' });
      // The builder of a model.
      await noConsole(p, '[data-rota=modelos]').click();
      await calmo(p);
      await noConsole(p, '.cf-tabela-dados tbody tr').first().click();
      await noConsole(p, '.cf-construtor').waitFor({ timeout: 20_000 });
      await calmo(p);
      await marcar(p);
      // A dialog, then a toast, on the retries page.
      await noConsole(p, '[data-rota=retentativas-integracao]').click();
      await calmo(p);
      await noConsole(p, 'button[aria-label^="Descartar a integração de"]').first().click();
      await noConsole(p, '.bp6-dialog, .bp6-alert').first().waitFor();
      await marcar(p);
      await p.keyboard.press('Escape');
      await noConsole(p, '.bp6-overlay-open').waitFor({ state: 'detached' });
      await noConsole(p, 'button[aria-label^="Tentar agora a integração de"], button[aria-label^="Tentar de novo"]').first().click();
      await noConsole(p, '.bp6-toast').first().waitFor({ timeout: 20_000 });
      await marcar(p);
      conferir(await resultado(p));
    });
  });

  test('nem na tela estreita (390 px): o menu sobre a página e as listas', async () => {
    const contexto = await demo.navegador.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await contexto.newPage();
    try {
      await p.goto(`${demo.base}/`);
      await preencherLogin(p, 'admin');
      await noConsole(p, '.cf-titulo-pagina').waitFor({ timeout: 20_000 });
      await calmo(p);
      await instrumentar(p);
      await marcar(p);
      for (const rota of ['formularios', 'perfis-acesso', 'modelos']) {
        await noConsole(p, '[data-testid=alternar-menu]').tap();
        await noConsole(p, '[data-testid=menu]').waitFor();
        await marcar(p);
        await noConsole(p, `[data-testid=menu] [data-rota="${rota}"]`).tap();
        await noConsole(p, '[data-testid=menu]').waitFor({ state: 'detached' });
        await calmo(p);
        await marcar(p);
      }
      const r = await resultado(p);
      assert.deepEqual(r.faltando, [], 'every Blueprint rule that matches what is on screen survived the purge');
      assert.ok(r.casados.length > 80, `the narrow pages draw Blueprint rules (${r.casados.length})`);
    } finally {
      await contexto.close();
    }
  });
});
