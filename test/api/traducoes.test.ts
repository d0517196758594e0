import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { bancosDeTeste, clienteApi, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario } from '../apoio/entregas';
import type { CaixaDeEmails } from '../../demo/server/email/caixaDemo';
import { esperarAte, subirComReceptorECaixa, type subirReceptor } from '../apoio/receptor';
import type { Definicao } from '../../src/forms/definicao';

/**
 * A model in the citizen's language (issue 37), through the API on both databases: published in Portuguese and
 * Spanish; the page's texts in the first language asked for that the model has (its values never change); a
 * submission in Spanish stored as `es` with Spanish messages, a Spanish receipt (pdftotext) and confirmation
 * (parsed by mailparser), the delivery carrying `idioma`; publishing refused while a Spanish option label is
 * missing, the problem naming it; only the languages this environment offers (IDIOMAS_FORMULARIOS).
 */
const pdfTexto = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });

const DEF: Definicao = {
  secoes: [
    {
      id: 'requerente',
      titulo: 'Requerente',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome completo', ajuda: 'Como no documento.', obrigatorio: true, regras: [], requerente: 'nome' },
        { id: 'estado-civil', tipo: 'escolha-unica', rotulo: 'Estado civil', obrigatorio: true, regras: [], opcoes: [{ valor: 'solteiro', rotulo: 'Solteiro(a)' }, { valor: 'casado', rotulo: 'Casado(a)' }] },
        { id: 'contato', tipo: 'email', rotulo: 'E-mail para a confirmação', obrigatorio: false, regras: [], confirmacao: true },
      ],
    },
  ],
  declaracao: { texto: 'Declaro que as informações são verdadeiras.' },
  idiomas: ['es'],
  traducoes: {
    es: {
      nome: 'Inscripción de prueba',
      'secao.requerente.titulo': 'Solicitante',
      'campo.nome.rotulo': 'Nombre completo',
      'campo.nome.ajuda': 'Como en el documento.',
      'campo.estado-civil.rotulo': 'Estado civil',
      'campo.estado-civil.opcao.solteiro': 'Soltero(a)',
      'campo.contato.rotulo': 'Correo electrónico para la confirmación',
      declaracao: 'Declaro que la información es verdadera.',
    },
  },
};
const RESPOSTAS = { nome: 'María Pérez', 'estado-civil': 'casado', contato: 'maria.es@exemplo.com' };

