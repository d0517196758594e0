import type { Static } from 'typebox';
import type { Bloqueio as EsquemaBloqueio, Calculo as EsquemaCalculo } from '../contrato/modelos';
import { hojeSaoPaulo } from '../i18n/datas';
import { itensDe, respostasVisiveis } from './condicoes';
import type { Definicao } from './definicao';
import { avaliar, normalizar, verdadeiro } from './expressoes';
import { valorParaExpressao } from './regras';
import type { TipoCalculo } from './vocabulario';

/**
 * Calculated values and blocking rules (issue 43): values computed from the answers (an age, a total, a
 * per-capita income, a fee), and rules that stop a form with the designer's reason. Pure and the same
 * everywhere: the builder's preview and `<formulario-cidadao>` show them as one types, the server computes
 * them again from the answers it accepts and stores its own results (never what a browser sent), under
 * each value's id beside the answers.
 */
export type Calculo = Static<typeof EsquemaCalculo>;
export type Bloqueio = Static<typeof EsquemaBloqueio>;

/** A value as stored: numero a number, dinheiro integer centavos, data yyyy-MM-dd, texto a text, simNao a boolean; null when it cannot be computed yet. */
export type ValorCalculado = number | string | boolean | null;

/** The value of a calculation as the next expressions read it: money in reais (stored in centavos). */
const paraExpressao = (c: Calculo, v: ValorCalculado) => (c.tipo === 'dinheiro' && typeof v === 'number' ? v / 100 : v);

/** An expression's result as the value's type keeps it: money rounded to whole centavos, never a binary fraction. */
export function comoTipo(tipo: TipoCalculo, v: unknown): ValorCalculado {
  if (v === null || v === undefined) return null;
  switch (tipo) {
    case 'numero':
      return typeof v === 'number' && Number.isFinite(v) ? normalizar(v) : null;
    case 'dinheiro':
      return typeof v === 'number' && Number.isFinite(v) ? Math.sign(v) * Math.round(normalizar(Math.abs(v) * 100)) || 0 : null;
    case 'data':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
    case 'simNao':
      return verdadeiro(v);
    default:
      return typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 1000) : null;
  }
}

/** Which names an expression reads with `var` (top level only: names inside a `map` or `filter` are the item's). */
export function nomesLidos(e: unknown, dentro = false): { nome: string; noItem: boolean }[] {
  if (Array.isArray(e)) return e.flatMap((x) => nomesLidos(x, dentro));
  if (!e || typeof e !== 'object') return [];
  const [op] = Object.keys(e);
  const v = (e as Record<string, unknown>)[op];
  const args = Array.isArray(v) ? v : [v];
  if (op === 'var') return typeof args[0] === 'string' && args[0] ? [{ nome: args[0], noItem: dentro }] : [];
  if (op === 'map' || op === 'filter') return [...nomesLidos(args[0], dentro), ...nomesLidos(args[1], true)];
  return args.flatMap((x) => nomesLidos(x, dentro));
}

/**
 * The order the values are computed in: each after the values it reads (its dependencies), in the definition's
 * order otherwise. Values in a cycle are left out (publishing refuses them).
 */
export function ordemDosCalculos(calculos: readonly Calculo[]): Calculo[] {
  const porId = new Map(calculos.map((c) => [c.id, c]));
  const feito = new Set<string>();
  const visitando = new Set<string>();
  const ordem: Calculo[] = [];
  const visitar = (c: Calculo): boolean => {
    if (feito.has(c.id)) return true;
    if (visitando.has(c.id)) return false;
    visitando.add(c.id);
    const ok = nomesLidos(c.expressao).every(({ nome, noItem }) => noItem || !porId.has(nome) || visitar(porId.get(nome)!));
    visitando.delete(c.id);
    if (ok) {
      feito.add(c.id);
      ordem.push(c);
    }
    return ok;
  };
  for (const c of calculos) visitar(c);
  return ordem;
}

/** What expressions read for these answers: each shown answer converted, a repeating section as its items. */
export function dadosDasRespostas(d: Definicao, respostas: Record<string, unknown>): Record<string, unknown> {
  const dados: Record<string, unknown> = Object.create(null);
  const vistas = respostasVisiveis(d, respostas);
  for (const s of d.secoes) {
    if (s.repeticao) {
      dados[s.id] = Object.hasOwn(vistas, s.id)
        ? itensDe(vistas, s.id).map((item) => {
            const x: Record<string, unknown> = Object.create(null);
            for (const c of s.campos) x[c.id] = valorParaExpressao(c, Object.hasOwn(item, c.id) ? item[c.id] : undefined);
            return x;
          })
        : [];
      continue;
    }
    for (const c of s.campos) dados[c.id] = valorParaExpressao(c, Object.hasOwn(vistas, c.id) ? vistas[c.id] : undefined);
  }
  return dados;
}

