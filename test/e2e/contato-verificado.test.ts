import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { esperarAte } from '../apoio/receptor';
import { abrirFormulario, demoComNavegador, esperarTitulo, irPara, noConsole, preencherLogin, semViolacoesAxe } from './demo';
import { CONTATO_VERIFICADO } from '../../demo/server/seedModelos';

/**
 * Verified contact end to end (issue 45), on the demo: a citizen opens the IPVA exemption (its e-mail and mobile are
 * confirmed by code), mistypes the address and asks for a code (it goes to the mistyped address: nothing reaches
 * them), corrects it, gets the code in the demo's mail catcher, confirms it; the mobile's code comes through the
 * demo's SMS gateway; the form is sent, and its confirmation arrives at the confirmed address. Screenshots in
 * test-results/contato-verificado/.
 */
const demo = demoComNavegador({ ENTREGAS: 'on', ENTREGA_INTERVALO_MS: '200', EMAIL_INTERVALO_MS: '200' });
const PASTA = join('test-results', 'contato-verificado');
mkdirSync(PASTA, { recursive: true });
const foto = (p: Page, nome: string) => p.screenshot({ path: join(PASTA, `${nome}.png`), fullPage: true });

type Email = { para: string[]; assunto: string; texto: string };
const emails = async () => (await (await fetch(`${demo.base}/demo/emails.json`)).json()) as Email[];
const sms = async () => (await (await fetch(`${demo.base}/demo/sms.json`)).json()) as { para: string; texto: string }[];

