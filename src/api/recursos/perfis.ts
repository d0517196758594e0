import type { PermissaoInfo } from '../../access/permissoes';
import type { Http } from '../http';
import type { Filtros, Ordenacao, Paginacao } from '../paginacao';

/** Access profiles as the reference API returns them. */
export interface PerfilAcesso {
  id: number;
  nome: string;
  descricao: string;
  permissoes: string[];
  usuarios: number;
  versao: number;
  criadoEm: string;
  criadoPor: string;
  atualizadoEm: string;
  atualizadoPor: string;
}

export interface DadosPerfil {
  nome: string;
  descricao: string;
  permissoes: string[];
}

export const perfisApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<PerfilAcesso>('/perfis-acesso', p, o, f),
  obter: (http: Http, id: number | string) => http.get<PerfilAcesso>(`/perfis-acesso/${encodeURIComponent(id)}`).then((r) => r.data),
  criar: (http: Http, d: DadosPerfil) => http.post<PerfilAcesso>('/perfis-acesso', d).then((r) => r.data),
  atualizar: (http: Http, id: number, d: DadosPerfil & { versao: number }) => http.put<PerfilAcesso>(`/perfis-acesso/${id}`, d).then((r) => r.data),
  excluir: (http: Http, id: number) => http.delete<void>(`/perfis-acesso/${id}`),
  catalogo: (http: Http) => http.get<PermissaoInfo[]>('/permissoes').then((r) => r.data),
};
