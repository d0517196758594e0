import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { esperarAte } from '../apoio/receptor';
import { demoComNavegador, esperarTitulo, irPara, noConsole, preencherLogin, semViolacoesAxe } from './demo';
import { AUXILIO_ALUGUEL } from '../../demo/server/seedModelos';

/**
 * A form with several parties end to end (issue 46), on the demo's seeded lease subsidy: the tenant sends it naming
 * the landlord; the landlord opens the e-mailed link in a fresh browser, signs in with the CPF the tenant gave,
 * reviews and signs; an analyst of the Habitação group fills the reserved field and approves in "Minhas análises";
 * the integration receives the form once, with each party's action; the tenant's receipt page shows each step.
 * Screenshots in test-results/etapas/ (1280 and 390 px, pt-BR and English).
 */
const demo = demoComNavegador({ ENTREGAS: 'on', ENTREGA_INTERVALO_MS: '200', EMAIL_INTERVALO_MS: '200' });
const PASTA = join('test-results', 'etapas');
mkdirSync(PASTA, { recursive: true });
const foto = (p: Page, nome: string) => p.screenshot({ path: join(PASTA, `${nome}.png`), fullPage: true });
const CPF_LOCADOR = '111.444.777-35';

type Email = { para: string[]; assunto: string; texto: string };
/** The console in English at 390 px, as the administrator (the language chosen on the page, the login after it). */
async function emIngles390(corpo: (a: Page) => Promise<void>) {
  const ingles = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const a = await ingles.newPage();
    await a.goto(`${demo.base}/?language=en`);
    await preencherLogin(a, 'admin');
    await a.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
    await a.setViewportSize({ width: 390, height: 844 });
    await corpo(a);
  } finally {
    await ingles.close();
  }
}
const emails = async () => (await (await fetch(`${demo.base}/demo/emails.json`)).json()) as Email[];
const entregas = async (protocolo: string) => ((await (await fetch(`${demo.base}/demo/receptor`)).json()) as { recebidas: { protocolo: string; partes: { situacao: string; autor: string }[] | null }[] }).recebidas.filter((r) => r.protocolo === protocolo);

