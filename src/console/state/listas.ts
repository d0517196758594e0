import { proxy } from 'valtio';
import { PAGINACAO_PADRAO, type Filtros, type Ordenacao, type Paginacao } from '../../contrato/paginacao';

/**
 * Each list's paging, sort and filters, kept per element while it lives: opening an item and coming
 * back finds the list as the user left it.
 */
export interface EstadoLista {
  paginacao: Paginacao;
  ordenacao: Ordenacao[];
  filtros: Filtros;
}

export function criarListas() {
  return proxy({} as Record<string, EstadoLista>);
}

export type Listas = ReturnType<typeof criarListas>;

export function estadoLista(l: Listas, chave: string, inicial: Partial<EstadoLista> = {}): EstadoLista {
  l[chave] ??= { paginacao: { ...PAGINACAO_PADRAO }, ordenacao: inicial.ordenacao ?? [], filtros: inicial.filtros ?? {} };
  return l[chave];
}

/** New filters start again from the first page. */
export function mudarFiltros(e: EstadoLista, filtros: Filtros): void {
  e.filtros = filtros;
  e.paginacao.page = 0;
}

export function mudarTamanho(e: EstadoLista, size: number): void {
  e.paginacao.size = size;
  e.paginacao.page = 0;
}
