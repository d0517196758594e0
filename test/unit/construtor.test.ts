import { test } from 'node:test';
import { tradutor } from '../../src/i18n';
import assert from 'node:assert/strict';
import { type Definicao } from '../../src/forms/definicao';
import { validarDefinicao } from '../../src/forms/problemasDefinicao';
import { descreverCampo, descreverRegra, diferenca, resumoDiferenca } from '../../src/forms/diferenca';
import { acharCampo, adicionarCampo, adicionarSecao, alterarCampo, campoNovo, definirArquivo, definirRegra, duplicarCampo, moverCampo, moverCampoPara, moverSecao, nomeSegueRotulo, novoId, opcoesDeTexto, removerCampo, removerSecao, renomearCampo, slug, textoDeOpcoes } from '../../src/forms/edicao';
import { desfazer, fazer, iniciarHistorico, refazer } from '../../src/forms/historico';
import { cabecalhosDoPedido, lerCabecalhos } from '../../src/forms/integracao';
import { erroDoCampo, errosDasRespostas } from '../../src/forms/preenchimento';

const ids = (d: Definicao) => d.secoes.map((s) => `${s.id}:${s.campos.map((c) => c.id).join(',')}`);

function base(): Definicao {
  let d: Definicao = { secoes: [] };
  d = adicionarSecao(d, 'Requerente');
  d = adicionarSecao(d, 'Pedido');
  const [s1, s2] = d.secoes.map((s) => s.id);
  for (const t of ['texto', 'cpf'] as const) d = adicionarCampo(d, s1, campoNovo(d, t));
  d = adicionarCampo(d, s2, campoNovo(d, 'escolha-unica'));
  return d;
}

test('definition editing: ids, add, duplicate, move (also across sections), remove; immutable', () => {
  const d = base();
  assert.deepEqual(ids(d), ['secao:texto,cpf', 'secao-2:escolha-unica']);
  assert.equal(slug('Nome Completo do Requerente!'), 'nome-completo-do-requerente');
  assert.equal(novoId(d, 'texto'), 'texto-2');
  const dup = duplicarCampo(d, 'texto');
  assert.deepEqual(ids(dup), ['secao:texto,texto-2,cpf', 'secao-2:escolha-unica']);
  assert.equal(acharCampo(dup, 'texto-2')!.rotulo, 'Texto (cópia)');
  assert.deepEqual(ids(d), ['secao:texto,cpf', 'secao-2:escolha-unica'], 'the original is untouched');
  assert.deepEqual(ids(moverCampo(d, 'texto', 1)), ['secao:cpf,texto', 'secao-2:escolha-unica']);
  assert.deepEqual(ids(moverCampo(d, 'cpf', 1)), ['secao:texto', 'secao-2:cpf,escolha-unica'], 'past the end: start of the next section');
  assert.deepEqual(ids(moverCampo(d, 'escolha-unica', -1)), ['secao:texto,cpf,escolha-unica', 'secao-2:']);
  assert.equal(moverCampo(d, 'texto', -1), d, 'nothing above the first field');
  assert.deepEqual(ids(moverCampoPara(d, 'texto', 'secao-2', 1)), ['secao:cpf', 'secao-2:escolha-unica,texto']);
  assert.deepEqual(ids(moverCampoPara(d, 'texto', 'secao', 2)), ['secao:cpf,texto', 'secao-2:escolha-unica']);
  assert.deepEqual(ids(moverSecao(d, 'secao-2', -1)), ['secao-2:escolha-unica', 'secao:texto,cpf']);
  assert.deepEqual(ids(removerCampo(d, 'cpf')), ['secao:texto', 'secao-2:escolha-unica']);
  assert.deepEqual(ids(removerSecao(d, 'secao')), ['secao-2:escolha-unica']);
});

