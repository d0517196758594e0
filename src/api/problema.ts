/**
 * THE API error shape (DESIGN.md section 6): application/problem+json with pt-BR title and detail,
 * and `errors` per field for validation. The server builds it, the element reads it.
 */
export interface ErroCampo {
  field: string;
  message: string;
}

export interface Problema {
  type?: string;
  status: number;
  title: string;
  detail?: string;
  errors?: ErroCampo[];
}

export const TIPO_PROBLEMA = 'application/problem+json';

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
  500: 'Erro interno',
};

export function problema(status: number, detail?: string, errors?: ErroCampo[]): Problema {
  return { status, title: TITULOS[status] ?? 'Erro', ...(detail ? { detail } : {}), ...(errors?.length ? { errors } : {}) };
}

export function ehProblema(v: unknown): v is Problema {
  return !!v && typeof v === 'object' && typeof (v as Problema).status === 'number' && typeof (v as Problema).title === 'string';
}
