import { Type, type Static, type TSchema } from 'typebox';
import { CABECALHOS, TAMANHO_MAXIMO } from './paginacao';

/**
 * THE API contract (issue 17): every request and answer of the reference API, as JSON Schemas written
 * with TypeBox. The server validates requests and serialises answers with them, `/api/openapi.json` is
 * generated from them, and the element's types are `Static<…>` of them (imported as types only, so none
 * of this reaches the browser bundle).
 */

/** A value or null. */
export const Nulavel = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const DataHora = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
/** A calendar date, yyyy-MM-dd. */
export const Data = (description?: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-11-22'], ...(description ? { description } : {}) });
/** An int4 id. */
export const Id = (description?: string) => Type.Integer({ minimum: 1, maximum: 2147483647, ...(description ? { description } : {}) });
/** A bigint id (forms, events, retries). */
export const IdLongo = (description?: string) => Type.Integer({ minimum: 1, maximum: 9007199254740991, ...(description ? { description } : {}) });
/** One of these strings (typed as their union). */
export const Enum = <const T extends readonly string[]>(valores: T, description?: string) => Type.Unsafe<T[number]>({ type: 'string', enum: [...valores], ...(description ? { description } : {}) });
/** Free JSON object (answers, event details, audit snapshots). */
export const Objeto = (description?: string) => Type.Record(Type.String(), Type.Unknown(), description ? { description } : {});
export const Versao = () => Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Versão do registro para controle de concorrência: envie a que você leu; se outra pessoa salvou antes, a resposta é 409.' });

export const ErroCampo = Type.Object(
  {
    field: Type.String({ description: 'O campo, como caminho com pontos (`respostas.cpf`, `definicao.secoes[0].campos[2].rotulo`).' }),
    message: Type.String({ description: 'O que corrigir, em pt-BR.' }),
  },
  { title: 'ErroCampo', description: 'Um problema de um campo.' },
);

export const Problema = Type.Object(
  {
    type: Type.Optional(Type.String({ description: 'URN do tipo do problema, quando o cliente precisa distingui-lo (ex.: `urn:console-formularios:problema:versao-antiga`).' })),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    title: Type.String({ description: 'Título do status em pt-BR.' }),
    detail: Type.Optional(Type.String({ description: 'O que aconteceu e o que fazer, em pt-BR.' })),
    errors: Type.Optional(Type.Array(ErroCampo, { description: 'Um problema por campo (no máximo 50).' })),
    totalErrors: Type.Optional(Type.Integer({ minimum: 0, description: 'Quantos problemas havia quando `errors` foi cortado nos 50 primeiros.' })),
  },
  {
    title: 'Problema',
    description: 'Todo erro da API: RFC 9457 (application/problem+json) com textos em pt-BR.',
    examples: [{ status: 400, title: 'Requisição inválida', detail: 'Verifique os campos destacados.', errors: [{ field: 'nome', message: 'Campo obrigatório.' }] }],
  },
);

/** Query parameters of every list: page (0-based), size (at most 100), sort=campo,asc|desc. */
export const consultaLista = <C extends readonly string[]>(ordenaveis: C) => ({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000000, default: 0, description: 'Página, a partir de 0.' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: TAMANHO_MAXIMO, default: 20, description: `Itens por página (no máximo ${TAMANHO_MAXIMO}).` })),
  sort: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { description: `Ordenação, repetível: \`campo,asc\` ou \`campo,desc\`. Campos: ${ordenaveis.join(', ')}.` })),
});

const inteiroCabecalho = (description: string) => Type.String({ pattern: '^\\d+$', description });

/** The headers of every list answer. */
export const CABECALHOS_LISTA = {
  [CABECALHOS.pagina]: inteiroCabecalho('A página devolvida, a partir de 0.'),
  [CABECALHOS.tamanho]: inteiroCabecalho('O tamanho da página devolvida.'),
  [CABECALHOS.total]: inteiroCabecalho('Total exato de itens que atendem ao filtro.'),
};

export type TProblema = Static<typeof Problema>;
export type TErroCampo = Static<typeof ErroCampo>;

/** Whether two types are the same shape: a contract's schema checked against the domain's type at compile time. */
export type Igual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
