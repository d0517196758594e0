import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { clienteApi } from '../apoio/cliente';
import { enviarFormulario } from '../apoio/entregas';
import { demoComNavegador, esperarTitulo, irPara, noConsole, novoCampoNoConstrutor } from './demo';
import type { Definicao } from '../../src/forms/definicao';

/**
 * Issue 36 end to end, as a designer and citizens would: a model scheduled by the designer shows "abre em" on the
 * citizen's page and then, at the opening (brought forward to seconds away), the form itself (no reload); a limit of 2 answers leaves the third
 * citizen, who was filling the form meanwhile, with the closing message; "Duplicar", "Exportar" and "Importar"
 * through the console (a tampered file refused in pt-BR); the history of saves with a restore; and the builder's
 * new section taking the new fields, publishing refused for an empty section with the problem leading to it.
 */
const demo = demoComNavegador({ PUBLICO_LIMITE_ENDERECO: '0', PUBLICO_LIMITE_MODELO: '0' });
const comDesigner = (corpo: (p: Page) => Promise<void>) => demo.comUsuario('designer', corpo, { viewport: { width: 1440, height: 1000 }, acceptDownloads: true });

const DEF: Definicao = { secoes: [{ id: 'requerente', titulo: 'Requerente', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [] }] }] };
const unico = (prefixo: string) => `${prefixo}-${Date.now().toString(36)}`;

/** A model created, saved with DEF and published by the admin through the API (what this file tests is the rest). */
async function publicado(codigo: string, definicao: Definicao = DEF): Promise<void> {
  const admin = await clienteApi(demo.base, 'admin');
  const grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
  const corpo = { nome: `Inscrição ${codigo}`, descricao: 'Inscrição de teste.', grupoControleConteudoId: grupo };
  assert.equal((await admin('POST', '/modelos', { codigoServico: codigo, ...corpo })).status, 201);
  assert.equal((await admin('PUT', `/modelos/${codigo}`, { ...corpo, definicao, versao: 1 })).status, 200);
  assert.equal((await admin('POST', `/modelos/${codigo}/versoes`)).status, 201);
}

/** A São Paulo minute as the console's fields take it (dd/mm/aaaa and hh:mm) and as the citizen reads it. */
function emSaoPaulo(instante: number) {
  const partes = Object.fromEntries(new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instante).map((x) => [x.type, x.value]));
  const data = `${partes.day}/${partes.month}/${partes.year}`;
  const hora = `${partes.hour}:${partes.minute}`;
  return { data, hora, texto: `${data} ${hora}` };
}

const cidadao = (p: Page) => p.locator('formulario-cidadao');

async function abrirModelo(p: Page, codigo: string, aba?: string) {
  await irPara(p, `/modelos/${codigo}`);
  await esperarTitulo(p, `Modelo ${codigo}`);
  if (aba) await noConsole(p, `[role=tab]:has-text("${aba}")`).click();
}

async function salvarRascunho(p: Page) {
  await noConsole(p, 'button:has-text("Salvar rascunho")').click();
  await noConsole(p, '.cf-cabecalho-modelo [role=status]:has-text("Rascunho salvo por designer")').waitFor();
}

