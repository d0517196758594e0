import type { FastifyReply } from 'fastify';
import { CABECALHOS, TAMANHOS_PAGINA } from '../../contrato/paginacao';
import { invalido } from './erros';

/** List calls (DESIGN.md section 6): page (0-based), size (<= 100), sort=campo,asc|desc (repeatable). */
export interface PedidoLista {
  page: number;
  size: number;
  /** SQL ORDER BY, built only from whitelisted columns. */
  ordem: string;
}

/**
 * Reads paging and sort. `colunas` maps the API's field names to SQL expressions; `desempate` keeps
 * the order total (and stable across pages).
 */
export function lerLista(q: { page?: number; size?: number; sort?: string | string[] }, colunas: Record<string, string>, padrao: string, desempate: string): PedidoLista {
  const page = q.page ?? 0;
  // `size` is at most TAMANHO_MAXIMO by the contract's schema (src/contrato/comum.ts).
  const size = q.size ?? TAMANHOS_PAGINA[0];
  const sorts = q.sort === undefined ? [] : Array.isArray(q.sort) ? q.sort : [q.sort];
  const partes = sorts.map((s) => {
    const [campo, direcao = 'asc'] = s.split(',');
    if (!Object.hasOwn(colunas, campo)) throw invalido(`Não é possível ordenar por "${campo}". Use: ${Object.keys(colunas).join(', ')}.`, [{ field: 'sort', message: 'Campo de ordenação desconhecido.' }]);
    if (direcao !== 'asc' && direcao !== 'desc') throw invalido('A direção da ordenação deve ser asc ou desc.', [{ field: 'sort', message: 'Use asc ou desc.' }]);
    return `${colunas[campo]} ${direcao}`;
  });
  return { page, size, ordem: [...(partes.length ? partes : [padrao]), desempate].join(', ') };
}

export function enviarLista<T>(rep: FastifyReply, itens: T[], p: PedidoLista, total: number): T[] {
  rep.header(CABECALHOS.pagina, String(p.page)).header(CABECALHOS.tamanho, String(p.size)).header(CABECALHOS.total, String(total));
  return itens;
}

/**
 * Builds a WHERE clause and its parameters one condition at a time; a value given with its SQL type is cast to it
 * (a statement planned once, db.ts umPlano, has no value to infer it from).
 */
export class Filtro {
  readonly condicoes: string[] = [];
  readonly params: unknown[] = [];
  add(sql: (p: (v: unknown, tipo?: string) => string) => string): this {
    this.condicoes.push(sql((v, tipo) => this.param(v, tipo)));
    return this;
  }
  /** The placeholder of another parameter. */
  param(v: unknown, tipo?: string): string {
    const p = `$${this.params.push(v)}`;
    return tipo ? `${p}::${tipo}` : p;
  }
  get where(): string {
    return this.condicoes.length ? `where ${this.condicoes.join(' and ')}` : '';
  }
  /** Another filter with the same conditions and parameters, to add to on its own. */
  copia(): Filtro {
    const c = new Filtro();
    c.condicoes.push(...this.condicoes);
    c.params.push(...this.params);
    return c;
  }
  /** `limit/offset` placeholders after the filter's own. */
  pagina(p: PedidoLista): string {
    return `limit $${this.params.push(p.size)} offset $${this.params.push(p.page * p.size)}`;
  }
}
