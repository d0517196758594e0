import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import fc from 'fast-check';
import { avaliar, expressaoPermitida, idadeEm, somaExata } from '../../src/forms/expressoes';
import { calcular, comoTipo, secaoDoBloqueio } from '../../src/forms/calculos';
import { validarDefinicao } from '../../src/forms/problemasDefinicao';
import type { Definicao } from '../../src/forms/definicao';
import { textoCalculado } from '../../src/forms/respostas';
import { tradutorCidadao } from '../../src/i18n/cidadao';
import { DEFINICAO_RENDA_PER_CAPITA as RENDA } from '../../demo/server/seedModelos';

/** Issue 43: the evaluator's operations, money in whole centavos, the publishing checks, and one evaluator on both sides. */
const HOJE = '2026-11-27';
const v = (e: unknown, dados: Record<string, unknown> = {}) => avaliar(e, dados, HOJE);

test('each documented operation', () => {
  assert.equal(v({ idade: ['2008-11-27'] }), 18, 'eighteen on the birthday');
  assert.equal(v({ idade: ['2008-11-28'] }), 17, 'seventeen the day before');
  assert.equal(v({ idade: ['2000-02-29', '2001-02-28'] }), 0, 'a leap-day birthday: a year only on 1 March');
  assert.equal(idadeEm('2000-02-29', '2001-03-01'), 1);
  assert.equal(v({ idade: ['2030-01-01'] }), null, 'born after the date: no age');
  assert.equal(v({ diasEntre: ['2026-01-01', '2026-03-01'] }), 59);
  assert.equal(v({ diasEntre: ['2024-03-01', '2024-02-01'] }), -29);
  assert.equal(v({ somarDias: ['2026-11-27', 30] }), '2026-12-27');
  assert.equal(v({ somarDias: ['2026-12-15', 30] }), '2027-01-14');
  assert.equal(v({ somarDias: ['2026-02-31', 1] }), null, 'no such date');
  assert.equal(v({ arredondar: [1.005] }), 1.01, 'half up on the decimal written');
  assert.equal(v({ arredondar: [2.675] }), 2.68);
  assert.equal(v({ arredondar: [-1.005] }), -1.01);
  assert.equal(v({ hoje: [] }), HOJE);
  assert.equal(v({ somarDias: [{ hoje: [] }, 1] }), '2026-11-28');
  const membros = { membros: [{ renda: 1200 }, { renda: 0.1 }, { renda: null }, { renda: 0.2 }] };
  assert.equal(v({ soma: { map: [{ var: 'membros' }, { var: 'renda' }] } }, membros), 1200.3);
  assert.equal(v({ contagem: { var: 'membros' } }, membros), 4);
  assert.equal(v({ minimo: { map: [{ var: 'membros' }, { var: 'renda' }] } }, membros), 0.1);
  assert.equal(v({ maximo: { map: [{ var: 'membros' }, { var: 'renda' }] } }, membros), 1200);
  assert.equal(v({ contagem: { filter: [{ var: 'membros' }, { '>': [{ var: 'renda' }, 1] }] } }, membros), 1);
  assert.equal(v({ maximo: { map: [{ var: 'vazio' }, { var: 'renda' }] } }, { vazio: [] }), null, 'no items: no maximum');
});

test('missing answers, division by zero and comparisons with nothing', () => {
  assert.equal(v({ '+': [{ var: 'a' }, 1] }, { a: null }), null, 'a missing answer is never 0');
  assert.equal(v({ '/': [10, { var: 'n' }] }, { n: 0 }), null);
  assert.equal(v({ '<': [{ var: 'idade' }, 18] }, { idade: null }), false, 'no age: not "under 18"');
  assert.equal(v({ '<': ['2020-01-01', '2021-01-01'] }), true, 'dates compare in calendar order');
  assert.equal(v({ if: [{ '>': [{ var: 'n' }, 0] }, { '/': [10, { var: 'n' }] }, 0] }, { n: 4 }), 2.5);
});

