import { emPortugues, type Tradutor } from '../i18n';
import { lerNumero } from '../validation/regras';
import type { CampoDefinicao, Definicao, ProblemaDefinicao } from './definicao';
import { condicaoAtendida, type Condicao, type Criterio, type Operador, type Sujeito } from './regras';
import type { TipoCampo } from './vocabulario';

/**
 * Conditional questions: a field or a whole section shows only when earlier answers call for it
 * ("todas" or "qualquer" of its criteria). Pure: the preview and the citizen's page hide and show with it,
 * the server drops hidden answers and skips their rules with it, the drawer lays a filled form out with it.
 * A condition is a rule as every rule is written (`regras.ts`), evaluated by the one evaluator.
 */
export type { Condicao, Criterio, Operador };

const ESCOLHA: Operador[] = ['igual', 'umDe', 'preenchido', 'naoPreenchido'];
const COMPARAVEL: Operador[] = ['igual', 'maior', 'maiorOuIgual', 'menor', 'menorOuIgual', 'preenchido', 'naoPreenchido'];

/** Which operators a criterion may use on a field of each type. */
export const OPERADORES_POR_TIPO: Record<TipoCampo, Operador[]> = {
  texto: ESCOLHA,
  'texto-longo': ESCOLHA,
  email: ESCOLHA,
  url: ESCOLHA,
  cpf: ESCOLHA,
  cnpj: ESCOLHA,
  telefone: ESCOLHA,
  moeda: COMPARAVEL,
  cep: ESCOLHA,
  'escolha-unica': ESCOLHA,
  'escolha-multipla': ESCOLHA,
  inteiro: COMPARAVEL,
  decimal: COMPARAVEL,
  data: COMPARAVEL,
  arquivo: ['preenchido', 'naoPreenchido'],
};

export const chaveOperador = (o: Operador) => `condicao.${o}` as const;

/** Whether one criterion holds for `valor`, the answer of `campo` (undefined when hidden or unanswered). */
export const criterioAtendido = (campo: CampoDefinicao, c: Criterio, valor: unknown): boolean => condicaoAtendida({ juncao: 'todas', criterios: [c] }, new Map([[c.campo, campo]]), () => valor);

export interface Visibilidade {
  secoes: Set<string>;
  campos: Set<string>;
  /** A repeating section that shows (issue 21): for each of its items, the questions that show in it. */
  entradas: Map<string, Set<string>[]>;
}

/** The items of a repeating section's answer (anything else counts as none; the rules say what is wrong). */
export function itensDe(respostas: Record<string, unknown>, secaoId: string): Record<string, unknown>[] {
  const v = Object.hasOwn(respostas, secaoId) ? respostas[secaoId] : undefined;
  return Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {})) : [];
}

/**
 * What the citizen sees for these answers, in the definition's order: a section when its condition
 * holds, a field when its section shows and its own condition holds. A criterion reads the answer of an
 * earlier question only while that question shows (a hidden answer counts as not given), so hiding a
 * question also hides what depends on it; a criterion on a field that is not earlier never holds.
 * Inside a repeating section each item is seen on its own: a criterion on an earlier question of the
 * same section reads that item's answer; questions outside read the form's.
 */
export function visiveis(d: Definicao, respostas: Record<string, unknown>): Visibilidade {
  const v: Visibilidade = { secoes: new Set(), campos: new Set(), entradas: new Map() };
  const anteriores = new Map<string, CampoDefinicao>();
  const atendeCom = (cond: Condicao | undefined, valor: (c: CampoDefinicao) => unknown, campos: Map<string, CampoDefinicao>) => {
    return condicaoAtendida(cond, campos, (s) => valor(s as CampoDefinicao));
  };
  const doFormulario = (campo: CampoDefinicao) => (v.campos.has(campo.id) && Object.hasOwn(respostas, campo.id) ? respostas[campo.id] : undefined);
  for (const s of d.secoes) {
    const secao = atendeCom(s.condicao, doFormulario, anteriores);
    if (secao) v.secoes.add(s.id);
    if (s.repeticao) {
      // Questions outside never read an item's answers (the builder refuses it): not added to `anteriores`.
      if (!secao) continue;
      for (const c of s.campos) v.campos.add(c.id);
      v.entradas.set(
        s.id,
        itensDe(respostas, s.id).map((item) => {
          const mostrados = new Set<string>();
          const vistos = new Map(anteriores);
          for (const c of s.campos) {
            const valor = (campo: CampoDefinicao) => (s.campos.includes(campo) ? (mostrados.has(campo.id) && Object.hasOwn(item, campo.id) ? item[campo.id] : undefined) : doFormulario(campo));
            if (atendeCom(c.condicao, valor, vistos)) mostrados.add(c.id);
            vistos.set(c.id, c);
          }
          return mostrados;
        }),
      );
      continue;
    }
    for (const c of s.campos) {
      if (secao && atendeCom(c.condicao, doFormulario, anteriores)) v.campos.add(c.id);
      anteriores.set(c.id, c);
    }
  }
  return v;
}

