import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { clienteApi } from '../apoio/cliente';
import { esperarAte } from '../apoio/receptor';
import { abrirFormulario, demoComNavegador, irPara } from './demo';

/**
 * Issue 38 end to end, on the demo with its simulated PSP: a citizen sends "Segunda via de histórico escolar"
 * (R$ 18,90 for a lost record), sees the fee before sending, then the QR code and the copy-and-paste code; pays on
 * the simulator's page; the receipt turns to "Pagamento confirmado" without a reload; the gestor sees the payment
 * in the drawer, and the delivery carries it. Screenshots in test-results/pix/.
 */
const demo = demoComNavegador({ ENTREGAS: 'on', ENTREGA_INTERVALO_MS: '200' });
const PASTA = join('test-results', 'pix');
mkdirSync(PASTA, { recursive: true });

describe('taxa paga por Pix de ponta a ponta', () => {
  test('o cidadão vê a taxa, o QR e o copia-e-cola, paga no PSP simulado e a página confirma sozinha; a equipe vê o pagamento e a entrega o leva', async () => {
    const contexto = await demo.navegador.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    let protocolo = '';
    let txid = '';
    try {
      const p = await contexto.newPage();
      await p.goto(`${demo.base}/cidadao/portal-govbr.html?modelo=educacao-historico&language=pt-BR`);
      const c = p.locator('formulario-cidadao');
      await c.getByLabel('Nome completo').fill('Maria da Silva');
      await c.getByLabel('CPF').fill('529.982.247-25');
      await c.getByLabel('E-mail').fill('maria.pix@exemplo.com.br');
      await c.getByLabel('Roubo').check();
      assert.equal(await c.locator('.fc-taxa').count(), 0, 'a robbery costs nothing');
      await c.getByLabel('Perda').check();
      await c.locator('.fc-taxa').getByText('Este pedido tem uma taxa de R$ 18,90, paga por Pix logo depois de enviar.', { exact: false }).waitFor();
      await c.getByRole('button', { name: 'Enviar', exact: true }).click();
      const pagamento = c.locator('.fc-pagamento[data-status=ATIVA]');
      await pagamento.waitFor({ timeout: 20_000 });
      assert.match(await pagamento.innerText(), /Valor: R\$\s18,90/);
      assert.equal(await pagamento.getByRole('img', { name: 'QR Code do Pix de R$ 18,90' }).count(), 1);
      const codigo = await pagamento.getByLabel('Pix copia e cola').inputValue();
      assert.match(codigo, /^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/, 'a dynamic BR Code');
      await p.screenshot({ path: join(PASTA, 'qr-390.png'), fullPage: true });
      protocolo = (await c.locator('.fc-protocolo').innerText()).trim();
      // The simulator's page (another tab, as QA would): pay it.
      const cobrancas = (await (await fetch(`${demo.base}/demo/pix`, { headers: { accept: 'application/json' } })).json()).cobrancas as { txid: string; valor: { original: string } }[];
      txid = cobrancas.find((x) => x.txid.endsWith(protocolo.replace(/\D/g, '')))!.txid;
      const psp = await contexto.newPage();
      await psp.goto(`${demo.base}/demo/pix`);
      await psp.locator(`form[action="/demo/pix/${txid}/pagar"] button`).click();
      await psp.waitForURL(`${demo.base}/demo/pix`);
      await psp.close();
      // No reload: the receipt page turns to paid and takes the focus there.
      await c.locator('.fc-pagamento[data-status=PAGA]').waitFor({ timeout: 20_000 });
      assert.match(await c.locator('.fc-pagamento').innerText(), /Pagamento confirmado[\s\S]*O banco confirmou o Pix de R\$\s18,90/);
      assert.equal(await p.evaluate(() => document.querySelector('formulario-cidadao')!.shadowRoot!.activeElement?.textContent), 'Pagamento confirmado');
      await p.screenshot({ path: join(PASTA, 'pago-390.png'), fullPage: true });
    } finally {
      await contexto.close();
    }

    // The gestor sees it in the drawer.
    const contextoGestor = await demo.navegador.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const p = await contextoGestor.newPage();
      const gaveta = await abrirFormulario(p, demo.base, 'gestor', protocolo);
      const dados = await gaveta.locator('[data-testid=pagamento]').innerText();
      assert.match(dados, /Pago[\s\S]*R\$\s18,90[\s\S]*CF\d{26}/);
      assert.match(dados, /E[a-zA-Z0-9]{31}/, 'the endToEndId');
      await p.screenshot({ path: join(PASTA, 'gaveta.png') });
    } finally {
      await contextoGestor.close();
    }
    // The delivery carries the payment.
    const entrega = await esperarAte(async () => ((await (await fetch(`${demo.base}/demo/receptor`)).json()).recebidas as { protocolo: string; pagamento: { valor: string; txid: string } | null }[]).find((r) => r.protocolo === protocolo), 20_000, 'a entrega');
    assert.deepEqual([entrega!.pagamento?.valor, entrega!.pagamento?.txid], ['18.90', txid]);
    const admin = await clienteApi(demo.base, 'admin');
    assert.equal((await admin('GET', `/formularios?protocolo=${protocolo}`)).json[0].status, 'INTEGRADO');

    // Staff with UPDATE_FORMULARIO_PAGAMENTO refund part of it from the drawer; analytics shows what came in.
    const contextoAdmin = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const p = await contextoAdmin.newPage();
      const gaveta = await abrirFormulario(p, demo.base, 'admin', protocolo);
      await gaveta.getByRole('button', { name: 'Devolver pagamento' }).click();
      const dialogo = p.locator('console-formularios').getByRole('dialog', { name: 'Devolver o pagamento ao cidadão' });
      await dialogo.getByText('Pago: R$ 18,90. Ainda pode ser devolvido: R$ 18,90.', { exact: false }).waitFor();
      await dialogo.getByLabel('Valor a devolver (R$)').fill('25,00');
      await dialogo.getByRole('button', { name: 'Devolver', exact: true }).click();
      await dialogo.getByText('A devolução deve ser de mais de R$ 0,00 e no máximo R$ 18,90.').waitFor();
      await dialogo.getByLabel('Valor a devolver (R$)').fill('5,00');
      await dialogo.getByLabel('Motivo').fill('Cobrança em duplicidade');
      await p.screenshot({ path: join(PASTA, 'devolucao.png') });
      await dialogo.getByRole('button', { name: 'Devolver', exact: true }).click();
      await dialogo.waitFor({ state: 'detached' });
      await gaveta.locator('[data-testid=pagamento]').getByText(/R\$\s5,00/).waitFor();
      assert.match(await gaveta.locator('[data-testid=pagamento]').innerText(), /Devolvido\s+R\$\s5,00/);
      await gaveta.getByText('Pagamento devolvido', { exact: true }).first().waitFor();
      await irPara(p, '/analitico-formularios');
      const recebidas = p.locator('console-formularios').getByRole('table', { name: 'Taxas recebidas por Pix' });
      await recebidas.waitFor({ timeout: 20_000 });
      assert.match(await recebidas.locator('tbody tr', { hasText: 'Segunda via de histórico escolar' }).innerText(), /R\$\s18,90\s+R\$\s5,00/);
      await p.screenshot({ path: join(PASTA, 'analitico.png'), fullPage: true });
    } finally {
      await contextoAdmin.close();
    }
  });
});
