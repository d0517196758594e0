import { itensDe } from './condicoes';
import type { Definicao, Secao } from './definicao';
import type { Respostas } from './preenchimento';

/**
 * Repeating sections (issue 21): the citizen adds and removes items ("Dependentes") between the section's
 * minimum and maximum; the answer is the list of items under the section's id. Pure: the form keeps
 * its answers with these, the tests check them.
 */

/** `dependentes[1].nome` read back: the section, the item (0-based) and the question; null for a plain key. */
export function lerChaveNoItem(chave: string): { secao: string; indice: number; campo: string } | null {
  const m = /^([^[\]]+)\[(\d+)\]\.(.+)$/.exec(chave);
  return m ? { secao: m[1], indice: Number(m[2]), campo: m[3] } : null;
}

/** The answers with question `campo` of item `indice` set (items before it made when missing). */
export function alterarItem(r: Respostas, secao: string, indice: number, campo: string, valor: unknown): Respostas {
  const itens = itensDe(r, secao);
  while (itens.length <= indice) itens.push({});
  itens[indice] = { ...itens[indice], [campo]: valor };
  return { ...r, [secao]: itens };
}

/** One more (empty) item, unless the section's maximum is reached. */
export function adicionarItem(r: Respostas, s: Pick<Secao, 'id' | 'repeticao'>): Respostas {
  const itens = itensDe(r, s.id);
  if (s.repeticao && itens.length >= s.repeticao.maximo) return r;
  return { ...r, [s.id]: [...itens, {}] };
}

/** Item `indice` removed, unless the section's minimum would be passed. */
export function removerItem(r: Respostas, s: Pick<Secao, 'id' | 'repeticao'>, indice: number): Respostas {
  const itens = itensDe(r, s.id);
  if (s.repeticao && itens.length <= s.repeticao.minimo) return r;
  return { ...r, [s.id]: itens.filter((_, i) => i !== indice) };
}

/** Answers to start a form with: each repeating section with its minimum of empty items, unless it has some. */
export function comItensMinimos(d: Definicao, r: Respostas): Respostas {
  const saida = { ...r };
  for (const s of d.secoes) {
    if (!s.repeticao || Object.hasOwn(r, s.id)) continue;
    saida[s.id] = Array.from({ length: s.repeticao.minimo }, () => ({}));
  }
  return saida;
}
