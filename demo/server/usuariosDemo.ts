import { P, TODAS_PERMISSOES, type Permissao } from '../../src/access/permissoes';

/**
 * DESIGN.md section 9's demo users (password = username). The embedded identity provider signs them
 * in; the seed gives them their access links. The Keycloak realm file carries the same people.
 */
export interface UsuarioDemo {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** null: no user link at all. */
  vinculo: { perfis: string[]; grupos: string[]; administrador: boolean } | null;
}

export const GRUPOS_DEMO = [
  { nome: 'Saúde', descricao: 'Serviços da Secretaria de Estado da Saúde' },
  { nome: 'Educação', descricao: 'Serviços da Secretaria de Estado da Educação' },
  { nome: 'Tributos', descricao: 'Serviços da Secretaria de Estado da Fazenda' },
  { nome: 'Habitação', descricao: 'Análises da Companhia Estadual de Habitação' },
] as const;

export const PERFIS_DEMO: { nome: string; descricao: string; permissoes: readonly Permissao[] }[] = [
  { nome: 'Administrador', descricao: 'Todas as permissões do console', permissoes: TODAS_PERMISSOES },
  { nome: 'Designer de formulários', descricao: 'Cria e altera modelos de formulários', permissoes: [P.READ_MODELO, P.CREATE_MODELO, P.UPDATE_MODELO] },
  { nome: 'Gestor', descricao: 'Acompanha formulários preenchidos e eventos', permissoes: [P.READ_FORMULARIO, P.READ_FORMULARIO_EVENTO] },
  { nome: 'Auditor', descricao: 'Consulta eventos de formulários', permissoes: [P.READ_FORMULARIO_EVENTO] },
  { nome: 'Suporte', descricao: 'Grupos de acesso público e consulta de retentativas', permissoes: [P.READ_GRUPO_ACESSO_PUBLICO, P.CREATE_GRUPO_ACESSO_PUBLICO, P.READ_RETENTATIVA_INTEGRACAO] },
  { nome: 'Analista', descricao: 'Analisa formulários nas etapas do seu grupo (Minhas análises)', permissoes: [P.READ_FORMULARIO_ANALISE, P.UPDATE_FORMULARIO_ANALISE] },
  { nome: 'Operador de integração', descricao: 'Executa retentativas de integração', permissoes: [P.READ_RETENTATIVA_INTEGRACAO, P.UPDATE_RETENTATIVA_INTEGRACAO, P.READ_PERFIL_ACESSO] },
];

export const USUARIOS_DEMO: UsuarioDemo[] = [
  { username: 'admin', firstName: 'Ana', lastName: 'Administradora Lima', email: 'admin@demo.gov.br', vinculo: { perfis: ['Administrador'], grupos: ['Saúde', 'Educação', 'Tributos'], administrador: true } },
  { username: 'designer', firstName: 'Diego', lastName: 'Desenhista Souza', email: 'designer@demo.gov.br', vinculo: { perfis: ['Designer de formulários'], grupos: ['Saúde', 'Educação'], administrador: false } },
  { username: 'gestor', firstName: 'Gabriela', lastName: 'Gestora Almeida', email: 'gestor@demo.gov.br', vinculo: { perfis: ['Gestor'], grupos: ['Saúde', 'Educação'], administrador: false } },
  { username: 'auditor', firstName: 'Augusto', lastName: 'Auditor Ferreira', email: 'auditor@demo.gov.br', vinculo: { perfis: ['Auditor'], grupos: ['Saúde'], administrador: false } },
  { username: 'suporte', firstName: 'Sofia', lastName: 'Suporte Ribeiro', email: 'suporte@demo.gov.br', vinculo: { perfis: ['Suporte'], grupos: ['Saúde', 'Tributos'], administrador: false } },
  { username: 'operador', firstName: 'Otávio', lastName: 'Operador Costa', email: 'operador@demo.gov.br', vinculo: { perfis: ['Operador de integração'], grupos: ['Tributos'], administrador: false } },
  { username: 'analista', firstName: 'Helena', lastName: 'Analista Prado', email: 'analista@demo.gov.br', vinculo: { perfis: ['Analista'], grupos: ['Habitação'], administrador: false } },
  { username: 'visitante', firstName: 'Vera', lastName: 'Visitante Nunes', email: 'visitante@demo.gov.br', vinculo: null },
];
