import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { demoComNavegador, esperarTitulo, irPara, noConsole, novoCampoNoConstrutor, textosMenu } from './demo';

/** Issue 6 end to end: a designer builds, publishes and re-publishes a form; a manager cannot reach models. */
const demo = demoComNavegador();
const comUsuario = (usuario: string, corpo: (p: Page) => Promise<void>) => demo.comUsuario(usuario, corpo, { viewport: { width: 1440, height: 1000 } });

const selecionado = (p: Page) => noConsole(p, '.cf-linha-campo.cf-selecionado');
const previa = (p: Page) => noConsole(p, '.cf-previa');

async function adicionarCampo(p: Page, tipo: string, rotulo: string) {
  const rotuloInput = (await novoCampoNoConstrutor(p, tipo)).getByLabel(/^Rótulo/);
  await assert.doesNotReject(rotuloInput.waitFor());
  assert.equal(await p.evaluate(() => (document.querySelector('console-formularios')!.shadowRoot!.activeElement as HTMLElement | null)?.closest('.cf-propriedades') !== null), true, 'focus lands in the new field');
  await rotuloInput.fill(rotulo);
  // The preview's label: the question, with "(opcional)" after it until it is made required.
  await previa(p).getByText(new RegExp(`^${rotulo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(opcional\\))?$`)).first().waitFor();
}

async function confirmarPublicacao(p: Page): Promise<string> {
  await noConsole(p, 'button:has-text("Publicar")').first().click();
  const alerta = noConsole(p, '.bp6-alert');
  await alerta.waitFor();
  const texto = await alerta.innerText();
  await alerta.locator('button:has-text("Publicar")').click();
  await alerta.waitFor({ state: 'detached' });
  return texto;
}