test('centavos exact: 0.1 + 0.2 never appears', () => {
  assert.equal(v({ '+': [0.1, 0.2] }), 0.3);
  assert.equal(somaExata([0.1, 0.2, 0.3]), 0.6);
  assert.equal(v({ '-': [0.3, 0.1] }), 0.2);
  assert.equal(v({ '*': [18.9, 3] }), 56.7, 'R$ 18,90 per copy, three copies');
  assert.equal(comoTipo('dinheiro', 0.1 + 0.2), 30, 'money is kept in whole centavos');
  assert.equal(comoTipo('dinheiro', 18.9 * 3), 5670);
  assert.equal(comoTipo('dinheiro', 1.005), 101);
  assert.equal(comoTipo('numero', 0.1 + 0.2), 0.3);
  const t = tradutorCidadao('pt-BR');
  assert.equal(textoCalculado({ tipo: 'dinheiro' }, 30, t), 'R$\u00a00,30');
  assert.equal(textoCalculado({ tipo: 'numero' }, 1234.5, t), '1.234,5');
  assert.equal(textoCalculado({ tipo: 'numero' }, 1234.5, tradutorCidadao('en')), '1,234.5');
  assert.equal(textoCalculado({ tipo: 'data' }, '2026-12-27', t), '27/12/2026');
  assert.equal(textoCalculado({ tipo: 'simNao' }, true, tradutorCidadao('es')), 'Sí');
  // Every amount a family can type, summed item by item and divided: never a binary fraction in what is kept.
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 }), (centavos) => {
      const reais = centavos.map((c) => c / 100);
      const total = comoTipo('dinheiro', v({ soma: { var: 'r' } }, { r: reais }));
      assert.equal(total, centavos.reduce((a, b) => a + b, 0));
      assert.ok(Number.isInteger(comoTipo('dinheiro', v({ '/': [{ soma: { var: 'r' } }, centavos.length] }, { r: reais }))));
    }),
  );
});

test('only the listed operations run: no console, no method calls, nothing reached through a name', () => {
  assert.equal(expressaoPermitida({ log: ['x'] }), false);
  assert.equal(expressaoPermitida({ method: [{ var: '' }, 'constructor'] }), false);
  assert.equal(expressaoPermitida({ var: [{ cat: ['con', 'structor'] }] }), false, 'a name is never computed');
  assert.equal(v({ log: ['x'] }), null);
  assert.equal(v({ var: 'constructor' }, Object.assign(Object.create(null), { a: 1 })), null);
  assert.equal(v({ 'soma.constructor': [1] }), null);
});

test('the seeded model: age, per-capita income and the two blocking rules', () => {
  const r = (nascimento: string, rendas: string[]) => calcular(RENDA, { nascimento, membros: rendas.map((renda) => ({ 'nome-membro': 'X', renda })) }, HOJE);
  const a = r('1990-05-01', ['1.200,50', '0']);
  assert.deepEqual(a.valores, { idade: 36, 'renda-total': 120050, 'renda-per-capita': 60025 });
  assert.deepEqual(a.bloqueios, []);
  assert.deepEqual(r('2010-01-01', ['100']).bloqueios.map((b) => b.id), ['menor-de-idade']);
  assert.deepEqual(r('1990-05-01', ['1500']).bloqueios.map((b) => b.id), ['renda-acima']);
  assert.deepEqual(r('1990-05-01', ['706']).bloqueios, [], 'the limit itself is allowed');
  assert.equal(secaoDoBloqueio(RENDA, RENDA.bloqueios![0]), 'requerente', 'the age rule shows on the birth date step');
  assert.equal(secaoDoBloqueio(RENDA, RENDA.bloqueios![1]), 'membros', 'the income rule on the members step');
  assert.deepEqual(validarDefinicao(RENDA, true), []);
});

