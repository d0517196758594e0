import { ROTULO_EVENTO, ROTULO_STATUS_FORMULARIO, ROTULO_STATUS_RETENTATIVA, opcoesDe } from '../../forms/status';
import type { DefFiltro } from '../ui/BarraFiltros';
import type { Tradutor } from '../../i18n';

/** The filters each managers' and administrators' list offers (issue 7), in the order shown. */
export const filtrosFormularios = (t: Tradutor): DefFiltro[] => [
  { tipo: 'modelo' },
  { tipo: 'selecao', nome: 'status', rotulo: t('filtros.status'), todos: t('filtros.todos-status'), opcoes: opcoesDe(ROTULO_STATUS_FORMULARIO, t) },
  { tipo: 'periodo' },
  { tipo: 'texto', nome: 'protocolo', rotulo: t('filtros.protocolo'), regras: [{ tipo: 'protocolo' }], placeholder: '2026.000000123' },
  { tipo: 'texto', nome: 'cpf', rotulo: t('filtros.cpf'), regras: [{ tipo: 'cpf' }], placeholder: '000.000.000-00' },
];

export const filtrosAnalitico = (): DefFiltro[] => [{ tipo: 'modelo' }, { tipo: 'periodo' }];

export const filtrosEventos = (t: Tradutor): DefFiltro[] => [
  { tipo: 'modelo' },
  { tipo: 'texto', nome: 'protocolo', rotulo: t('filtros.protocolo'), regras: [{ tipo: 'protocolo' }], placeholder: '2026.000000123' },
  { tipo: 'selecao', nome: 'tipo', rotulo: t('filtros.tipo-evento'), todos: t('filtros.todos-tipos'), opcoes: opcoesDe(ROTULO_EVENTO, t) },
  { tipo: 'periodo' },
];

export const filtrosRetentativas = (t: Tradutor): DefFiltro[] => [
  { tipo: 'modelo' },
  { tipo: 'selecao', nome: 'status', rotulo: t('filtros.status'), todos: t('filtros.todos-status'), opcoes: opcoesDe(ROTULO_STATUS_RETENTATIVA, t) },
  { tipo: 'periodo' },
];
