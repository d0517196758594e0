import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { clienteApi } from '../apoio/cliente';
import { esperarAte } from '../apoio/receptor';
import { traduzirCidadao, type IdiomaCidadao, type ChaveCidadao } from '../../src/i18n/cidadao';
import { abrirFormulario, demoComNavegador, semViolacoesAxe } from './demo';
import { diferencaPixels } from './navegador';

/**
 * Issue 35 end to end: <formulario-cidadao> as a portal embeds it (the demo's gov.br-looking host page),
 * "Auxílio Família na Escola" walked by keyboard only (Tab, Shift+Tab, Enter, Space, arrows) at 1280 and
 * 390 px in pt-BR, English and Spanish, with where the focus is asserted after every move, every error and
 * every add and remove; axe-core with no violation at all on every step; a reload keeps the answers; an
 * impossible date says so; the language is stored and the confirmation e-mail (parsed by the demo's
 * mail catcher, mailparser) and the PDF receipt (pdftotext) come in it; the gestor sees it in the drawer.
 * Screenshots in test-results/formulario-cidadao/.
 */
const demo = demoComNavegador({ ENTREGAS: 'on', ENTREGA_INTERVALO_MS: '200', EMAIL_INTERVALO_MS: '200' });
const PASTA = join('test-results', 'formulario-cidadao');
mkdirSync(PASTA, { recursive: true });


interface Ativo {
  tag: string;
  rotulo: string;
  texto: string;
  chave: string | null;
  tipo: string | null;
  valor: string | null;
  classe: string;
  marcado: boolean | null;
}

/** The element that has the focus, through the shadow root: what it is and what a screen reader names it. */
const ativo = (p: Page): Promise<Ativo> =>
  p.evaluate(() => {
    let a = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement>; value?: string; checked?: boolean; type?: string }) | null;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement as typeof a;
    const rotulo = a?.labels?.[0]?.textContent ?? a?.getAttribute('aria-label') ?? '';
    return {
      tag: a?.tagName.toLowerCase() ?? '',
      rotulo: rotulo.replace(/\s+/g, ' ').trim(),
      texto: (a?.innerText ?? '').replace(/\s+/g, ' ').trim(),
      chave: a?.closest('[data-chave]')?.getAttribute('data-chave') ?? null,
      tipo: a?.type ?? null,
      valor: typeof a?.value === 'string' ? a.value : null,
      classe: typeof a?.className === 'string' ? a.className : '',
      marcado: typeof a?.checked === 'boolean' ? a.checked : null,
    };
  });

/** Tab (or Shift+Tab) until the focus is where `aqui` says, at most 40 presses. */
async function tabAte(p: Page, aqui: (a: Ativo) => boolean, oQue: string, voltar = false): Promise<Ativo> {
  for (let i = 0; i < 40; i++) {
    await p.keyboard.press(voltar ? 'Shift+Tab' : 'Tab');
    const a = await ativo(p);
    if (aqui(a)) return a;
  }
  throw new Error(`o foco não chegou a ${oQue}; está em ${JSON.stringify(await ativo(p))}`);
}

const rotuloComeca = (r: string) => (a: Ativo) => a.rotulo.startsWith(r);
const botao = (texto: string) => (a: Ativo) => a.tag === 'button' && a.texto === texto;

async function focoEm(p: Page, esperado: (a: Ativo) => boolean, oQue: string) {
  await esperarAte(async () => esperado(await ativo(p)), 5000, `foco em ${oQue} (está em ${JSON.stringify(await ativo(p))})`);
}

/** Answers a question found by Tab: the text typed over what was there. */
async function escrever(p: Page, rotulo: string, texto: string) {
  await tabAte(p, rotuloComeca(rotulo), rotulo);
  await p.keyboard.press('ControlOrMeta+A');
  await p.keyboard.type(texto);
}

