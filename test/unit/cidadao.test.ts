import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CampoDefinicao, Definicao } from '../../src/forms/definicao';
import { errosDasRespostas, erroDoCampo, problemaData } from '../../src/forms/preenchimento';
import { nomeDoPasso, passoAlcancavel, passoDoNome, REVISAO } from '../../src/forms/paginas';
import { idiomaCidadaoDe, idiomaPreferido, traduzirCidadao } from '../../src/i18n/cidadao';
import { textoResposta } from '../../src/forms/respostas';
import { lerNumero } from '../../src/validation/regras';
import { esquecer, lembrar, recordar } from '../../src/cidadao/memoria';

/** The pure parts of <formulario-cidadao> (issue 35): the citizen's language, where a step may start, this visit's answers, dates. */
const campo = (id: string, extra: Partial<CampoDefinicao> = {}): CampoDefinicao => ({ id, tipo: 'texto', rotulo: id, obrigatorio: true, regras: [], ...extra });
const D: Definicao = {
  secoes: [
    { id: 'a', titulo: 'A', pagina: true, campos: [campo('nome')] },
    { id: 'b', titulo: 'B', pagina: true, campos: [campo('data', { tipo: 'data' })] },
    { id: 'c', titulo: 'C', pagina: true, campos: [campo('extra', { obrigatorio: false, condicao: { juncao: 'todas', criterios: [{ campo: 'nome', operador: 'igual', valor: 'x' }] } })] },
    { id: 'd', titulo: 'D', pagina: true, campos: [campo('fim')] },
  ],
};

test('the language: the attribute or a tag, and Accept-Language by its weights; pt-BR when none is one of pt, en, es', () => {
  assert.equal(idiomaCidadaoDe('es-419'), 'es');
  assert.equal(idiomaCidadaoDe('EN-gb'), 'en');
  assert.equal(idiomaCidadaoDe('pt'), 'pt-BR');
  assert.equal(idiomaCidadaoDe('fr'), null);
  assert.equal(idiomaCidadaoDe('espanhol'), null);
  assert.equal(idiomaPreferido('fr-CH, fr;q=0.9, es;q=0.8, en;q=0.9'), 'en');
  assert.equal(idiomaPreferido('fr, de'), 'pt-BR');
  assert.equal(idiomaPreferido('en;q=0, es'), 'es', 'q=0 means "not this"');
  assert.equal(idiomaPreferido(['de-DE', 'es-AR', 'en']), 'es');
  assert.equal(idiomaPreferido(undefined), 'pt-BR');
  assert.equal(idiomaPreferido('', 'es'), 'es');
});

test('a step asked for from outside starts at the first earlier page with a problem; the check step too', () => {
  const erros = (r: Record<string, unknown>) => errosDasRespostas(D, r);
  assert.deepEqual(passoAlcancavel(D, { pagina: 'd' }, {}, erros({})), { pagina: 'a' });
  const ok = { nome: 'Ana', data: '2014-05-10' };
  assert.deepEqual(passoAlcancavel(D, { pagina: 'd' }, ok, erros(ok)), { pagina: 'd' }, 'page c has nothing to answer: d is reachable');
  assert.deepEqual(passoAlcancavel(D, REVISAO, ok, erros(ok)), { pagina: 'd' }, 'the check step needs the last page');
  const comData = { nome: 'Ana', data: '2014-02-31', fim: 'x' };
  assert.deepEqual(passoAlcancavel(D, REVISAO, comData, erros(comData)), { pagina: 'b' });
  assert.deepEqual(passoAlcancavel(D, { pagina: 'a' }, {}, erros({})), { pagina: 'a' }, 'the first page is always reachable');
  assert.equal(nomeDoPasso(REVISAO), 'revisao');
  assert.deepEqual(passoDoNome('revisao'), REVISAO);
  assert.deepEqual(passoDoNome('b'), { pagina: 'b' });
  assert.equal(passoDoNome(''), null);
});

