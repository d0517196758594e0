import jsonLogic from 'json-logic-js';

/**
 * The one evaluator of the expressions a designer writes (issue 43): JSON Logic (json-logic-js), with our few
 * named, pure operations, used unchanged by the builder's preview, `<formulario-cidadao>` and the server. Only
 * the operations below exist (json-logic-js's `log` is removed: an expression never reaches the console); an
 * expression is checked against this list before it is evaluated, so nothing else of the library is reachable.
 *
 * Numbers: `+`, `-` and `soma` add decimals exactly (0.1 + 0.2 is 0.3: the operands are scaled to integers);
 * `*` and `/` are rounded to 15 significant digits; a missing answer (null) makes the result missing, never 0;
 * a division by zero gives null; a comparison with a missing side is false. The criteria of rules (`regras.ts`)
 * add `preenchido`, `naoPreenchido`, `igual` (texts as a person reads them, a multiple choice by any of its
 * options) and `umDe`.
 */

/** The operations a designer may use, with the number of arguments each takes ([min, max]). */
export const OPERACOES = {
  var: [1, 1],
  if: [3, 21],
  '==': [2, 2],
  '!=': [2, 2],
  '>': [2, 2],
  '>=': [2, 2],
  '<': [2, 2],
  '<=': [2, 2],
  '!': [1, 1],
  and: [2, 100],
  or: [2, 100],
  '+': [1, 20],
  '-': [1, 2],
  '*': [2, 20],
  '/': [2, 2],
  min: [1, 20],
  max: [1, 20],
  cat: [1, 20],
  in: [2, 2],
  map: [2, 2],
  filter: [2, 2],
  soma: [1, 1],
  contagem: [1, 1],
  minimo: [1, 1],
  maximo: [1, 1],
  idade: [1, 2],
  diasEntre: [2, 2],
  somarDias: [2, 2],
  arredondar: [1, 1],
  hoje: [0, 0],
  preenchido: [1, 1],
  naoPreenchido: [1, 1],
  igual: [2, 2],
  umDe: [2, 2],
} as const satisfies Record<string, readonly [number, number]>;
export type Operacao = keyof typeof OPERACOES;

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const MS_DIA = 86_400_000;

const faltando = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v));
/** A number or null: strings are not read as numbers here (answers arrive converted). */
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'boolean' ? Number(v) : null);

/** Decimal places of a finite number as JavaScript writes it (1e-7 and the like: up to 15). */
function casas(n: number): number {
  const s = String(n);
  const e = s.indexOf('e-');
  if (e >= 0) return Math.min(15, Number(s.slice(e + 2)) + (s.indexOf('.') >= 0 ? e - s.indexOf('.') - 1 : 0));
  const p = s.indexOf('.');
  return p < 0 ? 0 : s.length - p - 1;
}

/** 15 significant digits: what binary floating point leaves after a product is cut off. */
export const normalizar = (n: number): number => (Number.isFinite(n) ? Number(n.toPrecision(15)) : n);

/** The exact sum of decimals: each scaled to an integer by the most decimal places among them. */
export function somaExata(valores: readonly number[]): number {
  const k = Math.min(15, Math.max(0, ...valores.map(casas)));
  const escala = 10 ** k;
  return normalizar(valores.reduce((t, v) => t + Math.round(v * escala), 0) / escala);
}

/** A date (yyyy-MM-dd) as days since 1970, or null when it is no date. */
function diaDe(v: unknown): number | null {
  if (typeof v !== 'string' || !ISO.test(v)) return null;
  const [a, m, d] = v.split('-').map(Number);
  const t = Date.UTC(a, m - 1, d);
  const x = new Date(t);
  return x.getUTCFullYear() === a && x.getUTCMonth() === m - 1 && x.getUTCDate() === d ? t / MS_DIA : null;
}
const dataDoDia = (dia: number) => new Date(dia * MS_DIA).toISOString().slice(0, 10);