test('type changes keep only what makes sense; rules set and their sense checked', () => {
  let d = base();
  d = definirRegra(d, 'texto', 'minLength', 10);
  d = definirRegra(d, 'texto', 'maxLength', 5);
  assert.deepEqual(validarDefinicao(d).map((p) => p.mensagem), ['O tamanho mínimo (10) não pode ser maior que o máximo (5).']);
  d = definirRegra(d, 'texto', 'maxLength', null);
  assert.deepEqual(validarDefinicao(d), []);
  const numero = alterarCampo(d, 'texto', { tipo: 'inteiro' });
  assert.deepEqual(acharCampo(numero, 'texto')!.regras, [], 'length rules do not apply to integers');
  const escolha = alterarCampo(d, 'texto', { tipo: 'escolha-multipla' });
  assert.equal(acharCampo(escolha, 'texto')!.opcoes!.length, 2);
  assert.equal(acharCampo(alterarCampo(d, 'escolha-unica', { tipo: 'texto' }), 'escolha-unica')!.opcoes, undefined);
});

test('options edited in bulk, one per line', () => {
  const o = opcoesDeTexto('Perda\n\n  Roubo  \nrg | Carteira de identidade\nPerda');
  assert.deepEqual(o, [
    { valor: 'perda', rotulo: 'Perda' },
    { valor: 'roubo', rotulo: 'Roubo' },
    { valor: 'rg', rotulo: 'Carteira de identidade' },
    { valor: 'perda-2', rotulo: 'Perda' },
  ]);
  assert.equal(textoDeOpcoes(o), 'Perda\nRoubo\nrg | Carteira de identidade\nperda-2 | Perda');
  assert.deepEqual(opcoesDeTexto(textoDeOpcoes(o)), o, 'round trip');
});

test('version diff: added, removed, changed with what changed, and a summary', () => {
  const v1 = base();
  let v2 = alterarCampo(v1, 'texto', { rotulo: 'Nome completo', obrigatorio: true });
  v2 = definirRegra(v2, 'texto', 'maxLength', 150);
  v2 = removerCampo(v2, 'cpf');
  v2 = adicionarCampo(v2, 'secao-2', { ...campoNovo(v2, 'data'), rotulo: 'Data do fato' });
  v2 = alterarCampo(v2, 'escolha-unica', { opcoes: [{ valor: 'opcao-1', rotulo: 'Perda' }, { valor: 'opcao-3', rotulo: 'Roubo' }] });
  const d = diferenca(v1, v2);
  const porId = Object.fromEntries(d.campos.map((c) => [c.id, c]));
  assert.equal(porId.cpf.tipo, 'removido');
  assert.equal(porId.data.tipo, 'adicionado');
  assert.deepEqual(porId.texto.detalhes, ['rótulo: "Texto" → "Nome completo"', 'obrigatório: não → sim', 'regra nova: tamanho máximo 150']);
  assert.deepEqual(porId['escolha-unica'].detalhes, ['opção "Opção 1" agora se chama "Perda"', 'opção nova: Roubo', 'opção retirada: Opção 2']);
  assert.deepEqual(resumoDiferenca(d), ['1 campo adicionado: "Data do fato".', '1 campo removido: "CPF".', '2 campos alterados: "Nome completo", "Escolha única".']);
  assert.deepEqual(resumoDiferenca(diferenca(v1, v1)), []);
  assert.deepEqual(resumoDiferenca(d, tradutor('en'))[0], '1 field added: "Data do fato".', 'in English too');
  assert.equal(descreverRegra({ tipo: 'minValue', min: 3 }), 'valor mínimo 3');
});

test('undo and redo; typing into the same thing joins one step', () => {
  let h = iniciarHistorico('a');
  h = fazer(h, 'ab', 'rotulo', 1000);
  h = fazer(h, 'abc', 'rotulo', 1500);
  h = fazer(h, 'abcX', 'outro', 1600);
  assert.deepEqual(h.passado, ['a', 'abc']);
  h = desfazer(h);
  assert.equal(h.presente, 'abc');
  h = desfazer(h);
  assert.equal(h.presente, 'a');
  assert.equal(desfazer(h), h, 'nothing more to undo');
  h = refazer(refazer(h));
  assert.equal(h.presente, 'abcX');
  h = desfazer(h);
  h = fazer(h, 'novo', '', 5000);
  assert.deepEqual(h.futuro, [], 'a new step drops what could be redone');
});

