import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Definicao as EsquemaDefinicao } from '../../src/contrato/modelos';
import { type Definicao } from '../../src/forms/definicao';
import { localizarProblemas, validarDefinicao } from '../../src/forms/problemasDefinicao';
import { diferenca, resumoDiferenca } from '../../src/forms/diferenca';
import { definirTraducao, formularioNoIdioma, idiomaDoConteudo, modeloNoIdioma, oferecerIdioma, podarTraducoes, textosTraduziveis, traducoesQueFaltam, traduzirDefinicao, traduzirTextos, type TipoTexto } from '../../src/forms/traducoes';
import { idiomasPreferidos } from '../../src/i18n/cidadao';
import { tradutor } from '../../src/i18n';

/**
 * Issue 37's pure rules: every translatable text of a definition is reached by the walker (a string property added
 * to the definition's schema without saying whether citizens read it fails here), a definition in another language
 * keeps every value, missing translations are problems tied to their text, and the version diff names them.
 */

/** Every string property of a JSON schema, as a path (`secoes[].campos[].rotulo`), the translations themselves left out. */
function caminhosDeTexto(esquema: any, caminho = ''): string[] {
  if (!esquema || typeof esquema !== 'object') return [];
  const junto = (k: string) => (caminho ? `${caminho}.${k}` : k);
  if (esquema.anyOf || esquema.oneOf) return [...new Set<string>((esquema.anyOf ?? esquema.oneOf).flatMap((x: unknown) => caminhosDeTexto(x, caminho)))];
  if (esquema.type === 'array') return caminhosDeTexto(esquema.items, `${caminho}[]`);
  if (esquema.type === 'object' || esquema.properties) return Object.entries(esquema.properties ?? {}).flatMap(([k, v]) => (k === 'traducoes' && !caminho ? [] : caminhosDeTexto(v, junto(k))));
  const tipos = [esquema.type].flat();
  return tipos.includes('string') && !esquema.enum && !esquema.const && !esquema.pattern ? [caminho] : [];
}

/** The texts a citizen reads, and which kind the walker says each is. */
const TRADUZIVEIS: Record<string, TipoTexto> = {
  'secoes[].titulo': 'titulo',
  'secoes[].repeticao.item': 'item',
  'secoes[].campos[].rotulo': 'rotulo',
  'secoes[].campos[].ajuda': 'ajuda',
  'secoes[].campos[].opcoes[].rotulo': 'opcao',
  'declaracao.texto': 'declaracao',
  'calculos[].rotulo': 'calculo',
  'bloqueios[].mensagem': 'bloqueio',
  'confiabilidade.motivo': 'confiabilidade',
  'etapas[].titulo': 'etapa',
};
/** Strings no citizen reads as text: ids, values, a condition's operands, the team's address. */
const NEUTROS = ['secoes[].id', 'secoes[].campos[].id', 'secoes[].campos[].opcoes[].valor', 'secoes[].campos[].condicao.criterios[].campo', 'secoes[].campos[].condicao.criterios[].valor', 'secoes[].campos[].condicao.criterios[].valores[]', 'secoes[].condicao.criterios[].campo', 'secoes[].condicao.criterios[].valor', 'secoes[].condicao.criterios[].valores[]', 'emailEquipe',
  // The fee (issue 38): the key and the question are values; its description goes once to the bank's charge.
  'taxa.chavePix', 'taxa.porResposta.campo', 'taxa.descricao',
  // Calculated values and blocking rules (issue 43): names and the section a value shows in.
  'calculos[].id', 'calculos[].secao', 'bloqueios[].id', 'taxa.calculo',
  // The questions a CEP fills (issue 44): ids.
  'secoes[].campos[].endereco.logradouro', 'secoes[].campos[].endereco.bairro', 'secoes[].campos[].endereco.cidade', 'secoes[].campos[].endereco.uf',
  // The steps after sending (issue 46): ids, whom they involve (addresses, CPFs, names as given, questions), the team's address.
  'etapas[].coassinantes[].campoCpf', 'etapas[].coassinantes[].campoEmail', 'etapas[].coassinantes[].campoNome', 'etapas[].coassinantes[].cpf', 'etapas[].coassinantes[].email', 'etapas[].coassinantes[].nome', 'etapas[].notificar', 'secoes[].campos[].etapa'];

