/** DESIGN.md section 9's menu column: what each seeded user must see, in menu order. */
export const MENUS_DEMO: Record<string, string[]> = {
  admin: ['Página Inicial', 'Modelos de Formulários', 'Formulários Preenchidos', 'Analítico de Formulários', 'Eventos', 'Minhas análises', 'Retentativas de Integração', 'Vínculos de Usuários', 'Perfil de Acesso', 'Grupos de Controle de Conteúdo', 'Grupos de Acesso Público'],
  designer: ['Página Inicial', 'Modelos de Formulários'],
  gestor: ['Página Inicial', 'Formulários Preenchidos', 'Analítico de Formulários', 'Eventos'],
  auditor: ['Página Inicial', 'Eventos'],
  suporte: ['Página Inicial', 'Retentativas de Integração', 'Grupos de Acesso Público'],
  operador: ['Página Inicial'],
  analista: ['Página Inicial', 'Minhas análises'],
  visitante: ['Página Inicial'],
};