describe('formulário com várias partes, de ponta a ponta', () => {
  test('inquilino envia, locador assina pelo link, analista aprova; uma entrega; o comprovante mostra cada etapa', async () => {
    const inquilino = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await inquilino.newPage();
    await p.goto(`${demo.base}/cidadao.html?modelo=${AUXILIO_ALUGUEL}`);
    const form = p.locator('formulario-cidadao').locator('form.fc-formulario');
    await form.getByLabel(/^Nome completo/).fill('Teresa Inquilina');
    await form.getByLabel(/^CPF$/).fill('529.982.247-25');
    await form.getByLabel(/^E-mail$/).fill('teresa@exemplo.gov.br');
    await form.getByLabel(/^Endereço do imóvel/).fill('Rua das Flores, 10');
    await form.getByLabel(/^Valor mensal do aluguel/).fill('1.500,00');
    await form.getByLabel(/^Nome do locador/).fill('Lauro Locador');
    await form.getByLabel(/^CPF do locador/).fill(CPF_LOCADOR);
    await form.getByLabel(/^E-mail do locador/).fill('lauro@exemplo.gov.br');
    assert.equal(await form.getByText('Valor mensal aprovado').count(), 0, 'the reserved question is not the citizen’s');
    await form.locator('.fc-declaracao input[type=checkbox]').check();
    await form.getByRole('button', { name: 'Enviar', exact: true }).click();
    const comprovante = p.locator('formulario-cidadao .fc-comprovante');
    await comprovante.waitFor({ timeout: 20_000 });
    const protocolo = /\d{4}\.\d{9}/.exec(await comprovante.locator('.fc-protocolo').innerText())![0];
    await comprovante.getByTestId('andamento-status').getByText('Aguardando assinaturas').waitFor({ timeout: 15_000 });
    await foto(p, 'comprovante-aguardando-1280');

    // The landlord, in a fresh browser, from the e-mailed link: the form only after signing in with the CPF named.
    const email = await esperarAte(async () => (await emails()).find((e) => e.para.includes('lauro@exemplo.gov.br') && e.assunto.includes(protocolo)), 20_000, 'o link do locador');
    const link = /https?:\/\/\S+coassinatura=\S+/.exec(email!.texto)![0];
    assert.ok(link.startsWith(demo.base), link);
    const locador = await demo.navegador.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const l = await locador.newPage();
      await l.goto(link);
      const pedido = l.locator('formulario-cidadao .fc-coassinatura');
      await pedido.getByRole('heading', { name: 'Pedido de assinatura' }).waitFor();
      await pedido.getByTestId('coassinatura-entrar').waitFor();
      await l.getByLabel(/^Entrar como cidadão/).fill(CPF_LOCADOR);
      await l.getByRole('button', { name: 'Entrar' }).click();
      await pedido.getByText('Lauro Locador').first().waitFor();
      await pedido.getByText('Rua das Flores, 10').waitFor();
      await semViolacoesAxe(l, 'o pedido de assinatura');
      await foto(l, 'coassinatura-390');
      await pedido.getByRole('button', { name: 'Assinar' }).click();
      await pedido.getByText('Marque a declaração para assinar.').or(pedido.getByText('Confirme a declaração para enviar.')).waitFor();
      await pedido.getByLabel('Li o formulário e estou de acordo com a declaração acima.').check();
      await pedido.getByRole('button', { name: 'Assinar' }).click();
      await pedido.getByTestId('coassinatura-feita').waitFor();
      assert.match(await pedido.getByTestId('coassinatura-feita').innerText(), /^Assinatura registrada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Obrigado\.$/);
      await foto(l, 'coassinatura-assinada-390');
    } finally {
      await locador.close();
    }
    await comprovante.getByTestId('andamento-status').getByText('Em análise').waitFor({ timeout: 15_000 });
    assert.equal((await entregas(protocolo)).length, 0, 'nothing delivered before the analysis');

    // The analyst of Habitação: "Minhas análises", the reserved field, approve.
    await demo.comUsuario('analista', async (a) => {
      await irPara(a, '/analises');
      await esperarTitulo(a, 'Minhas análises');
      await noConsole(a, `.cf-tabela-dados tbody tr:has-text("${protocolo}")`).click();
      const gaveta = noConsole(a, '.bp6-drawer');
      const analise = gaveta.getByTestId('analise');
      await analise.waitFor();
      assert.match(await gaveta.getByTestId('etapas').innerText(), /Assinatura do locador[\s\S]*Assinou/);
      await analise.getByRole('button', { name: 'Aprovar' }).click();
      await analise.getByText('Este campo é obrigatório.').waitFor();
      await semViolacoesAxe(a, 'a análise na gaveta');
      await a.screenshot({ path: join(PASTA, 'analise-1366.png') });
      await analise.getByLabel(/^Valor mensal aprovado/).fill('1.200,00');
      await analise.getByRole('button', { name: 'Aprovar' }).click();
      await noConsole(a, '.bp6-toast').getByText('Análise aprovada.').waitFor();
      await a.locator('console-formularios').getByText('Nenhum formulário aguarda a análise dos seus grupos.').waitFor();
    });

    // Delivered once, with the landlord's signature and the approval; the tenant's page shows each step.
    const recebidas = await esperarAte(async () => ((await entregas(protocolo)).length ? entregas(protocolo) : null), 20_000, 'a entrega');
    await new Promise((ok) => setTimeout(ok, 1000));
    assert.equal((await entregas(protocolo)).length, 1);
    assert.deepEqual(recebidas![0].partes!.map((x) => [x.situacao, x.autor]), [['ASSINADO', 'Lauro Locador'], ['APROVADO', 'analista']]);
    await comprovante.getByTestId('andamento-status').getByText('Aprovado').waitFor({ timeout: 15_000 });
    const etapas = await comprovante.getByTestId('andamento').innerText();
    assert.match(etapas, /Assinatura do locador[\s\S]*L\*+ L\*+: Assinado em \d{2}\/\d{2}\/\d{4}/);
    assert.match(etapas, /Análise da Habitação[\s\S]*Análise da equipe: Aprovado em \d{2}\/\d{2}\/\d{4}/);
    await semViolacoesAxe(p, 'o comprovante com o andamento');
    await foto(p, 'comprovante-aprovado-1280');
    await p.setViewportSize({ width: 390, height: 844 });
    await foto(p, 'comprovante-aprovado-390');
    await inquilino.close();
    const desfecho = await esperarAte(async () => (await emails()).find((e) => e.para.includes('teresa@exemplo.gov.br') && e.assunto.includes(protocolo) && /aprovado/.test(e.assunto)), 20_000, 'o desfecho ao inquilino');
    assert.match(desfecho!.texto, /foi aprovado e seguiu para o órgão responsável/);

    // The console in English at 390 px: the drawer's steps, as staff read them.
    await emIngles390(async (a) => {
      await irPara(a, `/formularios?protocolo=${protocolo}`);
      await esperarTitulo(a, 'Filled forms');
      await noConsole(a, `.cf-tabela-dados tbody tr:has-text("${protocolo}")`).click();
      const etapasEn = noConsole(a, '.bp6-drawer [data-testid=etapas]');
      await etapasEn.waitFor();
      assert.match(await etapasEn.innerText(), /Signed[\s\S]*Approved/);
      await semViolacoesAxe(a, 'the drawer in English');
      await a.screenshot({ path: join(PASTA, 'gaveta-en-390.png'), fullPage: true });
    });
  });

  test('o construtor mostra as etapas do modelo e recusa um prazo que não é número (1280 px em pt-BR, 390 px em inglês)', async () => {
    await demo.comUsuario('admin', async (a) => {
      await irPara(a, `/modelos/${AUXILIO_ALUGUEL}`);
      await esperarTitulo(a, `Modelo ${AUXILIO_ALUGUEL}`);
      const editor = noConsole(a, '[data-testid=editor-etapas]');
      await editor.waitFor();
      // The groups come after the model (their own request): waited for, not read at once.
      await esperarAte(async () => (await editor.getByLabel('Grupo que analisa').locator('option:checked').innerText()) === 'Habitação', 15_000, 'o grupo da análise');
      assert.equal(await editor.getByLabel('Título da etapa').first().inputValue(), 'Assinatura do locador');
      assert.equal(await editor.getByLabel('Pergunta com o e-mail').inputValue(), 'email-locador');
      await editor.getByLabel('Prazo (dias)').first().fill('dez');
      await editor.getByText('Informe um número inteiro de dias.').waitFor();
      await editor.scrollIntoViewIfNeeded();
      await semViolacoesAxe(a, 'o editor de etapas');
      await a.screenshot({ path: join(PASTA, 'construtor-etapas-1280.png') });
    });
    await emIngles390(async (a) => {
      await irPara(a, `/modelos/${AUXILIO_ALUGUEL}`);
      const editor = noConsole(a, '[data-testid=editor-etapas]');
      await editor.getByText('Steps after sending').waitFor({ timeout: 20_000 });
      await editor.scrollIntoViewIfNeeded();
      await a.screenshot({ path: join(PASTA, 'construtor-etapas-en-390.png') });
    });
  });
});