const base: Definicao = {
  secoes: [
    { id: 's1', titulo: 'Um', campos: [{ id: 'n', tipo: 'inteiro', rotulo: 'Número', obrigatorio: false, regras: [] }, { id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [] }] },
    { id: 's2', titulo: 'Dois', campos: [{ id: 'depois', tipo: 'inteiro', rotulo: 'Depois', obrigatorio: true, regras: [] }] },
  ],
};
const problemas = (calculos: Definicao['calculos'], extra: Partial<Definicao> = {}) => validarDefinicao({ ...base, calculos, ...extra }, true).map((p) => `${p.caminho}: ${p.mensagem}`);

test('publishing points at the value: unknown and later answers, mismatches, cycles, division by zero, size', () => {
  assert.match(problemas([{ id: 'x', rotulo: 'X', tipo: 'numero', expressao: { '+': [{ var: 'sumiu' }, 1] } }]).join('\n'), /calculos\[0\]\.expressao: O cálculo lê "sumiu", que não é uma pergunta/);
  assert.match(problemas([{ id: 'x', rotulo: 'X', tipo: 'numero', expressao: { '+': [{ var: 'depois' }, 1] }, secao: 's1' }]).join('\n'), /calculos\[0\]\.expressao: O cálculo lê "Depois", que vem depois/);
  assert.deepEqual(problemas([{ id: 'x', rotulo: 'X', tipo: 'numero', expressao: { '+': [{ var: 'depois' }, 1] } }]), [], 'a hidden value reads any answer');
  assert.match(problemas([{ id: 'x', rotulo: 'X', tipo: 'numero', expressao: { '*': [{ var: 'nome' }, 2] } }]).join('\n'), /calculos\[0\]\.expressao: A operação "\*" pede um número, mas recebe um texto/);
  assert.match(problemas([{ id: 'x', rotulo: 'X', tipo: 'data', expressao: { '+': [1, 2] } }]).join('\n'), /calculos\[0\]\.expressao: O cálculo dá um número, mas o valor é uma data/);
  const ciclo = problemas([
    { id: 'a', rotulo: 'A', tipo: 'numero', expressao: { '+': [{ var: 'b' }, 1] } },
    { id: 'b', rotulo: 'B', tipo: 'numero', expressao: { '+': [{ var: 'a' }, 1] } },
  ]);
  assert.match(ciclo.join('\n'), /calculos\[0\]\.expressao: O valor "A" depende de si mesmo/);
  assert.match(ciclo.join('\n'), /calculos\[1\]\.expressao: O valor "B" depende de si mesmo/);
  assert.match(problemas([{ id: 'x', rotulo: 'X', tipo: 'numero', expressao: { '/': [10, 0] } }]).join('\n'), /calculos\[0\]\.expressao: A divisão é por zero/);
  assert.match(problemas([{ id: 'x', rotulo: 'X', tipo: 'numero', expressao: { '/': [10, { var: 'n' }] } }]).join('\n'), /calculos\[0\]\.expressao: A divisão pode ser por zero/);
  assert.deepEqual(problemas([{ id: 'x', rotulo: 'X', tipo: 'numero', expressao: { if: [{ '>': [{ var: 'n' }, 0] }, { '/': [10, { var: 'n' }] }, 0] } }]), [], 'guarded by "if n > 0"');
  const grande = { '+': Array.from({ length: 20 }, () => ({ cat: Array.from({ length: 20 }, () => 'x'.repeat(20)) })) };
  assert.match(problemas([{ id: 'x', rotulo: 'X', tipo: 'texto', expressao: grande }]).join('\n'), /calculos\[0\]\.expressao: O cálculo é grande demais/);
  assert.match(problemas([{ id: 'x', rotulo: 'X', tipo: 'numero', expressao: { log: [1] } }]).join('\n'), /calculos\[0\]\.expressao: A operação "log" não existe/);
  assert.match(problemas([{ id: 'n', rotulo: 'X', tipo: 'numero', expressao: 1 }]).join('\n'), /calculos\[0\]\.id: .*"n"/, 'a value cannot take a question\'s name');
  assert.match(validarDefinicao({ ...base, bloqueios: [{ id: 'b', quando: { '+': [1, 2] }, mensagem: 'Não.' }] }, true).map((p) => `${p.caminho}: ${p.mensagem}`).join('\n'), /bloqueios\[0\]\.quando: O cálculo dá um número, mas o valor é sim ou não/);
  assert.match(problemas([{ id: 'x', rotulo: 'X', tipo: 'numero', expressao: 1 }], { taxa: { calculo: 'x', descricao: 'Taxa', chavePix: 'a@b.gov.br' } }).join('\n'), /taxa\.calculo: A taxa deve ser um valor calculado do tipo dinheiro/);
});