/** The answers the citizen could give: those of hidden questions dropped (sent or not, never an error). */
export function respostasVisiveis(d: Definicao, respostas: Record<string, unknown>): Record<string, unknown> {
  const v = visiveis(d, respostas);
  const repetidas = new Map(d.secoes.filter((s) => s.repeticao).map((s) => [s.id, s]));
  const campos = new Set(d.secoes.flatMap((s) => (s.repeticao ? [s.id] : s.campos.map((c) => c.id))));
  const saida = Object.fromEntries(Object.entries(respostas).filter(([k]) => !campos.has(k) || v.campos.has(k) || v.entradas.has(k)));
  // In each item of a repeating section, the answers to its questions the item hides are dropped too.
  for (const [id, s] of repetidas) {
    if (!v.entradas.has(id) || !Array.isArray(saida[id])) continue;
    const proprios = new Set(s.campos.map((c) => c.id));
    saida[id] = itensDe(respostas, id).map((item, i) => Object.fromEntries(Object.entries(item).filter(([k]) => !proprios.has(k) || v.entradas.get(id)![i].has(k))));
  }
  return saida;
}

/**
 * What is wrong with the definition's conditions, for saving and publishing: a criterion on a field that
 * does not exist (removed), on the question itself or one of its own section (a cycle), or on a later one;
 * an operator the field's type has no sense for; a value missing, of the wrong kind, or not an option.
 */
export function problemasDasCondicoes(d: Definicao, t: Tradutor = emPortugues): ProblemaDefinicao[] {
  const p: ProblemaDefinicao[] = [];
  const todos = new Map(d.secoes.flatMap((s, i) => s.campos.map((c, j) => [c.id, { c, i, j }] as const)));
  const checar = (cond: Condicao | undefined, onde: string, secao: number, campo: number | null) => {
    if (!cond) return;
    if (!cond.criterios.length) p.push({ caminho: `${onde}.condicao`, mensagem: t('def.condicao-vazia') });
    for (const [k, c] of cond.criterios.entries()) {
      const aqui = `${onde}.condicao.criterios[${k}]`;
      const alvo = todos.get(c.campo);
      if (!alvo) {
        p.push({ caminho: aqui, mensagem: t('def.condicao-inexistente', { campo: c.campo }) });
        continue;
      }
      const rotulo = alvo.c.rotulo || alvo.c.id;
      if (d.secoes[alvo.i].repeticao && alvo.i !== secao) p.push({ caminho: aqui, mensagem: t('def.condicao-repeticao', { campo: rotulo }) });
      const mesmo = campo === null ? alvo.i === secao : alvo.i === secao && alvo.j === campo;
      if (mesmo) p.push({ caminho: aqui, mensagem: t('def.condicao-ciclo', { campo: rotulo }) });
      else if (alvo.i > secao || (alvo.i === secao && (campo === null || alvo.j > campo))) p.push({ caminho: aqui, mensagem: t('def.condicao-posterior', { campo: rotulo }) });
      if (!OPERADORES_POR_TIPO[alvo.c.tipo]?.includes(c.operador)) {
        p.push({ caminho: aqui, mensagem: t('def.condicao-operador', { campo: rotulo }) });
        continue;
      }
      if (c.operador === 'preenchido' || c.operador === 'naoPreenchido') continue;
      const valores = c.operador === 'umDe' ? (c.valores ?? []) : c.valor === undefined || c.valor === '' ? [] : [c.valor];
      if (!valores.length) p.push({ caminho: aqui, mensagem: t('def.condicao-valor') });
      else if (alvo.c.tipo === 'escolha-unica' || alvo.c.tipo === 'escolha-multipla') {
        const opcoes = new Set((alvo.c.opcoes ?? []).map((o) => o.valor));
        const fora = valores.find((x) => !opcoes.has(String(x)));
        if (fora !== undefined) p.push({ caminho: aqui, mensagem: t('def.condicao-opcao', { valor: String(fora), campo: rotulo }) });
      } else if ((alvo.c.tipo === 'inteiro' || alvo.c.tipo === 'decimal' || alvo.c.tipo === 'moeda') && !Number.isFinite(lerNumero(valores[0] as string | number))) p.push({ caminho: aqui, mensagem: t('def.condicao-numero') });
      else if (alvo.c.tipo === 'data' && !/^\d{4}-\d{2}-\d{2}$/.test(String(valores[0]))) p.push({ caminho: aqui, mensagem: t('def.condicao-data') });
    }
  };
  for (const [i, s] of d.secoes.entries()) {
    checar(s.condicao, `secoes[${i}]`, i, null);
    for (const [j, c] of s.campos.entries()) checar(c.condicao, `secoes[${i}].campos[${j}]`, i, j);
  }
  return p;
}

