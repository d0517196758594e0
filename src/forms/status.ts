/** How a status is drawn: Blueprint's intents by name (a console tag takes it as it is), written here so the rules import no UI. */
export type Intent = 'none' | 'primary' | 'success' | 'warning' | 'danger';
import { emPortugues, type ChaveTexto, type Tradutor } from '../i18n';

/**
 * The states of a filled form and of an integration retry, and the types of form events, with their
 * label keys and the intent each is drawn with. Pure: the server validates filters with the same
 * lists, the pages label rows, chart legends and filters with the same words.
 */
export const STATUS_FORMULARIO = ['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'DESCARTADO', 'AGUARDANDO_PAGAMENTO', 'PAGAMENTO_EXPIRADO', 'AGUARDANDO_ASSINATURAS', 'EM_ANALISE', 'APROVADO', 'RECUSADO', 'EXPIRADO'] as const;
export type StatusFormulario = (typeof STATUS_FORMULARIO)[number];

export const TIPOS_EVENTO = ['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO', 'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO', 'PDF_BAIXADO', 'ANEXO_BAIXADO', 'EMAIL_ENVIADO', 'EMAIL_FALHOU', 'PAGAMENTO_CRIADO', 'PAGO', 'PAGAMENTO_EXPIRADO', 'PAGAMENTO_DEVOLVIDO', 'PAGAMENTO_DIVERGENTE', 'CONTATO_VERIFICADO', 'ETAPA_INICIADA', 'COASSINADO', 'COASSINATURA_RECUSADA', 'APROVADO', 'RECUSADO', 'EXPIRADO'] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

export const STATUS_RETENTATIVA = ['PENDENTE', 'EXECUTANDO', 'SUCESSO', 'ESGOTADA', 'DESCARTADA'] as const;
export type StatusRetentativa = (typeof STATUS_RETENTATIVA)[number];

/** Retries a person may send again now (the others are running, done or discarded). */
export const RETENTATIVA_REEXECUTAVEL: readonly StatusRetentativa[] = ['PENDENTE', 'ESGOTADA'];
/** Retries that may still be discarded. */
export const RETENTATIVA_DESCARTAVEL: readonly StatusRetentativa[] = ['PENDENTE', 'EXECUTANDO', 'ESGOTADA'];

/** A code's label key in the catalogs (src/i18n) and the intent it is drawn with. */
export interface Rotulado {
  chave: ChaveTexto;
  intent: Intent;
}


export const ROTULO_STATUS_FORMULARIO: Record<StatusFormulario, Rotulado> = {
  RECEBIDO: { chave: 'status.formulario.RECEBIDO', intent: 'primary' },
  INTEGRADO: { chave: 'status.formulario.INTEGRADO', intent: 'success' },
  FALHA_INTEGRACAO: { chave: 'status.formulario.FALHA_INTEGRACAO', intent: 'danger' },
  DESCARTADO: { chave: 'status.formulario.DESCARTADO', intent: 'none' },
  AGUARDANDO_PAGAMENTO: { chave: 'status.formulario.AGUARDANDO_PAGAMENTO', intent: 'warning' },
  PAGAMENTO_EXPIRADO: { chave: 'status.formulario.PAGAMENTO_EXPIRADO', intent: 'none' },
  AGUARDANDO_ASSINATURAS: { chave: 'status.formulario.AGUARDANDO_ASSINATURAS', intent: 'warning' },
  EM_ANALISE: { chave: 'status.formulario.EM_ANALISE', intent: 'warning' },
  APROVADO: { chave: 'status.formulario.APROVADO', intent: 'success' },
  RECUSADO: { chave: 'status.formulario.RECUSADO', intent: 'danger' },
  EXPIRADO: { chave: 'status.formulario.EXPIRADO', intent: 'none' },
};

export const ROTULO_EVENTO: Record<TipoEvento, Rotulado> = {
  RECEBIDO: { chave: 'evento.RECEBIDO', intent: 'primary' },
  INTEGRADO: { chave: 'evento.INTEGRADO', intent: 'success' },
  FALHA_INTEGRACAO: { chave: 'evento.FALHA_INTEGRACAO', intent: 'danger' },
  RETENTATIVA_AGENDADA: { chave: 'evento.RETENTATIVA_AGENDADA', intent: 'warning' },
  RETENTATIVA_MANUAL: { chave: 'evento.RETENTATIVA_MANUAL', intent: 'warning' },
  DESCARTADO: { chave: 'evento.DESCARTADO', intent: 'none' },
  VISUALIZADO: { chave: 'evento.VISUALIZADO', intent: 'none' },
  DADOS_PESSOAIS_VISTOS: { chave: 'evento.DADOS_PESSOAIS_VISTOS', intent: 'warning' },
  EXPORTACAO_DADOS_PESSOAIS: { chave: 'evento.EXPORTACAO_DADOS_PESSOAIS', intent: 'warning' },
  RELATORIO_TITULAR: { chave: 'evento.RELATORIO_TITULAR', intent: 'warning' },
  ANONIMIZADO: { chave: 'evento.ANONIMIZADO', intent: 'none' },
  PDF_BAIXADO: { chave: 'evento.PDF_BAIXADO', intent: 'none' },
  ANEXO_BAIXADO: { chave: 'evento.ANEXO_BAIXADO', intent: 'none' },
  EMAIL_ENVIADO: { chave: 'evento.EMAIL_ENVIADO', intent: 'success' },
  EMAIL_FALHOU: { chave: 'evento.EMAIL_FALHOU', intent: 'warning' },
  PAGAMENTO_CRIADO: { chave: 'evento.PAGAMENTO_CRIADO', intent: 'primary' },
  PAGO: { chave: 'evento.PAGO', intent: 'success' },
  PAGAMENTO_EXPIRADO: { chave: 'evento.PAGAMENTO_EXPIRADO', intent: 'none' },
  PAGAMENTO_DEVOLVIDO: { chave: 'evento.PAGAMENTO_DEVOLVIDO', intent: 'warning' },
  PAGAMENTO_DIVERGENTE: { chave: 'evento.PAGAMENTO_DIVERGENTE', intent: 'danger' },
  CONTATO_VERIFICADO: { chave: 'evento.CONTATO_VERIFICADO', intent: 'success' },
  ETAPA_INICIADA: { chave: 'evento.ETAPA_INICIADA', intent: 'primary' },
  COASSINADO: { chave: 'evento.COASSINADO', intent: 'success' },
  COASSINATURA_RECUSADA: { chave: 'evento.COASSINATURA_RECUSADA', intent: 'danger' },
  APROVADO: { chave: 'evento.APROVADO', intent: 'success' },
  RECUSADO: { chave: 'evento.RECUSADO', intent: 'danger' },
  EXPIRADO: { chave: 'evento.EXPIRADO', intent: 'none' },
};

export const ROTULO_STATUS_RETENTATIVA: Record<StatusRetentativa, Rotulado> = {
  PENDENTE: { chave: 'status.retentativa.PENDENTE', intent: 'warning' },
  EXECUTANDO: { chave: 'status.retentativa.EXECUTANDO', intent: 'primary' },
  SUCESSO: { chave: 'status.retentativa.SUCESSO', intent: 'success' },
  ESGOTADA: { chave: 'status.retentativa.ESGOTADA', intent: 'danger' },
  DESCARTADA: { chave: 'status.retentativa.DESCARTADA', intent: 'none' },
};

export const ROTULO_STATUS_MODELO: Record<'RASCUNHO' | 'PUBLICADO' | 'ARQUIVADO', Rotulado> = {
  RASCUNHO: { chave: 'status.modelo.RASCUNHO', intent: 'none' },
  PUBLICADO: { chave: 'status.modelo.PUBLICADO', intent: 'success' },
  ARQUIVADO: { chave: 'status.modelo.ARQUIVADO', intent: 'warning' },
};

/** A code's label in a language (pt-BR: the CSV and the API); a code unknown to this version is shown as is. */
export function rotuloDe<K extends string>(tabela: Record<K, Rotulado>, codigo: string, t: Tradutor = emPortugues): { rotulo: string; intent: Intent } {
  const r = (tabela as Record<string, Rotulado>)[codigo];
  return r ? { rotulo: t(r.chave), intent: r.intent } : { rotulo: codigo, intent: 'none' };
}

/** Options of a filter select built from one of the tables above. */
export function opcoesDe<K extends string>(tabela: Record<K, Rotulado>, t: Tradutor = emPortugues): { valor: K; rotulo: string }[] {
  return (Object.keys(tabela) as K[]).map((valor) => ({ valor, rotulo: t(tabela[valor].chave) }));
}