export interface ResultadoDosCalculos {
  /** Each value by its id, as stored. */
  valores: Record<string, ValorCalculado>;
  /** The blocking rules that hold for these answers, in the definition's order. */
  bloqueios: Bloqueio[];
  /** The questions a rule makes required for these answers (`obrigatorioQuando`). */
  exigidos: Set<string>;
}

/**
 * The calculated values and the blocking rules that hold for these answers, on `hoje` (São Paulo's date by
 * default). Answers a condition hides count as not given; a value that reads a missing answer is missing.
 */
export function calcular(d: Definicao, respostas: Record<string, unknown>, hoje: string = hojeSaoPaulo()): ResultadoDosCalculos {
  const valores: Record<string, ValorCalculado> = {};
  const comRegra = d.secoes.flatMap((s) => s.campos.filter((c) => c.obrigatorioQuando !== undefined));
  if (!d.calculos?.length && !d.bloqueios?.length && !comRegra.length) return { valores, bloqueios: [], exigidos: new Set() };
  const dados = dadosDasRespostas(d, respostas);
  for (const c of d.calculos ?? []) dados[c.id] = null;
  for (const c of ordemDosCalculos(d.calculos ?? [])) {
    const v = comoTipo(c.tipo, avaliar(c.expressao, dados, hoje));
    valores[c.id] = v;
    dados[c.id] = paraExpressao(c, v);
  }
  for (const c of d.calculos ?? []) if (!Object.hasOwn(valores, c.id)) valores[c.id] = null;
  const bloqueios = (d.bloqueios ?? []).filter((b) => verdadeiro(avaliar(b.quando, dados, hoje)));
  const exigidos = new Set(comRegra.filter((c) => verdadeiro(avaliar(c.obrigatorioQuando, dados, hoje))).map((c) => c.id));
  return { valores, bloqueios, exigidos };
}

/** The answers without anything sent under a calculated value's id: the server keeps its own results only. */
export function semCalculados(d: Definicao, respostas: Record<string, unknown>): Record<string, unknown> {
  const ids = new Set((d.calculos ?? []).map((c) => c.id));
  return ids.size ? Object.fromEntries(Object.entries(respostas).filter(([k]) => !ids.has(k))) : respostas;
}

/** The calculated values kept with a form's answers (the delivery's `calculados`). */
export function calculadosDe(d: Definicao | null | undefined, respostas: Record<string, unknown>): Record<string, ValorCalculado> {
  return Object.fromEntries((d?.calculos ?? []).filter((c) => Object.hasOwn(respostas, c.id)).map((c) => [c.id, respostas[c.id] as ValorCalculado]));
}

/**
 * The section whose step shows a blocking rule's message: the last one holding an answer the rule reads
 * (through the values it reads); the last section when it reads none.
 */
export function secaoDoBloqueio(d: Definicao, b: Bloqueio): string | undefined {
  const porCalculo = new Map((d.calculos ?? []).map((c) => [c.id, c]));
  const secaoDe = new Map(d.secoes.flatMap((s) => [[s.id, s.id] as const, ...s.campos.map((c) => [c.id, s.id] as const)]));
  const lidos = new Set<string>();
  const ler = (e: unknown) => {
    for (const { nome, noItem } of nomesLidos(e)) {
      if (noItem || lidos.has(nome)) continue;
      lidos.add(nome);
      if (porCalculo.has(nome)) ler(porCalculo.get(nome)!.expressao);
    }
  };
  ler(b.quando);
  const indices = [...lidos].map((n) => d.secoes.findIndex((s) => s.id === secaoDe.get(n))).filter((i) => i >= 0);
  return d.secoes[indices.length ? Math.max(...indices) : d.secoes.length - 1]?.id;
}

/** A blocking rule's key among a form's errors (no answer's name starts with '#'): the error summary links to its message. */
export const chaveDoBloqueio = (id: string) => `#bloqueio-${id}`;

/** The rules that hold, as errors by key (their messages as the definition, translated or not, writes them). */
export const errosDosBloqueios = (bloqueios: readonly Bloqueio[]): Record<string, string> => Object.fromEntries(bloqueios.map((b) => [chaveDoBloqueio(b.id), b.mensagem]));
