import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { abrirChromium } from './navegador';
import { entrarNaDemo, subirDemo } from './demo';

/** Issue 5 end to end against the demo as `npm start` runs it. */
let navegador: Browser;
let base: string;
let demo: Awaited<ReturnType<typeof subirDemo>>;

before(async () => {
  demo = await subirDemo();
  base = demo.base;
  navegador = await abrirChromium();
});
after(async () => {
  await navegador?.close();
  demo?.fechar();
});

const el = (p: Page, sel: string) => p.locator(`console-formularios ${sel}`);
const titulo = (p: Page, t: string) => p.waitForFunction((x) => document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-titulo-pagina')?.textContent === x, t, { timeout: 20_000 });
const menu = async (p: Page) => (await el(p, '[data-testid=menu] .bp6-menu-item').allInnerTexts()).map((t) => t.trim());

const entrar = (p: Page, usuario: string) => entrarNaDemo(p, base, usuario);
const sair = async (p: Page) => {
  await el(p, '[data-testid=sair]').click();
  await p.locator('#username').waitFor({ timeout: 20_000 });
};
const ir = (p: Page, caminho: string) => p.evaluate((c) => (document.querySelector('console-formularios') as unknown as { navigate(x: string): void }).navigate(c), caminho);

describe('administração de acesso de ponta a ponta', () => {
  test('admin cria um perfil, vincula um usuário a ele, e o menu do usuário muda quando ele entra de novo', async () => {
    const ctx = await navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    try {
      await entrar(p, 'visitante');
      assert.deepEqual(await menu(p), ['Página Inicial']);
      await sair(p);
      await entrar(p, 'admin');
      await el(p, '[data-rota=perfis-acesso]').click();
      await titulo(p, 'Perfil de Acesso');
      await el(p, 'button:has-text("Novo perfil")').click();
      await titulo(p, 'Novo perfil de acesso');
      await el(p, 'input[name=nome]').fill('Gestão de eventos (e2e)');
      await el(p, 'input[data-permissao=READ_FORMULARIO_EVENTO]').check({ force: true });
      await el(p, 'button:has-text("Salvar")').click();
      await titulo(p, 'Perfil de Acesso');
      await el(p, '[data-rota=vinculos-usuarios-busca]').click();
      await el(p, 'button:has-text("Novo vínculo")').click();
      await el(p, '.bp6-drawer input[name=username]').fill('visitante');
      await el(p, '.bp6-drawer input[name=nome]').fill('Vera Visitante Nunes');
      await el(p, '.bp6-drawer input[name=email]').fill('visitante@demo.gov.br');
      await el(p, '.bp6-drawer input[data-perfil="Gestão de eventos (e2e)"]').check({ force: true });
      await el(p, '.bp6-drawer input[data-grupo="Saúde"]').check({ force: true });
      await el(p, '.bp6-drawer button:has-text("Salvar")').click();
      await el(p, '.bp6-drawer').waitFor({ state: 'detached' });
      await sair(p);
      await entrar(p, 'visitante');
      assert.deepEqual(await menu(p), ['Página Inicial', 'Eventos']);
    } finally {
      await ctx.close();
    }
  });

  test('admin cria e exclui um grupo de controle de conteúdo e um de acesso público', async () => {
    const ctx = await navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    try {
      await entrar(p, 'admin');
      for (const [rota, tituloLista, novo, titulo2, extra] of [
        ['grupos-controle-conteudo', 'Grupos de Controle de Conteúdo', 'Novo grupo de controle de conteúdo', 'Novo grupo de controle de conteúdo', null],
        ['grupos-acesso-publico', 'Grupos de Acesso Público', 'Novo grupo de acesso público', 'Novo grupo de acesso público', '529.982.247-25'],
      ] as const) {
        await el(p, `[data-rota=${rota}]`).click();
        await titulo(p, tituloLista);
        await el(p, `button:has-text("${novo}")`).click();
        await titulo(p, titulo2);
        await el(p, 'input[name=nome]').fill('Grupo e2e');
        if (extra) await el(p, '#grupo-cpfs').fill(extra);
        await el(p, 'button:has-text("Salvar")').click();
        await titulo(p, tituloLista);
        await el(p, '.cf-tabela-dados td:has-text("Grupo e2e")').waitFor();
        await el(p, `[aria-label$="Grupo e2e"]`).click();
        await el(p, '.bp6-alert button:has-text("Excluir")').click();
        await el(p, '.cf-tabela-dados td:has-text("Grupo e2e")').waitFor({ state: 'detached' });
      }
    } finally {
      await ctx.close();
    }
  });

  test('suporte vê exatamente Retentativas e Grupos de Acesso Público na administração, e cria um grupo de acesso público', async () => {
    const ctx = await navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    try {
      await entrar(p, 'suporte');
      assert.deepEqual(await menu(p), ['Página Inicial', 'Retentativas de Integração', 'Grupos de Acesso Público']);
      await el(p, '[data-rota=grupos-acesso-publico]').click();
      await el(p, 'button:has-text("Novo grupo de acesso público")').click();
      await el(p, 'input[name=nome]').fill('Grupo do suporte (e2e)');
      await el(p, 'button:has-text("Salvar")').click();
      await titulo(p, 'Grupos de Acesso Público');
      await el(p, '.cf-tabela-dados td:has-text("Grupo do suporte (e2e)")').waitFor();
      assert.equal(await el(p, '[aria-label^="Excluir o grupo"]').count(), 0, 'suporte cannot delete');
    } finally {
      await ctx.close();
    }
  });

  test('operador só tem a Página Inicial e /perfis-acesso vai para /403', async () => {
    const ctx = await navegador.newContext();
    const p = await ctx.newPage();
    try {
      await entrar(p, 'operador');
      assert.deepEqual(await menu(p), ['Página Inicial']);
      await ir(p, '/perfis-acesso');
      await titulo(p, 'Acesso negado');
    } finally {
      await ctx.close();
    }
  });
});
