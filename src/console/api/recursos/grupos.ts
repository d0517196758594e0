import type { Http } from '../http';
import type { TCorpoGrupoControle, TCorpoGrupoPublico, TGrupoAcessoPublico, TGrupoControleConteudo, TGrupoResumo, TVinculo } from '../../../contrato/acesso';
import type { Filtros, Ordenacao, Paginacao } from '../../../contrato/paginacao';

/** Both kinds of group, as the reference API returns them: in a list, or one with its members (usernames, or CPFs formatted) and models. */
export type Grupo = TGrupoResumo & Partial<Pick<TGrupoControleConteudo, 'membros' | 'modelos'> & Pick<TGrupoAcessoPublico, 'cpfs'>>;

/** What a group's form sends: members for a content-control group, CPFs for a public-access one. */
export type DadosGrupo = Required<Pick<TCorpoGrupoControle, 'nome' | 'descricao'>> & Pick<TCorpoGrupoControle, 'membros'> & Pick<TCorpoGrupoPublico, 'cpfs'>;

export function gruposApi(base: '/grupos-controle-conteudo' | '/grupos-acesso-publico') {
  return {
    listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<Grupo>(base, p, o, f),
    obter: (http: Http, id: number | string) => http.get<Grupo>(`${base}/${encodeURIComponent(id)}`).then((r) => r.data),
    criar: (http: Http, d: DadosGrupo) => http.post<Grupo>(base, d).then((r) => r.data),
    atualizar: (http: Http, id: number | string, d: DadosGrupo & { versao: number }) => http.put<Grupo>(`${base}/${encodeURIComponent(id)}`, d).then((r) => r.data),
    excluir: (http: Http, id: number) => http.delete<void>(`${base}/${id}`),
  };
}

export type VinculoResumo = Pick<TVinculo, 'username' | 'nome' | 'email'>;

export const buscarVinculos = (http: Http, texto: string) =>
  http.lista<VinculoResumo>('/vinculos-usuarios', { page: 0, size: 100, total: 0 }, [{ campo: 'nome', direcao: 'asc' }], { texto: texto || undefined }).then((r) => r.itens);
