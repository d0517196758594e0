import { acesso } from './textos/acesso';
import { comum } from './textos/comum';
import { status } from './textos/status';
import { integracao } from './textos/integracao';
import { modelos } from './textos/modelos';

import { ladoCidadao } from './cidadao';

/**
 * The texts added since the catalogs were split by page: each key holds [pt-BR, English] side by side,
 * so a text is never written in one language only. pt-BR.ts and en.ts take their side.
 */
type Textos = typeof comum & typeof acesso & typeof status & typeof integracao & typeof modelos;

export function lado(i: 0 | 1): { [K in keyof Textos]: string } {
  const textos: Record<string, readonly string[]> = { ...comum, ...acesso, ...status, ...integracao, ...modelos };
  return Object.fromEntries(Object.entries(textos).map(([k, v]) => [k, v[i]])) as { [K in keyof Textos]: string };
}

/**
 * A whole catalog of the console: the side-by-side texts, the citizen's (src/i18n/cidadao.ts) and the
 * catalog's own. Made by a call marked pure, so a bundle that never reads the console's catalogs (the
 * citizen's element) drops them whole.
 */
export function catalogo<T extends Record<string, string>>(i: 0 | 1, proprios: T): ReturnType<typeof lado> & ReturnType<typeof ladoCidadao> & T {
  return { ...lado(i), ...ladoCidadao(i), ...proprios };
}
