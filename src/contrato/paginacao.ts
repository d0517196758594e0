/** Paging (SPEC.md sections 3, 7 and 9; DESIGN.md section 6). Pure. */
export const TAMANHOS_PAGINA = [20, 50, 100] as const;
export const TAMANHO_MAXIMO = 100;

export interface Paginacao {
  page: number;
  size: number;
  total: number;
}

export const PAGINACAO_PADRAO: Paginacao = { page: 0, size: 20, total: 0 };

export type Direcao = 'asc' | 'desc';
export interface Ordenacao {
  campo: string;
  direcao: Direcao;
}

export const CABECALHOS = { pagina: 'X-Page-Number', tamanho: 'X-Page-Size', total: 'X-Total-Count' } as const;

interface LeitorCabecalhos {
  get(nome: string): string | null;
}

const inteiroNaoNegativo = (v: string | null): number | null => (v !== null && /^\d+$/.test(v.trim()) ? Number(v.trim()) : null);

/** Reads the paging headers; a header missing or malformed keeps the previous value. */
export function lerPaginacao(h: LeitorCabecalhos, anterior: Paginacao = PAGINACAO_PADRAO): Paginacao {
  return {
    page: inteiroNaoNegativo(h.get(CABECALHOS.pagina)) ?? anterior.page,
    size: inteiroNaoNegativo(h.get(CABECALHOS.tamanho)) ?? anterior.size,
    total: inteiroNaoNegativo(h.get(CABECALHOS.total)) ?? anterior.total,
  };
}

export type Filtros = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

/** Query string of a list call: filters as repeated parameters, then page, size and sort=campo,direcao. */
export function parametrosLista(p: Pick<Paginacao, 'page' | 'size'>, ordenacao: readonly Ordenacao[] = [], filtros: Filtros = {}): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filtros)) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item));
  }
  q.set('page', String(p.page));
  q.set('size', String(p.size));
  for (const o of ordenacao) q.append('sort', `${o.campo},${o.direcao}`);
  return q;
}

export function totalPaginas(p: Paginacao): number {
  return Math.max(1, Math.ceil(p.total / p.size));
}

/** Clicking a column header: ascending first, then descending, then no sort on it. */
export function proximaOrdenacao(atual: readonly Ordenacao[], campo: string): Ordenacao[] {
  const o = atual.find((x) => x.campo === campo);
  if (!o) return [{ campo, direcao: 'asc' }];
  if (o.direcao === 'asc') return [{ campo, direcao: 'desc' }];
  return [];
}
