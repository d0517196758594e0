import { test } from 'node:test';
import assert from 'node:assert/strict';
import { problemaCodigoServico, regrasDoCampo, type CampoDefinicao, type Definicao } from '../../src/forms/definicao';
import { validarDefinicao } from '../../src/forms/problemasDefinicao';
import { podeExcluir, transicionar } from '../../src/forms/ciclo';

const campo = (c: Partial<CampoDefinicao>): CampoDefinicao => ({ id: 'c', tipo: 'texto', rotulo: 'Campo', obrigatorio: false, regras: [], ...c });
const def = (...campos: CampoDefinicao[]): Definicao => ({ secoes: [{ id: 's', titulo: 'Seção', campos }] });
const mensagens = (d: Definicao, publicar = false) => validarDefinicao(d, publicar).map((p) => `${p.caminho}: ${p.mensagem}`);

test('a sensible definition passes; publishing needs at least one field', () => {
  assert.deepEqual(mensagens(def(campo({ regras: [{ tipo: 'minLength', min: 2 }, { tipo: 'maxLength', max: 10 }] }))), []);
  assert.deepEqual(mensagens({ secoes: [] }), []);
  assert.deepEqual(mensagens({ secoes: [] }, true), ['secoes: Para publicar, o modelo precisa de pelo menos um campo.']);
});

test('rules are checked for sense: min not above max, only where they apply, once each', () => {
  assert.deepEqual(mensagens(def(campo({ tipo: 'inteiro', regras: [{ tipo: 'minValue', min: 10 }, { tipo: 'maxValue', max: 5 }] }))), ['secoes[0].campos[0].regras: O valor mínimo (10) não pode ser maior que o máximo (5).']);
  assert.deepEqual(mensagens(def(campo({ regras: [{ tipo: 'minLength', min: 8 }, { tipo: 'maxLength', max: 3 }] }))), ['secoes[0].campos[0].regras: O tamanho mínimo (8) não pode ser maior que o máximo (3).']);
  assert.deepEqual(mensagens(def(campo({ tipo: 'data', regras: [{ tipo: 'minLength', min: 1 }] }))), ['secoes[0].campos[0].regras[0]: A regra minLength não se aplica a um campo do tipo Data.']);
  assert.deepEqual(mensagens(def(campo({ regras: [{ tipo: 'maxLength', max: 3 }, { tipo: 'maxLength', max: 4 }] }))), ['secoes[0].campos[0].regras[1]: A regra maxLength aparece mais de uma vez.']);
  assert.deepEqual(mensagens(def(campo({ regras: [{ tipo: 'maxLength', max: -1 }] }))), ['secoes[0].campos[0].regras[0]: O tamanho deve ser um número inteiro maior ou igual a zero.']);
});

test('ids unique, labels required, choices need options, others none', () => {
  assert.deepEqual(mensagens(def(campo({ id: 'a' }), campo({ id: 'a', rotulo: ' ' }))), ['secoes[0].campos[1].id: O identificador "a" já é usado por outro campo.', 'secoes[0].campos[1].rotulo: Todo campo precisa de um rótulo.']);
  assert.deepEqual(mensagens(def(campo({ tipo: 'escolha-unica' }))), ['secoes[0].campos[0].opcoes: Campos de escolha precisam de pelo menos uma opção.']);
  assert.deepEqual(mensagens(def(campo({ tipo: 'escolha-multipla', opcoes: [{ valor: 'a', rotulo: 'A' }, { valor: 'a', rotulo: 'B' }] }))), ['secoes[0].campos[0].opcoes[1]: A opção "a" está repetida.']);
  assert.deepEqual(mensagens(def(campo({ opcoes: [{ valor: 'a', rotulo: 'A' }] }))), ['secoes[0].campos[0].opcoes: Só campos de escolha têm opções.']);
  assert.deepEqual(mensagens({ secoes: [{ id: 's', titulo: '', campos: [] }] }), ['secoes[0].titulo: Toda seção precisa de um título.']);
  assert.deepEqual(mensagens(def(campo({ tipo: 'foto' as never }))), ['secoes[0].campos[0].tipo: Tipo de campo desconhecido.']);
});

test("a field's answer is checked by required, its type's rule, then its own rules", () => {
  assert.deepEqual(regrasDoCampo(campo({ tipo: 'email', obrigatorio: true, regras: [{ tipo: 'maxLength', max: 80 }] })), [{ tipo: 'required' }, { tipo: 'email' }, { tipo: 'maxLength', max: 80 }]);
  assert.deepEqual(regrasDoCampo(campo({ tipo: 'cpf' })), [{ tipo: 'cpf' }]);
});

test('codigoServico: letters, digits, hyphens, 3 to 40; "novo" reserved', () => {
  assert.equal(problemaCodigoServico('segunda-via-rg'), null);
  assert.equal(problemaCodigoServico('ab'), 'O código do serviço deve ter de 3 a 40 caracteres: letras, números e hífens.');
  assert.equal(problemaCodigoServico('com espaço'), 'O código do serviço deve ter de 3 a 40 caracteres: letras, números e hífens.');
  assert.equal(problemaCodigoServico('a'.repeat(41)), 'O código do serviço deve ter de 3 a 40 caracteres: letras, números e hífens.');
  assert.equal(problemaCodigoServico('NOVO'), 'O código "novo" é reservado.');
});

test('lifecycle: named transitions, refused ones say why', () => {
  assert.deepEqual(transicionar('RASCUNHO', 'publicar', false), { status: 'PUBLICADO' });
  assert.deepEqual(transicionar('PUBLICADO', 'publicar', true), { status: 'PUBLICADO' });
  assert.deepEqual(transicionar('ARQUIVADO', 'publicar', true), { recusa: 'Um modelo arquivado não pode ser publicado; restaure-o antes.' });
  assert.deepEqual(transicionar('RASCUNHO', 'arquivar', false), { status: 'ARQUIVADO' });
  assert.deepEqual(transicionar('ARQUIVADO', 'restaurar', true), { status: 'PUBLICADO' });
  assert.deepEqual(transicionar('ARQUIVADO', 'restaurar', false), { status: 'RASCUNHO' });
  assert.deepEqual(transicionar('PUBLICADO', 'restaurar', true), { recusa: 'Só um modelo arquivado pode ser restaurado.' });
  assert.equal(podeExcluir('RASCUNHO', false), true);
  assert.equal(podeExcluir('RASCUNHO', true), false);
  assert.equal(podeExcluir('ARQUIVADO', false), false);
});