/** Whole years from `nascimento` to `data` (yyyy-MM-dd): 18 on the 18th birthday, not the day before. */
export function idadeEm(nascimento: string, data: string): number | null {
  if (diaDe(nascimento) === null || diaDe(data) === null || data < nascimento) return null;
  const [a1, m1, d1] = nascimento.split('-').map(Number);
  const [a2, m2, d2] = data.split('-').map(Number);
  return a2 - a1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

const lista = (v: unknown): number[] | null => {
  if (!Array.isArray(v)) return null;
  const ns = v.filter((x) => !faltando(x)).map(num);
  return ns.every((x) => x !== null) ? (ns as number[]) : null;
};
const comparar = (f: (a: number | string, b: number | string) => boolean) => (a: unknown, b: unknown) => {
  if (faltando(a) || faltando(b)) return false;
  const x = typeof a === 'string' && typeof b === 'string' ? [a, b] : [num(a), num(b)];
  return x[0] !== null && x[1] !== null && f(x[0], x[1]);
};

/** Text as a person compares it: trimmed, case and accents aside. */
const comoSeLe = (s: string) => s.trim().normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');
/** No answer: missing, blank text or an empty list (what `preenchido` says is not there). */
export const vazio = (v: unknown) => faltando(v) || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length);
/** One answer equal to what the designer gave: numbers by value, texts as a person reads them, yes/no by its name. */
function mesmo(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return num(a) !== null && num(a) === (typeof b === 'string' ? (b.trim() ? Number(b) : NaN) : num(b));
  if (typeof a === 'boolean') return String(a) === String(b);
  return typeof a === 'string' && typeof b === 'string' && comoSeLe(a) === comoSeLe(b);
}
/** A criterion's equality: an answer equal to `b`, or a multiple choice with `b` among its options. */
const igual = (a: unknown, b: unknown) => !vazio(a) && (Array.isArray(a) ? a.some((x) => mesmo(x, b)) : mesmo(a, b));

const NOSSAS: Record<string, (...a: unknown[]) => unknown> = {
  '+': (...a) => (a.some(faltando) || a.some((x) => num(x) === null) ? null : somaExata(a.map((x) => num(x)!))),
  '-': (a, b) => {
    if (b === undefined) return num(a) === null ? null : -num(a)!;
    return num(a) === null || num(b) === null ? null : somaExata([num(a)!, -num(b)!]);
  },
  '*': (...a) => (a.some((x) => num(x) === null) ? null : normalizar(a.reduce<number>((t, x) => t * num(x)!, 1))),
  '/': (a, b) => (num(a) === null || num(b) === null || num(b) === 0 ? null : normalizar(num(a)! / num(b)!)),
  min: (...a) => (a.some((x) => num(x) === null) ? null : Math.min(...a.map((x) => num(x)!))),
  max: (...a) => (a.some((x) => num(x) === null) ? null : Math.max(...a.map((x) => num(x)!))),
  '>': comparar((a, b) => a > b),
  '>=': comparar((a, b) => a >= b),
  '<': comparar((a, b) => a < b),
  '<=': comparar((a, b) => a <= b),
  cat: (...a) => a.map((x) => (faltando(x) ? '' : String(x))).join(''),
  soma: (l) => (lista(l) === null ? null : somaExata(lista(l)!)),
  contagem: (l) => (Array.isArray(l) ? l.length : 0),
  minimo: (l) => (lista(l)?.length ? Math.min(...lista(l)!) : null),
  maximo: (l) => (lista(l)?.length ? Math.max(...lista(l)!) : null),
  idade: (nascimento, data) => (typeof nascimento === 'string' && typeof data === 'string' ? idadeEm(nascimento, data) : null),
  diasEntre: (a, b) => (diaDe(a) === null || diaDe(b) === null ? null : diaDe(b)! - diaDe(a)!),
  somarDias: (d, n) => (diaDe(d) === null || num(n) === null || !Number.isInteger(num(n)) ? null : dataDoDia(diaDe(d)! + num(n)!)),
  // A criterion's operations (regras.ts): how a question's condition, a required-when and a blocking rule read answers.
  preenchido: (x) => !vazio(x),
  naoPreenchido: (x) => vazio(x),
  igual,
  umDe: (x, alvos) => Array.isArray(alvos) && alvos.some((b) => igual(x, b)),
  // Round half away from zero to centavos, on the decimal the number stands for (1.005 → 1.01).
  arredondar: (x) => (num(x) === null ? null : Math.sign(num(x)!) * Math.round(normalizar(Math.abs(num(x)!) * 100)) / 100 || 0),
};
jsonLogic.rm_operation('log');
for (const [nome, f] of Object.entries(NOSSAS)) jsonLogic.add_operation(nome, f);

