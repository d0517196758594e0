import type { Http } from '../http';
import type { Filtros, Ordenacao, Paginacao } from '../paginacao';

export interface Vinculo {
  username: string;
  nome: string;
  email: string;
  administrador: boolean;
  perfis: { id: number; nome: string }[];
  grupos: { id: number; nome: string }[];
  permissoesEfetivas?: string[];
  versao: number;
  concedidoEm: string;
  concedidoPor: string;
  atualizadoEm: string;
  atualizadoPor: string;
}

export interface DadosVinculo {
  username?: string;
  nome: string;
  email: string;
  administrador: boolean;
  perfis: number[];
  grupos: number[];
}

/** The caller's own link (GET /vinculos-usuarios/eu), as a granter for src/access/delegacao.ts. */
interface Eu {
  username: string;
  administrador: boolean;
  permissoes: string[];
  perfis: { id: number }[];
  grupos: { id: number }[];
}

export const vinculosApi = {
  eu: (http: Http) =>
    http.get<Eu>('/vinculos-usuarios/eu').then(({ data: v }) => ({ username: v.username, administrador: v.administrador, permissoes: v.permissoes, perfis: v.perfis.map((p) => p.id), grupos: v.grupos.map((g) => g.id) })),
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<Vinculo>('/vinculos-usuarios', p, o, f),
  obter: (http: Http, username: string) => http.get<Vinculo>(`/vinculos-usuarios/${encodeURIComponent(username)}`).then((r) => r.data),
  criar: (http: Http, d: DadosVinculo) => http.post<Vinculo>('/vinculos-usuarios', d).then((r) => r.data),
  atualizar: (http: Http, username: string, d: DadosVinculo & { versao: number }) => {
    const { username: _u, ...corpo } = d;
    return http.put<Vinculo>(`/vinculos-usuarios/${encodeURIComponent(username)}`, corpo).then((r) => r.data);
  },
  excluir: (http: Http, username: string) => http.delete<void>(`/vinculos-usuarios/${encodeURIComponent(username)}`),
};