/** A radio group by Tab, then its option with the arrows (Space on the first). */
async function escolherRadio(p: Page, primeiraOpcao: string, opcao: string) {
  await tabAte(p, (a) => a.tipo === 'radio' && a.rotulo === primeiraOpcao, primeiraOpcao);
  await p.keyboard.press('Space');
  for (let i = 0; i < 6 && (await ativo(p)).rotulo !== opcao; i++) await p.keyboard.press('ArrowDown');
  const a = await ativo(p);
  assert.ok(a.rotulo === opcao && a.marcado, `opção ${opcao} escolhida: ${JSON.stringify(a)}`);
}

const titulo = (p: Page) => p.locator('formulario-cidadao [data-titulo-passo]').innerText();

async function caminhar(p: Page, idioma: IdiomaCidadao, largura: number): Promise<string> {
  const t = (chave: ChaveCidadao, params?: Record<string, string | number>) => traduzirCidadao(idioma, chave, params);
  const foto = (nome: string) => p.screenshot({ path: join(PASTA, `${idioma}-${largura}-${nome}.png`), fullPage: true });
  const tituloEhFocado = (a: Ativo) => a.classe.includes('fc-titulo-passo');
  const etapa = (i: number) => t('preenchimento.etapa', { i, n: 4 });

  await p.goto(`${demo.base}/cidadao/portal-govbr.html?modelo=educacao-auxilio-familia&language=${idioma}`);
  await esperarAte(async () => (await titulo(p).catch(() => '')).startsWith(etapa(1)), 15_000, 'a primeira etapa');
  assert.equal(await p.locator('formulario-cidadao h1').count(), 1, 'one h1 per step');
  await semViolacoesAxe(p, `${idioma} ${largura}: etapa 1`, { todas: true });
  await foto('1-responsavel');

  // "Continuar" with nothing answered: the summary takes the focus; once more, it takes it again.
  await tabAte(p, botao(t('preenchimento.continuar')), 'Continuar');
  await p.keyboard.press('Enter');
  const resumo = p.locator('formulario-cidadao .fc-resumo-erros');
  await focoEm(p, (a) => a.classe.includes('fc-resumo-erros'), 'o resumo de erros');
  assert.match(await resumo.innerText(), new RegExp(`${t('preenchimento.ha-problema')}[\\s\\S]*Nome completo: ${t('validacao.required').replace('.', '\\.')}[\\s\\S]*CPF: `));
  await semViolacoesAxe(p, `${idioma} ${largura}: resumo de erros`, { todas: true });
  await tabAte(p, botao(t('preenchimento.continuar')), 'Continuar de novo');
  await p.keyboard.press('Enter');
  await focoEm(p, (a) => a.classe.includes('fc-resumo-erros'), 'o resumo de erros na segunda tentativa');
  // Its first link takes the focus to the field; what is corrected leaves the summary at once.
  await p.keyboard.press('Tab');
  assert.equal((await ativo(p)).tag, 'a');
  await p.keyboard.press('Enter');
  await focoEm(p, (a) => a.chave === 'nome' && a.tag === 'input', 'o campo Nome completo');
  await p.keyboard.type('Maria da Silva');
  await esperarAte(async () => !(await resumo.innerText()).includes('Nome completo:'), 5000, 'o resumo sem o campo corrigido');
  assert.match(await resumo.innerText(), /CPF: /);
  await escrever(p, 'CPF', '529.982.247-25');
  await escrever(p, 'E-mail', `maria.${idioma.toLowerCase()}@exemplo.com.br`);
  await tabAte(p, botao(t('preenchimento.continuar')), 'Continuar');
  await p.keyboard.press('Enter');
  await focoEm(p, tituloEhFocado, 'o título da etapa 2');
  assert.equal(await titulo(p), `${etapa(2)}\nEstudantes`);

  // The repeating set: the first student, an impossible date, a question shown by an answer.
  await escrever(p, 'Nome do estudante', 'Ana da Silva');
  await escrever(p, 'Data de nascimento', '31/02/2014');
  await escolherRadio(p, 'Ensino fundamental', 'Ensino fundamental');
  await escolherRadio(p, 'Sim', 'Sim');
  await escrever(p, 'Distância até a escola (km)', '12');
  // "Adicionar outro": the focus goes to the new item's first question; "Remover": to what comes next.
  const adicionar = t('preenchimento.adicionar-outro', { item: 'estudante' });
  await tabAte(p, botao(adicionar), adicionar);
  await p.keyboard.press('Enter');
  await focoEm(p, (a) => a.chave === 'estudantes[1].nome-estudante', 'o nome do Estudante 2');
  await p.keyboard.type('Caio');
  await foto('2-estudantes');
  await semViolacoesAxe(p, `${idioma} ${largura}: dois estudantes`, { todas: true });
  const remover = t('preenchimento.remover-item', { item: 'Estudante 2' });
  await tabAte(p, botao(remover), remover);
  await p.keyboard.press('Enter');
  await focoEm(p, botao(adicionar), 'o botão de adicionar, depois de remover o último');
  assert.equal(await p.locator('formulario-cidadao [role=status][aria-live=polite]').first().innerText(), t('preenchimento.item-removido', { item: 'Estudante 2' }));
  assert.equal(await p.locator('formulario-cidadao fieldset.fc-item').count(), 1);
  // At 390 px "Adicionar outro" is on a row of its own, not on the buttons' row.
  const naLinhaDasAcoes = await p.evaluate(() => !!document.querySelector('formulario-cidadao')!.shadowRoot!.querySelector('.fc-acoes [data-adicionar]'));
  assert.equal(naLinhaDasAcoes, false);

  // The impossible date: its own message, in the summary and under the field.
  await tabAte(p, botao(t('preenchimento.continuar')), 'Continuar');
  await p.keyboard.press('Enter');
  await focoEm(p, (a) => a.classe.includes('fc-resumo-erros'), 'o resumo com a data');
  assert.match(await resumo.innerText(), new RegExp(t('validacao.data-inexistente').replace('.', '\\.')));
  await p.keyboard.press('Tab');
  await p.keyboard.press('Enter');
  await focoEm(p, (a) => a.chave === 'estudantes[0].nascimento-estudante', 'o campo da data');
  await p.keyboard.press('ControlOrMeta+A');
  await p.keyboard.type('10/05/14');
  await tabAte(p, botao(t('preenchimento.continuar')), 'Continuar');
  await p.keyboard.press('Enter');
  await focoEm(p, tituloEhFocado, 'o título da etapa 3');
  assert.equal(await titulo(p), `${etapa(3)}\nRenda da família`);

  // A reload here: the step and every answer stay (the tab's sessionStorage), and the page says so.
  await p.reload();
  await esperarAte(async () => (await titulo(p).catch(() => '')).startsWith(etapa(3)), 15_000, 'a etapa 3 depois de recarregar');
  assert.match(await p.locator('formulario-cidadao .fc-aviso').innerText(), new RegExp(t('cidadao.recuperado')));
  await tabAte(p, botao(t('preenchimento.voltar')), 'Voltar');
  await p.keyboard.press('Enter');
  await focoEm(p, tituloEhFocado, 'o título da etapa 2, de volta');
  assert.equal(await p.locator('formulario-cidadao input[id$="estudantes_0__nome-estudante"]').inputValue(), 'Ana da Silva');
  await tabAte(p, botao(t('preenchimento.continuar')), 'Continuar');
  await p.keyboard.press('Enter');
  await focoEm(p, tituloEhFocado, 'o título da etapa 3 de novo');

  await semViolacoesAxe(p, `${idioma} ${largura}: etapa 3`, { todas: true });
  await escrever(p, 'Renda mensal da família (R$)', '1800');
  await escolherRadio(p, 'Sim', 'Não');
  await tabAte(p, botao(t('preenchimento.continuar')), 'Continuar');
  await p.keyboard.press('Enter');
  await focoEm(p, tituloEhFocado, 'o título da etapa 4');
  await semViolacoesAxe(p, `${idioma} ${largura}: etapa 4`, { todas: true });
  await tabAte(p, (a) => a.tipo === 'checkbox', 'a declaração');
  await p.keyboard.press('Space');
  await tabAte(p, botao(t('preenchimento.continuar')), 'Continuar');
  await p.keyboard.press('Enter');
  await focoEm(p, tituloEhFocado, 'o título de "Verifique suas respostas"');
  assert.equal(await titulo(p), t('preenchimento.revisao'));
  const revisao = await p.locator('formulario-cidadao form').innerText();
  // The amount as a number in the reader's language (issue 50: it was "1800" everywhere).
  const renda = ({ 'pt-BR': '1.800', en: '1,800', es: '1800' } as Record<string, string>)[idioma];
  for (const x of ['Ana da Silva', '10/05/2014', 'Ensino fundamental', renda, 'maria.']) assert.ok(revisao.includes(x), `"${x}" na revisão:\n${revisao}`);
  await semViolacoesAxe(p, `${idioma} ${largura}: revisão`, { todas: true });
  await foto('3-revisao');

  await tabAte(p, botao(t('preenchimento.enviar')), 'Enviar');
  const enviado = p.evaluate(() => new Promise<{ protocolo: string }>((ok) => document.querySelector('formulario-cidadao')!.addEventListener('enviado', (e) => ok((e as CustomEvent).detail), { once: true })));
  await p.keyboard.press('Enter');
  const { protocolo } = await enviado;
  await focoEm(p, tituloEhFocado, 'o título do comprovante');
  assert.equal(await titulo(p), t('cidadao.enviado-titulo'));
  assert.equal(await p.locator('formulario-cidadao .fc-protocolo').innerText(), protocolo);
  assert.match(await p.locator('formulario-cidadao .fc-comprovante').innerText(), /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, 'the date with its year in full');
  await semViolacoesAxe(p, `${idioma} ${largura}: comprovante`, { todas: true });
  await foto('4-comprovante');
  // Sent: this visit's answers are gone from the tab.
  assert.equal(await p.evaluate(() => sessionStorage.getItem('formulario-cidadao:educacao-auxilio-familia')), null);
  return protocolo;
}