describe('o ano de um modelo, de ponta a ponta', () => {
  test('agendado: o designer marca a abertura e a página do cidadão diz quando abre; na hora, ela mostra o formulário sem recarregar', async () => {
    const codigo = unico('agenda');
    await publicado(codigo);
    // The designer schedules it an hour ahead, in the console's fields (date, and hour to the minute).
    const hora = 60 * 60_000;
    const quando = emSaoPaulo((Math.floor(Date.now() / 60_000) * 60_000) + hora);
    await comDesigner(async (p) => {
      await abrirModelo(p, codigo, 'Dados do modelo');
      const periodo = noConsole(p, '.cf-quando-recebe');
      await periodo.getByLabel('Abre em', { exact: true }).fill(quando.data);
      await periodo.getByLabel('Hora da abertura').fill(quando.hora);
      await salvarRascunho(p);
      await noConsole(p, `[data-testid=periodo]:has-text("Abre em ${quando.texto}")`).waitFor();
    });
    const contexto = await demo.navegador.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const p = await contexto.newPage();
      await p.goto(`${demo.base}/cidadao.html?modelo=${codigo}`);
      await cidadao(p).getByText(`Este formulário abre em ${quando.texto}. Esta página mostra o formulário assim que ele abrir.`).waitFor();
      assert.equal(await cidadao(p).getByLabel('Nome completo').count(), 0, 'no question before the opening');
      // The portal's list says so too.
      assert.match(await p.locator('#servico option:checked').innerText(), new RegExp(`\\(abre em ${quando.texto.replace(/\//g, '\\/')}\\)`));

      // Brought forward to a few seconds from now (through the API: the console's fields take whole minutes, and waiting
      // for the next one cost up to 80 s of every run), a page opened before the opening shows the form at it.
      const admin = await clienteApi(demo.base, 'admin');
      const m = (await admin('GET', `/modelos/${codigo}`)).json;
      const abre = Date.now() + 10_000;
      const alterado = await admin('PUT', `/modelos/${codigo}`, { nome: m.nome, descricao: m.descricao, grupoControleConteudoId: m.grupoControleConteudo.id, abreEm: new Date(abre).toISOString(), definicao: m.definicao, versao: m.versao });
      assert.equal(alterado.status, 200, JSON.stringify(alterado.json));
      await p.reload();
      await cidadao(p).getByText(`Este formulário abre em ${emSaoPaulo(abre).texto}.`, { exact: false }).waitFor();
      assert.equal(await cidadao(p).getByLabel('Nome completo').count(), 0, 'no question before the opening');
      await cidadao(p).getByLabel('Nome completo').waitFor({ timeout: abre - Date.now() + 30_000 });
      assert.ok(Date.now() >= abre, 'the form shows at the opening, not before');
      await cidadao(p).getByLabel('Nome completo').fill('Maria da Silva');
      await cidadao(p).getByRole('button', { name: 'Enviar' }).click();
      await cidadao(p).getByText('Formulário enviado').waitFor();
    } finally {
      await contexto.close();
    }
  });

  test('limite de 2: o terceiro cidadão, que preenchia enquanto o último lugar era tomado, lê a mensagem de encerramento', async () => {
    const codigo = unico('vagas');
    await publicado(codigo);
    await comDesigner(async (p) => {
      await abrirModelo(p, codigo, 'Dados do modelo');
      await noConsole(p, 'input[name=limiteRespostas]').fill('2');
      await noConsole(p, 'textarea[name=mensagemLimite]').fill('As 2 vagas desta inscrição já foram preenchidas.');
      await salvarRascunho(p);
      await noConsole(p, '[data-testid=respostas]:has-text("0 de 2 respostas")').waitFor();
    });
    assert.equal((await enviarFormulario(demo.base, codigo, { nome: 'Primeira Pessoa' })).status, 201);
    const contexto = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const p = await contexto.newPage();
      await p.goto(`${demo.base}/cidadao.html?modelo=${codigo}`);
      await cidadao(p).getByLabel('Nome completo').fill('Terceira Pessoa');
      // Meanwhile, someone else takes the last place.
      assert.equal((await enviarFormulario(demo.base, codigo, { nome: 'Segunda Pessoa' })).status, 201);
      await cidadao(p).getByRole('button', { name: 'Enviar' }).click();
      await cidadao(p).getByText('As 2 vagas desta inscrição já foram preenchidas.').waitFor();
      assert.equal(await cidadao(p).getByText('Formulário enviado').count(), 0);
      // Coming back later: the message, and no form to fill.
      await p.reload();
      await cidadao(p).getByText('As 2 vagas desta inscrição já foram preenchidas.').waitFor();
      assert.equal(await cidadao(p).getByLabel('Nome completo').count(), 0);
    } finally {
      await contexto.close();
    }
    const admin = await clienteApi(demo.base, 'admin');
    assert.equal((await admin('GET', `/formularios?modelo=${codigo}`)).json.length, 2, 'exactly two forms stored');
    await comDesigner(async (p) => {
      await abrirModelo(p, codigo);
      await noConsole(p, '[data-testid=respostas]:has-text("2 de 2 respostas")').waitFor();
    });
    await demo.comUsuario('gestor', async (p) => {
      await irPara(p, '/analitico-formularios');
      await esperarTitulo(p, 'Analítico de Formulários');
      assert.equal(await noConsole(p, `[data-limite="${codigo}"] td`).innerText(), '2 de 2 respostas');
    });
  });

  test('duplicar, exportar e importar pelo console; histórico com restauração; seção nova recebe os campos e seção vazia não se publica', async () => {
    const codigo = unico('origem');
    await publicado(codigo);
    const copia = unico('copia');
    const importado = unico('importado');
    const pasta = mkdtempSync(join(tmpdir(), 'cf-modelo-'));
    await comDesigner(async (p) => {
      // Duplicar: a draft under a new code, opened in the builder with the same questions.
      await abrirModelo(p, codigo);
      await noConsole(p, 'button:has-text("Duplicar")').first().click();
      const dialogo = noConsole(p, '.bp6-dialog');
      await dialogo.locator('input[name=codigoServico]').fill(copia);
      await dialogo.locator('input[name=nome]').fill('Inscrição 2027');
      await dialogo.locator('button[type=submit]').click();
      await esperarTitulo(p, `Modelo ${copia}`);
      await noConsole(p, '.cf-cabecalho-modelo:has-text("Nunca publicado")').waitFor();
      await noConsole(p, '.cf-previa').getByLabel('Nome completo').waitFor();

      // A new section becomes where new fields go; publishing refuses an empty one and leads to it.
      await noConsole(p, 'button:has-text("Adicionar seção")').click();
      await noConsole(p, 'input[aria-label="Título da seção 2"]').fill('Endereço');
      await p.locator('console-formularios').getByText('Adicionar campo: clique para pôr no fim da seção “Endereço”').waitFor();
      await (await novoCampoNoConstrutor(p, 'texto')).getByLabel(/^Rótulo/).fill('Logradouro');
      assert.deepEqual(await noConsole(p, '[aria-label="Campos da seção Endereço"] .cf-rotulo-texto').allInnerTexts(), ['Logradouro'], 'the field went into the new section');
      await noConsole(p, 'button:has-text("Adicionar seção")').click();
      await noConsole(p, 'input[aria-label="Título da seção 3"]').fill('Anexos');
      await noConsole(p, 'button:has-text("Publicar")').first().click();
      const problemas = noConsole(p, '.cf-problemas');
      await problemas.getByText('O rascunho não pode ser publicado').waitFor();
      const problema = problemas.getByRole('button', { name: /Anexos.*Esta seção não tem perguntas/ });
      await problema.click();
      assert.equal(await p.evaluate(() => document.querySelector('console-formularios')!.shadowRoot!.activeElement?.getAttribute('aria-label')), 'Título da seção 3', 'the problem leads to the empty section');
      await noConsole(p, 'button[aria-label="Remover a seção \\"Anexos\\""]').click();
      await salvarRascunho(p);

      // History: the copy, the save; the first restored as a new draft.
      await noConsole(p, '[role=tab]:has-text("Histórico")').click();
      const linhas = noConsole(p, '.cf-tabela-historico tbody tr');
      await linhas.nth(1).waitFor();
      const textos = await linhas.allInnerTexts();
      assert.match(textos[0], /Salvo/);
      assert.match(textos[0], /designer/);
      assert.match(textos.at(-1)!, /Criado como cópia/);
      await linhas.last().getByRole('button', { name: /^Restaurar o rascunho como estava em/ }).click();
      await noConsole(p, '.bp6-alert button:has-text("Restaurar")').click();
      await p.locator('console-formularios').getByText('Rascunho restaurado').first().waitFor();
      await noConsole(p, '[role=tab]:has-text("Formulário")').click();
      assert.equal(await noConsole(p, 'input[aria-label="Título da seção 2"]').count(), 0, 'the restored draft has only the copied section');

      // Exportar: the model as a file; Importar it under another code, after the preview says what is created.
      const [download] = await Promise.all([p.waitForEvent('download'), noConsole(p, 'button:has-text("Exportar")').click()]);
      const arquivo = join(pasta, download.suggestedFilename());
      await download.saveAs(arquivo);
      assert.equal(download.suggestedFilename(), `modelo-${copia}.json`);
      const exportado = JSON.parse(readFileSync(arquivo, 'utf8'));
      assert.doesNotMatch(JSON.stringify(exportado), /whsec_|grupoControleConteudo/, 'no secret and no group in the file');

      await irPara(p, '/modelos');
      await esperarTitulo(p, 'Modelos de Formulários');
      // A tampered file is refused, in Portuguese, before anything is written.
      const adulterado = join(pasta, 'adulterado.json');
      writeFileSync(adulterado, JSON.stringify({ ...exportado, modelo: { ...exportado.modelo, nome: 'Outro nome' } }));
      await noConsole(p, 'button:has-text("Importar")').click();
      let dialogo2 = noConsole(p, '.bp6-dialog');
      await dialogo2.locator('#cf-importar-arquivo').setInputFiles(adulterado);
      await dialogo2.locator('input[name=codigoServico]').fill(importado);
      await dialogo2.getByRole('button', { name: 'Conferir' }).click();
      await dialogo2.getByText('O arquivo foi alterado depois de exportado: a soma de verificação não confere. Exporte-o de novo no ambiente de origem.').waitFor();
      await dialogo2.getByRole('button', { name: 'Cancelar' }).click();
      // The refusal's toast closed as a user would: stacked under another toast it can lie over "Importar", and the
      // pointer resting on it stops its 8 s (Blueprint pauses a hovered toast), so a click there waits forever (02/12).
      const aviso = noConsole(p, '.bp6-toast:has-text("O arquivo foi alterado depois de exportado")');
      await aviso.locator('button').click();
      await aviso.waitFor({ state: 'detached' });

      await noConsole(p, 'button:has-text("Importar")').click();
      dialogo2 = noConsole(p, '.bp6-dialog');
      await dialogo2.locator('input[name=codigoServico]').waitFor();
      // The code typed while the file is still being read stays (reading it used to put the file's code back):
      // the file is chosen and the code typed in the same task, so the read always finishes after the typing.
      await p.evaluate(
        ([nome, texto, codigoDigitado]) => {
          const raiz = document.querySelector('console-formularios')!.shadowRoot!;
          const arquivoInput = raiz.querySelector<HTMLInputElement>('#cf-importar-arquivo')!;
          const dt = new DataTransfer();
          dt.items.add(new File([texto], nome, { type: 'application/json' }));
          arquivoInput.files = dt.files;
          arquivoInput.dispatchEvent(new Event('change', { bubbles: true }));
          const codigoInput = raiz.querySelector<HTMLInputElement>('.bp6-dialog input[name=codigoServico]')!;
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(codigoInput, codigoDigitado);
          codigoInput.dispatchEvent(new Event('input', { bubbles: true }));
        },
        [download.suggestedFilename(), readFileSync(arquivo, 'utf8'), importado] as const,
      );
      await dialogo2.getByText(download.suggestedFilename()).waitFor();
      assert.equal(await dialogo2.locator('input[name=codigoServico]').inputValue(), importado, 'the typed code is kept after the file is read');
      await dialogo2.getByRole('button', { name: 'Conferir' }).click();
      // A new model asks for its group in this environment first.
      await dialogo2.getByText('Escolha o grupo de controle de conteúdo do modelo neste ambiente.').waitFor();
      await dialogo2.getByLabel('Grupo de controle de conteúdo').selectOption({ label: 'Saúde' });
      await dialogo2.getByRole('button', { name: 'Conferir' }).click();
      await dialogo2.getByText(`Será criado o modelo "Inscrição 2027" (${importado}), como rascunho.`).waitFor();
      await dialogo2.getByRole('button', { name: 'Importar' }).click();
      await esperarTitulo(p, `Modelo ${importado}`);
      await noConsole(p, '.cf-previa').getByLabel('Nome completo').waitFor();
    });
  });

  test('declaração: sem o aceite, o resumo de erros leva à caixa; aceita, o formulário guarda o texto e o instante', async () => {
    const codigo = unico('declara');
    const texto = 'Declaro, sob as penas da lei, que as informações prestadas são verdadeiras.';
    await publicado(codigo, { ...DEF, declaracao: { texto } });
    const contexto = await demo.navegador.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const p = await contexto.newPage();
      await p.goto(`${demo.base}/cidadao.html?modelo=${codigo}`);
      await cidadao(p).getByLabel('Nome completo').fill('Maria da Silva');
      await cidadao(p).getByText(texto).waitFor();
      await cidadao(p).getByRole('button', { name: 'Enviar' }).click();
      const resumo = cidadao(p).getByRole('alert').filter({ hasText: 'Há um problema' });
      await resumo.getByRole('link', { name: 'Declaração: Confirme a declaração para enviar.' }).click();
      assert.equal(await p.evaluate(() => (document.querySelector('formulario-cidadao')!.shadowRoot!.activeElement as HTMLInputElement | null)?.type), 'checkbox', 'the summary leads to the checkbox');
      await p.keyboard.press('Space');
      await cidadao(p).getByRole('button', { name: 'Enviar' }).click();
      await cidadao(p).getByText('Formulário enviado').waitFor();
    } finally {
      await contexto.close();
    }
    const admin = await clienteApi(demo.base, 'admin');
    const [f] = (await admin('GET', `/formularios?modelo=${codigo}`)).json;
    const completo = (await admin('GET', `/formularios/${f.id}`)).json;
    assert.equal(completo.declaracao.texto, texto);
    assert.ok(Math.abs(Date.parse(completo.declaracao.aceitaEm) - Date.now()) < 60_000);
  });
});
