import { ROTULO_EVENTO, ROTULO_STATUS_FORMULARIO, ROTULO_STATUS_RETENTATIVA, opcoesDe } from '../forms/status';
import type { DefFiltro } from '../ui/BarraFiltros';

/** The filters each managers' and administrators' list offers (issue 7), in the order shown. */
export const FILTROS_FORMULARIOS: DefFiltro[] = [
  { tipo: 'modelo' },
  { tipo: 'selecao', nome: 'status', rotulo: 'Status', todos: 'Todos os status', opcoes: opcoesDe(ROTULO_STATUS_FORMULARIO) },
  { tipo: 'periodo' },
  { tipo: 'texto', nome: 'protocolo', rotulo: 'Protocolo', regras: [{ tipo: 'protocolo' }], placeholder: '2026.000000123' },
  { tipo: 'texto', nome: 'cpf', rotulo: 'CPF do requerente', regras: [{ tipo: 'cpf' }], placeholder: '000.000.000-00' },
];

export const FILTROS_ANALITICO: DefFiltro[] = [{ tipo: 'modelo' }, { tipo: 'periodo' }];

export const FILTROS_EVENTOS: DefFiltro[] = [
  { tipo: 'modelo' },
  { tipo: 'texto', nome: 'protocolo', rotulo: 'Protocolo', regras: [{ tipo: 'protocolo' }], placeholder: '2026.000000123' },
  { tipo: 'selecao', nome: 'tipo', rotulo: 'Tipo de evento', todos: 'Todos os tipos', opcoes: opcoesDe(ROTULO_EVENTO) },
  { tipo: 'periodo' },
];

export const FILTROS_RETENTATIVAS: DefFiltro[] = [
  { tipo: 'modelo' },
  { tipo: 'selecao', nome: 'status', rotulo: 'Status', todos: 'Todos os status', opcoes: opcoesDe(ROTULO_STATUS_RETENTATIVA) },
  { tipo: 'periodo' },
];