describe('contato verificado por código, de ponta a ponta', () => {
  test('o e-mail errado não recebe nada útil; o certo recebe o código; o celular pelo SMS; o envio e a confirmação no endereço confirmado', async () => {
    const ctx = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    let protocolo = '';
    try {
      await p.goto(`${demo.base}/cidadao.html?modelo=${CONTATO_VERIFICADO}`);
      const form = p.locator('formulario-cidadao').locator('form.fc-formulario');
      await form.getByLabel(/^Nome completo/).fill('Rita Andrade');
      await form.getByLabel(/^CPF/).fill('529.982.247-25');
      await form.getByLabel(/^E-mail/).fill('rita@exmplo.gov.br');
      await form.getByRole('button', { name: 'Enviar código' }).first().click();
      await form.getByText('Enviamos um código para r***@exmplo.gov.br. Digite-o abaixo.').waitFor();
      // Corrected: the code step starts again for the new address, and the code reaches the citizen.
      await form.getByLabel(/^E-mail/).fill('rita@exemplo.gov.br');
      await form.getByRole('button', { name: 'Enviar código' }).first().click();
      await form.getByText('Enviamos um código para r***@exemplo.gov.br. Digite-o abaixo.').waitFor();
      const email = await esperarAte(async () => (await emails()).find((e) => e.para.includes('rita@exemplo.gov.br') && /^Seu código/.test(e.assunto)), 15_000, 'o código por e-mail');
      const codigo = /(\d{6})/.exec(email!.assunto)![1];
      await foto(p, 'codigo-email-1280');
      await form.getByLabel('Código recebido').fill(codigo);
      await form.getByRole('button', { name: 'Confirmar' }).click();
      await form.getByText('✓ Confirmado.').waitFor();
      await semViolacoesAxe(p, 'o e-mail confirmado');

      await form.getByLabel(/^Celular/).fill('(11) 98765-4321');
      await form.getByRole('button', { name: 'Enviar código' }).click();
      const mensagem = await esperarAte(async () => (await sms()).find((m) => m.para === '+5511987654321'), 10_000, 'o SMS');
      await form.getByLabel('Código recebido').fill(mensagem!.texto.slice(0, 6));
      await form.getByRole('button', { name: 'Confirmar' }).click();
      await assert.doesNotReject(form.getByText('✓ Confirmado.').nth(1).waitFor());
      await p.setViewportSize({ width: 390, height: 844 });
      await foto(p, 'confirmados-390');
      await p.setViewportSize({ width: 1280, height: 900 });

      await form.getByLabel(/^Placa do veículo/).fill('ABC1D23');
      await form.getByLabel(/^RENAVAM/).fill('12345678901');
      await form.getByLabel('Pessoa com deficiência').check();
      await form.getByRole('button', { name: 'Enviar', exact: true }).click();
      const recibo = p.locator('formulario-cidadao').getByText(/\d{4}\.\d{9}/).first();
      await recibo.waitFor({ timeout: 20_000 });
      protocolo = /\d{4}\.\d{9}/.exec(await recibo.innerText())![0];
      const confirmacao = await esperarAte(async () => (await emails()).find((e) => e.assunto.includes(protocolo)), 20_000, 'a confirmação');
      assert.deepEqual(confirmacao!.para, ['rita@exemplo.gov.br'], 'the confirmation goes to the confirmed address');
      assert.equal((await emails()).filter((e) => e.para.includes('rita@exmplo.gov.br') && e.assunto.includes(protocolo)).length, 0);
    } finally {
      await ctx.close();
    }
    // Signed in, the account's own verified e-mail and phone need no code (the demo account: maria.demo@…, (61) 99876-5432).
    const conta = await demo.navegador.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const p = await conta.newPage();
      await p.goto(`${demo.base}/cidadao.html?modelo=${CONTATO_VERIFICADO}`);
      await p.getByLabel(/^Entrar como cidadão/).fill('529.982.247-25');
      await p.getByRole('button', { name: 'Entrar' }).click();
      // The token comes back from the demo's login first (the element then draws the form again, with the login's answers).
      await p.getByText(/^Você entrou como o CPF 529\.982\.247-25/).waitFor();
      const form = p.locator('formulario-cidadao').locator('form.fc-formulario');
      await form.getByText('Informado pela sua conta.').waitFor();
      await form.getByLabel(/^E-mail/).fill('Maria.Demo@exemplo.gov.br');
      await form.getByLabel(/^Celular/).fill('(61) 99876-5432');
      await form.getByText('✓ Confirmado pela sua conta gov.br.').nth(1).waitFor();
      assert.equal(await form.getByRole('button', { name: 'Enviar código' }).count(), 0);
      await form.getByLabel(/^E-mail/).fill('outra@exemplo.gov.br');
      await form.getByRole('button', { name: 'Enviar código' }).waitFor();
      await foto(p, 'pela-conta-390');
    } finally {
      await conta.close();
    }

    // Staff read how the contact was proved in the form's timeline (never the code), and the codes in the analytics.
    const gaveta = await (async () => {
      const c = await demo.navegador.newContext({ viewport: { width: 1366, height: 900 } });
      const p = await c.newPage();
      try {
        const g = await abrirFormulario(p, demo.base, 'admin', protocolo);
        const linhas = await g.locator('[data-testid=eventos]').innerText();
        await p.screenshot({ path: join(PASTA, 'gaveta-1366.png') });
        return linhas;
      } finally {
        await c.close();
      }
    })();
    assert.match(gaveta, /Contato confirmado/);
    assert.match(gaveta, /“E-mail”: r\*\*\*@exemplo\.gov\.br, 1 código enviado, nenhuma tentativa errada/);
    assert.match(gaveta, /“Celular”: \+55 11 \*\*\*\*\*-4321, 1 código enviado/);
    for (const [idioma, largura, titulo, tabela] of [['pt-BR', 1280, 'Analítico de Formulários', 'Contato confirmado por código'], ['en', 390, 'Form analytics', 'Contact verified by code']] as const) {
      const c = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
      const p = await c.newPage();
      try {
        await p.goto(`${demo.base}/?language=${idioma}`);
        await preencherLogin(p, 'admin');
        await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
        await p.setViewportSize({ width: largura, height: 900 });
        await irPara(p, '/analitico-formularios');
        await esperarTitulo(p, titulo);
        const codigos = p.locator('console-formularios').getByRole('table', { name: tabela });
        await codigos.waitFor({ timeout: 20_000 });
        const sms = await codigos.locator(`tr[data-codigos="${CONTATO_VERIFICADO}:SMS"]`).innerText();
        assert.match(sms, /SMS\s+1\s+1\s+0\s+0\s+1 (de|of) 1[.,]000/, sms);
        await semViolacoesAxe(p, `o analítico (${idioma})`);
        await codigos.scrollIntoViewIfNeeded();
        await p.screenshot({ path: join(PASTA, `analitico-${idioma}-${largura}.png`) });
      } finally {
        await c.close();
      }
    }
    // The builder counts the model's SMS codes this month against its budget (1.000 by default), which the designer sets.
    await demo.comUsuario('admin', async (p) => {
      await irPara(p, `/modelos/${CONTATO_VERIFICADO}`);
      await esperarTitulo(p, `Modelo ${CONTATO_VERIFICADO}`);
      const sms = noConsole(p, '[data-testid=sms-no-mes]');
      await sms.waitFor();
      assert.equal(await sms.innerText(), '1 de 1.000 SMS de código neste mês');
      const orcamento = p.locator('console-formularios').getByLabel('SMS de código por mês');
      await orcamento.fill('mil');
      await p.locator('console-formularios').getByText('Informe um número inteiro de SMS, como 500.').waitFor();
      await orcamento.fill('500');
      await p.locator('console-formularios').getByText('1 de 500 SMS de código neste mês').waitFor();
      await p.screenshot({ path: join(PASTA, 'construtor-sms-1280.png') });
      // Undone, the box follows the model back to the default.
      await p.locator('console-formularios').getByRole('button', { name: 'Desfazer' }).click();
      await p.locator('console-formularios').getByText('1 de 1.000 SMS de código neste mês').waitFor();
      assert.equal(await orcamento.inputValue(), '');
    });
  });
});