for (const banco of await bancosDeTeste()) {
  describe(`traduções de um modelo (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Awaited<ReturnType<typeof clienteApi>>;
    let corpo: Record<string, unknown>;
    let caixa: CaixaDeEmails;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    before(async () => {
      // The confirmation read as the SMTP server received it, the delivery as the receiver got it (issue 49).
      ({ s, caixa, receptor } = await subirComReceptorECaixa({ databaseUrl: banco.url, idiomasFormularios: ['es'] }));
      admin = await clienteApi(s.url, 'admin');
      const grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
      corpo = { nome: 'Inscrição de teste', descricao: '', grupoControleConteudoId: grupo, integracao: { url: receptor.url, metodo: 'POST', cabecalhos: {} } };
      assert.equal((await admin('POST', '/modelos', { codigoServico: 'traduzido', ...corpo })).status, 201);
    });
    after(async () => {
      await s.fechar();
      await caixa.fechar();
      await receptor.fechar();
      await banco.descartar?.();
    });

    test('publicar é recusado enquanto falta uma opção em espanhol, dizendo qual; completo, publica; só os idiomas deste ambiente', async () => {
      const salvo = await admin('PUT', '/modelos/traduzido', { ...corpo, definicao: DEF, versao: 1 });
      assert.equal(salvo.status, 200, JSON.stringify(salvo.json));
      const recusa = await admin('POST', '/modelos/traduzido/versoes');
      assert.equal(recusa.status, 400);
      assert.deepEqual(recusa.json.errors, [{ field: 'definicao.traducoes.es.campo.estado-civil.opcao.casado', message: 'falta a tradução de "Casado(a)".' }]);
      // English is not offered in this environment (IDIOMAS_FORMULARIOS=es).
      const ingles = await admin('PUT', '/modelos/traduzido', { ...corpo, definicao: { ...DEF, idiomas: ['en', 'es'] }, versao: salvo.json.versao });
      assert.equal(ingles.status, 400);
      assert.deepEqual(ingles.json.errors, [{ field: 'definicao.idiomas', message: 'O idioma "en" não é oferecido neste ambiente (IDIOMAS_FORMULARIOS: es).' }]);
      // Complete, with a translation of a question that no longer exists: pruned at the save.
      const completa = { ...DEF, traducoes: { es: { ...DEF.traducoes!.es!, 'campo.estado-civil.opcao.casado': 'Casado(a)', 'campo.apagado.rotulo': 'Borrado' } } };
      const ok = await admin('PUT', '/modelos/traduzido', { ...corpo, definicao: completa, versao: salvo.json.versao });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      assert.equal(ok.json.definicao.traducoes.es['campo.apagado.rotulo'], undefined);
      assert.equal((await admin('POST', '/modelos/traduzido/versoes')).status, 201);
    });

    test('a página recebe os textos no primeiro idioma pedido que o modelo tem; os valores não mudam', async () => {
      const em = async (idioma: string) => (await fetch(`${s.url}/api/publico/modelos/traduzido`, { headers: { 'accept-language': idioma } })).json();
      const es = await em('en;q=0.9, es;q=0.8');
      assert.deepEqual([es.idioma, es.idiomas, es.nome], ['es', ['pt-BR', 'es'], 'Inscripción de prueba']);
      assert.deepEqual(es.definicao.secoes[0].campos.map((c: { rotulo: string }) => c.rotulo), ['Nombre completo', 'Estado civil', 'Correo electrónico para la confirmación']);
      assert.deepEqual(es.definicao.secoes[0].campos[1].opcoes, [{ valor: 'solteiro', rotulo: 'Soltero(a)' }, { valor: 'casado', rotulo: 'Casado(a)' }]);
      assert.equal(es.definicao.traducoes, undefined);
      const en = await em('en');
      assert.deepEqual([en.idioma, en.nome, en.definicao.secoes[0].titulo], ['pt-BR', 'Inscrição de teste', 'Requerente']);
    });

    test('um envio em espanhol: mensagens, idioma guardado, comprovante e e-mail em espanhol, a declaração lida, a entrega com idioma', async () => {
      const ruim = await enviarFormulario(s.url, 'traduzido', { ...RESPOSTAS, 'estado-civil': 'viuvo' }, { 'accept-language': 'es' });
      assert.equal(ruim.status, 400);
      assert.equal(ruim.json.detail, 'Algunas respuestas necesitan corrección.');
      const r = await fetch(`${s.url}/api/publico/modelos/traduzido/formularios`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'es' }, body: JSON.stringify({ respostas: RESPOSTAS, declaracaoAceita: true }) });
      const enviado = await r.json();
      assert.equal(r.status, 201, JSON.stringify(enviado));
      const [linha] = (await admin('GET', `/formularios?protocolo=${enviado.protocolo}`)).json;
      assert.equal(linha.idioma, 'es');
      const detalhe = (await admin('GET', `/formularios/${linha.id}`)).json;
      assert.equal(detalhe.declaracao.texto, 'Declaro que la información es verdadera.', 'the declaration as the citizen read it');
      assert.deepEqual(detalhe.respostas['estado-civil'], 'casado', 'the value, not the label');

      const comprovante = pdfTexto(Buffer.from(await (await fetch(`${s.url}${enviado.comprovante.url}`)).arrayBuffer()));
      for (const x of ['Comprobante de envío', 'Inscripción de prueba', 'Solicitante', 'Nombre completo', 'Casado(a)', 'Declaro que la información es verdadera.']) assert.ok(comprovante.includes(x), `"${x}" no comprovante:\n${comprovante}`);
      assert.doesNotMatch(comprovante, /Requerente|Nome completo|Inscrição de teste/);

      const m = await caixa.esperar((e) => e.para.includes('maria.es@exemplo.com') && e.assunto.includes(enviado.protocolo));
      assert.equal(m.assunto, `Recibimos su formulario: Inscripción de prueba (protocolo ${enviado.protocolo})`);
      assert.match(m.texto, /Solicitante\n {2}Nombre completo: .+\n {2}Estado civil: Casado\(a\)/);
      assert.ok(pdfTexto(m.anexos[0].conteudo).includes('Nombre completo'));

      const [entrega] = await esperarAte(() => receptor.doProtocolo(enviado.protocolo)[0] && receptor.doProtocolo(enviado.protocolo), 15_000, 'a entrega');
      assert.deepEqual([entrega.corpo.idioma, entrega.corpo.respostas['estado-civil'], (entrega.corpo.declaracao as { texto: string }).texto], ['es', 'casado', 'Declaro que la información es verdadera.']);
    });

    test('o rascunho salvo em espanhol volta em espanhol', async () => {
      const r = await fetch(`${s.url}/api/publico/modelos/traduzido/rascunhos`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'es' }, body: JSON.stringify({ respostas: { nome: 'Ana' } }) });
      assert.equal(r.status, 201);
      const rascunho = await (await fetch(`${s.url}/api/publico/rascunhos/${(await r.json()).codigo}`, { headers: { 'accept-language': 'es' } })).json();
      assert.deepEqual([rascunho.idioma, rascunho.nome, rascunho.definicao.secoes[0].titulo], ['es', 'Inscripción de prueba', 'Solicitante']);
    });
  });
}