test('the preview and the server check answers with the same rules and messages', () => {
  const d = definirRegra(alterarCampo(base(), 'texto', { obrigatorio: true }), 'texto', 'minLength', 3);
  const c = (id: string) => acharCampo(d, id)!;
  assert.equal(erroDoCampo(c('texto'), undefined), 'Este campo é obrigatório.');
  assert.equal(erroDoCampo(c('texto'), 'ab'), 'Este campo deve ter pelo menos 3 caracteres.');
  assert.equal(erroDoCampo(c('cpf'), '123.456.789-00'), 'Este campo deve ser um CPF válido.');
  assert.equal(erroDoCampo(c('escolha-unica'), 'outra'), 'Escolha uma das opções oferecidas.');
  assert.equal(erroDoCampo({ ...c('cpf'), tipo: 'data', regras: [] }, '2026-02-30'), 'Esta data não existe.');
  assert.equal(erroDoCampo({ ...c('cpf'), tipo: 'data', regras: [] }, '31/02/2020'), 'Esta data não existe.');
  assert.equal(erroDoCampo({ ...c('cpf'), tipo: 'data', regras: [] }, '31-02'), 'Informe a data no formato dd/mm/aaaa.');
  assert.equal(erroDoCampo({ ...c('cpf'), tipo: 'inteiro', regras: [{ tipo: 'maxValue', max: 10 }] }, '11'), 'O valor máximo permitido é 10.');
  assert.deepEqual(errosDasRespostas(d, { texto: 'Maria', cpf: '529.982.247-25', 'escolha-unica': 'opcao-2' }), {});
  assert.deepEqual(Object.keys(errosDasRespostas(d, {})), ['texto']);
});

test('integration headers: one per line, malformed or repeated refused', () => {
  assert.deepEqual(lerCabecalhos('Authorization: Bearer x\n\nX-Orgao:  saude '), { cabecalhos: { Authorization: 'Bearer x', 'X-Orgao': 'saude' }, problema: null });
  assert.equal(lerCabecalhos('sem dois pontos').problema, 'Linha 1: use "Nome: valor" (o nome só com letras, números e hífens).');
  assert.equal(lerCabecalhos('A: 1\na: 2').problema, 'Linha 2: o cabeçalho a aparece mais de uma vez.');
  // The stored ones go by name with null (keep the value the API never shows); one typed again replaces it, whatever its case.
  assert.deepEqual(cabecalhosDoPedido(['Authorization', 'X-Api-Key'], { 'x-api-key': 'nova', 'X-Orgao': 'saude' }), { Authorization: null, 'x-api-key': 'nova', 'X-Orgao': 'saude' });
  assert.deepEqual(cabecalhosDoPedido([], {}), {});
});

test('problems located: each definition problem names its field and section, for the list the builder shows', async () => {
  const { localizarProblemas } = await import('../../src/forms/problemasDefinicao');
  let d = base();
  d = definirRegra(d, 'texto', 'minLength', 5);
  d = definirRegra(d, 'texto', 'maxLength', 2);
  d = alterarCampo(d, 'cpf', { rotulo: ' ' });
  d = { secoes: [...d.secoes, { id: 'vazia', titulo: '', campos: [] }] };
  const p = localizarProblemas(d, validarDefinicao(d));
  assert.deepEqual(
    p.map((x) => [x.campoId, x.secaoId, x.texto]),
    [
      ['texto', 'secao', 'Campo "Texto" (seção "Requerente"): O tamanho mínimo (5) não pode ser maior que o máximo (2).'],
      ['cpf', 'secao', 'Campo "cpf" (seção "Requerente"): Todo campo precisa de um rótulo.'],
      [undefined, 'vazia', 'Seção "sem título": Toda seção precisa de um título.'],
    ],
  );
  assert.deepEqual(localizarProblemas({ secoes: [] }, validarDefinicao({ secoes: [] }, true)).map((x) => x.texto), ['Formulário: Para publicar, o modelo precisa de pelo menos um campo.']);
});