test('every string of the definition is either translated by the walker or a value no citizen reads', () => {
  assert.deepEqual(caminhosDeTexto(EsquemaDefinicao).sort(), [...Object.keys(TRADUZIVEIS), ...NEUTROS].sort(), 'a new string property: add it to the walker (src/forms/traducoes.ts) or to NEUTROS here');
  // A definition with a marker in each translatable place: the walker finds each, with its kind.
  const d: Definicao = {
    secoes: [
      { id: 's', titulo: '[secoes[].titulo]', repeticao: { minimo: 0, maximo: 3, item: '[secoes[].repeticao.item]' }, campos: [{ id: 'c', tipo: 'escolha-unica', rotulo: '[secoes[].campos[].rotulo]', ajuda: '[secoes[].campos[].ajuda]', obrigatorio: false, regras: [], opcoes: [{ valor: 'v', rotulo: '[secoes[].campos[].opcoes[].rotulo]' }] }] },
    ],
    declaracao: { texto: '[declaracao.texto]' },
    calculos: [{ id: 'x', rotulo: '[calculos[].rotulo]', tipo: 'numero', expressao: 1 }],
    bloqueios: [{ id: 'b', quando: false, mensagem: '[bloqueios[].mensagem]' }],
    confiabilidade: { nivel: 'prata', motivo: '[confiabilidade.motivo]' },
    etapas: [{ id: 'e', tipo: 'analise', titulo: '[etapas[].titulo]', prazoDias: 5, grupoControleConteudoId: 1 }],
  };
  const achados = new Map(textosTraduziveis(d).map((x) => [x.original, x.tipo]));
  for (const [caminho, tipo] of Object.entries(TRADUZIVEIS)) assert.equal(achados.get(`[${caminho}]`), tipo, caminho);
  // And the model's own texts when given.
  assert.deepEqual(textosTraduziveis({ secoes: [] }, { nome: 'N', descricao: 'D', mensagemLimite: 'M' }).map((x) => [x.chave, x.tipo]), [['nome', 'nome'], ['descricao', 'descricao'], ['mensagemLimite', 'mensagemLimite']]);
});

const D: Definicao = {
  secoes: [
    {
      id: 'requerente',
      titulo: 'Requerente',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome completo', ajuda: 'Como no documento.', obrigatorio: true, regras: [] },
        { id: 'estado-civil', tipo: 'escolha-unica', rotulo: 'Estado civil', obrigatorio: true, regras: [], opcoes: [{ valor: 'solteiro', rotulo: 'Solteiro(a)' }, { valor: 'casado', rotulo: 'Casado(a)' }] },
      ],
    },
    { id: 'filhos', titulo: 'Filhos', repeticao: { minimo: 0, maximo: 5, item: 'filho' }, campos: [{ id: 'nome-filho', tipo: 'texto', rotulo: 'Nome do filho', obrigatorio: true, regras: [] }] },
  ],
  declaracao: { texto: 'Declaro que é verdade.' },
  idiomas: ['es'],
  traducoes: {
    es: {
      nome: 'Inscripción',
      'secao.requerente.titulo': 'Solicitante',
      'campo.nome.rotulo': 'Nombre completo',
      'campo.nome.ajuda': 'Como en el documento.',
      'campo.estado-civil.rotulo': 'Estado civil',
      'campo.estado-civil.opcao.solteiro': 'Soltero(a)',
      'campo.estado-civil.opcao.casado': 'Casado(a)',
      'secao.filhos.titulo': 'Hijos',
      'secao.filhos.item': 'hijo',
      'campo.nome-filho.rotulo': 'Nombre del hijo',
      declaracao: 'Declaro que es verdad.',
    },
  },
};

test('a definition in Spanish: every text translated, every value and id the same; not offered, the Portuguese', () => {
  const es = traduzirDefinicao(D, 'es');
  assert.equal(es.secoes[0].titulo, 'Solicitante');
  assert.deepEqual(es.secoes[0].campos[1].opcoes, [{ valor: 'solteiro', rotulo: 'Soltero(a)' }, { valor: 'casado', rotulo: 'Casado(a)' }]);
  assert.equal(es.secoes[1].repeticao?.item, 'hijo');
  assert.equal(es.declaracao?.texto, 'Declaro que es verdad.');
  assert.equal(es.traducoes, undefined, 'the page gets no translation table');
  const ids = (x: Definicao) => JSON.stringify(x.secoes.map((s) => [s.id, s.campos.map((c) => [c.id, c.tipo, c.obrigatorio, c.regras, (c.opcoes ?? []).map((o) => o.valor)])]));
  assert.equal(ids(es), ids(D));
  // English is not offered: Portuguese texts, whatever the translations hold.
  assert.equal(traduzirDefinicao(D, 'en').secoes[0].titulo, 'Requerente');
  assert.equal(traduzirDefinicao(D, 'pt-BR').secoes[0].campos[0].rotulo, 'Nome completo');
  // A missing translation falls back to the Portuguese text.
  const semAjuda = definirTraducao(D, 'es', 'campo.nome.ajuda', '');
  assert.equal(traduzirDefinicao(semAjuda, 'es').secoes[0].campos[0].ajuda, 'Como no documento.');
  assert.equal(traduzirTextos(D, { nome: 'Inscrição', descricao: 'Sem tradução' }, 'es').nome, 'Inscripción');
  assert.equal(traduzirTextos(D, { nome: 'Inscrição', descricao: 'Sem tradução' }, 'es').descricao, 'Sem tradução');
  // A stored form in Spanish: its receipt and e-mail read the Spanish texts.
  const f = formularioNoIdioma({ definicao: D, modelo: 'Inscrição', idioma: 'es' as const });
  assert.deepEqual([f.modelo, f.definicao?.secoes[0].campos[0].rotulo], ['Inscripción', 'Nombre completo']);
});

