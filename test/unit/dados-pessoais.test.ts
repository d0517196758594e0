import { test } from 'node:test';
import assert from 'node:assert/strict';
import { camposPessoais, mascarar, mascararDetalhes, mascararRespostas, mascararTexto, tipoPessoal } from '../../src/forms/dadosPessoais';
import { camposDoRequerente, type CampoDefinicao, type Definicao } from '../../src/forms/definicao';
import { validarDefinicao } from '../../src/forms/problemasDefinicao';
import { errosDasRespostas } from '../../src/forms/preenchimento';
import { semDadosPessoais } from '../../src/server/entrega/retencao';

const campo = (c: Partial<CampoDefinicao> & Pick<CampoDefinicao, 'id' | 'tipo'>): CampoDefinicao => ({ rotulo: c.id, obrigatorio: false, regras: [], ...c });

test('which answers are personal data: CPF, e-mail, phone-like, requester fields and the marked ones', () => {
  assert.equal(tipoPessoal(campo({ id: 'doc', tipo: 'cpf' })), 'cpf');
  assert.equal(tipoPessoal(campo({ id: 'contato', tipo: 'email' })), 'email');
  assert.equal(tipoPessoal(campo({ id: 'nome', tipo: 'texto', requerente: 'nome' })), 'nome');
  for (const rotulo of ['Telefone', 'Celular para contato', 'WhatsApp', 'Fone']) assert.equal(tipoPessoal(campo({ id: 'x', tipo: 'texto', rotulo })), 'telefone', rotulo);
  assert.equal(tipoPessoal(campo({ id: 'telefone-fixo', tipo: 'texto', rotulo: 'Número fixo' })), 'telefone', 'by the answer name');
  assert.equal(tipoPessoal(campo({ id: 'renda', tipo: 'decimal', dadoPessoal: true })), 'outro');
  assert.equal(tipoPessoal(campo({ id: 'assunto', tipo: 'texto', rotulo: 'Assunto' })), null);
  assert.equal(tipoPessoal(campo({ id: 'motivo', tipo: 'escolha-unica', rotulo: 'Motivo' })), null);
});

test('masking of every personal type; empty answers stay empty', () => {
  assert.equal(mascarar('cpf', '529.982.247-25'), '***.982.247-**');
  assert.equal(mascarar('cpf', '52998224725'), '***.982.247-**');
  assert.equal(mascarar('cpf', '123'), '***');
  assert.equal(mascarar('email', 'maria.silva@exemplo.gov.br'), 'm***@exemplo.gov.br');
  assert.equal(mascarar('telefone', '(11) 98765-4321'), '***-4321');
  assert.equal(mascarar('nome', 'Maria das Dores'), 'M*** d*** D***');
  assert.equal(mascarar('outro', '1990-03-15'), '***');
  assert.equal(mascarar('outro', 4500), '***');
  assert.deepEqual(mascarar('outro', ['a', 'b']), ['***', '***']);
  assert.deepEqual(mascarar('outro', { nome: 'laudo.pdf', tamanho: 10 }), { nome: '***', tamanho: 10 });
  for (const vazio of ['', null, undefined]) assert.equal(mascarar('cpf', vazio), vazio);
  const def: Definicao = { secoes: [{ id: 's', titulo: 'S', campos: [campo({ id: 'cpf', tipo: 'cpf' }), campo({ id: 'assunto', tipo: 'texto' }), campo({ id: 'renda', tipo: 'decimal', dadoPessoal: true })] }] };
  assert.deepEqual([...camposPessoais(def).entries()], [['cpf', 'cpf'], ['renda', 'outro']]);
  assert.deepEqual(mascararRespostas(def, { cpf: '529.982.247-25', assunto: 'Segunda via', renda: '1.500,00', extra: 'x' }), { cpf: '***.982.247-**', assunto: 'Segunda via', renda: '***', extra: 'x' });
  assert.deepEqual(semDadosPessoais(def, { cpf: '529.982.247-25', assunto: 'Segunda via', renda: null }), { respostas: { cpf: null, assunto: 'Segunda via', renda: null }, apagadas: ['cpf'], anexos: [] });
  // A personal file field's attachment is named, to be let go with the answer; another file field's is not.
  const comArquivos: Definicao = { secoes: [{ id: 's', titulo: 'S', campos: [campo({ id: 'rg', tipo: 'arquivo', dadoPessoal: true }), campo({ id: 'planta', tipo: 'arquivo' })] }] };
  const arquivo = (anexo: string) => ({ anexo, nome: `${anexo}.pdf`, tipo: 'application/pdf', tamanho: 9, sha256: 'ab' });
  assert.deepEqual(semDadosPessoais(comArquivos, { rg: arquivo('a1'), planta: arquivo('a2') }), { respostas: { rg: null, planta: arquivo('a2') }, apagadas: ['rg'], anexos: ['a1'] });
});

