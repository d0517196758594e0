import type { TErroCampo, TProblema } from './comum';
/**
 * THE API error shape (DESIGN.md section 6): application/problem+json with pt-BR title and detail,
 * and `errors` per field for validation. The server builds it, the element reads it.
 */
/** The shape itself is in the contract (src/contrato/comum.ts): these are its types. */
export type ErroCampo = TErroCampo;
export type Problema = TProblema;

/** A body with thousands of wrong fields gets the first 50 and a count, not megabytes of messages. */
export const MAX_ERROS_CAMPO = 50;

export const TIPO_PROBLEMA = 'application/problem+json';

/** The problem `type` of a write refused because someone else saved the record first (a stale `versao`). */
export const TIPO_VERSAO_ANTIGA = 'urn:console-formularios:problema:versao-antiga';

/** The problem `type` of a citizen whose gov.br account is below what the model asks (issue 44): level, seals or second factor. */
export const TIPO_CONFIABILIDADE = 'urn:console-formularios:problema:confiabilidade-insuficiente';

export const TITULOS: Record<number, string> = {
  400: 'Requisição inválida',
  401: 'Não autenticado',
  403: 'Acesso negado',
  404: 'Não encontrado',
  409: 'Conflito',
  410: 'Não disponível',
  413: 'Grande demais',
  415: 'Formato não aceito',
  422: 'Não processável',
  429: 'Muitas requisições',
  500: 'Erro interno',
  503: 'Serviço indisponível',
};

export function problema(status: number, detail?: string, errors?: ErroCampo[], type?: string): Problema {
  const cortados = errors && errors.length > MAX_ERROS_CAMPO ? { errors: errors.slice(0, MAX_ERROS_CAMPO), totalErrors: errors.length } : errors?.length ? { errors } : {};
  return { ...(type ? { type } : {}), status, title: TITULOS[status] ?? 'Erro', ...(detail ? { detail } : {}), ...cortados };
}

export function ehProblema(v: unknown): v is Problema {
  return !!v && typeof v === 'object' && typeof (v as Problema).status === 'number' && typeof (v as Problema).title === 'string';
}