/**
 * The expression with `hoje` replaced by the date and `idade` given its second argument (today, when the
 * designer gave none): the operations stay pure and the browser and the server agree on the same date.
 */
function comHoje(e: unknown, hoje: string): unknown {
  if (Array.isArray(e)) return e.map((x) => comHoje(x, hoje));
  if (!e || typeof e !== 'object') return e;
  const [op] = Object.keys(e);
  const args = (e as Record<string, unknown>)[op];
  if (op === 'hoje') return hoje;
  const partes = (Array.isArray(args) ? args : [args]).map((x) => comHoje(x, hoje));
  if (op === 'idade' && partes.length === 1) partes.push(hoje);
  return { [op]: partes };
}

/** A JSON Logic node as its operation and arguments (one argument given alone is a list of one), or null when it is none. */
export const no = (e: unknown): [string, unknown[]] | null => {
  if (!e || typeof e !== 'object' || Array.isArray(e)) return null;
  const chaves = Object.keys(e);
  if (chaves.length !== 1) return null;
  const v = (e as Record<string, unknown>)[chaves[0]];
  return [chaves[0], Array.isArray(v) ? v : [v]];
};

/** Whether an expression uses only the operations above, each with its number of arguments (checked before each evaluation). */
export function expressaoPermitida(e: unknown, profundidade = 0): boolean {
  if (profundidade > 60) return false;
  if (Array.isArray(e)) return e.every((x) => expressaoPermitida(x, profundidade + 1));
  if (e === null || typeof e !== 'object') return typeof e !== 'function';
  const chaves = Object.keys(e);
  if (chaves.length !== 1 || !Object.hasOwn(OPERACOES, chaves[0])) return false;
  const op = chaves[0] as Operacao;
  const v = (e as Record<string, unknown>)[op];
  const args = Array.isArray(v) ? v : [v];
  const [min, max] = OPERACOES[op];
  // A `var` reads one answer's name (a text); nothing computed, so no path can reach past the answers.
  if (op === 'var' && typeof args[0] !== 'string') return false;
  return (op === 'hoje' || (args.length >= min && args.length <= max)) && args.every((x) => expressaoPermitida(x, profundidade + 1));
}

/**
 * The value of expression `e` over `dados` (answers and values by name; a repeating section as a list of items),
 * on date `hoje` (yyyy-MM-dd, São Paulo). Null when it cannot be computed (missing answers, a division by zero,
 * an operation outside the list).
 */
export function avaliar(e: unknown, dados: Record<string, unknown>, hoje: string): unknown {
  if (!expressaoPermitida(e)) return null;
  try {
    const v = jsonLogic.apply(comHoje(e, hoje), dados);
    return v === undefined || (typeof v === 'number' && !Number.isFinite(v)) ? null : v;
  } catch {
    return null;
  }
}

/** JSON Logic's truth (an empty list is false), for a blocking rule's decision. */
export const verdadeiro = (v: unknown): boolean => v !== null && jsonLogic.truthy(v);
