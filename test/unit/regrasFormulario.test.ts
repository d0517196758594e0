import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { calcular } from '../../src/forms/calculos';
import type { Definicao } from '../../src/forms/definicao';
import { OPERADORES_POR_TIPO } from '../../src/forms/condicoes';
import { condicaoAtendida, condicaoDaLogica, logicaDaCondicao, type Condicao, type Criterio, type Sujeito } from '../../src/forms/regras';
import { DEFINICAO_RENDA_PER_CAPITA as RENDA } from '../../demo/server/seedModelos';

/** Issue 43: one way of writing rules — criteria — compiled to the one evaluator's JSON Logic and read back. */
const SUJEITOS: Sujeito[] = [
  { id: 'nome', tipo: 'texto' },
  { id: 'cpf', tipo: 'cpf' },
  { id: 'idade', tipo: 'inteiro' },
  { id: 'valor', tipo: 'moeda' },
  { id: 'data', tipo: 'data' },
  { id: 'cor', tipo: 'escolha-unica', opcoes: [{ valor: 'azul', rotulo: 'Azul' }, { valor: 'verde', rotulo: 'Verde' }] },
  { id: 'docs', tipo: 'escolha-multipla', opcoes: [{ valor: 'rg', rotulo: 'RG' }, { valor: 'cnh', rotulo: 'CNH' }] },
];
const porId = new Map(SUJEITOS.map((s) => [s.id, s]));

const criterio: fc.Arbitrary<Criterio> = fc.constantFrom(...SUJEITOS).chain((s) =>
  fc.constantFrom(...OPERADORES_POR_TIPO[s.tipo]).chain((operador): fc.Arbitrary<Criterio> => {
    if (operador === 'preenchido' || operador === 'naoPreenchido') return fc.constant({ campo: s.id, operador });
    const valor =
      s.tipo === 'inteiro' || s.tipo === 'moeda'
        ? fc.integer({ min: -50, max: 500 })
        : s.tipo === 'data'
          ? fc.constantFrom('2026-01-01', '2000-05-31')
          : s.opcoes
            ? fc.constantFrom(...s.opcoes.map((o) => o.valor))
            : fc.constantFrom('Sao Paulo', 'ação', '123.456.789-09');
    return operador === 'umDe' ? fc.array(valor.map(String), { maxLength: 3 }).map((valores) => ({ campo: s.id, operador, valores })) : valor.map((v) => ({ campo: s.id, operador, valor: v }));
  }),
);
const condicao: fc.Arbitrary<Condicao> = fc.record({ juncao: fc.constantFrom('todas' as const, 'qualquer' as const), criterios: fc.array(criterio, { minLength: 1, maxLength: 4 }) });
const respostas = fc.record(
  {
    nome: fc.constantFrom('São Paulo', 'sao paulo ', 'Ação', ''),
    cpf: fc.constantFrom('123.456.789-09', '12345678909', '98765432100'),
    idade: fc.oneof(fc.integer({ min: -50, max: 500 }), fc.constantFrom('1.234,5', '42')),
    valor: fc.constantFrom(0, 12345, 50000),
    data: fc.constantFrom('2026-01-01', '1999-12-31', '2030-06-01'),
    cor: fc.constantFrom('azul', 'verde'),
    docs: fc.subarray(['rg', 'cnh']),
  },
  { requiredKeys: [] },
);

test('a rule written as criteria compiles to JSON Logic and reads back as the same rule', () => {
  fc.assert(
    fc.property(condicao, respostas, (c, r) => {
      const logica = logicaDaCondicao(c, porId);
      const lida = condicaoDaLogica(logica);
      assert.ok(lida, `reads back: ${JSON.stringify(logica)}`);
      assert.deepEqual(logicaDaCondicao(lida, porId), logica, 'compiling what was read back gives the same JSON Logic');
      const valor = (s: Sujeito) => (r as Record<string, unknown>)[s.id];
      assert.equal(condicaoAtendida(lida, porId, valor), condicaoAtendida(c, porId, valor), 'and decides the same for any answers');
    }),
    { numRuns: 300 },
  );
});

test('criteria read answers as a person does, through the one evaluator', () => {
  const cond = (criterios: Criterio[], juncao: Condicao['juncao'] = 'todas'): Condicao => ({ juncao, criterios });
  const atende = (c: Condicao, r: Record<string, unknown>) => condicaoAtendida(c, porId, (s) => r[s.id]);
  assert.equal(atende(cond([{ campo: 'nome', operador: 'igual', valor: 'sao paulo' }]), { nome: ' São Paulo ' }), true, 'case and accents aside');
  assert.equal(atende(cond([{ campo: 'cpf', operador: 'igual', valor: '123.456.789-09' }]), { cpf: '12345678909' }), true, 'a CPF by its digits');
  assert.equal(atende(cond([{ campo: 'valor', operador: 'maior', valor: '100,50' }]), { valor: 10051 }), true, 'money stored in centavos, compared in reais');
  assert.equal(atende(cond([{ campo: 'valor', operador: 'maior', valor: '100,50' }]), { valor: 10050 }), false);
  assert.equal(atende(cond([{ campo: 'docs', operador: 'igual', valor: 'cnh' }]), { docs: ['rg', 'cnh'] }), true, 'a multiple choice by any of its options');
  assert.equal(atende(cond([{ campo: 'idade', operador: 'menor', valor: 18 }]), {}), false, 'a comparison with no answer never holds');
  assert.equal(atende(cond([{ campo: 'idade', operador: 'naoPreenchido' }, { campo: 'cor', operador: 'igual', valor: 'azul' }], 'qualquer'), { idade: 30, cor: 'azul' }), true);
  assert.equal(atende(cond([{ campo: 'removido', operador: 'preenchido' }]), { removido: 'x' }), false, 'a criterion on what is not there never holds');
  assert.equal(condicaoDaLogica({ '>': [{ '+': [{ var: 'a' }, 1] }, 2] }), null, 'anything else stays JSON');
  assert.equal(condicaoDaLogica({ and: [{ '<': [{ var: 'a' }, 2] }, { '==': [1, 1] }] }), null);
});

test('the seeded blocking rules are criteria, on calculated values, and block as before', () => {
  for (const b of RENDA.bloqueios ?? []) assert.ok(condicaoDaLogica(b.quando), `${b.id} reads as criteria`);
  const d: Definicao = { ...RENDA, bloqueios: [{ id: 'pequena', quando: logicaDaCondicao({ juncao: 'todas', criterios: [{ campo: 'renda-total', operador: 'menorOuIgual', valor: '1.000,00' }, { campo: 'moradia', operador: 'umDe', valores: ['alugada', 'cedida'] }] }, new Map<string, Sujeito>([['renda-total', { id: 'renda-total', tipo: 'moeda' }], ['moradia', { id: 'moradia', tipo: 'escolha-unica' }]])), mensagem: 'x' }] };
  const r = { nascimento: '1990-01-01', membros: [{ 'nome-membro': 'A', renda: '1000' }], moradia: 'alugada' };
  assert.deepEqual(calcular(d, r, '2026-11-27').bloqueios.map((b) => b.id), ['pequena']);
  assert.deepEqual(calcular(d, { ...r, moradia: 'propria' }, '2026-11-27').bloqueios, []);
  assert.deepEqual(calcular(d, { ...r, membros: [{ 'nome-membro': 'A', renda: '1000,01' }] }, '2026-11-27').bloqueios, []);
});
