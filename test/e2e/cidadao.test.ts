import { describe, test } from 'node:test';
import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { clienteApi } from '../apoio/cliente';
import { esperarAte } from '../apoio/receptor';
import { abrirFormulario, demoComNavegador, entrarNaDemo, esperarTitulo, irPara, noConsole, sairDaDemo } from './demo';


/**
 * Issue 8 end to end: a citizen fills a published model on the demo's citizen page; the worker delivers
 * it to the demo's receiver, which first fails (a retry is scheduled) and then accepts; the console
 * shows the form with its events.
 */
const demo = demoComNavegador({ ENTREGAS: 'on', ENTREGA_ESPERAS: '1,1,1', ENTREGA_INTERVALO_MS: '200', ENTREGA_TIMEOUT_MS: '2000' });

describe('do portal do cidadão à integração', () => {
  test('cidadão envia; o receptor falha e depois aceita; o gestor vê o formulário integrado com as tentativas', async () => {
    const admin = await clienteApi(demo.base, 'admin');
    const m = (await admin('GET', '/modelos/educacao-matricula')).json;
    const receptor = `${demo.base}/demo/receptor`;
    const put = await admin('PUT', '/modelos/educacao-matricula', { nome: m.nome, descricao: m.descricao, grupoControleConteudoId: m.grupoControleConteudo.id, grupoAcessoPublicoId: m.grupoAcessoPublicoId, integracao: { url: receptor, metodo: 'POST', cabecalhos: {} }, definicao: m.definicao, versao: m.versao });
    assert.equal(put.status, 200, JSON.stringify(put.json));
    const modo = (corpo: unknown) => fetch(`${receptor}/modo`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
    await modo({ modo: 'falha', status: 503 });

    const ctx = await demo.navegador.newContext({ acceptDownloads: true });
    const p = await ctx.newPage();
    try {
      await p.goto(`${demo.base}/cidadao.html?modelo=educacao-matricula`);
      const form = p.locator('formulario-cidadao form.fc-formulario');
      await form.waitFor();
      await form.getByRole('button', { name: 'Enviar' }).click();
      await form.getByText('Este campo é obrigatório.').first().waitFor();
      await form.getByLabel(/^Nome completo/).fill('Maria da Silva');
      await form.getByLabel(/^CPF/).fill('529.982.247-25');
      await form.getByLabel(/^E-mail/).fill('maria@exemplo.com');
      // A two-digit year is read by the one rule (within 80 years before and 20 after today): 1990.
      const nascimento = form.getByLabel(/^Data de nascimento/);
      await nascimento.fill('15/03/90');
      await nascimento.blur();
      assert.equal(await nascimento.inputValue(), '15/03/1990', 'the field shows what it understood');
      // The enrolment's own questions (issue 50: it asked "Motivo: Perda/Roubo/Dano" like a second copy).
      await form.getByLabel(/^Nome do estudante/).fill('Ana da Silva');
      await form.getByText('Ensino médio', { exact: true }).click();
      // The file input's accessible name holds the button's visible words (WCAG 2.5.3, issue 50).
      assert.equal(await form.getByRole('button', { name: /^Documento com foto.*Escolha um arquivo$/ }).or(form.getByLabel(/^Documento com foto.*Escolha um arquivo$/)).count(), 1);
      // A renamed executable is refused by its content, with the server's message under the field;
      // a real PDF is sent at once and becomes the answer.
      await form.getByLabel(/^Documento com foto/).setInputFiles({ name: 'rg.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000)]) });
      await form.getByText(/não é de um tipo aceito neste campo/).waitFor();
      const documento = Buffer.concat([Buffer.from('%PDF-1.4\n% documento de identidade\n'), Buffer.alloc(30_000, 7)]);
      await form.getByLabel(/^Documento com foto/).setInputFiles({ name: 'rg.pdf', mimeType: 'application/pdf', buffer: documento });
      await form.locator('.fc-arquivo-estado:has-text("rg.pdf")').waitFor();
      assert.equal(await form.getByText(/não é de um tipo aceito neste campo/).count(), 0, 'the refusal goes once a good file is sent');
      await form.getByRole('button', { name: 'Enviar' }).click();
      const aviso = p.locator('formulario-cidadao .fc-comprovante');
      await aviso.waitFor();
      const protocolo = /^\d{4}\.\d{9}$/.exec(await aviso.locator('.fc-protocolo').innerText())?.[0];
      assert.ok(protocolo, await aviso.innerText());
      // The receipt stays alone (no empty, active form under it); "Preencher de novo" starts a new one.
      assert.match(await aviso.innerText(), /Recebido em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      assert.equal(await form.count(), 0);
      // The receipt (comprovante) as a PDF, with its verification code, right after the submission.
      const codigo = /Código de verificação: ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(await aviso.innerText())?.[1];
      assert.ok(codigo, await aviso.innerText());
      const baixado = p.waitForEvent('download');
      await p.locator('formulario-cidadao [data-testid=comprovante]').click();
      const pdf = await readFile((await (await baixado).path())!);
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      const textoPdf = execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });
      assert.ok(textoPdf.includes(protocolo) && textoPdf.includes(codigo) && textoPdf.includes('Maria da Silva'), textoPdf);
      await p.locator('formulario-cidadao button:has-text("Preencher de novo")').click();
      await form.waitFor();
      assert.equal(await form.getByLabel(/^Nome completo/).inputValue(), '');

      // The receiver refuses first (a retry is scheduled), then accepts.
      const recebidas = async () => ((await (await fetch(receptor)).json()) as { recebidas: { protocolo: string; respondido: number; anexos: { nome: string; url: string }[] }[] }).recebidas.filter((r) => r.protocolo === protocolo);
      await esperarAte(async () => (await recebidas()).length >= 1, 15_000, 'primeira tentativa');
      await modo({ modo: 'sucesso' });
      await esperarAte(async () => (await recebidas()).some((r) => r.respondido === 200), 15_000, 'aceito depois');
      // The delivery brought the attachment with a signed link: the receiver downloads it, byte for byte.
      const [anexoEntregue] = (await recebidas()).find((r) => r.respondido === 200)!.anexos;
      assert.equal(anexoEntregue.nome, 'rg.pdf');
      assert.ok(Buffer.from(await (await fetch(anexoEntregue.url)).arrayBuffer()).equals(documento), 'downloaded by the signed link');

      // The console: the manager finds it integrated, with the failed attempt and the success in its events.
      const gaveta = await abrirFormulario(p, demo.base, 'gestor', protocolo);
      const eventos = await gaveta.locator('[data-testid=eventos] li').allInnerTexts();
      const texto = eventos.join(' | ');
      assert.match(texto, /Formulário recebido/);
      assert.match(texto, /Falha na integração/);
      assert.match(texto, /Integrado ao sistema de destino/);
      // Personal data (issue 13): the gestor sees the requester masked, the birth date as 15/03/1990 (issue 35: answers' years in full).
      const ficha = await gaveta.innerText();
      assert.match(ficha, /M\*\*\* d\*\*\* S\*\*\*/);
      assert.doesNotMatch(ficha, /Maria da Silva|529\.982\.247-25/);
      assert.match(ficha, /Data de nascimento\s*15\/03\/1990/);
      assert.equal((await p.locator('console-formularios button:has-text("Mostrar dados pessoais")').count()), 0, 'gestor may not reveal');
      const [guardado] = (await admin('GET', `/formularios?protocolo=${protocolo}`)).json;
      const detalhe = (await admin('GET', `/formularios/${guardado.id}/dados-pessoais`)).json;
      assert.equal(detalhe.respostas.nascimento, '1990-03-15');
      assert.equal(detalhe.cpfRequerente, '529.982.247-25');
      // The attachment, downloaded from the drawer byte for byte; then the form's PDF.
      const anexoBaixado = p.waitForEvent('download');
      await gaveta.locator('[data-testid=baixar-anexo]').click();
      assert.ok((await readFile((await (await anexoBaixado).path())!)).equals(documento), 'the attachment as the citizen sent it');
      const pdfBaixado = p.waitForEvent('download');
      await gaveta.locator('button:has-text("Baixar PDF")').click();
      const textoFicha = execFileSync('pdftotext', ['-', '-'], { input: await readFile((await (await pdfBaixado).path())!), encoding: 'utf8' }).replace(/\s+/g, ' ');
      assert.ok(textoFicha.includes(protocolo) && textoFicha.includes('rg.pdf') && textoFicha.includes('SHA-256'), textoFicha);
      await noConsole(p, '.bp6-drawer [aria-label=Close], .bp6-drawer .bp6-drawer-header button').first().click();

      // The gestor finds it by the requester CPF; the CSV has no CPF in clear.
      await irPara(p, `/formularios?cpf=529.982.247-25&modelo=educacao-matricula`);
      await noConsole(p, `.cf-tabela-dados tbody tr:has-text("${protocolo}")`).waitFor();
      const cpfClaro = /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/;
      const baixar = async () => {
        const csv = p.waitForEvent('download');
        await noConsole(p, 'button:has-text("Exportar CSV")').click();
        return readFile((await (await csv).path())!, 'utf8');
      };
      const doGestor = await baixar();
      assert.ok(doGestor.includes(protocolo!));
      assert.doesNotMatch(doGestor, cpfClaro);

      // The admin exports with personal data in clear (a switch only they see), and the export is an event.
      await sairDaDemo(p);
      await entrarNaDemo(p, demo.base, 'admin');
      await irPara(p, `/formularios?cpf=529.982.247-25&modelo=educacao-matricula`);
      await noConsole(p, `.cf-tabela-dados tbody tr:has-text("${protocolo}")`).waitFor();
      await noConsole(p, '.cf-exportar-claros input').check({ force: true });
      const doAdmin = await baixar();
      assert.match(doAdmin, /529\.982\.247-25/);
      await irPara(p, '/formularios-eventos?tipo=EXPORTACAO_DADOS_PESSOAIS');
      await esperarTitulo(p, 'Eventos');
      await noConsole(p, '.cf-tabela-dados tbody tr:has-text("Exportação com dados pessoais")').first().waitFor();
      assert.match(await noConsole(p, '.cf-tabela-dados tbody tr').first().innerText(), /admin/);
    } finally {
      await ctx.close();
    }
  });
});
