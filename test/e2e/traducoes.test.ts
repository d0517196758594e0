import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clienteApi } from '../apoio/cliente';
import { abrirFormulario, demoComNavegador, esperarTitulo, irPara, noConsole, preencherLogin } from './demo';

/**
 * Issue 37 end to end: a designer offers "Auxílio Família na Escola" in Spanish through the "Traduções" view
 * (publishing refused while one text is missing, the problem leading to its box), publishes; a citizen starts in
 * Portuguese, switches to Español half way and keeps every answer, and sends; the gestor sees the language in
 * the drawer; the console in English writes its shares the English way.
 */
const demo = demoComNavegador();
const CODIGO = 'educacao-auxilio-familia';

/** The Spanish of the texts the citizen meets here; the rest gets a mark, enough to tell it is not the Portuguese. */
const ESPANHOL: Record<string, string> = {
  'Auxílio Família na Escola': 'Ayuda Familia en la Escuela',
  Responsável: 'Responsable',
  'Nome completo': 'Nombre completo',
  'E-mail': 'Correo electrónico',
  Telefone: 'Teléfono',
  Estudantes: 'Estudiantes',
  estudante: 'estudiante',
  'Nome do estudante': 'Nombre del estudiante',
  'Data de nascimento': 'Fecha de nacimiento',
  'Etapa de ensino': 'Etapa de enseñanza',
  'Ensino fundamental': 'Enseñanza primaria',
  'Ensino médio': 'Enseñanza secundaria',
  'Precisa de transporte escolar?': '¿Necesita transporte escolar?',
  Sim: 'Sí',
  Não: 'No',
  'Renda da família': 'Ingresos de la familia',
  'Renda mensal da família (R$)': 'Ingreso mensual de la familia (R$)',
  'A família recebe outro benefício social?': '¿La familia recibe otro beneficio social?',
  Declaração: 'Declaración',
  'Declaro que as informações são verdadeiras.': 'Declaro que la información es verdadera.',
};
const emEspanhol = (original: string) => ESPANHOL[original] ?? `${original} (es)`;

const cidadao = (p: Page) => p.locator('formulario-cidadao');
const titulo = (p: Page) => p.locator('formulario-cidadao [data-titulo-passo]').innerText();