test('renaming a field (its answer name) keeps its place; a clash is reported, not silently merged', async () => {
  const { renomearCampo } = await import('../../src/forms/edicao');
  const d = renomearCampo(base(), 'texto', 'nome-completo');
  assert.deepEqual(ids(d), ['secao:nome-completo,cpf', 'secao-2:escolha-unica']);
  const choque = renomearCampo(base(), 'texto', 'cpf');
  assert.deepEqual(validarDefinicao(choque).map((x) => x.mensagem), ['O identificador "cpf" já é usado por outro campo.']);
});

test('a field described in one line per aspect, for the side-by-side versions', async () => {
  const { descreverCampo } = await import('../../src/forms/diferenca');
  let d = base();
  d = alterarCampo(d, 'escolha-unica', { obrigatorio: true, ajuda: 'Escolha uma.' });
  assert.deepEqual(descreverCampo({ ...acharCampo(d, 'escolha-unica')!, secao: 'Pedido' }), ['Escolha única, obrigatório', 'Opções: Opção 1, Opção 2', 'Ajuda: Escolha uma.', 'Seção: Pedido']);
  d = definirRegra(d, 'texto', 'maxLength', 80);
  assert.deepEqual(descreverCampo(acharCampo(d, 'texto')!), ['Texto', 'Regras: tamanho máximo 80']);
});

