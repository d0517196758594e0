import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { bancosDeTeste, clienteApi, portaLivre, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario } from '../apoio/entregas';
import { esperarAte, subirReceptor } from '../apoio/receptor';
import type { Definicao } from '../../src/forms/definicao';
import { cabecalhosDoPedido } from '../../src/forms/integracao';

/**
 * A designer's year with a form (issue 36), through the API on both databases: opening and closing (the boundary
 * under a burst), the exact limit of answers with many senders at once, duplicates and templates, a model carried
 * to another environment and back (secrets never in the file, a tampered file refused), every save on record with
 * its restore, the declaration kept with its text and instant, and publishing that refuses a section with no question.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

const DEF: Definicao = {
  secoes: [{ id: 'requerente', titulo: 'Requerente', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [] }, { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: false, regras: [], requerente: 'cpf' }] }],
};
const RESPOSTAS = { nome: 'Maria da Silva' };
const em = (ms: number) => new Date(Date.now() + ms).toISOString();

for (const banco of await bancosDeTeste()) {
  describe(`o ano de um modelo (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    let grupo: number;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    before(async () => {
      // A local HTTP receiver: the declaration is read where the real delivery worker posts it (issue 49).
      receptor = await subirReceptor();
      const porta = await portaLivre();
      s = await subirServidor({ databaseUrl: banco.url, porta, integracao: { permitidos: { origens: [receptor.origem, `http://127.0.0.1:${porta}`] } } });
      admin = await clienteApi(s.url, 'admin');
      grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
    });
    after(async () => {
      await s.fechar();
      await receptor.fechar();
      await banco.descartar?.();
    });

    /** Creates, saves (with `extra` and `definicao`) and publishes a model; resolves the saved model. */
    async function publicado(codigo: string, extra: Record<string, unknown> = {}, definicao: Definicao = DEF, destino = `${s.url}/demo/receptor`) {
      const corpo = { nome: `Teste ${codigo}`, grupoControleConteudoId: grupo, integracao: { url: destino, metodo: 'POST', cabecalhos: { 'X-Chave': 'valor-secreto' } } };
      assert.equal((await admin('POST', '/modelos', { codigoServico: codigo, ...corpo })).status, 201);
      const salvo = await admin('PUT', `/modelos/${codigo}`, { ...corpo, ...extra, definicao, versao: 1 });
      assert.equal(salvo.status, 200, JSON.stringify(salvo.json));
      const pub = await admin('POST', `/modelos/${codigo}/versoes`);
      assert.equal(pub.status, 201, JSON.stringify(pub.json));
      return pub.json;
    }
    const salvar = async (codigo: string, patch: Record<string, unknown>) => {
      const m = (await admin('GET', `/modelos/${codigo}`)).json;
      const r = await admin('PUT', `/modelos/${codigo}`, { nome: m.nome, descricao: m.descricao, grupoControleConteudoId: m.grupoControleConteudo.id, grupoAcessoPublicoId: m.grupoAcessoPublicoId, integracao: { url: m.integracao.url, metodo: m.integracao.metodo, cabecalhos: cabecalhosDoPedido(m.integracao.cabecalhos, {}) }, retencaoDias: m.retencaoDias, abreEm: m.abreEm, fechaEm: m.fechaEm, limiteRespostas: m.limiteRespostas, mensagemLimite: m.mensagemLimite, modeloBase: m.modeloBase, definicao: m.definicao, versao: m.versao, ...patch });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      return r.json;
    };
    const publicoDe = async (codigo: string, idioma = 'pt-BR') => {
      const r = await fetch(`${s.url}/api/publico/modelos/${codigo}`, { headers: { 'accept-language': idioma } });
      return { status: r.status, json: await r.json() };
    };

    test('antes de abrir: "abre em", sem as perguntas, e nenhum envio; aberto: aceita; a lista pública diz a situação', async () => {
      await publicado('ano-abre', { abreEm: '2099-03-01T03:00:00.000Z' });
      const p = await publicoDe('ano-abre');
      assert.equal(p.status, 200);
      assert.equal(p.json.situacao, 'EM_BREVE');
      assert.equal(p.json.definicao, null, 'the questions are not public before the opening');
      assert.equal(p.json.mensagem, 'Este formulário abre em 01/03/2099 00:00.');
      assert.equal((await publicoDe('ano-abre', 'es')).json.mensagem, 'Este formulario abre el 01/03/2099 00:00.');
      const cedo = await enviarFormulario(s.url, 'ano-abre', RESPOSTAS);
      assert.equal(cedo.status, 403);
      assert.equal(cedo.json.detail, 'Este formulário abre em 01/03/2099 00:00.');
      const lista = await (await fetch(`${s.url}/api/publico/modelos`)).json();
      assert.deepEqual(lista.find((m: { codigoServico: string }) => m.codigoServico === 'ano-abre'), { codigoServico: 'ano-abre', nome: 'Teste ano-abre', versao: 1, restrito: false, situacao: 'EM_BREVE', abreEm: '2099-03-01T03:00:00.000Z', fechaEm: null });
      // The period is the model's setting, not its version's: a save applies it at once (publishing again would say nothing changed).
      await salvar('ano-abre', { abreEm: em(-60_000) });
      assert.equal((await admin('POST', '/modelos/ano-abre/versoes')).status, 409);
      assert.equal((await publicoDe('ano-abre')).json.situacao, 'ABERTO');
      assert.equal((await enviarFormulario(s.url, 'ano-abre', RESPOSTAS)).status, 201);
    });

    test('o encerramento vale no segundo, mesmo numa rajada que o atravessa; encerrado: 410 com a data, rascunho se lê mas não se envia; reabre se a data muda', async () => {
      await publicado('ano-fecha');
      const rascunho = await (await fetch(`${s.url}/api/publico/modelos/ano-fecha/rascunhos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ respostas: { nome: 'Ana' } }) })).json();
      const fecha = em(1500);
      await salvar('ano-fecha', { fechaEm: fecha });
      // A burst from before the closing second to well after it: 8 at a time, until 1.5 s past it.
      const respostas: { status: number; recebidoEm?: string; respondidoEm: number }[] = [];
      while (Date.now() < Date.parse(fecha) + 1500) {
        const lote = await Promise.all(Array.from({ length: 8 }, () => enviarFormulario(s.url, 'ano-fecha', RESPOSTAS)));
        const respondidoEm = Date.now();
        respostas.push(...lote.map((r) => ({ status: r.status, recebidoEm: r.json.recebidoEm, respondidoEm })));
      }
      // Both sides of the boundary, tightly (issue 49: a model closing a second early passed): every answer that
      // came back before the closing second was an acceptance (same machine: the test's clock is the database's),
      // and the last form accepted landed just before it — within a few batches, not a second early.
      const antesDoFim = respostas.filter((r) => r.respondidoEm < Date.parse(fecha));
      assert.ok(antesDoFim.length >= 8 && antesDoFim.every((r) => r.status === 201), `${antesDoFim.filter((r) => r.status !== 201).length} of ${antesDoFim.length} answers before ${fecha} were refusals`);
      const ultimo = Math.max(...respostas.filter((r) => r.status === 201).map((r) => Date.parse(r.recebidoEm!)));
      assert.ok(Date.parse(fecha) - ultimo < 400, `the last accepted form landed ${Date.parse(fecha) - ultimo} ms before the closing`);
      assert.ok(respostas.some((r) => r.status === 201), 'some arrived before the closing');
      assert.ok(respostas.some((r) => r.status === 410), 'and some after');
      assert.deepEqual([...new Set(respostas.map((r) => r.status))].sort(), [201, 410], 'nothing but accepted or closed');
      const guardados = await s.db.query<{ recebido_em: string }>(`select recebido_em from formulario where codigo_servico = 'ano-fecha'`);
      assert.equal(guardados.length, respostas.filter((r) => r.status === 201).length, 'every 201 is stored, nothing else');
      for (const g of guardados) assert.ok(new Date(g.recebido_em).getTime() < Date.parse(fecha), `${new Date(g.recebido_em).toISOString()} is before the closing ${fecha}`);
      const depois = await enviarFormulario(s.url, 'ano-fecha', RESPOSTAS);
      assert.equal(depois.status, 410);
      assert.match(depois.json.detail, /^Este formulário foi encerrado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} e não aceita mais respostas\.$/);
      // Its draft: read, not saved, not sent.
      const lido = await (await fetch(`${s.url}/api/publico/rascunhos/${rascunho.codigo}`)).json();
      assert.equal(lido.situacao, 'ENCERRADO');
      assert.match(lido.mensagem, /encerrado em/);
      assert.deepEqual(lido.respostas, { nome: 'Ana' });
      assert.equal((await fetch(`${s.url}/api/publico/rascunhos/${rascunho.codigo}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ respostas: { nome: 'Ana Maria' } }) })).status, 410);
      // Staff still see it published; moving the date reopens it.
      assert.equal((await admin('GET', '/modelos/ano-fecha')).json.status, 'PUBLICADO');
      await salvar('ano-fecha', { fechaEm: em(3_600_000) });
      assert.equal((await enviarFormulario(s.url, 'ano-fecha', RESPOSTAS)).status, 201);
    });

    test('o limite de respostas: exatamente N guardados com 50 enviando ao mesmo tempo pelas 10 últimas vagas; depois, a mensagem do designer; "312 de 5.000" para a equipe', async () => {
      await publicado('ano-limite', { limiteRespostas: 15, mensagemLimite: 'As 15 vagas desta turma foram preenchidas.' });
      for (let i = 0; i < 5; i++) assert.equal((await enviarFormulario(s.url, 'ano-limite', RESPOSTAS)).status, 201);
      const todos = await Promise.all(Array.from({ length: 50 }, () => enviarFormulario(s.url, 'ano-limite', RESPOSTAS)));
      assert.equal(todos.filter((r) => r.status === 201).length, 10, 'exactly the last 10 places');
      assert.equal(todos.filter((r) => r.status === 410).length, 40);
      assert.equal(todos.find((r) => r.status === 410)!.json.detail, 'As 15 vagas desta turma foram preenchidas.');
      assert.equal(Number((await s.db.query<{ n: string }>(`select count(*)::text as n from formulario where codigo_servico = 'ano-limite'`))[0].n), 15);
      const m = (await admin('GET', '/modelos/ano-limite')).json;
      assert.deepEqual([m.respostas, m.limiteRespostas], [15, 15]);
      assert.equal((await publicoDe('ano-limite')).status, 410);
      // More places: open again, counted from the forms there are.
      await salvar('ano-limite', { limiteRespostas: 16 });
      assert.equal((await enviarFormulario(s.url, 'ano-limite', RESPOSTAS)).status, 201);
      assert.equal((await enviarFormulario(s.url, 'ano-limite', RESPOSTAS)).status, 410);
    });

    test('duplicar: rascunho com a definição, sem segredo nem limites; modelo-base oferecido a quem vê o grupo', async () => {
      await publicado('ano-original', { limiteRespostas: 100, fechaEm: em(86_400_000), modeloBase: true });
      const copia = await admin('POST', '/modelos/ano-original/copias', { codigoServico: 'ano-copia', nome: 'Cópia do original' });
      assert.equal(copia.status, 201, JSON.stringify(copia.json));
      const c = copia.json;
      assert.deepEqual([c.status, c.nome, c.limiteRespostas, c.fechaEm, c.abreEm, c.modeloBase, c.ultimaVersao], ['RASCUNHO', 'Cópia do original', null, null, null, false, 0]);
      assert.deepEqual(c.definicao, DEF);
      assert.equal(c.integracao.url, `${s.url}/demo/receptor`);
      assert.match(c.segredoNovo, /^whsec_/, 'a signing secret of its own, shown once');
      const original = await s.db.query<{ integracao_segredo: string }>(`select integracao_segredo from modelo where codigo_servico in ('ano-original', 'ano-copia') order by codigo_servico`);
      assert.notEqual(original[0].integracao_segredo, original[1].integracao_segredo);
      assert.equal((await admin('POST', '/modelos/ano-original/copias', { codigoServico: 'ano-copia' })).status, 400, 'the code is taken');
      // A template: listed for a designer of its group (Saúde).
      const designer = await clienteApi(s.url, 'designer');
      const bases = (await designer('GET', '/modelos?modeloBase=true&size=100')).json.map((m: { codigoServico: string }) => m.codigoServico);
      assert.ok(bases.includes('ano-original'));
      assert.ok(!bases.includes('ano-copia'));
      const h = (await admin('GET', '/modelos/ano-copia/historico')).json;
      assert.equal(h[0].acao, 'DUPLICADO');
      assert.equal(h[0].resumo[0], 'Cópia de "Teste ano-original" (ano-original).');
    });

    test('exportar e importar: o arquivo sem segredos, grupos nem valores de cabeçalhos; a prévia; ida e volta igual; arquivo alterado ou de formato mais novo recusado', async () => {
      await publicado('ano-exporta', { descricao: 'Da homologação', limiteRespostas: 50 });
      const r = await admin('GET', '/modelos/ano-exporta/exportacao');
      assert.equal(r.status, 200);
      const arquivo = r.json;
      assert.equal(arquivo.formato, 'console-formularios/modelo');
      assert.equal(arquivo.versaoEsquema, 1);
      assert.match(arquivo.checksum, /^sha256:[0-9a-f]{64}$/);
      const texto = JSON.stringify(arquivo);
      assert.doesNotMatch(texto, /whsec_|valor-secreto|grupoControleConteudo/, 'no secret, header value or group in the file');
      assert.deepEqual(arquivo.modelo.integracao, { url: `${s.url}/demo/receptor`, metodo: 'POST', cabecalhos: ['X-Chave'] });
      // Tampered, newer, not a file at all.
      const adulterado = { ...arquivo, modelo: { ...arquivo.modelo, nome: 'Outro nome' } };
      const recusa = await admin('POST', '/modelos/importacao/previa', { arquivo: adulterado, grupoControleConteudoId: grupo });
      assert.equal(recusa.status, 400);
      assert.match(recusa.json.detail, /alterado depois de exportado: a soma de verificação não confere/);
      const novo = await admin('POST', '/modelos/importacao/previa', { arquivo: { ...arquivo, versaoEsquema: 2 } });
      assert.equal(novo.status, 400);
      assert.match(novo.json.detail, /versão mais nova do Console de Formulários \(formato 2\)/);
      assert.equal((await admin('POST', '/modelos/importacao/previa', { arquivo: { qualquer: 1 } })).status, 400);
      // The preview of a new code: to create, in a group of this environment.
      const semGrupo = await admin('POST', '/modelos/importacao/previa', { arquivo, codigoServico: 'ano-importado' });
      assert.deepEqual([semGrupo.status, semGrupo.json.errors], [400, [{ field: 'grupoControleConteudoId', message: 'Escolha o grupo de controle de conteúdo do modelo neste ambiente.' }]]);
      const previa = await admin('POST', '/modelos/importacao/previa', { arquivo, codigoServico: 'ano-importado', grupoControleConteudoId: grupo });
      assert.equal(previa.status, 200, JSON.stringify(previa.json));
      assert.deepEqual([previa.json.acao, previa.json.codigoServico, previa.json.cabecalhosAPreencher, previa.json.definicaoAtual], ['criar', 'ano-importado', ['X-Chave'], null]);
      const importado = await admin('POST', '/modelos/importacao', { arquivo, codigoServico: 'ano-importado', grupoControleConteudoId: grupo });
      assert.equal(importado.status, 201, JSON.stringify(importado.json));
      const i = importado.json;
      assert.deepEqual([i.status, i.nome, i.descricao, i.limiteRespostas, i.integracao.url, i.integracao.cabecalhos, i.grupoControleConteudo.id], ['RASCUNHO', 'Teste ano-exporta', 'Da homologação', 50, `${s.url}/demo/receptor`, [], grupo]);
      assert.deepEqual(i.definicao, DEF);
      // Round trip: exported again, the same model (all but its code and times).
      const volta = (await admin('GET', '/modelos/ano-importado/exportacao')).json;
      assert.deepEqual(volta.modelo, { ...arquivo.modelo, integracao: { ...arquivo.modelo.integracao, cabecalhos: [] } });
      // Over an existing model: what changes, then the draft replaced (its group, headers and secret stay).
      const outro = (await admin('GET', '/modelos/ano-importado/exportacao')).json;
      const mudado = { ...outro, modelo: { ...outro.modelo, nome: 'Nome novo', definicao: { secoes: [{ ...DEF.secoes[0], campos: [...DEF.secoes[0].campos, { id: 'tel', tipo: 'texto', rotulo: 'Telefone', obrigatorio: false, regras: [] }] }] } } };
      const { codigoServico, modelo } = mudado;
      const { createHash } = await import('node:crypto');
      const { jsonEstavel } = await import('../../src/forms/diferenca');
      mudado.checksum = `sha256:${createHash('sha256').update(jsonEstavel({ codigoServico, modelo })).digest('hex')}`;
      const previa2 = await admin('POST', '/modelos/importacao/previa', { arquivo: mudado, codigoServico: 'ano-exporta' });
      assert.equal(previa2.json.acao, 'alterar');
      assert.deepEqual(previa2.json.mudancas, ['1 campo adicionado: "Telefone".', 'Nome: Teste ano-exporta → Nome novo']);
      const antes = (await admin('GET', '/modelos/ano-exporta')).json;
      const sobre = await admin('POST', '/modelos/importacao', { arquivo: mudado, codigoServico: 'ano-exporta', versao: previa2.json.versao });
      assert.equal(sobre.status, 201, JSON.stringify(sobre.json));
      assert.deepEqual([sobre.json.nome, sobre.json.integracao.cabecalhos, sobre.json.grupoControleConteudo.id, sobre.json.ultimaVersao], ['Nome novo', antes.integracao.cabecalhos, antes.grupoControleConteudo.id, 1]);
      assert.equal((await admin('POST', '/modelos/importacao', { arquivo: mudado, codigoServico: 'ano-exporta', versao: previa2.json.versao })).status, 409, 'saved since the preview');
      assert.equal((await admin('GET', '/modelos/ano-exporta/historico')).json[0].acao, 'IMPORTADO');
    });

    test('cada salvamento no histórico, com o que mudou; a diferença entre duas entradas; restaurar uma volta o rascunho e fica no histórico', async () => {
      await publicado('ano-historico');
      await salvar('ano-historico', { nome: 'Segundo nome' });
      await salvar('ano-historico', { nome: 'Segundo nome' });
      const m = await salvar('ano-historico', { definicao: { secoes: [{ ...DEF.secoes[0], campos: [DEF.secoes[0].campos[0]] }] } });
      const h = (await admin('GET', '/modelos/ano-historico/historico')).json as { id: number; acao: string; autor: string; resumo: string[] }[];
      assert.deepEqual(h.map((x) => x.acao), ['SALVO', 'SALVO', 'PUBLICADO', 'SALVO', 'CRIADO'], 'a save that changes nothing leaves no entry');
      assert.deepEqual(h[0].resumo, ['1 campo removido: "CPF".']);
      assert.deepEqual(h[1].resumo, ['Nome: Teste ano-historico → Segundo nome']);
      assert.equal(h[2].resumo[0], 'Versão 1 publicada.');
      // In the reader's language: the console in English sends Accept-Language: en.
      const emIngles = (await admin('GET', '/modelos/ano-historico/historico', undefined, { 'accept-language': 'en' })).json;
      assert.deepEqual([emIngles[0].resumo, emIngles[1].resumo, emIngles[2].resumo[0]], [['1 field removed: "CPF".'], ['Name: Teste ano-historico → Segundo nome'], 'Version 1 published.']);
      assert.ok(h.every((x) => x.autor === 'admin'));
      const publicada = (await admin('GET', `/modelos/ano-historico/historico/${h[2].id}`)).json;
      assert.deepEqual(publicada.estado.definicao, DEF);
      const restaurado = await admin('POST', `/modelos/ano-historico/historico/${h[2].id}/restauracao`, { versao: m.versao });
      assert.equal(restaurado.status, 200, JSON.stringify(restaurado.json));
      assert.deepEqual([restaurado.json.definicao, restaurado.json.nome, restaurado.json.status], [DEF, 'Teste ano-historico', 'PUBLICADO']);
      const depois = (await admin('GET', '/modelos/ano-historico/historico')).json;
      assert.equal(depois[0].acao, 'VOLTOU_A');
      assert.match(depois[0].resumo[0], /^Rascunho restaurado da mudança de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} por admin\.$/);
      assert.deepEqual(depois[0].resumo.slice(1), ['1 campo adicionado: "CPF".', 'Nome: Segundo nome → Teste ano-historico']);
      assert.equal((await admin('POST', `/modelos/ano-historico/historico/${h[2].id}/restauracao`, { versao: m.versao })).status, 409, 'an old versao');
      assert.equal((await clienteApi(s.url, 'gestor').then((g) => g('GET', '/modelos/ano-historico/historico'))).status, 403);
    });

    test('a declaração: sem o aceite, nada é enviado; o formulário guarda o texto e o instante; a gaveta, o PDF e a entrega os trazem', async () => {
      const texto = 'Declaro, sob as penas da lei, que as informações prestadas são verdadeiras.';
      await publicado('ano-declara', {}, { ...DEF, declaracao: { texto } }, receptor.url);
      const sem = await enviarFormulario(s.url, 'ano-declara', RESPOSTAS);
      assert.equal(sem.status, 400);
      assert.deepEqual(sem.json.errors, [{ field: 'declaracaoAceita', message: 'Confirme a declaração para enviar.' }]);
      const r = await fetch(`${s.url}/api/publico/modelos/ano-declara/formularios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ respostas: RESPOSTAS, declaracaoAceita: true }) });
      assert.equal(r.status, 201);
      const { protocolo } = await r.json();
      const [f] = await s.db.query<{ id: string; declaracao: { texto: string; aceitaEm: string }; recebido_em: string }>('select id::text, declaracao, recebido_em from formulario where protocolo = $1', [protocolo]);
      assert.equal(f.declaracao.texto, texto);
      assert.equal(new Date(f.declaracao.aceitaEm).getTime(), new Date(f.recebido_em).getTime(), 'accepted at the instant it was received');
      const detalhe = (await admin('GET', `/formularios/${f.id}`)).json;
      assert.deepEqual(detalhe.declaracao, { texto, aceitaEm: new Date(f.declaracao.aceitaEm).toISOString() });
      const pdf = await fetch(`${s.url}/api/formularios/${f.id}/pdf`, { headers: { authorization: `Bearer ${(await (await import('../apoio/servidor')).entrarComo(s.url, 'admin')).access_token}` } });
      const textoPdf = execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(await pdf.arrayBuffer()), encoding: 'utf8' }).replace(/\s+/g, ' ');
      assert.ok(textoPdf.includes('Declaração') && textoPdf.includes(texto) && /Aceita em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/.test(textoPdf), textoPdf);
      // The delivery worker's own rounds (it is not running in this server: the bursts above would compete with it).
      const [entrega] = await esperarAte(async () => (await s.entregador.rodada(), receptor.doProtocolo(protocolo)[0] && receptor.doProtocolo(protocolo)), 30_000, 'a entrega');
      assert.deepEqual(entrega.corpo.declaracao, { texto, aceitaEm: new Date(f.declaracao.aceitaEm).toISOString() });
    });

    test('publicar recusa uma seção sem perguntas, e a que se repete com mínimo, dizendo qual; salvar o rascunho continua possível', async () => {
      const vazia: Definicao = { secoes: [DEF.secoes[0], { id: 'dependentes', titulo: 'Dependentes', repeticao: { minimo: 1, maximo: 3 }, campos: [] }, { id: 'extra', titulo: 'Extra', campos: [] }] };
      const corpo = { nome: 'Teste vazia', grupoControleConteudoId: grupo };
      assert.equal((await admin('POST', '/modelos', { codigoServico: 'ano-vazia', ...corpo })).status, 201);
      assert.equal((await admin('PUT', '/modelos/ano-vazia', { ...corpo, definicao: vazia, versao: 1 })).status, 200);
      const r = await admin('POST', '/modelos/ano-vazia/versoes');
      assert.equal(r.status, 400);
      assert.deepEqual(r.json.errors, [
        { field: 'definicao.secoes[1].campos', message: 'Esta seção se repete (ao menos 1 item) e não tem perguntas: o cidadão não teria o que responder. Adicione uma pergunta ou remova a seção.' },
        { field: 'definicao.secoes[2].campos', message: 'Esta seção não tem perguntas: adicione uma ou remova a seção antes de publicar.' },
      ]);
    });
  });
}
