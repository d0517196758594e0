import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErroCampo } from '../../contrato/problema';
import { invalido, MSG_CAMPOS } from './erros';

/**
 * What no route needs and PostgreSQL cannot always store: control characters (tab and line breaks
 * excepted: long answers have them), lone UTF-16 surrogates (no valid text has one; jsonb refuses them)
 * and values nested deeper than any form or filter. Checked once for every /api request, in the body,
 * the query and the path, before any route reads them: a 400 with the field, never a 500.
 */
export const PROFUNDIDADE_MAXIMA = 32;

const CONTROLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const SURROGATE_SOLTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const MSG_CARACTERES = 'Este campo contém caracteres não permitidos (caracteres de controle ou Unicode inválido).';
export const MSG_PROFUNDIDADE = `Este campo tem níveis demais (no máximo ${PROFUNDIDADE_MAXIMA}).`;

export const textoAceitavel = (s: string) => !CONTROLE.test(s) && !SURROGATE_SOLTO.test(s);

/** The first problem in `valor` (iterative: a 5,000-level body must not exhaust the stack), or null. */
export function problemaDeEntrada(valor: unknown, raiz: string): ErroCampo | null {
  const pilha: [unknown, string, number][] = [[valor, raiz, 0]];
  while (pilha.length) {
    const [v, caminho, nivel] = pilha.pop()!;
    if (typeof v === 'string') {
      if (!textoAceitavel(v)) return { field: caminho, message: MSG_CARACTERES };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (nivel >= PROFUNDIDADE_MAXIMA) return { field: caminho, message: MSG_PROFUNDIDADE };
    for (const [k, filho] of Object.entries(v)) {
      const aqui = caminho ? `${caminho}.${k}` : k;
      if (!textoAceitavel(k)) return { field: caminho, message: MSG_CARACTERES };
      pilha.push([filho, aqui, nivel + 1]);
    }
  }
  return null;
}

/** preValidation for every /api route. */
export async function recusarEntradaInsegura(req: FastifyRequest, _rep: FastifyReply) {
  // A file upload's body is the request's stream (its route reads the bytes itself), not parsed input.
  const corpo = req.body instanceof Readable ? undefined : req.body;
  for (const valor of [req.params, req.query, corpo]) {
    const p = problemaDeEntrada(valor, '');
    if (p) throw invalido(MSG_CAMPOS, [{ ...p, field: p.field || 'body' }]);
  }
}
