import type { Http } from '../http';
import type { TCorpoVinculo, TEu, TVinculo, TVinculoDetalhe } from '../../../contrato/acesso';
import type { Filtros, Ordenacao, Paginacao } from '../../../contrato/paginacao';

/** A user link as the API returns it; `permissoesEfetivas` when read alone. */
export type Vinculo = TVinculo & Partial<Pick<TVinculoDetalhe, 'permissoesEfetivas'>>;

/** What the link's form edits: the create body (`username` only when creating). */
export type DadosVinculo = Omit<Required<TCorpoVinculo>, 'username'> & { username?: string };

export const vinculosApi = {
  eu: (http: Http) =>
    http.get<TEu>('/vinculos-usuarios/eu').then(({ data: v }) => ({ username: v.username, administrador: v.administrador, permissoes: v.permissoes, perfis: v.perfis.map((p) => p.id), grupos: v.grupos.map((g) => g.id) })),
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<Vinculo>('/vinculos-usuarios', p, o, f),
  obter: (http: Http, username: string) => http.get<Vinculo>(`/vinculos-usuarios/${encodeURIComponent(username)}`).then((r) => r.data),
  criar: (http: Http, d: DadosVinculo) => http.post<Vinculo>('/vinculos-usuarios', d).then((r) => r.data),
  atualizar: (http: Http, username: string, d: DadosVinculo & { versao: number }) => {
    const { username: _u, ...corpo } = d;
    return http.put<Vinculo>(`/vinculos-usuarios/${encodeURIComponent(username)}`, corpo).then((r) => r.data);
  },
  excluir: (http: Http, username: string) => http.delete<void>(`/vinculos-usuarios/${encodeURIComponent(username)}`),
};
