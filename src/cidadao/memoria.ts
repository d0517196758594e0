import type { Respostas } from '../forms/preenchimento';

/**
 * What a citizen typed in this visit, kept in the tab's sessionStorage (issue 35: a reload lost page 1's
 * answers): never localStorage (a shared computer keeps it after the tab closes), cleared once sent. Tied
 * to the model's version (or the draft) it was typed against: answers for another version are dropped.
 */
export interface Lembranca {
  versao: number;
  respostas: Respostas;
  /** The step the citizen was on (`revisao` or a page's id). */
  passo?: string;
  /** The draft being filled, when it came from one. */
  rascunho?: string;
}

const chave = (codigo: string) => `formulario-cidadao:${codigo}`;

/** sessionStorage, or nothing where it is refused (a sandboxed frame, storage turned off). */
function armazenamento(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function lembrar(codigo: string, l: Lembranca, s: Storage | null = armazenamento()): void {
  try {
    s?.setItem(chave(codigo), JSON.stringify(l));
  } catch {
    // Full or refused: the form goes on without it.
  }
}

/**
 * This visit's answers to model `codigo` at `versao`, or null. Opened from a draft (`rascunho`), only what
 * was typed on that draft; opened without one, what was typed (on a draft saved meanwhile, too).
 */
export function recordar(codigo: string, versao: number, rascunho: string | null, s: Storage | null = armazenamento()): Lembranca | null {
  try {
    const l = JSON.parse(s?.getItem(chave(codigo)) ?? 'null') as Lembranca | null;
    if (!l || typeof l !== 'object' || l.versao !== versao || (rascunho !== null && l.rascunho !== rascunho) || typeof l.respostas !== 'object' || !l.respostas) return null;
    return l;
  } catch {
    return null;
  }
}

export function esquecer(codigo: string, s: Storage | null = armazenamento()): void {
  try {
    s?.removeItem(chave(codigo));
  } catch {
    // Nothing to forget.
  }
}
