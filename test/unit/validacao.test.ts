import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checar, mensagemDe, lerNumero, type Regra } from '../../src/validation/regras';

const msg = (r: Regra, v: unknown, idioma: 'pt-BR' | 'en' = 'pt-BR') => mensagemDe([r], v, idioma);

test("SPEC.md section 5's messages, word for word", () => {
  assert.equal(msg({ tipo: 'required' }, ''), 'Este campo é obrigatório.');
  assert.equal(msg({ tipo: 'required' }, undefined), 'Este campo é obrigatório.', 'undefined counts as missing');
  assert.equal(msg({ tipo: 'required' }, null), 'Este campo é obrigatório.');
  assert.equal(msg({ tipo: 'required' }, '   '), 'Este campo é obrigatório.');
  assert.equal(msg({ tipo: 'required' }, []), 'Este campo é obrigatório.');
  assert.equal(msg({ tipo: 'email' }, 'ana@'), 'Este campo deve ser um endereço de e-mail válido.');
  assert.equal(msg({ tipo: 'integer' }, '1.5'), 'Este campo deve ser um número inteiro.');
  assert.equal(msg({ tipo: 'decimal' }, 'abc'), 'Este campo deve ser um número decimal.');
  assert.equal(msg({ tipo: 'minValue', min: 10 }, '9'), 'O valor mínimo permitido é 10.');
  assert.equal(msg({ tipo: 'maxValue', max: 5 }, 6), 'O valor máximo permitido é 5.');
  assert.equal(msg({ tipo: 'minLength', min: 3 }, 'ab'), 'Este campo deve ter pelo menos 3 caracteres.');
  assert.equal(msg({ tipo: 'maxLength', max: 2 }, 'abc'), 'Este campo deve ter no máximo 2 caracteres.');
  assert.equal(msg({ tipo: 'url' }, 'exemplo'), 'O valor não é um endereço de URL válido.');
});

test('valid values pass, and empty optional values pass every rule but required', () => {
  const validos: [Regra, unknown][] = [
    [{ tipo: 'required' }, 'x'], [{ tipo: 'required' }, 0], [{ tipo: 'email' }, 'ana.lima@saude.uf.gov.br'], [{ tipo: 'email' }, 'joão+protocolo@exemplo.com.br'],
    [{ tipo: 'integer' }, '-42'], [{ tipo: 'integer' }, 7], [{ tipo: 'decimal' }, '3,14'], [{ tipo: 'decimal' }, '1.234,56'], [{ tipo: 'decimal' }, '2.5'],
    [{ tipo: 'minValue', min: 10 }, '10'], [{ tipo: 'maxValue', max: 5 }, '4,9'], [{ tipo: 'minLength', min: 3 }, 'abc'],
    [{ tipo: 'maxLength', max: 3 }, 'ção'], [{ tipo: 'url' }, 'https://servicos.uf.gov.br/a?b=1'], [{ tipo: 'cpf' }, '529.982.247-25'],
  ];
  for (const [r, v] of validos) assert.equal(checar(r, v), null, `${r.tipo} ${String(v)}`);
  for (const r of [{ tipo: 'email' }, { tipo: 'url' }, { tipo: 'integer' }, { tipo: 'minLength', min: 3 }] as Regra[]) {
    assert.equal(checar(r, ''), null, `${r.tipo} on empty`);
    assert.equal(checar(r, undefined), null, `${r.tipo} on undefined`);
  }
});

test('invalid values fail', () => {
  const invalidos: [Regra, unknown][] = [
    [{ tipo: 'email' }, 'ana lima@x.br'], [{ tipo: 'email' }, '"ana"@x.br'], [{ tipo: 'email' }, 'a\\na@x.br'], [{ tipo: 'email' }, 'ana@x.br>'], [{ tipo: 'integer' }, '12a'], [{ tipo: 'integer' }, 1.5], [{ tipo: 'decimal' }, '1,2,3'],
    [{ tipo: 'url' }, 'ftp://x.br'], [{ tipo: 'url' }, 'javascript:alert(1)'], [{ tipo: 'cpf' }, '529.982.247-24'], [{ tipo: 'maxLength', max: 1 }, 'ab'],
  ];
  for (const [r, v] of invalidos) assert.notEqual(checar(r, v), null, `${r.tipo} ${String(v)}`);
});

test('the first failing rule wins, in the order given', () => {
  assert.equal(mensagemDe([{ tipo: 'required' }, { tipo: 'email' }], ''), 'Este campo é obrigatório.');
  assert.equal(mensagemDe([{ tipo: 'required' }, { tipo: 'email' }], 'x'), 'Este campo deve ser um endereço de e-mail válido.');
  assert.equal(mensagemDe([{ tipo: 'required' }, { tipo: 'email' }], 'x@y.br'), null);
});

test('English catalog when asked, pt-BR words otherwise', () => {
  assert.equal(msg({ tipo: 'required' }, '', 'en'), 'This field is required.');
  assert.equal(msg({ tipo: 'minValue', min: 2 }, 1, 'en'), 'The minimum allowed value is 2.');
});

test('numbers are read the Brazilian way', () => {
  assert.equal(lerNumero('1.234,5'), 1234.5);
  assert.equal(lerNumero('10'), 10);
  assert.ok(Number.isNaN(lerNumero('dez')));
});
