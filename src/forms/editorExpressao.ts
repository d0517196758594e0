import type { Definicao } from './definicao';
import { no } from './expressoes';
import type { TipoCalculo } from './vocabulario';

/**
 * The builder's calculation editor without JSON (issue 43): an expression seen as a tree of pieces a designer
 * picks — an answer or value, a number, today, an operation on two pieces, a total of a repeating section's
 * items, an age — each piece one JSON Logic node. Pure: the editor draws these, the tests check them; anything
 * the pieces cannot say stays "avançada" and is edited as JSON. Rules (conditions, a yes/no value) are not pieces:
 * they are written as criteria, the one way every rule is written (`regras.ts`).
 */
export const FORMAS = [
  'resposta', 'numero', 'hoje',
  'soma', 'subtracao', 'multiplicacao', 'divisao',
  'somaItens', 'contagem', 'minimoItens', 'maximoItens',
  'idade', 'diasEntre', 'somarDias', 'arredondar',
  'avancada',
] as const;
export type Forma = (typeof FORMAS)[number];

const BINARIAS = { soma: '+', subtracao: '-', multiplicacao: '*', divisao: '/' } as const;
const AGREGADAS = { somaItens: 'soma', minimoItens: 'minimo', maximoItens: 'maximo' } as const;

const nomeDe = (e: unknown): string | null => {
  const n = no(e);
  return n && n[0] === 'var' && typeof n[1][0] === 'string' ? n[1][0] : null;
};

/** A total of a repeating section's items: `{soma: {map: [{var: secao}, {var: campo}]}}` read back. */
export function itensDe(e: unknown): { secao: string; campo: string } | null {
  const n = no(e);
  const m = n && n[1].length === 1 ? no(n[1][0]) : null;
  if (!m || m[0] !== 'map' || m[1].length !== 2) return null;
  const secao = nomeDe(m[1][0]);
  const campo = nomeDe(m[1][1]);
  return secao && campo ? { secao, campo } : null;
}

/** Which piece an expression is (`avancada` when the pieces cannot say it). */
export function formaDe(e: unknown): Forma {
  if (typeof e === 'number') return 'numero';
  const n = no(e);
  if (!n) return 'avancada';
  const [op, a] = n;
  if (op === 'var') return nomeDe(e) ? 'resposta' : 'avancada';
  if (op === 'hoje') return 'hoje';
  for (const [forma, simbolo] of Object.entries(BINARIAS)) if (op === simbolo && a.length === 2) return forma as Forma;
  for (const [forma, nome] of Object.entries(AGREGADAS)) if (op === nome && itensDe(e)) return forma as Forma;
  if (op === 'contagem' && nomeDe(a[0])) return 'contagem';
  if (op === 'idade' && a.length === 1) return 'idade';
  if (op === 'diasEntre' && a.length === 2) return 'diasEntre';
  if (op === 'somarDias' && a.length === 2) return 'somarDias';
  if (op === 'arredondar' && a.length === 1) return 'arredondar';
  return 'avancada';
}

/** The pieces inside a piece, in order (none for an answer, a number, today, a total of items). */
export function partes(e: unknown): unknown[] {
  const forma = formaDe(e);
  if (forma === 'resposta' || forma === 'numero' || forma === 'hoje' || forma === 'avancada' || forma === 'contagem' || forma in AGREGADAS) return [];
  return no(e)![1];
}

/** The same piece with its part `i` replaced. */
export function comParte(e: unknown, i: number, parte: unknown): unknown {
  const [op, a] = no(e)!;
  return { [op]: a.map((x, k) => (k === i ? parte : x)) };
}


/** A piece of `forma` to start with; the piece it replaces becomes its first part where it fits (a+… keeps a). */
export function pecaNova(forma: Forma, anterior: unknown, o: { nome?: string; secao?: { id: string; campo?: string } } = {}): unknown {
  const primeira = formaDe(anterior) === 'avancada' ? 0 : anterior;
  switch (forma) {
    case 'resposta':
      return { var: o.nome ?? '' };
    case 'numero':
      return 0;
    case 'hoje':
      return { hoje: [] };
    case 'soma':
    case 'subtracao':
    case 'multiplicacao':
    case 'divisao':
      return { [BINARIAS[forma]]: [primeira, forma === 'multiplicacao' || forma === 'divisao' ? 1 : 0] };
    case 'somaItens':
    case 'minimoItens':
    case 'maximoItens':
      return { [AGREGADAS[forma]]: { map: [{ var: o.secao?.id ?? '' }, { var: o.secao?.campo ?? '' }] } };
    case 'contagem':
      return { contagem: { var: o.secao?.id ?? '' } };
    case 'idade':
      return { idade: [{ var: o.nome ?? '' }] };
    case 'diasEntre':
      return { diasEntre: [{ var: o.nome ?? '' }, { hoje: [] }] };
    case 'somarDias':
      return { somarDias: [{ var: o.nome ?? '' }, 30] };
    case 'arredondar':
      return { arredondar: [primeira] };
    default:
      return anterior;
  }
}

