import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { MENUS_DEMO } from '../apoio/menus';
import { demoComNavegador, esperarTitulo, irPara, noConsole, textosMenu } from './demo';

/** Issue 7 end to end against the demo as `npm start` runs it (strict-CSP host page, embedded provider). */
const demo = demoComNavegador();
const comUsuario = (usuario: string, corpo: (p: Page) => Promise<void>) => demo.comUsuario(usuario, corpo, { acceptDownloads: true });

/** Types into a filter field found by its label, and picks options of a select by its label. */
const filtro = (p: Page, rotulo: string) => noConsole(p, `.cf-filtros`).getByLabel(rotulo, { exact: true });
const totalNaTela = async (p: Page) => Number((await noConsole(p, '[data-testid=total]').innerText()).replace(/\D/g, ''));

describe('formulários, analítico, eventos e retentativas de ponta a ponta', () => {
  test('gestor: filtra por modelo e período, abre um formulário e vê seus eventos; o analítico bate com X-Total-Count; exporta CSV', async () => {
    await comUsuario('gestor', async (p) => {
      await noConsole(p, '[data-rota=formularios]').click();
      await esperarTitulo(p, 'Formulários Preenchidos');
      await filtro(p, 'Modelo').selectOption('saude-cartao-sus');
      await filtro(p, 'De').fill('01/08/26');
      await filtro(p, 'Até').fill('31/10/26');
      const resposta = p.waitForResponse((r) => r.url().includes('/api/formularios?') && r.url().includes('modelo=saude-cartao-sus') && r.url().includes('de=2026-08-01'));
      await noConsole(p, 'button:has-text("Filtrar")').click();
      const total = Number((await resposta).headers()['x-total-count']);
      assert.ok(total > 0, 'the seed has forms of the model in the period');
      await p.waitForFunction((n) => document.querySelector('console-formularios')!.shadowRoot!.querySelector('[data-testid=total]')!.textContent!.replace(/\D/g, '') === String(n), total);
      const linhas = await noConsole(p, '.cf-tabela-dados tbody tr').allInnerTexts();
      assert.ok(linhas.every((l) => l.includes('Segunda via do Cartão SUS')), 'only the model');
      assert.ok(linhas.every((l) => /\/(08|09|10)\/26/.test(l)), 'only the period');

      const protocolo = (await noConsole(p, '.cf-tabela-dados tbody tr td').first().innerText()).trim();
      await noConsole(p, '.cf-tabela-dados tbody tr').first().click();
      await noConsole(p, '.bp6-drawer [data-testid=protocolo]').waitFor();
      assert.equal(await noConsole(p, '.bp6-drawer [data-testid=protocolo]').innerText(), protocolo);
      const eventos = await noConsole(p, '.bp6-drawer [data-testid=eventos] li').allInnerTexts();
      assert.ok(eventos[0].startsWith('Formulário recebido'), eventos.join(' | '));
      assert.match(await noConsole(p, '.bp6-drawer').innerText(), /Respostas[\s\S]*Nome completo/);
      await p.keyboard.press('Escape');
      await noConsole(p, '.bp6-drawer').waitFor({ state: 'detached' });

      const csv = p.waitForEvent('download');
      await noConsole(p, 'button:has-text("Exportar CSV")').click();
      const download = await csv;
      assert.match(download.suggestedFilename(), /^formularios-\d{4}-\d{2}-\d{2}\.csv$/);
      const linhasCsv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
      assert.equal(linhasCsv.length - 1, total, 'one row per form of the filter');
      assert.ok(linhasCsv.slice(1).every((l) => l.split(';')[2] === 'saude-cartao-sus'));
      assert.ok(linhasCsv.some((l) => l.startsWith(`${protocolo};`)));

      await noConsole(p, '[data-rota=analitico-formularios]').click();
      await esperarTitulo(p, 'Analítico de Formulários');
      await filtro(p, 'Modelo').selectOption('saude-cartao-sus');
      await filtro(p, 'De').fill('01/08/26');
      await filtro(p, 'Até').fill('31/10/26');
      await noConsole(p, 'button:has-text("Filtrar")').click();
      await p.waitForFunction((n) => document.querySelector('console-formularios')!.shadowRoot!.querySelector('[data-testid=total-analitico] strong')?.textContent!.replace(/\D/g, '') === String(n), total);
      const [linha] = await noConsole(p, '.cf-tabela-analitico tbody tr').allInnerTexts();
      assert.equal(Number(linha.split('\t')[1].replace(/\D/g, '')), total);
    });
  });

  test('auditor: no grupo dos gestores só Eventos; a página lista os eventos da Saúde', async () => {
    await comUsuario('auditor', async (p) => {
      assert.deepEqual(await textosMenu(p), MENUS_DEMO.auditor);
      await noConsole(p, '[data-rota=formularios-eventos]').click();
      await esperarTitulo(p, 'Eventos');
      await noConsole(p, '.cf-tabela-dados tbody tr').first().waitFor();
      assert.ok((await totalNaTela(p)) > 0);
      await irPara(p, '/formularios');
      await esperarTitulo(p, 'Acesso negado');
    });
  });

  test('suporte: retentativas listadas, sem "tentar agora"', async () => {
    await comUsuario('suporte', async (p) => {
      await noConsole(p, '[data-rota=retentativas-integracao]').click();
      await esperarTitulo(p, 'Retentativas de Integração');
      await noConsole(p, '.cf-tabela-dados tbody tr').first().waitFor();
      assert.ok((await totalNaTela(p)) > 0);
      assert.equal(await noConsole(p, '[aria-label^="Tentar agora"]').count(), 0);
      assert.equal(await noConsole(p, 'button:has-text("Tentar novamente as do filtro")').count(), 0);
    });
  });

  test('admin: tenta uma agora e descarta outra', async () => {
    await comUsuario('admin', async (p) => {
      await irPara(p, '/retentativas-integracao');
      await esperarTitulo(p, 'Retentativas de Integração');
      await filtro(p, 'Status').selectOption('PENDENTE');
      await noConsole(p, 'button:has-text("Filtrar")').click();
      await p.waitForFunction(() => {
        const tags = [...document.querySelector('console-formularios')!.shadowRoot!.querySelectorAll('.cf-tabela-dados tbody tr td:nth-child(3)')];
        return tags.length > 1 && tags.every((t) => t.textContent === 'Pendente');
      });
      const [um, dois] = (await noConsole(p, '.cf-tabela-dados tbody tr td:first-child').allInnerTexts()).map((t) => t.trim());
      await noConsole(p, `[aria-label="Tentar agora a integração de ${um}"]`).click();
      await noConsole(p, `.bp6-toast:has-text("A integração do formulário ${um} será tentada agora.")`).waitFor();
      await noConsole(p, `[aria-label="Descartar a integração de ${dois}"]`).click();
      await noConsole(p, '.bp6-dialog textarea[name=motivo]').fill('Pedido em duplicidade (e2e)');
      await noConsole(p, '.bp6-dialog button:has-text("Descartar")').click();
      await noConsole(p, `.bp6-toast:has-text("A integração do formulário ${dois} foi descartada.")`).waitFor();
      await p.waitForFunction((d) => ![...document.querySelector('console-formularios')!.shadowRoot!.querySelectorAll('.cf-tabela-dados tbody tr td:first-child')].some((t) => t.textContent === d), dois);

      // The discarded form says so, with the reason and who, in its timeline.
      await noConsole(p, '[data-rota=formularios-eventos]').click();
      await esperarTitulo(p, 'Eventos');
      await filtro(p, 'Protocolo').fill(dois);
      await noConsole(p, 'button:has-text("Filtrar")').click();
      await noConsole(p, '.cf-tabela-dados tbody tr:has-text("motivo: Pedido em duplicidade (e2e)")').waitFor();
      assert.match(await noConsole(p, '.cf-tabela-dados tbody tr:has-text("motivo: Pedido em duplicidade (e2e)")').innerText(), /Descartado[\s\S]*admin/);
    });
  });

  test('/iframe na página com CSP estrita: endereço permitido aparece; outro é recusado e nada carrega', async () => {
    await comUsuario('gestor', async (p) => {
      const pedidos: string[] = [];
      p.on('request', (r) => pedidos.push(r.url()));
      await irPara(p, `/iframe?url=${encodeURIComponent(`${demo.base}/incorporado.html`)}&titulo=Comunicados`);
      await esperarTitulo(p, 'Comunicados');
      const quadro = p.frameLocator('console-formularios iframe.cf-iframe');
      await quadro.locator('h1').waitFor();
      assert.equal(await quadro.locator('h1').innerText(), 'Comunicado aos servidores');
      await irPara(p, `/iframe?url=${encodeURIComponent('https://exemplo.invalid/painel')}`);
      await noConsole(p, '[data-testid=iframe-recusado]').waitFor();
      assert.match(await noConsole(p, '[data-testid=iframe-recusado]').innerText(), /https:\/\/exemplo\.invalid não está entre as origens autorizadas/);
      assert.equal(await noConsole(p, 'iframe').count(), 0);
      assert.ok(!pedidos.some((u) => u.includes('exemplo.invalid')), 'nothing was requested from the refused address');
    });
  });
});
