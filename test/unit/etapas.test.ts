import { test } from 'node:test';
import assert from 'node:assert/strict';
import { definicaoDoCidadao, definirEtapas, etapaNova, partesDoEnvio, problemasDasEtapas } from '../../src/forms/etapas';
import type { Definicao } from '../../src/forms/definicao';

/** The steps after sending (issue 46), as pure rules: who the parties are, what the citizen sees, what the builder refuses. */
const D: Definicao = {
  secoes: [
    { id: 's', titulo: 'Pedido', campos: [{ id: 'email-locador', tipo: 'email', rotulo: 'E-mail do locador', obrigatorio: false, regras: [] }, { id: 'cpf-locador', tipo: 'cpf', rotulo: 'CPF do locador', obrigatorio: false, regras: [] }] },
    { id: 'p', titulo: 'Parecer', campos: [{ id: 'parecer', tipo: 'texto', rotulo: 'Parecer', obrigatorio: true, regras: [], etapa: 'analise' }] },
  ],
  etapas: [
    { id: 'locador', tipo: 'coassinatura', titulo: 'Locador', prazoDias: 5, coassinantes: [{ campoEmail: 'email-locador', campoCpf: 'cpf-locador' }, { email: 'Fiador@Exemplo.gov.br', nome: 'Fiador' }] },
    { id: 'analise', tipo: 'analise', titulo: 'Análise', prazoDias: 10, grupoControleConteudoId: 3, notificar: 'equipe@exemplo.gov.br' },
  ],
};

test('the parties: named by the answers or fixed, one per analysis, numbered by the steps that have someone', () => {
  assert.deepEqual(partesDoEnvio(D, { 'email-locador': ' lauro@exemplo.gov.br ', 'cpf-locador': '529.982.247-25' }).map((p) => [p.ordem, p.tipo, p.email, p.cpf, p.nome, p.grupo]), [
    [0, 'COASSINATURA', 'lauro@exemplo.gov.br', '52998224725', null, null],
    [0, 'COASSINATURA', 'fiador@exemplo.gov.br', null, 'Fiador', null],
    [1, 'ANALISE', null, null, null, 3],
  ]);
  // A co-signature left with nobody (the question unanswered, no fixed address) is skipped; the order stays contiguous.
  const soResposta = { ...D, etapas: [{ ...D.etapas![0], coassinantes: [{ campoEmail: 'email-locador' }] }, D.etapas![1]] };
  assert.deepEqual(partesDoEnvio(soResposta, {}).map((p) => [p.ordem, p.tipo]), [[0, 'ANALISE']]);
});

test('the citizen sees neither the reserved question nor whom the steps involve', () => {
  const c = definicaoDoCidadao(D);
  assert.deepEqual(c.secoes.map((s) => s.id), ['s'], 'a section left with only reserved questions goes');
  assert.deepEqual(c.etapas, [{ id: 'locador', tipo: 'coassinatura', titulo: 'Locador', prazoDias: 5 }, { id: 'analise', tipo: 'analise', titulo: 'Análise', prazoDias: 10 }]);
  const simples: Definicao = { secoes: D.secoes.slice(0, 1) };
  assert.equal(definicaoDoCidadao(simples), simples, 'without steps nor reserved questions, the same definition');
});

test('the builder refuses steps that cannot work, each problem where it is', () => {
  assert.deepEqual(problemasDasEtapas(D), []);
  const ruim: Definicao = {
    ...D,
    taxa: { valorCentavos: 100, descricao: 'x', chavePix: 'a@b.gov.br' },
    etapas: [
      { id: 'x', tipo: 'coassinatura', titulo: ' ', prazoDias: 3, lembreteDias: 3, coassinantes: [{ campoEmail: 'cpf-locador' }, { email: 'não é e-mail', cpf: '123' }] },
      { id: 'x', tipo: 'analise', titulo: 'Análise', prazoDias: 5 },
    ],
  };
  assert.deepEqual(problemasDasEtapas(ruim).map((p) => p.caminho), [
    'etapas[0].titulo',
    'etapas[0].lembreteDias',
    'etapas[0].coassinantes[0].campoEmail',
    'etapas[0].coassinantes[1].email',
    'etapas[0].coassinantes[1].cpf',
    'etapas[1].id',
    'etapas[1].grupoControleConteudoId',
    'secoes[1].campos[0].etapa',
    'etapas',
  ]);
});

test('the builder: a new step gets a name of its own; removing an analysis frees its reserved questions', () => {
  assert.equal(etapaNova(D, 'analise', 'Outra').id, 'analise-1');
  assert.equal(etapaNova({ ...D, etapas: [...D.etapas!, { id: 'analise-1', tipo: 'analise', titulo: 'A', prazoDias: 1 }] }, 'analise', 'Outra').id, 'analise-2');
  assert.deepEqual(etapaNova(D, 'coassinatura', 'Assinatura').coassinantes, [{}]);
  const sem = definirEtapas(D, D.etapas!.slice(0, 1));
  assert.equal(sem.secoes[1].campos[0].etapa, undefined);
  assert.equal('etapas' in definirEtapas(D, []), false);
});

test('publishing says how the steps changed', async () => {
  const { diferenca } = await import('../../src/forms/diferenca');
  assert.ok(diferenca({ secoes: D.secoes }, D).jornada.includes('Etapas depois do envio: — → agora coassinatura “Locador” (2 coassinantes, 5 dias) → análise “Análise” (10 dias)'));
  assert.deepEqual(diferenca(D, D).jornada, []);
});