test('one evaluator: the browser build and the server give the same values and the same decision (fast-check)', async () => {
  // The module as the browser gets it (esbuild for the browser: json-logic-js as the element's bundle resolves it),
  // against the one the server runs (this process's own import).
  const saida = await build({ entryPoints: ['src/forms/calculos.ts'], bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2020' });
  const doNavegador: typeof import('../../src/forms/calculos') = await import(`data:text/javascript;base64,${Buffer.from(saida.outputFiles[0].text).toString('base64')}`);
  const data = fc.integer({ min: Date.UTC(1920, 0, 1), max: Date.UTC(2030, 0, 1) }).map((t) => new Date(t).toISOString().slice(0, 10));
  const renda = fc.oneof(fc.integer({ min: 0, max: 5_000_000 }).map((c) => (c / 100).toFixed(2).replace('.', ',')), fc.constantFrom('', '0', '1.200,50', 'abc', '706'));
  const respostas = fc.record({ nascimento: fc.oneof(data, fc.constant('')), membros: fc.array(fc.record({ 'nome-membro': fc.string(), renda }), { maxLength: 12 }) });
  fc.assert(
    fc.property(respostas, data, (r, hoje) => {
      const servidor = calcular(RENDA, r, hoje);
      const navegador = doNavegador.calcular(RENDA, r, hoje);
      assert.deepEqual(navegador.valores, servidor.valores);
      assert.deepEqual(navegador.bloqueios.map((b) => b.id), servidor.bloqueios.map((b) => b.id));
    }),
    { numRuns: 500 },
  );
});

test('the builder pieces: each expression read back as the piece that made it; names from labels; renames follow', async () => {
  const { formaDe, pecaNova, partes, comParte, nomeDoRotulo, renomearNasExpressoes, comItens } = await import('../../src/forms/editorExpressao');
  assert.equal(formaDe(RENDA.calculos![0].expressao), 'idade');
  assert.equal(formaDe(RENDA.calculos![1].expressao), 'somaItens');
  assert.equal(formaDe(RENDA.calculos![2].expressao), 'divisao');
  assert.equal(formaDe(RENDA.bloqueios![0].quando), 'avancada', 'a rule is no piece: it is written as requirements (regras.test.ts)');
  assert.equal(formaDe({ reduce: [[], 0, 0] }), 'avancada', 'what the pieces cannot say is edited as JSON');
  // A piece replaced by an operation keeps it as the first part: "a" → "a ÷ 1".
  const div = pecaNova('divisao', { var: 'renda-total' });
  assert.deepEqual(div, { '/': [{ var: 'renda-total' }, 1] });
  assert.deepEqual(partes(comParte(div, 1, { contagem: { var: 'membros' } })), [{ var: 'renda-total' }, { contagem: { var: 'membros' } }]);
  assert.deepEqual(comItens(pecaNova('somaItens', null, { secao: { id: 'membros', campo: 'renda' } }), 'membros', 'renda'), RENDA.calculos![1].expressao);
  assert.equal(nomeDoRotulo('Renda por pessoa (R$)', RENDA), 'renda-por-pessoa-r');
  assert.equal(nomeDoRotulo('Idade', RENDA), 'idade-2', 'unique among the names');
  assert.equal(nomeDoRotulo('Idade', RENDA, 'idade'), 'idade', 'its own name is free');
  const renomeado = renomearNasExpressoes(RENDA, 'renda-total', 'total');
  assert.deepEqual(renomeado.calculos!.map((c) => c.id), ['idade', 'total', 'renda-per-capita']);
  assert.deepEqual(renomeado.calculos![2].expressao, { '/': [{ var: 'total' }, { contagem: [{ var: 'membros' }] }] });
  assert.deepEqual(calcular(renomeado, { nascimento: '1990-01-01', membros: [{ renda: '100' }] }, HOJE).valores, { idade: 36, total: 10000, 'renda-per-capita': 10000 });
});

test('the version diff names calculated values and blocking rules added, changed and removed', async () => {
  const { diferenca, resumoDiferenca } = await import('../../src/forms/diferenca');
  const depois: Definicao = {
    ...RENDA,
    calculos: [{ ...RENDA.calculos![0], rotulo: 'Idade do requerente' }, RENDA.calculos![1], { id: 'novo', rotulo: 'Novo', tipo: 'numero', expressao: 1 }],
    bloqueios: [{ ...RENDA.bloqueios![0], quando: { '<': [{ var: 'idade' }, 21] } }],
  };
  const linhas = resumoDiferenca(diferenca(RENDA, depois));
  assert.ok(linhas.includes('Valor calculado "Idade do requerente" alterado: nome'), linhas.join('\n'));
  assert.ok(linhas.includes('Valor calculado novo: "Novo"'));
  assert.ok(linhas.includes('Valor calculado retirado: "Renda por pessoa"'));
  assert.ok(linhas.includes('Regra de bloqueio alterada: "Este benefício é para maiores de 18 anos."'));
  assert.ok(linhas.some((l) => l.startsWith('Regra de bloqueio retirada: "A renda por pessoa passa')));
});

test('a rule makes an optional question required: the same messages in the browser and on the server; a draft stays partial', async () => {
  const { errosDasRespostas, errosDoRascunho } = await import('../../src/forms/preenchimento');
  const d: Definicao = {
    ...RENDA,
    secoes: [...RENDA.secoes, { id: 'comprovantes', titulo: 'Comprovantes', campos: [{ id: 'justificativa', tipo: 'texto-longo', rotulo: 'Justificativa', obrigatorio: false, regras: [], obrigatorioQuando: { '>': [{ var: 'renda-per-capita' }, 500] } }] }],
    bloqueios: [],
  };
  const base = { nome: 'Maria', cpf: '529.982.247-25', nascimento: '1990-05-01', moradia: 'alugada' };
  assert.equal(errosDasRespostas(d, { ...base, membros: [{ 'nome-membro': 'M', renda: '600' }] }).justificativa, 'Este campo é obrigatório.');
  assert.equal(errosDasRespostas(d, { ...base, membros: [{ 'nome-membro': 'M', renda: '400' }] }).justificativa, undefined);
  assert.equal(errosDoRascunho(d, { ...base, membros: [{ 'nome-membro': 'M', renda: '600' }] }).justificativa, undefined, 'a draft is partial');
  assert.deepEqual(validarDefinicao(d, true), []);
  const ruim: Definicao = { ...d, secoes: d.secoes.map((s) => (s.id === 'requerente' ? { ...s, campos: s.campos.map((c) => (c.id === 'cpf' ? { ...c, obrigatorio: false, obrigatorioQuando: { '+': [1, { var: 'moradia' }] } } : c)) } : s)) };
  const p = validarDefinicao(ruim, true).map((x) => `${x.caminho}: ${x.mensagem}`).join('\n');
  assert.match(p, /secoes\[0\]\.campos\[1\]\.obrigatorioQuando: O cálculo lê "A família mora em", que vem depois/);
  assert.match(p, /secoes\[0\]\.campos\[1\]\.obrigatorioQuando: O cálculo dá um número, mas o valor é sim ou não/);
});