test("the model's data form: SPEC messages per field, headers and code checked, converted to the API's shape", async () => {
  const { DADOS_VAZIOS, dadosParaApi, problemasDados, dadosDoModelo } = await import('../../src/console/pages/modelos/dadosModelo');
  assert.deepEqual(problemasDados(DADOS_VAZIOS, true), {
    codigoServico: 'Este campo é obrigatório.',
    nome: 'Este campo é obrigatório.',
    grupoControleConteudoId: 'Este campo é obrigatório.',
  });
  const d = { ...DADOS_VAZIOS, codigoServico: 'novo', nome: 'x'.repeat(201), grupoControleConteudoId: '3', url: 'ftp://a', cabecalhos: 'X-A: 1\nsem' };
  assert.deepEqual(problemasDados(d, true), {
    codigoServico: 'O código "novo" é reservado.',
    nome: 'Este campo deve ter no máximo 200 caracteres.',
    url: 'O valor não é um endereço de URL válido.',
    cabecalhos: 'Linha 2: use "Nome: valor" (o nome só com letras, números e hífens).',
  });
  assert.deepEqual(problemasDados({ ...d, codigoServico: 'novo' }, false).codigoServico, undefined, 'an existing model code is not edited');
  const ok = { ...DADOS_VAZIOS, codigoServico: ' certidao ', nome: ' Certidão ', grupoControleConteudoId: '3', grupoAcessoPublicoId: '', url: ' https://a.gov.br/x ', metodo: 'PUT' as const, cabecalhos: 'X-A: 1' };
  assert.deepEqual(problemasDados(ok, true), {});
  const api = dadosParaApi(ok, true);
  assert.deepEqual(api, { codigoServico: 'certidao', nome: 'Certidão', descricao: '', grupoControleConteudoId: 3, grupoAcessoPublicoId: null, integracao: { url: 'https://a.gov.br/x', metodo: 'PUT', cabecalhos: { 'X-A': '1' } }, retencaoDias: null, abreEm: null, fechaEm: null, limiteRespostas: null, mensagemLimite: null, modeloBase: false });
  // Opening and closing in São Paulo time (issue 36): an empty time is 00:00 to open and 23:59 to close.
  const periodo = dadosParaApi({ ...ok, abreData: '2026-12-01', fechaData: '2026-12-15', fechaHora: '18:30', limiteRespostas: '5000', mensagemLimite: ' Vagas esgotadas. ' }, false);
  assert.deepEqual([periodo.abreEm, periodo.fechaEm, periodo.limiteRespostas, periodo.mensagemLimite], ['2026-12-01T03:00:00.000Z', '2026-12-15T21:30:00.000Z', 5000, 'Vagas esgotadas.']);
  assert.deepEqual(problemasDados({ ...ok, abreData: '2026-12-15', fechaData: '2026-12-15', fechaHora: '00:00', limiteRespostas: '0' }, false), { limiteRespostas: 'O valor mínimo permitido é 1.', fechaData: 'O encerramento precisa ser depois da abertura.' });
  assert.deepEqual(problemasDados({ ...ok, abreData: '2026-12-15', abreHora: '25:00' }, false), { abreHora: 'Informe a hora como hh:mm (de 00:00 a 23:59).' });
  assert.equal(dadosParaApi({ ...ok, retencaoDias: '365' }, true).retencaoDias, 365);
  assert.equal(problemasDados({ ...ok, retencaoDias: '0' }, true).retencaoDias, 'O valor mínimo permitido é 1.');
  assert.equal('codigoServico' in dadosParaApi(ok, false), false);
  const integracao = { ...api.integracao, cabecalhos: ['X-A'], segredo: { existe: true, criadoEm: null, anteriorValidoAte: null }, esgotadasSeguidas: 0, pausadaEm: null };
  const volta = dadosDoModelo({ ...api, integracao, codigoServico: 'certidao', status: 'RASCUNHO', grupoControleConteudo: { id: 3, nome: 'Saúde' }, ultimaVersao: 0, versao: 1, criadoEm: '', criadoPor: '', atualizadoEm: '', atualizadoPor: '', definicao: { secoes: [] }, respostas: 0, smsNoMes: 0 });
  assert.deepEqual(volta, { ...ok, codigoServico: 'certidao', nome: 'Certidão', url: 'https://a.gov.br/x', cabecalhos: '', cabecalhosGuardados: ['X-A'] });
  // A stored header removed is left out of the save; one kept goes by name with null.
  assert.deepEqual(dadosParaApi({ ...volta, cabecalhosGuardados: [] }, false).integracao.cabecalhos, {});
  assert.deepEqual(dadosParaApi(volta, false).integracao.cabecalhos, { 'X-A': null });
  const comPeriodo = dadosDoModelo({ ...api, ...periodo, integracao, codigoServico: 'certidao', status: 'RASCUNHO', grupoControleConteudo: { id: 3, nome: 'Saúde' }, ultimaVersao: 0, versao: 1, criadoEm: '', criadoPor: '', atualizadoEm: '', atualizadoPor: '', definicao: { secoes: [] }, respostas: 0, smsNoMes: 0 });
  assert.deepEqual([comPeriodo.abreData, comPeriodo.abreHora, comPeriodo.fechaData, comPeriodo.fechaHora, comPeriodo.limiteRespostas], ['2026-12-01', '00:00', '2026-12-15', '18:30', '5000']);
});

test('stable JSON: the same content in any key order is the same text', async () => {
  const { jsonEstavel } = await import('../../src/forms/diferenca');
  assert.equal(jsonEstavel({ b: 1, a: [{ y: 2, x: null }], c: undefined }), jsonEstavel({ a: [{ x: null, y: 2 }], b: 1 }));
  assert.notEqual(jsonEstavel({ a: [1, 2] }), jsonEstavel({ a: [2, 1] }), 'order of lists matters');
});