test('dates: an impossible one "does not exist" (typed or through the API), anything else is a format problem; in three languages', () => {
  const c = campo('d', { tipo: 'data', obrigatorio: false });
  assert.equal(problemaData('31/02/2020'), 'validacao.data-inexistente');
  assert.equal(problemaData('29/02/46'), 'validacao.data-inexistente', 'no candidate year of 46 is a leap year');
  assert.equal(problemaData('2020-02-31'), 'validacao.data-inexistente');
  assert.equal(problemaData('32/01/2020'), 'validacao.data-inexistente');
  assert.equal(problemaData('31-02'), 'validacao.date');
  assert.equal(problemaData('amanhã'), 'validacao.date');
  assert.equal(problemaData(20200101), 'validacao.date');
  assert.equal(erroDoCampo(c, '31/02/2020', 'es'), 'Esta fecha no existe.');
  assert.equal(erroDoCampo(c, '31/02/2020', 'en'), 'This date does not exist.');
  assert.equal(erroDoCampo(c, 'ontem'), 'Informe a data no formato dd/mm/aaaa.');
  assert.equal(erroDoCampo(c, '2020-02-29'), null);
  // What a person reads of a date answer: the year in full, everywhere (check step, PDF, e-mails, drawer).
  assert.equal(textoResposta(c, '2015-05-10'), '10/05/2015');
  assert.equal(textoResposta(campo('s', { tipo: 'escolha-unica', opcoes: [{ valor: 'sim', rotulo: 'Sim' }] }), undefined, (k) => traduzirCidadao('es', k)), 'No indicado');
});

test('issue 50: a number answer is written as a number in the reader\'s language (it was printed raw: "2000"), with the decimals the citizen gave', () => {
  const d = campo('renda', { tipo: 'decimal' });
  const em = (idioma: 'pt-BR' | 'en' | 'es') => (k: Parameters<typeof traduzirCidadao>[1]) => traduzirCidadao(idioma, k);
  assert.deepEqual(['2000', '1234,5', '2.000', '2.000,50', '0,75', 2000].map((v) => textoResposta(d, v)), ['2.000', '1.234,5', '2.000', '2.000,50', '0,75', '2.000']);
  assert.deepEqual(['2000', '1234,5'].map((v) => textoResposta(d, v, em('en') as never)), ['2,000', '1,234.5']);
  assert.equal(textoResposta(campo('n', { tipo: 'inteiro' }), '12000'), '12.000');
  assert.equal(textoResposta(d, 'não é número'), 'não é número');
  // "2.000" is two thousand, for the range rules too (it passed a maximum of 10 as 2).
  assert.equal(lerNumero('2.000'), 2000);
  assert.equal(lerNumero('1.5'), 1.5);
  assert.equal(lerNumero('1.234.567,8'), 1234567.8);
});

test("this visit's answers: kept per model and version, a draft's only for that draft, gone once forgotten; a refused storage is no error", () => {
  const dados = new Map<string, string>();
  const s = { getItem: (k: string) => dados.get(k) ?? null, setItem: (k: string, v: string) => void dados.set(k, v), removeItem: (k: string) => void dados.delete(k) } as Storage;
  lembrar('m', { versao: 2, respostas: { nome: 'Ana' }, passo: 'b' }, s);
  assert.deepEqual(recordar('m', 2, null, s), { versao: 2, respostas: { nome: 'Ana' }, passo: 'b' });
  assert.equal(recordar('m', 3, null, s), null, 'another version: dropped');
  assert.equal(recordar('outro', 2, null, s), null);
  assert.equal(recordar('m', 2, 'codigo-de-um-rascunho', s), null, 'opened from a draft: only what was typed on it');
  lembrar('m', { versao: 2, respostas: { nome: 'Ana' }, rascunho: 'r1' }, s);
  assert.equal(recordar('m', 2, 'r1', s)?.rascunho, 'r1');
  assert.equal(recordar('m', 2, null, s)?.rascunho, 'r1', 'a draft saved in this visit is found after a reload without its link');
  dados.set('formulario-cidadao:m', '{não é json');
  assert.equal(recordar('m', 2, null, s), null);
  esquecer('m', s);
  assert.equal(dados.size, 0);
  const recusa = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => { throw new Error('x'); } } as unknown as Storage;
  assert.doesNotThrow(() => lembrar('m', { versao: 1, respostas: {} }, recusa));
  assert.equal(recordar('m', 1, null, recusa), null);
  assert.doesNotThrow(() => esquecer('m', recusa));
});
