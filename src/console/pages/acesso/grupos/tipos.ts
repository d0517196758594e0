import { P, type Permissao } from '../../../../access/permissoes';
import { gruposApi } from '../../../api/recursos/grupos';
import type { NomeRota } from '../../../routes';
import type { ChaveTexto } from '../../../../i18n';

/** What differs between the two kinds of group pages. */
export interface TipoPaginaGrupo {
  api: ReturnType<typeof gruposApi>;
  substantivo: ChaveTexto;
  lista: NomeRota;
  novo: NomeRota;
  editar: NomeRota;
  param: string;
  membros: 'membros' | 'cpfs';
  rotuloMembros: ChaveTexto;
  permissoes: { criar: Permissao; alterar: Permissao; excluir: Permissao };
}

export const GRUPO_CONTROLE: TipoPaginaGrupo = {
  api: gruposApi('/grupos-controle-conteudo'),
  substantivo: 'grupos.controle.substantivo',
  lista: 'grupos-controle-conteudo',
  novo: 'grupos-controle-conteudo-novo',
  editar: 'grupos-controle-conteudo-editar',
  param: 'grupoControleConteudoId',
  membros: 'membros',
  rotuloMembros: 'grupos.membros',
  permissoes: { criar: P.CREATE_GRUPO_CONTROLE_CONTEUDO, alterar: P.UPDATE_GRUPO_CONTROLE_CONTEUDO, excluir: P.DELETE_GRUPO_CONTROLE_CONTEUDO },
};

export const GRUPO_PUBLICO: TipoPaginaGrupo = {
  api: gruposApi('/grupos-acesso-publico'),
  substantivo: 'grupos.publico.substantivo',
  lista: 'grupos-acesso-publico',
  novo: 'grupos-acesso-publico-novo',
  editar: 'grupos-acesso-publico-editar',
  param: 'grupoAcessoPublicoId',
  membros: 'cpfs',
  rotuloMembros: 'grupos.cidadaos',
  permissoes: { criar: P.CREATE_GRUPO_ACESSO_PUBLICO, alterar: P.UPDATE_GRUPO_ACESSO_PUBLICO, excluir: P.DELETE_GRUPO_ACESSO_PUBLICO },
};
