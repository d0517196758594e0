import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { camposDaPagina, emPaginas, errosDaPagina, paginaDoCampo, paginasDe, paginasQueSeAplicam, passoAnterior, passoAposAlterar, passoSeguinte, primeiroPasso, progresso, revisao, REVISAO, type Passo } from '../../src/forms/paginas';
import type { CampoDefinicao, Definicao } from '../../src/forms/definicao';
import { errosDasRespostas } from '../../src/forms/preenchimento';
import { adicionarSecao } from '../../src/forms/edicao';
import { resumoDaJornada } from '../../src/forms/jornada';

const campo = (id: string, extra: Partial<CampoDefinicao> = {}): CampoDefinicao => ({ id, tipo: 'texto', rotulo: id, obrigatorio: false, regras: [], ...extra });

/** Four pages; "conjuge" applies only to the married; "renda" page has two sections. */
const D: Definicao = {
  secoes: [
    { id: 'requerente', titulo: 'Requerente', pagina: true, campos: [campo('nome', { obrigatorio: true }), campo('estado-civil', { tipo: 'escolha-unica', opcoes: [{ valor: 'casado', rotulo: 'Casado' }, { valor: 'solteiro', rotulo: 'Solteiro' }] })] },
    { id: 'conjuge', titulo: 'Cônjuge', pagina: true, condicao: { juncao: 'todas', criterios: [{ campo: 'estado-civil', operador: 'igual', valor: 'casado' }] }, campos: [campo('nome-conjuge', { obrigatorio: true })] },
    { id: 'renda', titulo: 'Renda', pagina: true, campos: [campo('salario', { tipo: 'inteiro' })] },
    { id: 'outras-rendas', titulo: 'Outras rendas', campos: [campo('aluguel', { tipo: 'inteiro', obrigatorio: true })] },
    { id: 'fim', titulo: 'Declaração', pagina: true, campos: [campo('aceite', { obrigatorio: true })] },
  ],
};

const walk = (d: Definicao, r: Record<string, unknown>): string[] => {
  const vistos: string[] = [];
  let p: Passo = primeiroPasso(d, r);
  while (!('revisao' in p)) {
    vistos.push(p.pagina);
    p = passoSeguinte(d, p.pagina, r);
  }
  return vistos;
};

