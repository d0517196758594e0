import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { demoComNavegador, esperarTitulo, noConsole, novoCampoNoConstrutor, preencherLogin } from './demo';

/**
 * Issue 16 end to end at 390 px, one user of each kind (designer, manager, administrator), against the
 * demo as `npm start` runs it: the menu starts closed and closes after a choice, the top bar keeps the
 * name and "Sair" inside it, nothing scrolls sideways, and each one's main work is reachable.
 */
const demo = demoComNavegador();
const TELA = { width: 390, height: 800 };

/** What a narrow screen must never show: top-bar pieces over each other or outside it, a page scrolling sideways. */
async function problemasDeLayout(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const r = document.querySelector('console-formularios')!.shadowRoot!;
    const erros: string[] = [];
    const barra = r.querySelector('.cf-topo')!.getBoundingClientRect();
    const pecas = ['[data-testid=alternar-menu]', '.cf-sigla', '[data-testid=nome-usuario]', '[data-testid=sair]'].map((s) => [s, r.querySelector(s)?.getBoundingClientRect()] as const);
    for (const [s, c] of pecas) {
      if (!c || !c.width) erros.push(`${s} não aparece`);
      else if (c.left < barra.left || c.right > barra.right + 0.5 || c.bottom > barra.bottom + 0.5) erros.push(`${s} fora da barra superior`);
    }
    for (let i = 0; i < pecas.length; i++)
      for (let j = i + 1; j < pecas.length; j++) {
        const a = pecas[i][1];
        const b = pecas[j][1];
        if (a && b && a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) erros.push(`${pecas[i][0]} sobre ${pecas[j][0]}`);
      }
    if (document.documentElement.scrollWidth > innerWidth) erros.push('a página rola na horizontal');
    const conteudo = r.querySelector('.cf-conteudo') as HTMLElement;
    if (conteudo.scrollWidth > conteudo.clientWidth + 1) erros.push('o conteúdo rola na horizontal');
    return erros;
  });
}

/** Signs in on a phone-sized screen, then opens `entrada` from the menu (which starts closed and closes after the choice). */
async function comCelular(usuario: string, entrada: string, titulo: string, corpo: (p: Page) => Promise<void>) {
  const contexto = await demo.navegador.newContext({ viewport: TELA, isMobile: true, hasTouch: true });
  const p = await contexto.newPage();
  const erros: string[] = [];
  p.on('pageerror', (e) => erros.push(e.message));
  try {
    await p.goto(`${demo.base}/`);
    await preencherLogin(p, usuario);
    await noConsole(p, '.cf-titulo-pagina').waitFor({ timeout: 20_000 });
    assert.equal(await noConsole(p, '[data-testid=menu]').count(), 0, 'the menu starts closed on a phone');
    assert.deepEqual(await problemasDeLayout(p), []);
    await noConsole(p, '[data-testid=alternar-menu]').tap();
    await noConsole(p, `[data-rota=${entrada}]`).tap();
    await esperarTitulo(p, titulo);
    assert.equal(await noConsole(p, '[data-testid=menu]').count(), 0, 'the menu closes after a choice');
    await noConsole(p, '.cf-tabela-dados tbody tr').first().waitFor({ timeout: 20_000 });
    assert.deepEqual(await problemasDeLayout(p), []);
    await corpo(p);
    assert.deepEqual(erros, [], 'no uncaught errors in the page');
  } finally {
    await contexto.close();
  }
}

describe('telas estreitas (390 px) de ponta a ponta', () => {
  test('designer: abre um modelo, adiciona um campo pela paleta e a prévia marca o campo', async () => {
    await comCelular('designer', 'modelos', 'Modelos de Formulários', async (p) => {
      // A draft (the list starts with archived models, which are read only).
      await noConsole(p, '.cf-tabela-dados tbody tr').filter({ hasText: 'Ouvidoria da saúde' }).tap();
      await noConsole(p, '.cf-paleta').waitFor({ timeout: 20_000 });
      assert.deepEqual(await problemasDeLayout(p), []);
      await novoCampoNoConstrutor(p, 'data', { tocar: true });
      await noConsole(p, '.cf-previa .fc-destacado').waitFor();
      assert.equal(await noConsole(p, '.cf-previa .fc-destacado[data-campo]').getAttribute('data-campo'), await noConsole(p, '.cf-linha-campo.cf-selecionado').getAttribute('data-campo-id'));
      assert.deepEqual(await problemasDeLayout(p), []);
    });
  });

  test('gestor: a lista rola dentro da tabela e o formulário abre numa gaveta do tamanho da tela', async () => {
    await comCelular('gestor', 'formularios', 'Formulários Preenchidos', async (p) => {
      const rolagem = await noConsole(p, '.cf-rolagem').first().evaluate((n) => ({ conteudo: n.scrollWidth, caixa: n.clientWidth }));
      assert.ok(rolagem.conteudo > rolagem.caixa, 'the wide table scrolls inside its own area');
      await noConsole(p, '.cf-tabela-dados tbody tr').first().tap();
      const gaveta = noConsole(p, '.bp6-drawer');
      await noConsole(p, '.bp6-drawer [data-testid=protocolo]').waitFor();
      // Measured once its opening transition has ended (its -enter-done class), not after a guessed delay.
      await noConsole(p, '.bp6-drawer[class*="-enter-done"]').waitFor({ timeout: 20_000 });
      const caixa = (await gaveta.boundingBox())!;
      assert.ok(caixa.x >= 0 && caixa.x + caixa.width <= TELA.width, `the drawer fits the screen (${caixa.x}+${caixa.width})`);
      assert.ok(await noConsole(p, '.bp6-drawer [aria-label=Fechar]').isVisible(), 'its close button is named in pt-BR');
    });
  });

  test('administrador: abre um vínculo e vê o que aparece no menu sem rolar a página de lado', async () => {
    await comCelular('admin', 'vinculos-usuarios-busca', 'Vínculos de Usuários', async (p) => {
      await noConsole(p, '.cf-tabela-dados tbody tr').first().tap();
      await noConsole(p, '.bp6-drawer .cf-visibilidade').waitFor({ timeout: 20_000 });
      assert.deepEqual(await problemasDeLayout(p), []);
      const corpo = await noConsole(p, '.bp6-drawer .cf-corpo-gaveta').evaluate((n) => ({ conteudo: n.scrollWidth, caixa: n.clientWidth }));
      assert.ok(corpo.conteudo <= corpo.caixa + 1, 'the drawer does not scroll sideways');
    });
  });
});
