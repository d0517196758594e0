import type { Static } from 'typebox';
import type { Condicao as EsquemaCondicao, Criterio as EsquemaCriterio } from '../contrato/modelos';
import { lerNumero } from '../validation/regras';
import { cnpjNormalizado, telefoneE164 } from './brasileiros';
import type { CampoDefinicao, Definicao } from './definicao';
import { reaisDaResposta } from './dinheiro';
import { avaliar, no, vazio, verdadeiro } from './expressoes';
import type { TipoCalculo, TipoCampo } from './vocabulario';

/**
 * One way of writing rules (issue 43): a rule is a list of criteria ("todas" or "qualquer"), each an answer or a
 * value compared with what the designer gives, the way a question's condition has always been written. The
 * builder edits every rule so: when a question or a section shows, when a question becomes required, when a form
 * is blocked, and a yes/no value. Each criterion is one JSON Logic node of the one evaluator (`expressoes.ts`):
 * a condition is evaluated by compiling it, and a blocking rule's JSON Logic reads back as criteria whenever it
 * is in this shape (anything else stays JSON, edited as such). Pure.
 */
export type Condicao = Static<typeof EsquemaCondicao>;
export type Criterio = Static<typeof EsquemaCriterio>;
export type Operador = Criterio['operador'];

/** What a criterion may read: a question, or a calculated value seen as the question type it resembles. */
export type Sujeito = Pick<CampoDefinicao, 'id' | 'tipo'> & Partial<Pick<CampoDefinicao, 'rotulo' | 'opcoes'>>;

/** An answer as an expression reads it: numbers as numbers, dates as yyyy-MM-dd, a document or a CEP by its digits, a file as yes. */
export function valorParaExpressao(c: Pick<CampoDefinicao, 'tipo'>, v: unknown): unknown {
  if (vazio(v)) return null;
  switch (c.tipo) {
    case 'inteiro':
    case 'decimal': {
      const n = typeof v === 'number' || typeof v === 'string' ? lerNumero(v) : NaN;
      return Number.isFinite(n) ? n : null;
    }
    case 'moeda': {
      const r = reaisDaResposta(v);
      return Number.isFinite(r) ? r : null;
    }
    case 'cnpj':
      return typeof v === 'string' ? cnpjNormalizado(v) : null;
    case 'telefone':
      return typeof v === 'string' ? (telefoneE164(v) ?? v.trim()) : null;
    case 'data':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
    case 'escolha-multipla':
      return Array.isArray(v) ? v.map(String) : null;
    case 'cpf':
    case 'cep':
      return typeof v === 'string' ? v.replace(/\D/g, '') : null;
    case 'arquivo':
      return true;
    default:
      return typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? v : null;
  }
}

const COMPARACOES = { maior: '>', maiorOuIgual: '>=', menor: '<', menorOuIgual: '<=' } as const;
const NUMERICOS = new Set(['inteiro', 'decimal', 'moeda']);

/** What the designer typed, as the answer it is compared with reads (a CPF by its digits, "1.234,5" a number). */
function constante(s: Sujeito, v: unknown): string | number {
  if (NUMERICOS.has(s.tipo)) {
    const n = typeof v === 'number' || typeof v === 'string' ? lerNumero(v) : NaN;
    return Number.isFinite(n) ? n : String(v ?? '');
  }
  // A document or a CEP by its digits; any other text as typed (the comparison sets spaces, case and accents aside).
  if (s.tipo !== 'cpf' && s.tipo !== 'cnpj' && s.tipo !== 'cep' && s.tipo !== 'telefone') return String(v ?? '');
  const x = valorParaExpressao(s, String(v ?? ''));
  return typeof x === 'string' ? x : String(v ?? '');
}

/** One criterion as a JSON Logic node; `false` when what it reads is not among `sujeitos` (removed, or later). */
export function logicaDoCriterio(c: Criterio, sujeitos: ReadonlyMap<string, Sujeito>): unknown {
  const s = sujeitos.get(c.campo);
  if (!s) return false;
  const x = { var: c.campo };
  switch (c.operador) {
    case 'preenchido':
    case 'naoPreenchido':
      return { [c.operador]: [x] };
    case 'igual':
      return { igual: [x, constante(s, c.valor)] };
    case 'umDe':
      return { umDe: [x, (c.valores ?? []).map((v) => constante(s, v))] };
    default:
      return { [COMPARACOES[c.operador]]: [x, constante(s, c.valor)] };
  }
}

/** A condition as one JSON Logic rule: a criterion alone, or `and`/`or` of them; with none, true. */
export function logicaDaCondicao(cond: Condicao, sujeitos: ReadonlyMap<string, Sujeito>): unknown {
  const partes = cond.criterios.map((c) => logicaDoCriterio(c, sujeitos));
  if (partes.length <= 1) return partes.length ? partes[0] : true;
  return { [cond.juncao === 'qualquer' ? 'or' : 'and']: partes };
}

