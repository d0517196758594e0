import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { demoComNavegador, entrarNaDemo, esperarTitulo, irPara, noConsole, sairDaDemo, textosMenu } from './demo';

/** Issue 5 end to end against the demo as `npm start` runs it. */
const demo = demoComNavegador();
const entrar = (p: Page, usuario: string) => entrarNaDemo(p, demo.base, usuario);

describe('administração de acesso de ponta a ponta', () => {
  test('admin cria um perfil, vincula um usuário a ele, e o menu do usuário muda quando ele entra de novo', async () => {
    const ctx = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    try {
      await entrar(p, 'visitante');
      assert.deepEqual(await textosMenu(p), ['Página Inicial']);
      await sairDaDemo(p);
      await entrar(p, 'admin');
      await noConsole(p, '[data-rota=perfis-acesso]').click();
      await esperarTitulo(p, 'Perfil de Acesso');
      await noConsole(p, 'button:has-text("Novo perfil")').click();
      await esperarTitulo(p, 'Novo perfil de acesso');
      await noConsole(p, 'input[name=nome]').fill('Gestão de eventos (e2e)');
      await noConsole(p, 'input[data-permissao=READ_FORMULARIO_EVENTO]').check({ force: true });
      await noConsole(p, 'button:has-text("Salvar")').click();
      await esperarTitulo(p, 'Perfil de Acesso');
      await noConsole(p, '[data-rota=vinculos-usuarios-busca]').click();
      await noConsole(p, 'button:has-text("Novo vínculo")').click();
      await noConsole(p, '.bp6-drawer input[name=username]').fill('visitante');
      await noConsole(p, '.bp6-drawer input[name=nome]').fill('Vera Visitante Nunes');
      await noConsole(p, '.bp6-drawer input[name=email]').fill('visitante@demo.gov.br');
      await noConsole(p, '.bp6-drawer input[data-perfil="Gestão de eventos (e2e)"]').check({ force: true });
      await noConsole(p, '.bp6-drawer input[data-grupo="Saúde"]').check({ force: true });
      await noConsole(p, '.bp6-drawer button:has-text("Salvar")').click();
      await noConsole(p, '.bp6-drawer').waitFor({ state: 'detached' });
      await sairDaDemo(p);
      await entrar(p, 'visitante');
      assert.deepEqual(await textosMenu(p), ['Página Inicial', 'Eventos']);
    } finally {
      await ctx.close();
    }
  });

  test('admin cria e exclui um grupo de controle de conteúdo e um de acesso público', async () => {
    const ctx = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    try {
      await entrar(p, 'admin');
      for (const [rota, tituloLista, novo, titulo2, extra] of [
        ['grupos-controle-conteudo', 'Grupos de Controle de Conteúdo', 'Novo grupo de controle de conteúdo', 'Novo grupo de controle de conteúdo', null],
        ['grupos-acesso-publico', 'Grupos de Acesso Público', 'Novo grupo de acesso público', 'Novo grupo de acesso público', '529.982.247-25'],
      ] as const) {
        await noConsole(p, `[data-rota=${rota}]`).click();
        await esperarTitulo(p, tituloLista);
        await noConsole(p, `button:has-text("${novo}")`).click();
        await esperarTitulo(p, titulo2);
        await noConsole(p, 'input[name=nome]').fill('Grupo e2e');
        if (extra) await noConsole(p, '#grupo-cpfs').fill(extra);
        await noConsole(p, 'button:has-text("Salvar")').click();
        await esperarTitulo(p, tituloLista);
        await noConsole(p, '.cf-tabela-dados td:has-text("Grupo e2e")').waitFor();
        await noConsole(p, `[aria-label$="Grupo e2e"]`).click();
        await noConsole(p, '.bp6-alert button:has-text("Excluir")').click();
        await noConsole(p, '.cf-tabela-dados td:has-text("Grupo e2e")').waitFor({ state: 'detached' });
      }
    } finally {
      await ctx.close();
    }
  });

  test('suporte vê exatamente Retentativas e Grupos de Acesso Público na administração, e cria um grupo de acesso público', async () => {
    const ctx = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    try {
      await entrar(p, 'suporte');
      assert.deepEqual(await textosMenu(p), ['Página Inicial', 'Retentativas de Integração', 'Grupos de Acesso Público']);
      await noConsole(p, '[data-rota=grupos-acesso-publico]').click();
      await noConsole(p, 'button:has-text("Novo grupo de acesso público")').click();
      await noConsole(p, 'input[name=nome]').fill('Grupo do suporte (e2e)');
      await noConsole(p, 'button:has-text("Salvar")').click();
      await esperarTitulo(p, 'Grupos de Acesso Público');
      await noConsole(p, '.cf-tabela-dados td:has-text("Grupo do suporte (e2e)")').waitFor();
      assert.equal(await noConsole(p, '[aria-label^="Excluir o grupo"]').count(), 0, 'suporte cannot delete');
    } finally {
      await ctx.close();
    }
  });

  test('operador só tem a Página Inicial e /perfis-acesso vai para /403', async () => {
    const ctx = await demo.navegador.newContext();
    const p = await ctx.newPage();
    try {
      await entrar(p, 'operador');
      assert.deepEqual(await textosMenu(p), ['Página Inicial']);
      await irPara(p, '/perfis-acesso');
      await esperarTitulo(p, 'Acesso negado');
    } finally {
      await ctx.close();
    }
  });
});
