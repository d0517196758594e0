import type { TCorpoPerfil, TPerfilAcesso, TPermissaoInfo } from '../../../contrato/acesso';
import type { Http } from '../http';
import type { Filtros, Ordenacao, Paginacao } from '../../../contrato/paginacao';

/** Access profiles as the reference API returns them (the contract's types: src/contrato). */
export type PerfilAcesso = TPerfilAcesso;
/** What the profile's form edits (the body of a create or a save, without `versao`). */
export type DadosPerfil = Required<TCorpoPerfil>;

export const perfisApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<PerfilAcesso>('/perfis-acesso', p, o, f),
  obter: (http: Http, id: number | string) => http.get<PerfilAcesso>(`/perfis-acesso/${encodeURIComponent(id)}`).then((r) => r.data),
  criar: (http: Http, d: DadosPerfil) => http.post<PerfilAcesso>('/perfis-acesso', d).then((r) => r.data),
  atualizar: (http: Http, id: number, d: DadosPerfil & { versao: number }) => http.put<PerfilAcesso>(`/perfis-acesso/${id}`, d).then((r) => r.data),
  excluir: (http: Http, id: number) => http.delete<void>(`/perfis-acesso/${id}`),
  catalogo: (http: Http) => http.get<TPermissaoInfo[]>('/permissoes').then((r) => r.data),
};
