import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { bancosDeTeste, clienteApi, type ServidorTeste } from '../apoio/servidor';
import { DEFINICAO_COMPLETA, enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import type { CaixaDeEmails } from '../../demo/server/email/caixaDemo';
import { esperarAte, subirComReceptorECaixa, type subirReceptor } from '../apoio/receptor';
import { gerarFichaPdf } from '../../src/server/pdf/fichaPdf';

/**
 * The citizen's language on the server (issue 35): the messages of a refused submission and of a draft in
 * the language of Accept-Language (pt-BR when none of pt, en, es is asked for), the language stored with
 * the form and shown to staff, the receipt's PDF and the confirmation and draft e-mails in it, the delivery
 * carrying it. And the PDF keeps each question with its answer, and each heading with its first question.
 */
const pdfTexto = (pdf: Buffer, pagina?: number) => execFileSync('pdftotext', ['-layout', ...(pagina ? ['-f', String(pagina), '-l', String(pagina)] : []), '-', '-'], { input: pdf, encoding: 'utf8' });

for (const banco of await bancosDeTeste()) {
  describe(`o idioma do cidadão (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Awaited<ReturnType<typeof clienteApi>>;
    let caixa: CaixaDeEmails;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    before(async () => {
      // What a citizen gets is read where it arrives (issue 49): the real mailer sends to an SMTP server (the demo's
      // catcher, smtp-server + mailparser), the real delivery worker posts to a local HTTP receiver.
      ({ s, caixa, receptor } = await subirComReceptorECaixa({ databaseUrl: banco.url }));
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-idioma', receptor.url, {}, { ...DEFINICAO_COMPLETA, secoes: [{ ...DEFINICAO_COMPLETA.secoes[0], campos: [...DEFINICAO_COMPLETA.secoes[0].campos, { id: 'contato', tipo: 'email', rotulo: 'E-mail para a confirmação', obrigatorio: false, regras: [], confirmacao: true }] }] });
    });
    after(async () => {
      await s.fechar();
      await caixa.fechar();
      await receptor.fechar();
      await banco.descartar?.();
    });

    test('as mensagens de um envio recusado vêm no idioma pedido; sem idioma conhecido, em pt-BR', async () => {
      const ruins = { nome: '', cpf: '111.111.111-11', data: '2020-02-31', extra: 1 };
      const por = async (idioma?: string) => {
        const r = await enviarFormulario(s.url, 'teste-idioma', ruins, idioma ? { 'accept-language': idioma } : {});
        assert.equal(r.status, 400);
        return { detail: r.json.detail, ...Object.fromEntries(r.json.errors.map((e: { field: string; message: string }) => [e.field, e.message])) };
      };
      assert.deepEqual(await por('es-419,es;q=0.9'), {
        detail: 'Algunas respuestas necesitan corrección.',
        'respostas.extra': 'Este formulario no tiene el campo "extra".',
        'respostas.nome': 'Este campo es obligatorio.',
        'respostas.data': 'Esta fecha no existe.',
        'respostas.cpf': 'Este campo debe ser un CPF válido.',
      });
      assert.deepEqual(await por('en-GB'), {
        detail: 'Some answers need correcting.',
        'respostas.extra': 'This form has no field "extra".',
        'respostas.nome': 'This field is required.',
        'respostas.data': 'This date does not exist.',
        'respostas.cpf': 'This field must be a valid CPF.',
      });
      const pt = { detail: 'Algumas respostas precisam de correção.', 'respostas.extra': 'Este formulário não tem o campo "extra".', 'respostas.nome': 'Este campo é obrigatório.', 'respostas.data': 'Esta data não existe.', 'respostas.cpf': 'Este campo deve ser um CPF válido.' };
      assert.deepEqual(await por(), pt);
      assert.deepEqual(await por('fr-FR, de;q=0.8'), pt);
      // The weights decide: English is preferred over Spanish here.
      assert.equal((await por('es;q=0.5, en;q=0.9')).detail, 'Some answers need correcting.');
      // A refusal of the model itself too.
      const r = await fetch(`${s.url}/api/publico/modelos/nao-existe`, { headers: { 'accept-language': 'es' } });
      assert.equal((await r.json()).detail, 'Este formulario no está disponible.');
    });

    test('o formulário guarda o idioma; a equipe o vê; o comprovante e o e-mail de confirmação vêm nele; a entrega o leva', async () => {
      const enviar = (idioma: string | null, email: string) => enviarFormulario(s.url, 'teste-idioma', { ...RESPOSTAS_VALIDAS, data: '2014-05-10', contato: email }, idioma ? { 'accept-language': idioma } : {});
      const es = await enviar('es', 'maria.es@exemplo.com');
      const pt = await enviar(null, 'maria.pt@exemplo.com');
      assert.equal(es.status, 201, JSON.stringify(es.json));
      const [linhaEs] = (await admin('GET', `/formularios?protocolo=${es.json.protocolo}`)).json;
      assert.equal(linhaEs.idioma, 'es');
      assert.equal((await admin('GET', `/formularios/${linhaEs.id}`)).json.idioma, 'es');
      assert.equal((await admin('GET', `/formularios?protocolo=${pt.json.protocolo}`)).json[0].idioma, 'pt-BR');

      // The receipt: Spanish labels, the date answer with its year in full.
      const comprovante = Buffer.from(await (await fetch(`${s.url}${es.json.comprovante.url}`)).arrayBuffer());
      const texto = pdfTexto(comprovante);
      for (const x of ['Comprobante de envío', 'Protocolo', 'Recibido el', 'Situación', 'Recibido', 'Código de verificación', '10/05/2014']) assert.ok(texto.includes(x), `"${x}" no comprovante:\n${texto}`);
      assert.doesNotMatch(texto, /Comprovante de envio|Recebido em|10\/05\/14\b/);
      const textoPt = pdfTexto(Buffer.from(await (await fetch(`${s.url}${pt.json.comprovante.url}`)).arrayBuffer()));
      assert.ok(textoPt.includes('Comprovante de envio') && textoPt.includes('Recebido em'), textoPt);

      // The confirmation as the SMTP server received it from the mailer.
      const m = await caixa.esperar((e) => e.para.includes('maria.es@exemplo.com'));
      assert.equal(m.assunto, `Recibimos su formulario: Teste teste-idioma (protocolo ${es.json.protocolo})`);
      assert.match(m.texto, /^Hola:\n\nRecibimos su formulario "Teste teste-idioma" el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./);
      assert.match(m.html ?? '', /<html lang="es">/);
      assert.ok(pdfTexto(m.anexos[0].conteudo).includes('Comprobante de envío'));

      // The delivery the receiver got says which language.
      const [entrega] = await esperarAte(() => receptor.doProtocolo(es.json.protocolo)[0] && receptor.doProtocolo(es.json.protocolo), 15_000, 'a entrega em espanhol');
      assert.equal(entrega.corpo.idioma, 'es');
      const [entregaPt] = await esperarAte(() => receptor.doProtocolo(pt.json.protocolo)[0] && receptor.doProtocolo(pt.json.protocolo), 15_000, 'a entrega em português');
      assert.equal(entregaPt.corpo.idioma, 'pt-BR');
    });

    test('um rascunho salvo em espanhol: suas mensagens e o e-mail com o link também', async () => {
      const r = await fetch(`${s.url}/api/publico/modelos/teste-idioma/rascunhos`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'es' }, body: JSON.stringify({ respostas: { copias: 'mucho' }, email: 'x' }) });
      assert.equal(r.status, 400);
      const ruim = await r.json();
      assert.equal(ruim.detail, 'Algunas respuestas necesitan corrección.');
      assert.deepEqual(Object.fromEntries(ruim.errors.map((e: { field: string; message: string }) => [e.field, e.message])), { 'respostas.copias': 'Este campo debe ser un número entero.', email: 'Este campo debe ser una dirección de correo electrónico válida.' });
      const ok = await fetch(`${s.url}/api/publico/modelos/teste-idioma/rascunhos`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'es' }, body: JSON.stringify({ respostas: { nome: 'Ana' }, email: 'ana.es@exemplo.com' }) });
      assert.equal(ok.status, 201);
      const [job] = await s.db.query<{ formulario_id: null; tipo: 'RASCUNHO'; para: string; dados: Record<string, unknown> }>(`select formulario_id, tipo, para, dados from envio_email where tipo = 'RASCUNHO' and para = 'ana.es@exemplo.com'`);
      assert.equal(job.dados.idioma, 'es');
      const m = await caixa.esperar((e) => e.para.includes('ana.es@exemplo.com'));
      assert.equal(m.assunto, 'Continúe su formulario: Teste teste-idioma');
      assert.match(m.texto, /Sus respuestas al formulario "Teste teste-idioma" fueron guardadas[\s\S]*El enlace es válido hasta el \d{2}\/\d{2}\/\d{4}/);
      const codigo = (await ok.json()).codigo;
      const aberto = await fetch(`${s.url}/api/publico/rascunhos/${codigo}x`, { headers: { 'accept-language': 'en' } });
      assert.match((await aberto.json()).detail, /^Draft not found/);
    });
  });
}

test('o PDF mantém cada pergunta com a sua resposta e cada título com a primeira pergunta, em qualquer ponto da quebra de página', async () => {
  // From 1 to 60 questions (and a heading every 7): every position of a page break is met.
  for (let n = 20; n <= 60; n += 1) {
    const blocos = Array.from({ length: Math.ceil(n / 7) }, (_, b) => ({
      titulo: `Bloco ${b + 1}`,
      linhas: Array.from({ length: Math.min(7, n - b * 7) }, (_, i) => {
        const k = b * 7 + i + 1;
        return { id: `p${k}`, rotulo: `Pergunta ${k}${k % 5 === 0 ? ' com um rótulo longo que ocupa mais de uma linha na largura da página, para que a pergunta tenha duas linhas de altura' : ''}`, valor: `Resposta ${k}` };
      }),
    }));
    const pdf = await gerarFichaPdf({ modelo: 'Modelo', versao: 1, protocolo: '2026.000000001', recebidoEm: '2026-11-25T12:00:00Z', status: 'Recebido', blocos, idioma: 'pt-BR' });
    const paginas = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' }))![1]);
    for (let pg = 1; pg <= paginas; pg++) {
      const texto = pdfTexto(pdf, pg);
      for (const [, k] of texto.matchAll(/Pergunta (\d+)/g)) assert.ok(texto.includes(`Resposta ${k}`), `${n} perguntas, página ${pg}: "Pergunta ${k}" sem a sua resposta:\n${texto}`);
      for (const [, b] of texto.matchAll(/Bloco (\d+)/g)) assert.ok(texto.includes(`Pergunta ${(Number(b) - 1) * 7 + 1}`), `${n} perguntas, página ${pg}: "Bloco ${b}" sem a primeira pergunta`);
    }
  }
});