/** A total of items with another section or question. */
export function comItens(e: unknown, secao: string, campo?: string): unknown {
  const forma = formaDe(e);
  if (forma === 'contagem') return { contagem: { var: secao } };
  return { [no(e)![0]]: { map: [{ var: secao }, { var: campo ?? itensDe(e)?.campo ?? '' }] } };
}

export interface NomeDisponivel {
  nome: string;
  rotulo: string;
  /** What it is: an answer's type, or a calculated value's. */
  tipo: 'numero' | 'data' | 'texto' | 'simNao';
  calculo?: boolean;
}

const DO_CAMPO: Record<string, NomeDisponivel['tipo']> = { inteiro: 'numero', decimal: 'numero', data: 'data' };
const DO_CALCULO: Record<TipoCalculo, NomeDisponivel['tipo']> = { numero: 'numero', dinheiro: 'numero', data: 'data', texto: 'texto', simNao: 'simNao' };

/**
 * What a calculation (or, without `proprio`, a blocking rule) may read: the answers outside repeating sections,
 * and the other calculated values; the repeating sections with their number questions, for totals.
 */
export function nomesDisponiveis(d: Definicao, proprio?: string): { nomes: NomeDisponivel[]; repetidas: { id: string; titulo: string; campos: { id: string; rotulo: string }[] }[] } {
  const nomes: NomeDisponivel[] = [
    ...d.secoes.filter((s) => !s.repeticao).flatMap((s) => s.campos.filter((c) => c.tipo !== 'arquivo').map((c) => ({ nome: c.id, rotulo: c.rotulo || c.id, tipo: DO_CAMPO[c.tipo] ?? ('texto' as const) }))),
    ...(d.calculos ?? []).filter((c) => c.id !== proprio).map((c) => ({ nome: c.id, rotulo: c.rotulo || c.id, tipo: DO_CALCULO[c.tipo] ?? ('texto' as const), calculo: true })),
  ];
  const repetidas = d.secoes.filter((s) => s.repeticao).map((s) => ({ id: s.id, titulo: s.titulo || s.id, campos: s.campos.filter((c) => c.tipo === 'inteiro' || c.tipo === 'decimal').map((c) => ({ id: c.id, rotulo: c.rotulo || c.id })) }));
  return { nomes, repetidas };
}

/** A new value's name from its label: "Renda por pessoa" → "renda-por-pessoa", made unique among the definition's names. */
export function nomeDoRotulo(rotulo: string, d: Definicao, proprio?: string): string {
  const base = rotulo.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 50) || 'valor';
  const inicio = /^[a-z]/.test(base) ? base : `v-${base}`;
  const usados = new Set([...d.secoes.flatMap((s) => [s.id, ...s.campos.map((c) => c.id)]), ...(d.calculos ?? []).filter((c) => c.id !== proprio).map((c) => c.id)]);
  let nome = inicio;
  for (let i = 2; usados.has(nome); i++) nome = `${inicio}-${i}`;
  return nome;
}

/** The same expression reading `para` where it read `de` (names are unique in a definition: inside an item's scope too). */
export function renomearNaExpressao(e: unknown, de: string, para: string): unknown {
  if (Array.isArray(e)) return e.map((x) => renomearNaExpressao(x, de, para));
  const n = no(e);
  if (!n) return e;
  const [op, a] = n;
  if (op === 'var') return a[0] === de ? { var: para } : e;
  return { [op]: a.map((x) => renomearNaExpressao(x, de, para)) };
}

/** Every expression, and the fee, following a renamed answer or value (`de` → `para`). */
export function renomearNasExpressoes(d: Definicao, de: string, para: string): Definicao {
  if (!d.calculos?.length && !d.bloqueios?.length) return d;
  return {
    ...d,
    ...(d.calculos ? { calculos: d.calculos.map((c) => ({ ...c, id: c.id === de ? para : c.id, expressao: renomearNaExpressao(c.expressao, de, para) })) } : {}),
    ...(d.bloqueios ? { bloqueios: d.bloqueios.map((b) => ({ ...b, quando: renomearNaExpressao(b.quando, de, para) })) } : {}),
    ...(d.taxa?.calculo === de ? { taxa: { ...d.taxa, calculo: para } } : {}),
  };
}
