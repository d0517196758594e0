/**
 * The access audit trail's vocabulary (issue 18), with pt-BR labels: the server writes these codes and
 * the user-link page shows the labels.
 */
export const ROTULO_RECURSO_AUDITORIA = {
  VINCULO_USUARIO: 'Vínculo de usuário',
  PERFIL_ACESSO: 'Perfil de acesso',
  GRUPO_CONTROLE_CONTEUDO: 'Grupo de controle de conteúdo',
  GRUPO_ACESSO_PUBLICO: 'Grupo de acesso público',
  MODELO: 'Modelo',
} as const;

export const ROTULO_ACAO_AUDITORIA = {
  CRIADO: 'Criado',
  ALTERADO: 'Alterado',
  EXCLUIDO: 'Excluído',
  MOVIDO: 'Mudou de grupo',
} as const;

export type RecursoAuditoria = keyof typeof ROTULO_RECURSO_AUDITORIA;
export type AcaoAuditoria = keyof typeof ROTULO_ACAO_AUDITORIA;
export const RECURSOS_AUDITORIA = Object.keys(ROTULO_RECURSO_AUDITORIA) as RecursoAuditoria[];
export const ACOES_AUDITORIA = Object.keys(ROTULO_ACAO_AUDITORIA) as AcaoAuditoria[];