describe('traduções de ponta a ponta', () => {
  test('o designer oferece o formulário em espanhol; o cidadão troca de idioma no meio sem perder respostas; a equipe vê o idioma', async () => {
    await demo.comUsuario('designer', async (p) => {
      await irPara(p, `/modelos/${CODIGO}`);
      await esperarTitulo(p, `Modelo ${CODIGO}`);
      await noConsole(p, '[role=tab]:has-text("Traduções")').click();
      await noConsole(p, '.cf-traducoes').getByLabel('Español').check({ force: true });
      const contagem = noConsole(p, '[data-testid=contagem-traducoes]');
      assert.match(await contagem.innerText(), /^0 de \d+ textos traduzidos\.$/);
      const linhas = noConsole(p, '.cf-tabela-traducoes tbody tr');
      const n = await linhas.count();
      assert.ok(n >= 25, `${n} texts to translate`);
      // Every text but the first (the model's name) and the last, by its Portuguese.
      for (let i = 1; i < n - 1; i++) {
        const linha = linhas.nth(i);
        const original = await linha.locator('.cf-original').innerText();
        await linha.locator('[data-traducao]').fill(emEspanhol(original));
      }
      assert.equal(await contagem.innerText(), `${n - 2} de ${n} textos traduzidos.`);
      // Publishing says what is missing, and each problem leads to its box: the model's name too (issue 50: it was not a link).
      await noConsole(p, 'button:has-text("Publicar")').first().click();
      const problemas = noConsole(p, '.cf-problemas');
      await problemas.getByText('O rascunho não pode ser publicado').waitFor();
      const primeira = linhas.nth(0);
      assert.equal(await primeira.getAttribute('data-chave-traducao'), 'nome');
      const nome = await primeira.locator('.cf-original').innerText();
      assert.equal(await problemas.getByRole('button', { name: /^Traduções \(Español\): falta a tradução de/ }).count(), 2);
      await problemas.getByRole('button', { name: `Traduções (Español): falta a tradução de "${nome}".` }).click();
      await p.waitForFunction(() => document.querySelector('console-formularios')!.shadowRoot!.activeElement?.getAttribute('data-traducao') === 'nome');
      await p.keyboard.type(emEspanhol(nome));
      await noConsole(p, 'button:has-text("Publicar")').first().click();
      await problemas.getByRole('button', { name: /^Traduções \(Español\): falta a tradução de/ }).click();
      const ultima = linhas.nth(n - 1);
      await p.waitForFunction(() => document.querySelector('console-formularios')!.shadowRoot!.activeElement?.hasAttribute('data-traducao'));
      assert.equal(await p.evaluate(() => document.querySelector('console-formularios')!.shadowRoot!.activeElement!.getAttribute('data-traducao')), await ultima.getAttribute('data-chave-traducao'));
      await p.keyboard.type(emEspanhol(await ultima.locator('.cf-original').innerText()));
      assert.equal(await contagem.innerText(), 'Todos os textos estão traduzidos.');
      // The preview in Spanish.
      await noConsole(p, '[role=tab]:has-text("Formulário")').first().click();
      await noConsole(p, '.cf-previa').getByLabel('Idioma da pré-visualização').selectOption({ label: 'Español' });
      await noConsole(p, '.cf-previa').getByLabel('Nombre completo').waitFor();
      assert.match(await noConsole(p, '.cf-previa [data-titulo-passo]').innerText(), /^Paso 1 de 4\s*Responsable$/);
      await noConsole(p, 'button:has-text("Publicar")').first().click();
      const alerta = noConsole(p, '.bp6-alert');
      await alerta.getByText(`Passa a ser oferecido em Español (${n} textos traduzidos).`).waitFor();
      await alerta.locator('button:has-text("Publicar")').click();
      await alerta.waitFor({ state: 'detached' });
    });

    const contexto = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    let protocolo = '';
    try {
      const p = await contexto.newPage();
      await p.goto(`${demo.base}/cidadao/portal-govbr.html?modelo=${CODIGO}&language=pt-BR`);
      await cidadao(p).getByLabel('Nome completo').fill('Maria da Silva');
      await cidadao(p).getByLabel('CPF').fill('529.982.247-25');
      await cidadao(p).getByLabel('E-mail').fill('maria.es@exemplo.com.br');
      await cidadao(p).getByRole('button', { name: 'Continuar', exact: true }).click();
      await p.waitForFunction(() => document.querySelector('formulario-cidadao')!.shadowRoot!.querySelector('[data-titulo-passo]')?.textContent?.includes('Estudantes'));
      // Half way, Español: the page and the questions change, the focus stays on the switch, the answers stay.
      const troca = cidadao(p).getByRole('navigation', { name: 'Idioma' });
      assert.equal(await troca.locator('[aria-current]').innerText(), 'Português');
      await troca.getByRole('button', { name: 'Español', exact: true }).click();
      await p.waitForFunction(() => document.querySelector('formulario-cidadao')!.shadowRoot!.querySelector('[data-titulo-passo]')?.textContent?.includes('Estudiantes'));
      assert.match(await titulo(p), /^Paso 2 de 4\nEstudiantes$/);
      assert.equal(await troca.locator('[aria-current]').innerText(), 'Español');
      assert.equal(await p.evaluate(() => document.querySelector('formulario-cidadao')!.shadowRoot!.activeElement?.getAttribute('aria-current')), 'true', 'the focus stays on the switch');
      await cidadao(p).getByRole('button', { name: 'Volver', exact: true }).click();
      assert.equal(await cidadao(p).getByLabel('Nombre completo').inputValue(), 'Maria da Silva', 'page 1 kept its answers');
      assert.equal(await cidadao(p).getByLabel('Correo electrónico').inputValue(), 'maria.es@exemplo.com.br');
      await cidadao(p).getByRole('button', { name: 'Continuar', exact: true }).click();
      await cidadao(p).getByLabel('Nombre del estudiante').fill('Ana da Silva');
      await cidadao(p).getByLabel('Fecha de nacimiento').fill('10/05/2014');
      await cidadao(p).getByLabel('Enseñanza primaria').check();
      await cidadao(p).getByRole('group', { name: '¿Necesita transporte escolar?' }).getByLabel('No').check();
      await cidadao(p).getByRole('button', { name: 'Continuar', exact: true }).click();
      await cidadao(p).getByLabel('Ingreso mensual de la familia (R$)').fill('1500');
      await cidadao(p).getByRole('group', { name: '¿La familia recibe otro beneficio social?' }).getByLabel('No').check();
      await cidadao(p).getByRole('button', { name: 'Continuar', exact: true }).click();
      await cidadao(p).getByLabel('Declaro que la información es verdadera.').check();
      await cidadao(p).getByRole('button', { name: 'Continuar', exact: true }).click();
      // The check step in Spanish, with the values as labels.
      const revisao = await cidadao(p).locator('.fc-revisao-pagina').allInnerTexts();
      assert.match(revisao.join('\n'), /Nombre completo\s+Maria da Silva[\s\S]*Etapa de enseñanza\s+Enseñanza primaria/);
      await cidadao(p).getByRole('button', { name: 'Enviar', exact: true }).click();
      await cidadao(p).getByText('Formulario enviado').waitFor();
      protocolo = (await cidadao(p).locator('.fc-protocolo').innerText()).trim();
    } finally {
      await contexto.close();
    }

    const admin = await clienteApi(demo.base, 'admin');
    const [f] = (await admin('GET', `/formularios?protocolo=${protocolo}`)).json;
    assert.equal(f.idioma, 'es');
    const detalhe = (await admin('GET', `/formularios/${f.id}`)).json;
    assert.equal(detalhe.respostas.estudantes[0].serie, 'fundamental', 'the value, whatever the language');

    const contextoGestor = await demo.navegador.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const p = await contextoGestor.newPage();
      const gaveta = await abrirFormulario(p, demo.base, 'gestor', protocolo);
      assert.equal(await gaveta.locator('[data-testid=idioma]').innerText(), 'Espanhol');
    } finally {
      await contextoGestor.close();
    }
  });

  test('o console em inglês escreve as porcentagens à inglesa', async () => {
    const gestor = await clienteApi(demo.base, 'gestor');
    const analitico = (await gestor('GET', '/analitico-formularios')).json as { modelos: { codigoServico: string; total: number; porStatus: Record<string, number> }[] };
    const [m] = analitico.modelos;
    // Worked out here, not by the product's formatter: one decimal, a point, the percent sign after.
    const esperado = `${((100 * (m.porStatus.FALHA_INTEGRACAO ?? 0)) / (m.total || 1)).toFixed(1)}%`;
    const contexto = await demo.navegador.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const p = await contexto.newPage();
      await p.goto(`${demo.base}/?language=en`);
      await preencherLogin(p, 'gestor');
      await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
      await irPara(p, '/analitico-formularios');
      await esperarTitulo(p, 'Form analytics');
      const linha = noConsole(p, '.cf-tabela-analitico tbody tr').filter({ hasText: `(${m.codigoServico})` });
      assert.equal((await linha.locator('td').last().innerText()).trim(), esperado);
      assert.doesNotMatch(await noConsole(p, '.cf-pagina').innerText(), /\d,\d%/, 'no decimal comma anywhere on the page');
    } finally {
      await contexto.close();
    }
  });
});