/** The questions a condition of field `campo` (or of section `secao`) may read: those before it. */
export function camposAnteriores(d: Definicao, alvo: { campo: string } | { secao: string }): CampoDefinicao[] {
  const antes: CampoDefinicao[] = [];
  for (const s of d.secoes) {
    if ('secao' in alvo && s.id === alvo.secao) return antes;
    for (const c of s.campos) {
      if ('campo' in alvo && c.id === alvo.campo) return antes;
      antes.push(c);
    }
  }
  return antes;
}

/** A criterion on `campo` with `operador` (the first its type allows by default) and a starting value. */
export function criterioNovo(campo: Sujeito, operador: Operador = OPERADORES_POR_TIPO[campo.tipo][0]): Criterio {
  if (operador === 'preenchido' || operador === 'naoPreenchido') return { campo: campo.id, operador };
  if (operador === 'umDe') return { campo: campo.id, operador, valores: [] };
  const primeira = campo.opcoes?.[0]?.valor;
  return { campo: campo.id, operador, valor: (campo.tipo === 'escolha-unica' || campo.tipo === 'escolha-multipla') && primeira ? primeira : '' };
}

/** The same condition with the references to field `de` renamed to `para` (the answer's name changed). */
export function renomearNaCondicao(c: Condicao | undefined, de: string, para: string): Condicao | undefined {
  if (!c || !c.criterios.some((x) => x.campo === de)) return c;
  return { ...c, criterios: c.criterios.map((x) => (x.campo === de ? { ...x, campo: para } : x)) };
}

/** The questions these (clear) answers hid: the drawer and the reports leave them out. */
export function camposOcultos(d: Definicao | null | undefined, respostas: Record<string, unknown>): string[] {
  if (!d) return [];
  const v = visiveis(d, respostas);
  return d.secoes.flatMap((s) => {
    const ocultos = [...(s.repeticao && !v.secoes.has(s.id) ? [s.id] : []), ...s.campos.filter((c) => !v.campos.has(c.id)).map((c) => c.id)];
    // An item's hidden questions, as `dependentes[0].renda`.
    const itens = v.entradas.get(s.id) ?? [];
    return [...ocultos, ...itens.flatMap((mostrados, i) => s.campos.filter((c) => !mostrados.has(c.id)).map((c) => chaveNoItem(s.id, i, c.id)))];
  });
}

/** The name of a question's answer in item `i` (0-based) of a repeating section: `dependentes[0].nome`. */
export const chaveNoItem = (secaoId: string, i: number, campoId: string) => `${secaoId}[${i}].${campoId}`;
