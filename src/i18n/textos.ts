import { acesso } from './textos/acesso';
import { comum } from './textos/comum';
import { status } from './textos/status';
import { integracao } from './textos/integracao';
import { modelos } from './textos/modelos';

/**
 * The texts added since the catalogs were split by page: each key holds [pt-BR, English] side by side,
 * so a text is never written in one language only. pt-BR.ts and en.ts take their side.
 */
const TEXTOS = { ...comum, ...acesso, ...status, ...integracao, ...modelos } as const;

type Textos = typeof TEXTOS;

export function lado(i: 0 | 1): { [K in keyof Textos]: string } {
  return Object.fromEntries(Object.entries(TEXTOS).map(([k, v]) => [k, v[i]])) as { [K in keyof Textos]: string };
}