test("the language of the model's texts: the first the citizen asks for that the model is offered in", () => {
  assert.equal(idiomaDoConteudo(D, idiomasPreferidos('en-GB, es;q=0.8, pt;q=0.5')), 'es');
  assert.equal(idiomaDoConteudo(D, idiomasPreferidos('en')), 'pt-BR');
  assert.equal(idiomaDoConteudo({ secoes: [] }, ['es']), 'pt-BR');
  const m = modeloNoIdioma(D, { nome: 'Inscrição' }, ['es']);
  assert.deepEqual([m.idioma, m.idiomas, m.textos.nome], ['es', ['pt-BR', 'es'], 'Inscripción']);
});

test('missing translations: each a problem at publishing, tied to its text, language and question', () => {
  const t = tradutor('pt-BR');
  const incompleta = definirTraducao(D, 'es', 'campo.estado-civil.opcao.casado', ' ');
  assert.deepEqual(traducoesQueFaltam(incompleta).map((x) => [x.idioma, x.texto.chave]), [['es', 'campo.estado-civil.opcao.casado']]);
  assert.deepEqual(validarDefinicao(incompleta, false), [], 'a draft may be saved with missing translations');
  const problemas = validarDefinicao(incompleta, true, {}, t);
  assert.deepEqual(problemas, [{ caminho: 'traducoes.es.campo.estado-civil.opcao.casado', mensagem: 'falta a tradução de "Casado(a)".' }]);
  const [p] = localizarProblemas(incompleta, problemas, t);
  assert.deepEqual([p.traducao, p.campoId, p.secaoId, p.texto], [{ idioma: 'es', chave: 'campo.estado-civil.opcao.casado' }, 'estado-civil', 'requerente', 'Traduções (Español): falta a tradução de "Casado(a)".']);
  // The model's own texts count when given: the description has no Spanish.
  assert.deepEqual(validarDefinicao(D, true, { textos: { nome: 'Inscrição', descricao: 'Para o ano letivo.' } }, t).map((x) => x.caminho), ['traducoes.es.descricao']);
  // Too long a translation, even in a draft.
  const longa = definirTraducao(D, 'es', 'campo.nome.rotulo', 'x'.repeat(201));
  assert.deepEqual(validarDefinicao(longa, false, {}, t).map((x) => x.caminho), ['traducoes.es.campo.nome.rotulo']);
  // Complete: nothing missing.
  assert.deepEqual(validarDefinicao(D, true, { textos: { nome: 'Inscrição' } }, t), []);
});

test('pruning: a removed question takes its translations away; a language no longer offered keeps its own', () => {
  const sem = { ...D, secoes: [{ ...D.secoes[0], campos: [D.secoes[0].campos[0]] }, D.secoes[1]] };
  const podada = podarTraducoes(sem, { nome: 'Inscrição' });
  assert.equal(Object.keys(podada.traducoes!.es!).filter((k) => k.startsWith('campo.estado-civil')).length, 0);
  assert.equal(podada.traducoes!.es!['campo.nome.rotulo'], 'Nombre completo');
  assert.equal(podada.traducoes!.es!.nome, 'Inscripción', 'the model name is a text of the model');
  const semEspanhol = podarTraducoes(oferecerIdioma(D, 'es', false), { nome: 'Inscrição' });
  assert.deepEqual([semEspanhol.idiomas, semEspanhol.traducoes?.es?.['campo.nome.rotulo']], [undefined, 'Nombre completo']);
  assert.deepEqual(oferecerIdioma(oferecerIdioma({ secoes: [] }, 'es', true), 'en', true).idiomas, ['en', 'es'], 'in a fixed order');
});

test('the version diff names the translation changes', () => {
  const t = tradutor('pt-BR');
  const semIdioma: Definicao = { ...D, idiomas: undefined, traducoes: undefined };
  assert.deepEqual(resumoDiferenca(diferenca(semIdioma, D, t), t), ['Passa a ser oferecido em Español (11 textos traduzidos).']);
  const mudou = definirTraducao(D, 'es', 'campo.nome.rotulo', 'Nombre y apellidos');
  assert.deepEqual(resumoDiferenca(diferenca(D, mudou, t), t), ['Tradução (Español) de “Nome completo”: Nombre completo → Nombre y apellidos']);
  assert.deepEqual(resumoDiferenca(diferenca(D, oferecerIdioma(D, 'es', false), t), t), ['Deixa de ser oferecido em Español.']);
  assert.deepEqual(resumoDiferenca(diferenca(D, D, t), t), []);
});