describe('modelos de ponta a ponta', () => {
  test('designer: cria um modelo, monta seis tipos de campo com regras, publica v1, altera, publica v2 e vê a diferença', async () => {
    const codigo = `certidao-${Date.now().toString(36)}`;
    await comUsuario('designer', async (p) => {
      assert.ok((await textosMenu(p)).includes('Modelos de Formulários'));
      await noConsole(p, '[data-rota=modelos]').click();
      await esperarTitulo(p, 'Modelos de Formulários');
      await noConsole(p, 'button:has-text("Novo modelo")').click();
      await esperarTitulo(p, 'Novo modelo de formulário');
      await noConsole(p, 'input[name=codigoServico]').fill(codigo);
      await noConsole(p, 'input[name=nome]').fill('Segunda via de certidão');
      await noConsole(p, 'textarea[name=descricao]').fill('Pedido de cópia de certidão.');
      await noConsole(p, '.cf-formulario').getByLabel('Grupo de controle de conteúdo').selectOption({ label: 'Saúde' });
      await noConsole(p, 'input[name=url]').fill('https://cartorio.exemplo.gov.br/pedidos');
      await noConsole(p, 'button:has-text("Salvar")').click();
      await esperarTitulo(p, `Modelo ${codigo}`);
      // Created with a destination: the signing secret is shown once, to be kept by the receiver's team.
      assert.match(await noConsole(p, '[data-testid=segredo-dialogo] input').inputValue(), /^whsec_/);
      await noConsole(p, 'button:has-text("Já guardei")').click();
      await noConsole(p, '[data-testid=segredo-dialogo]').waitFor({ state: 'detached' });

      // Build: one section, six field types, rules and options.
      await noConsole(p, 'button:has-text("Adicionar seção")').click();
      await noConsole(p, 'input[aria-label="Título da seção 1"]').fill('Requerente');
      await adicionarCampo(p, 'texto', 'Nome completo');
      await selecionado(p).getByText('Obrigatório').click();
      await selecionado(p).getByLabel('Tamanho mínimo (caracteres)').fill('3');
      await selecionado(p).getByLabel('Tamanho máximo (caracteres)').fill('120');
      await adicionarCampo(p, 'cpf', 'CPF');
      await selecionado(p).getByText('Obrigatório').click();
      await adicionarCampo(p, 'email', 'E-mail para contato');
      await adicionarCampo(p, 'data', 'Data do registro');
      await adicionarCampo(p, 'inteiro', 'Número de cópias');
      await selecionado(p).getByLabel('Valor mínimo').fill('1');
      await selecionado(p).getByLabel('Valor máximo').fill('5');
      await adicionarCampo(p, 'escolha-unica', 'Tipo de certidão');
      await selecionado(p).getByLabel('Opções').fill('Nascimento\nCasamento\nÓbito');
      await adicionarCampo(p, 'arquivo', 'Documento de identidade');

      // Keyboard reorder: the e-mail goes below the date.
      await noConsole(p, '.cf-rotulo-campo:has-text("E-mail para contato")').focus();
      await p.keyboard.press('Alt+ArrowDown');
      await p.waitForFunction(() => [...document.querySelector('console-formularios')!.shadowRoot!.querySelectorAll('.cf-rotulo-texto')].map((n) => n.textContent).join('|').includes('Data do registro|E-mail para contato'));

      // The preview checks as one types.
      await previa(p).getByLabel('Número de cópias').fill('9');
      await previa(p).getByText('O valor máximo permitido é 5.').waitFor();
      await previa(p).getByLabel('CPF').fill('123');
      await previa(p).getByText('Este campo deve ser um CPF válido.').waitFor();

      // The console reads the published version back to know which names are fixed; here that answer comes late on
      // purpose: a label edited meanwhile must still keep the published field's name (it once renamed it under load).
      await p.route(`**/api/modelos/${codigo}/versoes/1`, async (r) => (await new Promise((ok) => setTimeout(ok, 3000)), await r.continue()));
      const textoV1 = await confirmarPublicacao(p);
      assert.match(textoV1, /Primeira versão: 7 campos em 1 seção\./);
      await noConsole(p, '.cf-cabecalho-modelo:has-text("Versão publicada: v1")').waitFor();

      // Change it: a label, a new required rule, an option, a field removed; publish version 2.
      await noConsole(p, '.cf-rotulo-campo:has-text("Número de cópias")').click();
      await selecionado(p).getByLabel(/^Rótulo/).fill('Quantidade de cópias');
      await noConsole(p, '.cf-rotulo-campo:has-text("Tipo de certidão")').click();
      await selecionado(p).getByLabel('Opções').fill('Nascimento\nCasamento\nÓbito\nInteiro teor');
      await noConsole(p, 'button[aria-label="Remover \\"Documento de identidade\\""]').click();
      await noConsole(p, '.cf-nao-salvo').waitFor();
      const textoV2 = await confirmarPublicacao(p);
      assert.match(textoV2, /O que muda em relação à versão 1/);
      assert.match(textoV2, /1 campo removido: "Documento de identidade"\./);
      assert.match(textoV2, /2 campos alterados: "Quantidade de cópias", "Tipo de certidão"\./);
      await noConsole(p, '.cf-cabecalho-modelo:has-text("Versão publicada: v2")').waitFor();

      // Versions and the diff between 1 and 2.
      await noConsole(p, '[role=tab]:has-text("Versões")').click();
      await noConsole(p, '.cf-tabela-versoes tbody tr').nth(1).waitFor();
      assert.deepEqual((await noConsole(p, '.cf-tabela-versoes tbody tr td:first-child').allInnerTexts()).map((t) => t.trim()), ['v2', 'v1']);
      await noConsole(p, '.cf-comparar').getByLabel('Comparar', { exact: true }).selectOption('1');
      await noConsole(p, '.cf-comparar').getByLabel('com', { exact: true }).selectOption('2');
      const tabela = noConsole(p, '.cf-tabela-diferenca');
      await tabela.waitFor();
      assert.match(await tabela.locator('tr[data-mudanca=alterado]', { hasText: 'Quantidade de cópias' }).innerText(), /rótulo: "Número de cópias" → "Quantidade de cópias"/);
      assert.match(await tabela.locator('tr[data-mudanca=alterado]', { hasText: 'Tipo de certidão' }).innerText(), /opção nova: Inteiro teor/);
      assert.match(await tabela.locator('tr[data-mudanca=removido]').innerText(), /Documento de identidade/);

      // The list shows it published.
      await irPara(p, '/modelos');
      await esperarTitulo(p, 'Modelos de Formulários');
      await noConsole(p, 'input[aria-label="Buscar modelos por nome ou código"]').fill(codigo);
      await p.waitForFunction(() => document.querySelector('console-formularios')!.shadowRoot!.querySelectorAll('.cf-tabela-dados tbody tr').length === 1);
      assert.match(await noConsole(p, '.cf-tabela-dados tbody tr').innerText(), new RegExp(`Segunda via de certidão\\s+${codigo}\\s+Saúde\\s+Publicado\\s+v2`));
    });
  });

  test('gestor: sem a entrada de modelos no menu, e /modelos vai para /403', async () => {
    await comUsuario('gestor', async (p) => {
      assert.ok(!(await textosMenu(p)).includes('Modelos de Formulários'));
      await irPara(p, '/modelos');
      await esperarTitulo(p, 'Acesso negado');
      await irPara(p, '/modelos/saude-cartao-sus');
      await esperarTitulo(p, 'Acesso negado');
    });
  });
});
