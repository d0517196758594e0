/**
 * THE permission catalog (DESIGN.md section 7). The element, the server and the tests import it;
 * no other file spells a permission name.
 */
import { emPortugues, type Tradutor } from '../i18n';

/** The areas a permission covers; their names are in the catalogs (src/i18n, `area.*`). */
export const AREAS = ['MODELO', 'FORMULARIO', 'FORMULARIO_EVENTO', 'FORMULARIO_DADOS_PESSOAIS', 'FORMULARIO_PAGAMENTO', 'FORMULARIO_ANALISE', 'RETENTATIVA_INTEGRACAO', 'PERFIL_ACESSO', 'VINCULOS_USUARIO', 'GRUPO_CONTROLE_CONTEUDO', 'GRUPO_ACESSO_PUBLICO'] as const;

export type Area = (typeof AREAS)[number];

type Acao = 'READ' | 'CREATE' | 'UPDATE' | 'DELETE';

/** An area's name in a language. */
export const nomeArea = (a: Area, t: Tradutor = emPortugues) => t(`area.${a}`);

const CRUD: Acao[] = ['READ', 'CREATE', 'UPDATE', 'DELETE'];
const ACOES_POR_AREA: Record<Area, Acao[]> = {
  MODELO: CRUD,
  FORMULARIO: ['READ'],
  FORMULARIO_EVENTO: ['READ'],
  FORMULARIO_DADOS_PESSOAIS: ['READ'],
  FORMULARIO_PAGAMENTO: ['UPDATE'],
  FORMULARIO_ANALISE: ['READ', 'UPDATE'],
  RETENTATIVA_INTEGRACAO: ['READ', 'UPDATE'],
  PERFIL_ACESSO: CRUD,
  VINCULOS_USUARIO: CRUD,
  GRUPO_CONTROLE_CONTEUDO: CRUD,
  GRUPO_ACESSO_PUBLICO: CRUD,
};

/** A permission of the catalog, as GET /permissoes answers it (src/contrato/acesso.ts builds its schema from AREAS and this shape). */
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
  /** Pix (issue 38): refund (devolução) a form's paid fee, from its drawer. */
  UPDATE_FORMULARIO_PAGAMENTO: 'UPDATE_FORMULARIO_PAGAMENTO',
  /** Issue 46: "Minhas análises" — the forms waiting for a review by one of the caller's groups, and their drawer. */
  READ_FORMULARIO_ANALISE: 'READ_FORMULARIO_ANALISE',
  /** Issue 46: approve or refuse a review step of the caller's groups, filling its reserved questions. */
  UPDATE_FORMULARIO_ANALISE: 'UPDATE_FORMULARIO_ANALISE',
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

/** What a permission allows, in a language: "Consultar formulários preenchidos", "View filled forms". */
export function descricaoPermissao(p: Permissao, t: Tradutor = emPortugues): string {
  // An action has no underscore: READ_FORMULARIO_EVENTO is READ on FORMULARIO_EVENTO.
  const i = p.indexOf('_');
  return `${t(`acao.${p.slice(0, i) as Acao}`)} ${t(`area.${p.slice(i + 1) as Area}`).toLowerCase()}`;
}

/** Every permission with its area and pt-BR description (the API's catalog), in catalog order. */
export const CATALOGO: readonly PermissaoInfo[] = AREAS.flatMap((area) =>
  ACOES_POR_AREA[area].map((acao) => {
    const nome = `${acao}_${area}` as Permissao;
    return { nome, area, descricao: descricaoPermissao(nome) };
  }),
);

export const TODAS_PERMISSOES: readonly Permissao[] = CATALOGO.map((p) => p.nome);

export function isPermissao(nome: string): nome is Permissao {
  return (TODAS_PERMISSOES as readonly string[]).includes(nome);
}