async function comPagina(largura: number, corpo: (p: Page) => Promise<void>) {
  const ctx = await demo.navegador.newContext({ viewport: { width: largura, height: 900 }, ...(largura < 500 ? { isMobile: true, hasTouch: true } : {}) });
  const p = await ctx.newPage();
  const erros: string[] = [];
  p.on('pageerror', (e) => erros.push(e.message));
  try {
    await corpo(p);
    assert.deepEqual(erros, [], 'no uncaught errors in the page');
  } catch (e) {
    await p.screenshot({ path: join(PASTA, `falha-${largura}-${Date.now()}.png`), fullPage: true }).catch(() => undefined);
    throw e;
  } finally {
    await ctx.close();
  }
}

describe('<formulario-cidadao>: "Auxílio Família na Escola" só pelo teclado', () => {
  const enviados: Partial<Record<IdiomaCidadao, string>> = {};

  for (const largura of [1280, 390]) {
    for (const idioma of ['pt-BR', 'en', 'es'] as const) {
      test(`${idioma} a ${largura} px`, () => comPagina(largura, async (p) => void (enviados[idioma] = await caminhar(p, idioma, largura))));
    }
  }

  test('o idioma fica com o formulário: e-mail e comprovante em espanhol, a entrega e a gaveta dizem qual', async () => {
    const protocolo = enviados.es;
    assert.ok(protocolo, 'the Spanish walk sent a form');
    const admin = await clienteApi(demo.base, 'admin');
    const [f] = (await admin('GET', `/formularios?protocolo=${protocolo}`)).json;
    assert.equal(f.idioma, 'es');
    assert.equal((await admin('GET', `/formularios?protocolo=${enviados['pt-BR']}`)).json[0].idioma, 'pt-BR');
    // The confirmation, as the demo's catcher parsed it (mailparser): Spanish, the year in full, the PDF receipt in Spanish.
    type Email = { id: number; assunto: string; texto: string; anexos: { nome: string }[] };
    const email = (await esperarAte(async () => ((await (await fetch(`${demo.base}/demo/emails.json`)).json()) as Email[]).find((e) => e.assunto === `Recibimos su formulario: Auxílio Família na Escola (protocolo ${protocolo})`), 20_000, 'o e-mail em espanhol'))!;
    assert.match(email.texto, /^Hola:/);
    assert.match(email.texto, /Recibimos su formulario "Auxílio Família na Escola" el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./);
    assert.match(email.texto, /Sus respuestas:/);
    assert.match(email.texto, /Data de nascimento: \*\*\/\*\*\/\*\*\*\*|Data de nascimento: /, 'the questions stay as the designer wrote them');
    const pdf = Buffer.from(await (await fetch(`${demo.base}/demo/emails/${email.id}/anexos/0`)).arrayBuffer());
    const texto = execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });
    for (const x of ['Comprobante de envío', 'Protocolo', 'Recibido el', 'Código de verificación', protocolo!]) assert.ok(texto.includes(x), `"${x}" no PDF:\n${texto}`);
    assert.doesNotMatch(texto, /Comprovante de envio|Recebido em/);
    // The delivery carries it.
    const entregue = (await esperarAte(async () => ((await (await fetch(`${demo.base}/demo/receptor`)).json()) as { recebidas: { protocolo: string; idioma: string | null }[] }).recebidas.find((r) => r.protocolo === protocolo), 20_000, 'a entrega'))!;
    assert.equal(entregue.idioma, 'es');
    // The gestor sees the language in the drawer.
    await comPagina(1280, async (p) => {
      const gaveta = await abrirFormulario(p, demo.base, 'gestor', protocolo!);
      assert.equal(await gaveta.locator('[data-testid=idioma]').innerText(), 'Espanhol');
    });
  });
});