test('free text: CPF (with or without dots) and e-mails masked wherever they appear', () => {
  assert.equal(mascararTexto('Pedido de 529.982.247-25 e 11144477735 (ana@x.gov.br).'), 'Pedido de ***.982.247-** e ***.444.777-** (a***@x.gov.br).');
  assert.equal(mascararTexto('O destino respondeu 503 (serviço indisponível).'), 'O destino respondeu 503 (serviço indisponível).');
  assert.deepEqual(mascararDetalhes({ motivo: 'CPF 529.982.247-25', statusHttp: 503, lista: ['b@c.com'] }), { motivo: 'CPF ***.982.247-**', statusHttp: 503, lista: ['b***@c.com'] });
});

test('requester fields: the right type, one of each, and a restricted model needs its CPF one to publish', () => {
  const def = (campos: CampoDefinicao[]): Definicao => ({ secoes: [{ id: 's', titulo: 'S', campos }] });
  const ok = def([campo({ id: 'cpf', tipo: 'cpf', requerente: 'cpf' }), campo({ id: 'nome', tipo: 'texto', requerente: 'nome' }), campo({ id: 'email', tipo: 'email', requerente: 'email' })]);
  assert.deepEqual(validarDefinicao(ok, true, { restrito: true }), []);
  assert.deepEqual(Object.keys(camposDoRequerente(ok)).sort(), ['cpf', 'email', 'nome']);
  assert.match(validarDefinicao(def([campo({ id: 'n', tipo: 'inteiro', requerente: 'cpf' })]))[0].mensagem, /Só um campo do tipo CPF pode ser o CPF do requerente/);
  assert.match(validarDefinicao(def([campo({ id: 'a', tipo: 'cpf', requerente: 'cpf' }), campo({ id: 'b', tipo: 'cpf', requerente: 'cpf' })]))[0].mensagem, /Só um campo pode ser o CPF do requerente/);
  assert.match(validarDefinicao(def([campo({ id: 'a', tipo: 'texto' })]), true, { restrito: true })[0].mensagem, /precisa de um campo marcado como CPF do requerente/);
  assert.deepEqual(validarDefinicao(def([campo({ id: 'a', tipo: 'texto' })]), true), [], 'an open model may have none');
});

test('date rules: checked alike by the preview and the server, with their messages', () => {
  const d: Definicao = { secoes: [{ id: 's', titulo: 'S', campos: [campo({ id: 'nasc', tipo: 'data', regras: [{ tipo: 'dataNaoFutura' }] }), campo({ id: 'agenda', tipo: 'data', regras: [{ tipo: 'dataNaoPassada' }, { tipo: 'dataMaxima', max: '2099-12-31' }] })] }] };
  assert.deepEqual(errosDasRespostas(d, { nasc: '2999-01-01', agenda: '2000-01-01' }), { nasc: 'A data não pode estar no futuro.', agenda: 'A data não pode estar no passado.' });
  assert.deepEqual(errosDasRespostas(d, { nasc: '1990-03-15', agenda: '2100-01-01' }), { agenda: 'A data deve ser 31/12/2099 ou antes.' });
  assert.match(validarDefinicao({ secoes: [{ id: 's', titulo: 'S', campos: [campo({ id: 'x', tipo: 'data', regras: [{ tipo: 'dataMinima', min: '2030-01-01' }, { tipo: 'dataMaxima', max: '2020-01-01' }] })] }] })[0].mensagem, /A data mínima não pode ser depois da data máxima/);
});

test('an empty field never shows an example its own rules refuse: numbers say their range', async () => {
  const { dicaDoCampo } = await import('../../src/forms/preenchimento');
  assert.equal(dicaDoCampo(campo({ id: 'n', tipo: 'inteiro', regras: [{ tipo: 'minValue', min: 10 }] })), 'Um número inteiro, a partir de 10.');
  assert.equal(dicaDoCampo(campo({ id: 'n', tipo: 'inteiro', regras: [{ tipo: 'minValue', min: 1 }, { tipo: 'maxValue', max: 5 }] })), 'Um número inteiro, de 1 a 5.');
  assert.equal(dicaDoCampo(campo({ id: 'n', tipo: 'inteiro', regras: [{ tipo: 'minValue', min: 1 }, { tipo: 'maxValue', max: 200 }] }), 'en'), 'A whole number from 1 to 200.');
  assert.equal(dicaDoCampo(campo({ id: 'n', tipo: 'decimal', regras: [{ tipo: 'minValue', min: 1 }, { tipo: 'maxValue', max: 5 }] })), 'De 1 a 5.');
  assert.equal(dicaDoCampo(campo({ id: 'n', tipo: 'decimal', regras: [{ tipo: 'maxValue', max: 1500.5 }] })), 'Até 1.500,5.');
  assert.equal(dicaDoCampo(campo({ id: 'n', tipo: 'decimal', regras: [{ tipo: 'maxValue', max: 1500.5 }] }), 'en'), 'Up to 1,500.5.');
  assert.equal(dicaDoCampo(campo({ id: 'n', tipo: 'inteiro' })), 'Um número inteiro, sem vírgula.');
  assert.equal(dicaDoCampo(campo({ id: 'd', tipo: 'data' })), 'Por exemplo, 15/03/1990');
  assert.equal(dicaDoCampo(campo({ id: 'd', tipo: 'data' }), 'es'), 'Por ejemplo, 15/03/1990');
  assert.equal(dicaDoCampo(campo({ id: 't', tipo: 'texto' })), undefined);
});