const OPERADOR_DA_COMPARACAO = Object.fromEntries(Object.entries(COMPARACOES).map(([k, v]) => [v, k])) as Record<string, Operador>;
const simples = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** A JSON Logic node read back as a criterion, or null when it is none. */
export function criterioDaLogica(e: unknown): Criterio | null {
  const n = no(e);
  if (!n) return null;
  const [op, a] = n;
  const alvo = no(a[0]);
  if (!alvo || alvo[0] !== 'var' || typeof alvo[1][0] !== 'string' || alvo[1].length !== 1) return null;
  const campo = alvo[1][0];
  if ((op === 'preenchido' || op === 'naoPreenchido') && a.length === 1) return { campo, operador: op };
  if (a.length !== 2) return null;
  if (op === 'umDe') return Array.isArray(a[1]) && a[1].every(simples) ? { campo, operador: 'umDe', valores: a[1].map(String) } : null;
  if (!simples(a[1])) return null;
  if (op === 'igual') return { campo, operador: 'igual', valor: a[1] };
  return Object.hasOwn(OPERADOR_DA_COMPARACAO, op) ? { campo, operador: OPERADOR_DA_COMPARACAO[op], valor: a[1] } : null;
}

/** A JSON Logic rule read back as criteria (what `logicaDaCondicao` writes), or null when the builder shows it as JSON. */
export function condicaoDaLogica(e: unknown): Condicao | null {
  const um = criterioDaLogica(e);
  if (um) return { juncao: 'todas', criterios: [um] };
  const n = no(e);
  if (!n || (n[0] !== 'and' && n[0] !== 'or')) return null;
  const criterios = n[1].map(criterioDaLogica);
  return criterios.every((c) => c !== null) ? { juncao: n[0] === 'or' ? 'qualquer' : 'todas', criterios: criterios as Criterio[] } : null;
}

/** Whether `cond` holds when each subject it reads has `valor(subject)` (an answer as typed or stored; undefined when not given). */
export function condicaoAtendida(cond: Condicao | undefined, sujeitos: ReadonlyMap<string, Sujeito>, valor: (s: Sujeito) => unknown): boolean {
  if (!cond || !cond.criterios.length) return true;
  const dados: Record<string, unknown> = Object.create(null);
  for (const c of cond.criterios) {
    const s = sujeitos.get(c.campo);
    if (s && !(c.campo in dados)) dados[c.campo] = valorParaExpressao(s, valor(s));
  }
  // Conditions never read today's date: no date is given.
  return verdadeiro(avaliar(logicaDaCondicao(cond, sujeitos), dados, ''));
}

/** The question type a calculated value is compared as; a yes/no value as a choice of "true" and "false". */
const COMO_CAMPO: Record<TipoCalculo, TipoCampo> = { numero: 'decimal', dinheiro: 'moeda', data: 'data', texto: 'texto', simNao: 'escolha-unica' };

/**
 * What a rule that is not a question's condition may read (a blocking rule, a required-when, a yes/no value): the
 * answers outside repeating sections and the calculated values (but `proprio`), labelled for the builder.
 */
export function sujeitosDasRegras(d: Definicao, rotulos: { sim: string; nao: string; calculado: (nome: string) => string }, proprio?: string): Sujeito[] {
  return [
    ...d.secoes.filter((s) => !s.repeticao).flatMap((s) => s.campos.map((c) => ({ id: c.id, tipo: c.tipo, rotulo: c.rotulo || c.id, opcoes: c.opcoes }))),
    ...(d.calculos ?? [])
      .filter((c) => c.id !== proprio)
      .map((c) => ({
        id: c.id,
        tipo: COMO_CAMPO[c.tipo] ?? 'texto',
        rotulo: rotulos.calculado(c.rotulo || c.id),
        ...(c.tipo === 'simNao' ? { opcoes: [{ valor: 'true', rotulo: rotulos.sim }, { valor: 'false', rotulo: rotulos.nao }] } : {}),
      })),
  ];
}

/** A new rule to start from: the last number among `sujeitos` (a calculated value, where there is one) compared with 0 by `comparador`; without numbers, the first answer given. */
export function regraNova(sujeitos: readonly Sujeito[], comparador: 'maior' | 'menor'): unknown {
  const numero = [...sujeitos].reverse().find((s) => NUMERICOS.has(s.tipo));
  const primeiro = numero ?? sujeitos[0];
  if (!primeiro) return true;
  const c: Criterio = numero ? { campo: numero.id, operador: comparador, valor: 0 } : { campo: primeiro.id, operador: 'preenchido' };
  return logicaDaCondicao({ juncao: 'todas', criterios: [c] }, new Map([[primeiro.id, primeiro]]));
}
