/**
 * Undo and redo within an editing session. Pure: `fazer` records a new state (typing into the same
 * thing within a short time joins one step, so undo does not go back one letter at a time).
 */
export interface Historico<T> {
  passado: T[];
  presente: T;
  futuro: T[];
  /** What the last step changed and when (joins consecutive typing). */
  ultimo?: { chave: string; em: number };
}

export const LIMITE_HISTORICO = 200;
const JUNTAR_MS = 1000;

export function iniciarHistorico<T>(inicial: T): Historico<T> {
  return { passado: [], presente: inicial, futuro: [] };
}

export function fazer<T>(h: Historico<T>, novo: T, chave = '', agora = Date.now()): Historico<T> {
  if (novo === h.presente) return h;
  const juntar = !!chave && h.ultimo?.chave === chave && agora - h.ultimo.em < JUNTAR_MS && h.passado.length > 0;
  const passado = juntar ? h.passado : [...h.passado, h.presente].slice(-LIMITE_HISTORICO);
  return { passado, presente: novo, futuro: [], ultimo: { chave, em: agora } };
}

export function desfazer<T>(h: Historico<T>): Historico<T> {
  if (!h.passado.length) return h;
  return { passado: h.passado.slice(0, -1), presente: h.passado[h.passado.length - 1], futuro: [h.presente, ...h.futuro] };
}

export function refazer<T>(h: Historico<T>): Historico<T> {
  if (!h.futuro.length) return h;
  return { passado: [...h.passado, h.presente], presente: h.futuro[0], futuro: h.futuro.slice(1) };
}