describe('páginas de um modelo', () => {
  test('uma seção marcada começa uma página; as seguintes sem marca ficam nela; sem marca nenhuma, uma página só', () => {
    assert.deepEqual(paginasDe(D).map((p) => [p.id, p.secoes.map((s) => s.id)]), [['requerente', ['requerente']], ['conjuge', ['conjuge']], ['renda', ['renda', 'outras-rendas']], ['fim', ['fim']]]);
    const antigo: Definicao = { secoes: D.secoes.map(({ pagina: _, ...s }) => s) };
    assert.equal(emPaginas(antigo), false);
    assert.equal(paginasDe(antigo).length, 1);
    assert.equal(emPaginas(D), true);
  });

  test('condições pulam páginas inteiras e o progresso conta só as que se aplicam', () => {
    assert.deepEqual(walk(D, { 'estado-civil': 'solteiro' }), ['requerente', 'renda', 'fim']);
    assert.deepEqual(walk(D, { 'estado-civil': 'casado' }), ['requerente', 'conjuge', 'renda', 'fim']);
    assert.deepEqual(progresso(D, 'renda', { 'estado-civil': 'solteiro' }), { etapa: 2, total: 3 });
    assert.deepEqual(progresso(D, 'renda', { 'estado-civil': 'casado' }), { etapa: 3, total: 4 });
    assert.equal(progresso(D, 'conjuge', { 'estado-civil': 'solteiro' }), null);
  });

  test('Voltar vai à página anterior que se aplica; da revisão, à última; da primeira, a nenhuma', () => {
    assert.deepEqual(passoAnterior(D, { pagina: 'renda' }, { 'estado-civil': 'solteiro' }), { pagina: 'requerente' });
    assert.deepEqual(passoAnterior(D, { pagina: 'renda' }, { 'estado-civil': 'casado' }), { pagina: 'conjuge' });
    assert.deepEqual(passoAnterior(D, REVISAO, {}), { pagina: 'fim' });
    assert.equal(passoAnterior(D, { pagina: 'requerente' }, {}), null);
    // A page that stopped applying (the answer changed on it) still knows where it stands.
    assert.deepEqual(passoSeguinte(D, 'conjuge', { 'estado-civil': 'solteiro' }), { pagina: 'renda' });
  });

  test('Continuar confere só a página: os erros de outras páginas não a seguram', () => {
    const r = { nome: 'Ana', 'estado-civil': 'casado' };
    const erros = errosDasRespostas(D, r);
    assert.deepEqual(Object.keys(erros).sort(), ['aceite', 'aluguel', 'nome-conjuge']);
    assert.deepEqual(errosDaPagina(D, 'requerente', erros, r), []);
    assert.deepEqual(errosDaPagina(D, 'conjuge', erros, r).map((e) => e.chave), ['nome-conjuge']);
    // A page of two sections checks both, in order.
    assert.deepEqual(camposDaPagina(D, 'renda', r).map((c) => c.id), ['salario', 'aluguel']);
    assert.deepEqual(errosDaPagina(D, 'renda', erros, r).map((e) => e.chave), ['aluguel']);
  });

  test('Alterar: a pergunta abre a sua página, e Continuar volta à revisão quando pedido (ida e volta)', () => {
    assert.equal(paginaDoCampo(D, 'aluguel')?.id, 'renda');
    assert.equal(paginaDoCampo(D, 'nao-existe'), undefined);
    // The round trip the component does: open the page of the question, then after Continuar the check step.
    const r = { nome: 'Ana', 'estado-civil': 'solteiro', salario: '100', aluguel: '5', aceite: 'sim' };
    const pagina = paginaDoCampo(D, 'nome')!.id;
    assert.deepEqual(errosDaPagina(D, pagina, errosDasRespostas(D, r), r), []);
    // Changing the answer on that page to "casado" brings in the spouse's page: the walk must go there, not back to the check step.
    const r2 = { ...r, 'estado-civil': 'casado' };
    assert.deepEqual(passoSeguinte(D, pagina, r2), { pagina: 'conjuge' });
    assert.deepEqual(paginasQueSeAplicam(D, r2).map((p) => p.id), ['requerente', 'conjuge', 'renda', 'fim']);
    assert.deepEqual(passoAposAlterar(D, r2, errosDasRespostas(D, r2)), { pagina: 'conjuge' });
    assert.deepEqual(passoAposAlterar(D, r, errosDasRespostas(D, r)), REVISAO);
  });

  test('a revisão mostra só o que se aplica, agrupado por página', () => {
    const blocos = revisao(D, { 'estado-civil': 'solteiro' });
    assert.deepEqual(blocos.map((b) => [b.pagina.id, b.secoes.map((s) => [s.secao.id, s.campos.map((c) => c.id)])]), [
      ['requerente', [['requerente', ['nome', 'estado-civil']]]],
      ['renda', [['renda', ['salario']], ['outras-rendas', ['aluguel']]]],
      ['fim', [['fim', ['aceite']]]],
    ]);
  });

  test('um modelo novo nasce em páginas; um modelo antigo ganha seções na mesma página', () => {
    const novo = adicionarSecao(adicionarSecao({ secoes: [] }));
    assert.deepEqual(novo.secoes.map((s) => s.pagina), [true, true]);
    const antigo = adicionarSecao({ secoes: [{ id: 'a', titulo: 'A', campos: [] }] });
    assert.equal(antigo.secoes[1].pagina, undefined);
  });
});

describe('a jornada em números', () => {
  test('conclusão, e onde mais se para (a página que mais gente alcançou sem chegar à seguinte)', () => {
    const r = resumoDaJornada(D, { INICIADO: 100, RASCUNHO: 12, ENVIADO: 40, paginas: { requerente: 100, conjuge: 30, renda: 90, fim: 50, revisao: 45 } });
    assert.equal(r.taxaConclusao, 0.4);
    assert.deepEqual(r.paginas.map((p) => [p.pagina, p.alcancaram, p.pararam]), [['requerente', 100, 70], ['conjuge', 30, 0], ['renda', 90, 40], ['fim', 50, 5], ['revisao', 45, 5]]);
    assert.deepEqual(r.paradaMaisComum, { pagina: 'requerente', titulo: 'Requerente', pararam: 70 });
    const ninguem = resumoDaJornada(D, { INICIADO: 0, RASCUNHO: 0, ENVIADO: 0, paginas: {} });
    assert.equal(ninguem.taxaConclusao, 0);
    assert.equal(ninguem.paradaMaisComum, null);
    assert.equal(resumoDaJornada(D, { INICIADO: 2, RASCUNHO: 0, ENVIADO: 5, paginas: {} }).taxaConclusao, 1, 'never above 100%');
  });
});
