import { proxy } from 'valtio';

/**
 * Named loading scopes (SPEC.md section 4): the busy cursor shows while any scope is active.
 * A scope is a counter, so overlapping calls of the same scope end only when the last one does.
 */
export function criarCarregamento() {
  return proxy({ escopos: {} as Record<string, number> });
}

export type Carregamento = ReturnType<typeof criarCarregamento>;

export function iniciar(c: Carregamento, escopo: string): void {
  c.escopos[escopo] = (c.escopos[escopo] ?? 0) + 1;
}

export function terminar(c: Carregamento, escopo: string): void {
  const n = (c.escopos[escopo] ?? 0) - 1;
  if (n > 0) c.escopos[escopo] = n;
  else delete c.escopos[escopo];
}

export function ocupado(c: { escopos: Record<string, number> }, escopo?: string): boolean {
  return escopo ? (c.escopos[escopo] ?? 0) > 0 : Object.keys(c.escopos).length > 0;
}

/** Runs `trabalho` inside a scope; the scope ends whether it succeeds or fails. */
export async function comEscopo<T>(c: Carregamento, escopo: string, trabalho: () => Promise<T>): Promise<T> {
  iniciar(c, escopo);
  try {
    return await trabalho();
  } finally {
    terminar(c, escopo);
  }
}