test('the answer name follows the label until the designer names it; unique; published names stay', () => {
  let d: Definicao = adicionarSecao({ secoes: [] }, 'Contato');
  const s = d.secoes[0].id;
  const c = campoNovo(d, 'inteiro');
  assert.equal(c.id, 'numero-inteiro', 'a new field is named after its default label');
  d = adicionarCampo(d, s, c);
  d = alterarCampo(d, c.id, { rotulo: 'Telefone' });
  let r = nomeSegueRotulo(d, c.id, 'Número inteiro');
  assert.equal(r.nome, 'telefone');
  d = r.definicao;
  const outro = campoNovo(d, 'texto');
  d = alterarCampo(adicionarCampo(d, s, outro), outro.id, { rotulo: 'Telefone' });
  r = nomeSegueRotulo(d, outro.id, 'Texto');
  assert.equal(r.nome, 'telefone-2', 'unique within the model');
  d = renomearCampo(r.definicao, 'telefone-2', 'celular');
  d = alterarCampo(d, 'celular', { rotulo: 'Celular do requerente' });
  assert.equal(nomeSegueRotulo(d, 'celular', 'Telefone').nome, 'celular', 'a name typed by hand stays');
  d = alterarCampo(d, 'telefone', { rotulo: 'Telefone fixo' });
  assert.equal(nomeSegueRotulo(d, 'telefone', 'Telefone', new Set(['telefone'])).nome, 'telefone', 'a published name stays');
  assert.equal(nomeSegueRotulo(d, 'telefone', 'Telefone').nome, 'telefone-fixo');
});

test('a file field: maximum size and accepted types chosen from a list; defaults stored as nothing; checked; named in the diff', () => {
  let d: Definicao = adicionarSecao({ secoes: [] }, 'Documentos');
  d = adicionarCampo(d, d.secoes[0].id, campoNovo(d, 'arquivo'));
  const arquivo = (x: Definicao) => acharCampo(x, 'arquivo')!.arquivo;
  assert.equal(arquivo(d), undefined);
  let v2 = definirArquivo(d, 'arquivo', { tamanhoMaximoMb: 5 });
  v2 = definirArquivo(v2, 'arquivo', { tipos: ['imagem', 'pdf'] });
  assert.deepEqual(arquivo(v2), { tamanhoMaximoMb: 5, tipos: ['pdf', 'imagem'] }, 'in the list\'s order');
  assert.deepEqual(arquivo(definirArquivo(v2, 'arquivo', { tipos: ['pdf', 'imagem', 'documento'] })), { tamanhoMaximoMb: 5 }, 'every type: no restriction');
  assert.ok(!('arquivo' in acharCampo(definirArquivo(definirArquivo(v2, 'arquivo', { tamanhoMaximoMb: null }), 'arquivo', { tipos: [] }), 'arquivo')!), 'both defaults: no key at all');
  const outra = base();
  assert.equal(definirArquivo(outra, 'texto', { tamanhoMaximoMb: 5 }), outra, 'not a file field: unchanged');
  assert.ok(!('arquivo' in acharCampo(alterarCampo(v2, 'arquivo', { tipo: 'texto' }), 'arquivo')!), 'another type drops it');
  assert.deepEqual(validarDefinicao(v2), []);
  const ruim = alterarCampo(v2, 'arquivo', { arquivo: { tamanhoMaximoMb: 101, tipos: [] } });
  assert.deepEqual(validarDefinicao(ruim).map((p) => p.mensagem), ['O tamanho máximo do arquivo deve ser um número inteiro de 1 a 100 MB.', 'Escolha pelo menos um tipo de arquivo aceito.']);
  const [campo] = diferenca(d, v2).campos;
  assert.deepEqual(campo.detalhes, ['tamanho máximo do arquivo: 10 MB → 5 MB', 'arquivos aceitos: PDF, imagens (PNG, JPEG, GIF, WebP) ou documentos de escritório (Word, Excel, PowerPoint, OpenDocument) → PDF ou imagens (PNG, JPEG, GIF, WebP)']);
  assert.ok(descreverCampo(acharCampo(v2, 'arquivo')!).includes('Aceita PDF ou imagens (PNG, JPEG, GIF, WebP), até 5 MB.'));
});
