import type { Intent } from '@blueprintjs/core';

/**
 * The states of a filled form and of an integration retry, and the types of form events, with their
 * pt-BR labels and the intent each is drawn with. Pure: the server validates filters with the same
 * lists, the pages label rows, chart legends and filters with the same words.
 */
export const STATUS_FORMULARIO = ['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'DESCARTADO'] as const;
export type StatusFormulario = (typeof STATUS_FORMULARIO)[number];

export const TIPOS_EVENTO = ['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO', 'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO'] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

export const STATUS_RETENTATIVA = ['PENDENTE', 'EXECUTANDO', 'SUCESSO', 'ESGOTADA', 'DESCARTADA'] as const;
export type StatusRetentativa = (typeof STATUS_RETENTATIVA)[number];

/** Retries a person may send again now (the others are running, done or discarded). */
export const RETENTATIVA_REEXECUTAVEL: readonly StatusRetentativa[] = ['PENDENTE', 'ESGOTADA'];
/** Retries that may still be discarded. */
export const RETENTATIVA_DESCARTAVEL: readonly StatusRetentativa[] = ['PENDENTE', 'EXECUTANDO', 'ESGOTADA'];

export interface Rotulado {
  rotulo: string;
  intent: Intent;
}

export const ROTULO_STATUS_FORMULARIO: Record<StatusFormulario, Rotulado> = {
  RECEBIDO: { rotulo: 'Recebido', intent: 'primary' },
  INTEGRADO: { rotulo: 'Integrado', intent: 'success' },
  FALHA_INTEGRACAO: { rotulo: 'Falha de integração', intent: 'danger' },
  DESCARTADO: { rotulo: 'Descartado', intent: 'none' },
};

export const ROTULO_EVENTO: Record<TipoEvento, Rotulado> = {
  RECEBIDO: { rotulo: 'Formulário recebido', intent: 'primary' },
  INTEGRADO: { rotulo: 'Integrado ao sistema de destino', intent: 'success' },
  FALHA_INTEGRACAO: { rotulo: 'Falha na integração', intent: 'danger' },
  RETENTATIVA_AGENDADA: { rotulo: 'Nova tentativa agendada', intent: 'warning' },
  RETENTATIVA_MANUAL: { rotulo: 'Nova tentativa pedida manualmente', intent: 'warning' },
  DESCARTADO: { rotulo: 'Descartado', intent: 'none' },
  VISUALIZADO: { rotulo: 'Visualizado no console', intent: 'none' },
  DADOS_PESSOAIS_VISTOS: { rotulo: 'Dados pessoais mostrados', intent: 'warning' },
  EXPORTACAO_DADOS_PESSOAIS: { rotulo: 'Exportação com dados pessoais', intent: 'warning' },
  RELATORIO_TITULAR: { rotulo: 'Relatório do titular baixado', intent: 'warning' },
  ANONIMIZADO: { rotulo: 'Dados pessoais apagados (retenção)', intent: 'none' },
};

export const ROTULO_STATUS_RETENTATIVA: Record<StatusRetentativa, Rotulado> = {
  PENDENTE: { rotulo: 'Pendente', intent: 'warning' },
  EXECUTANDO: { rotulo: 'Em execução', intent: 'primary' },
  SUCESSO: { rotulo: 'Sucesso', intent: 'success' },
  ESGOTADA: { rotulo: 'Tentativas esgotadas', intent: 'danger' },
  DESCARTADA: { rotulo: 'Descartada', intent: 'none' },
};

export const ROTULO_STATUS_MODELO: Record<'RASCUNHO' | 'PUBLICADO' | 'ARQUIVADO', Rotulado> = {
  RASCUNHO: { rotulo: 'Rascunho', intent: 'none' },
  PUBLICADO: { rotulo: 'Publicado', intent: 'success' },
  ARQUIVADO: { rotulo: 'Arquivado', intent: 'warning' },
};

/** A label for a code that may be unknown to this version of the console (shown as is). */
export function rotuloDe<K extends string>(tabela: Record<K, Rotulado>, codigo: string): Rotulado {
  return (tabela as Record<string, Rotulado>)[codigo] ?? { rotulo: codigo, intent: 'none' };
}

/** Options of a filter select built from one of the tables above. */
export function opcoesDe<K extends string>(tabela: Record<K, Rotulado>): { valor: K; rotulo: string }[] {
  return (Object.keys(tabela) as K[]).map((valor) => ({ valor, rotulo: tabela[valor].rotulo }));
}