describe('<formulario-cidadao> nos portais e pelo endereço', () => {
  test('o resumo de erros acompanha a correção sem tomar o foco de quem digita; só uma nova tentativa o foca', () =>
    comPagina(1280, async (p) => {
      // Issue 50: at "28/02/20" the error cleared, at "28/02/201" the summary came back, took the focus and the "3" was lost.
      const f = p.locator('formulario-cidadao');
      await p.goto(`${demo.base}/cidadao.html?modelo=educacao-auxilio-familia`);
      await esperarAte(async () => (await titulo(p).catch(() => '')).startsWith('Etapa 1 de 4'), 15_000, 'a etapa 1');
      await f.getByLabel(/^Nome completo/).fill('Maria da Silva');
      await f.getByLabel(/^CPF/).fill('529.982.247-25');
      await f.getByLabel(/^E-mail/).fill('maria.foco@exemplo.com');
      await f.getByRole('button', { name: 'Continuar', exact: true }).click();
      await esperarAte(async () => (await titulo(p)).startsWith('Etapa 2 de 4'), 5000, 'a etapa 2');
      await f.getByLabel(/^Nome do estudante/).fill('Ana da Silva');
      await f.getByLabel('Ensino fundamental').check();
      await f.getByLabel('Não', { exact: true }).check();
      const data = f.getByLabel(/^Data de nascimento/);
      await data.fill('31/02/2020');
      await f.getByRole('button', { name: 'Continuar', exact: true }).click();
      await focoEm(p, (a) => a.classe.includes('fc-resumo-erros'), 'o resumo, na tentativa');
      await f.locator('.fc-resumo-erros a').first().click();
      await focoEm(p, (a) => a.rotulo.startsWith('Data de nascimento'), 'o campo, pelo link do resumo');
      await data.press('Control+A');
      await data.pressSequentially('28/02/2013', { delay: 60 });
      assert.equal(await data.inputValue(), '28/02/2013', 'no keystroke lost');
      await focoEm(p, (a) => a.rotulo.startsWith('Data de nascimento'), 'still the field while typing');
      // A new attempt still focuses the summary.
      await data.fill('31/02/2013');
      await f.getByRole('button', { name: 'Continuar', exact: true }).click();
      await focoEm(p, (a) => a.classe.includes('fc-resumo-erros'), 'o resumo, na nova tentativa');
    }));

  test('o atributo language vale sobre o navegador para os textos do elemento; os do modelo seguem os idiomas que ele oferece', async () => {
    // Issue 50: a browser asking for Portuguese kept "Continuar", "Etapa 1 de 4" and "(opcional)" under language="en".
    const ctx = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
    const p = await ctx.newPage();
    try {
      await p.goto(`${demo.base}/cidadao.html?modelo=educacao-auxilio-familia&language=en`);
      await esperarAte(async () => (await titulo(p).catch(() => '')).startsWith('Step 1 of 4'), 15_000, 'the step heading in English');
      assert.equal(await p.locator('formulario-cidadao').getByRole('button', { name: 'Continue', exact: true }).count(), 1);
      assert.deepEqual([...new Set((await p.locator('formulario-cidadao .fc-opcional').allTextContents()).map((x) => x.trim()))], ['(optional)']);
      // The model is offered in Portuguese only: its own texts stay as written.
      assert.equal(await p.locator('formulario-cidadao').getByLabel(/^Nome completo/).count(), 1);
    } finally {
      await ctx.close();
    }
  });

  test('antes de escolher um serviço, a página do cidadão não mostra erro nenhum; escolhido, o formulário aparece', () =>
    comPagina(1280, async (p) => {
      await p.goto(`${demo.base}/cidadao.html`);
      await p.locator('#servico option[value="educacao-auxilio-familia"]').waitFor({ state: 'attached', timeout: 15_000 });
      // Issue 50: it opened with a red "Não foi possível abrir o formulário." before anything was chosen.
      assert.equal(await p.locator('formulario-cidadao').innerText(), '');
      await p.locator('#servico').selectOption('educacao-auxilio-familia');
      await esperarAte(async () => (await titulo(p).catch(() => '')).startsWith('Etapa 1 de 4'), 15_000, 'a etapa 1');
    }));

  test('um link para uma etapa adiante sem as respostas de antes volta à primeira que falta, dizendo por quê; voltar e avançar do navegador andam pelas etapas', () =>
    comPagina(1280, async (p) => {
      await p.goto(`${demo.base}/cidadao.html?modelo=educacao-auxilio-familia&etapa=renda`);
      await esperarAte(async () => (await titulo(p).catch(() => '')).startsWith('Etapa 1 de 4'), 15_000, 'a etapa 1');
      assert.match(await p.locator('formulario-cidadao .fc-aviso').innerText(), /Faltam respostas de uma etapa anterior: continue daqui\./);
      assert.equal(new URL(p.url()).searchParams.get('etapa'), 'responsavel', 'the address says where the citizen is');
      await p.locator('formulario-cidadao').getByLabel(/^Nome completo/).fill('Maria da Silva');
      await p.locator('formulario-cidadao').getByLabel(/^CPF/).fill('529.982.247-25');
      await p.locator('formulario-cidadao').getByLabel(/^E-mail/).fill('maria@exemplo.com');
      await p.locator('formulario-cidadao').getByRole('button', { name: 'Continuar', exact: true }).click();
      await esperarAte(async () => (await titulo(p)).startsWith('Etapa 2 de 4'), 5000, 'a etapa 2');
      assert.equal(new URL(p.url()).searchParams.get('etapa'), 'estudantes');
      await p.goBack();
      await esperarAte(async () => (await titulo(p)).startsWith('Etapa 1 de 4'), 5000, 'de volta à etapa 1');
      await focoEm(p, (a) => a.classe.includes('fc-titulo-passo'), 'o título, depois de voltar pelo navegador');
      assert.equal(await p.locator('formulario-cidadao').getByLabel(/^Nome completo/).inputValue(), 'Maria da Silva');
      await p.goForward();
      await esperarAte(async () => (await titulo(p)).startsWith('Etapa 2 de 4'), 5000, 'adiante à etapa 2');
    }));

  test('a 320 px (como 1280 px a 400%), nada rola de lado em nenhuma etapa', () =>
    comPagina(320, async (p) => {
      const deLado = () => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await p.goto(`${demo.base}/cidadao/portal-govbr.html?modelo=educacao-auxilio-familia`);
      const f = p.locator('formulario-cidadao');
      await esperarAte(async () => (await titulo(p).catch(() => '')).startsWith('Etapa 1 de 4'), 15_000, 'a etapa 1');
      await f.getByRole('button', { name: 'Continuar', exact: true }).click();
      await f.locator('.fc-resumo-erros').waitFor();
      assert.equal(await deLado(), 0, 'etapa 1 com o resumo de erros');
      await f.getByLabel(/^Nome completo/).fill('Maria da Silva');
      await f.getByLabel(/^CPF/).fill('529.982.247-25');
      await f.getByLabel(/^E-mail/).fill('maria.estreita@exemplo.com.br');
      await f.getByRole('button', { name: 'Continuar', exact: true }).click();
      await esperarAte(async () => (await titulo(p)).startsWith('Etapa 2 de 4'), 5000, 'a etapa 2');
      await f.getByRole('button', { name: 'Adicionar outro estudante' }).click();
      assert.equal(await deLado(), 0, 'dois estudantes');
      await p.screenshot({ path: join(PASTA, 'pt-BR-320-estudantes.png'), fullPage: true });
    }));

  test('com Bootstrap 5 e com GOV.UK Frontend mais regras globais agressivas, o elemento fica igual ao da página simples e a página do portal não muda', async () => {
    const fotos: Record<string, Buffer> = {};
    for (const portal of ['simples', 'bootstrap', 'govuk'] as const) {
      await comPagina(1280, async (p) => {
        const estilos = () => p.evaluate(() => ['#botao-host', '#texto-host'].map((x) => { const c = getComputedStyle(document.querySelector(x)!); return [c.font, c.color, c.backgroundColor, c.padding, c.boxSizing].join(' / '); }));
        const agressivo = portal === 'simples' ? '' : '&agressivo=1';
        await p.goto(`${demo.base}/cidadao/portal-${portal}.html?sem-elemento=1${agressivo}`);
        const antes = await estilos();
        await p.goto(`${demo.base}/cidadao/portal-${portal}.html?modelo=educacao-matricula${agressivo}`);
        await p.locator('formulario-cidadao h1').waitFor();
        assert.deepEqual(await estilos(), antes, `${portal}: the portal's own elements are unchanged by the element`);
        fotos[portal] = await p.locator('formulario-cidadao').screenshot();
        await p.screenshot({ path: join(PASTA, `portal-${portal}.png`), fullPage: true });
      });
    }
    // Stated tolerance, as the console's: at most 1% of the element's pixels differ (anti-aliasing).
    for (const portal of ['bootstrap', 'govuk']) {
      const d = await diferencaPixels(demo.navegador, fotos.simples, fotos[portal]);
      assert.ok(d <= 0.01, `${portal}: ${(d * 100).toFixed(2)}% of the element's pixels differ from the plain page`);
    }
  });
});
