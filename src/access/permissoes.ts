/**
 * THE permission catalog (DESIGN.md section 7). The element, the server and the tests import it;
 * no other file spells a permission name.
 */
export const AREAS = {
  MODELO: 'Modelos de formulários',
  FORMULARIO: 'Formulários preenchidos',
  FORMULARIO_EVENTO: 'Eventos de formulários',
  FORMULARIO_DADOS_PESSOAIS: 'Dados pessoais dos formulários, sem máscara',
  RETENTATIVA_INTEGRACAO: 'Retentativas de integração',
  PERFIL_ACESSO: 'Perfis de acesso',
  VINCULOS_USUARIO: 'Vínculos de usuários',
  GRUPO_CONTROLE_CONTEUDO: 'Grupos de controle de conteúdo',
  GRUPO_ACESSO_PUBLICO: 'Grupos de acesso público',
} as const;

export type Area = keyof typeof AREAS;

const ACOES = { READ: 'Consultar', CREATE: 'Criar', UPDATE: 'Alterar', DELETE: 'Excluir' } as const;
type Acao = keyof typeof ACOES;

const CRUD: Acao[] = ['READ', 'CREATE', 'UPDATE', 'DELETE'];
const ACOES_POR_AREA: Record<Area, Acao[]> = {
  MODELO: CRUD,
  FORMULARIO: ['READ'],
  FORMULARIO_EVENTO: ['READ'],
  FORMULARIO_DADOS_PESSOAIS: ['READ'],
  RETENTATIVA_INTEGRACAO: ['READ', 'UPDATE'],
  PERFIL_ACESSO: CRUD,
  VINCULOS_USUARIO: CRUD,
  GRUPO_CONTROLE_CONTEUDO: CRUD,
  GRUPO_ACESSO_PUBLICO: CRUD,
};

export interface PermissaoInfo {
  nome: Permissao;
  area: Area;
  descricao: string;
}

export const P = {
  READ_MODELO: 'READ_MODELO',
  CREATE_MODELO: 'CREATE_MODELO',
  UPDATE_MODELO: 'UPDATE_MODELO',
  DELETE_MODELO: 'DELETE_MODELO',
  READ_FORMULARIO: 'READ_FORMULARIO',
  READ_FORMULARIO_EVENTO: 'READ_FORMULARIO_EVENTO',
  /** LGPD (issue 13): see personal data in clear (each reveal and clear export is an event). */
  READ_FORMULARIO_DADOS_PESSOAIS: 'READ_FORMULARIO_DADOS_PESSOAIS',
  READ_RETENTATIVA_INTEGRACAO: 'READ_RETENTATIVA_INTEGRACAO',
  UPDATE_RETENTATIVA_INTEGRACAO: 'UPDATE_RETENTATIVA_INTEGRACAO',
  READ_PERFIL_ACESSO: 'READ_PERFIL_ACESSO',
  CREATE_PERFIL_ACESSO: 'CREATE_PERFIL_ACESSO',
  UPDATE_PERFIL_ACESSO: 'UPDATE_PERFIL_ACESSO',
  DELETE_PERFIL_ACESSO: 'DELETE_PERFIL_ACESSO',
  READ_VINCULOS_USUARIO: 'READ_VINCULOS_USUARIO',
  CREATE_VINCULOS_USUARIO: 'CREATE_VINCULOS_USUARIO',
  UPDATE_VINCULOS_USUARIO: 'UPDATE_VINCULOS_USUARIO',
  DELETE_VINCULOS_USUARIO: 'DELETE_VINCULOS_USUARIO',
  READ_GRUPO_CONTROLE_CONTEUDO: 'READ_GRUPO_CONTROLE_CONTEUDO',
  CREATE_GRUPO_CONTROLE_CONTEUDO: 'CREATE_GRUPO_CONTROLE_CONTEUDO',
  UPDATE_GRUPO_CONTROLE_CONTEUDO: 'UPDATE_GRUPO_CONTROLE_CONTEUDO',
  DELETE_GRUPO_CONTROLE_CONTEUDO: 'DELETE_GRUPO_CONTROLE_CONTEUDO',
  READ_GRUPO_ACESSO_PUBLICO: 'READ_GRUPO_ACESSO_PUBLICO',
  CREATE_GRUPO_ACESSO_PUBLICO: 'CREATE_GRUPO_ACESSO_PUBLICO',
  UPDATE_GRUPO_ACESSO_PUBLICO: 'UPDATE_GRUPO_ACESSO_PUBLICO',
  DELETE_GRUPO_ACESSO_PUBLICO: 'DELETE_GRUPO_ACESSO_PUBLICO',
} as const;

export type Permissao = (typeof P)[keyof typeof P];

/** Every permission with its area and pt-BR description, in catalog order. */
export const CATALOGO: readonly PermissaoInfo[] = (Object.keys(ACOES_POR_AREA) as Area[]).flatMap((area) =>
  ACOES_POR_AREA[area].map((acao) => ({
    nome: `${acao}_${area}` as Permissao,
    area,
    descricao: `${ACOES[acao]} ${AREAS[area].toLowerCase()}`,
  })),
);

export const TODAS_PERMISSOES: readonly Permissao[] = CATALOGO.map((p) => p.nome);

export function isPermissao(nome: string): nome is Permissao {
  return (TODAS_PERMISSOES as readonly string[]).includes(nome);
}
