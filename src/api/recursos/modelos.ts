import type { StatusModelo } from '../../forms/ciclo';
import type { Http } from '../http';
import type { Filtros, Ordenacao, Paginacao } from '../paginacao';

/** A model as the reference API lists it. */
export interface ModeloResumo {
  codigoServico: string;
  nome: string;
  descricao: string;
  status: StatusModelo;
  grupoControleConteudo: { id: number; nome: string };
  grupoAcessoPublicoId: number | null;
  ultimaVersao: number;
  versao: number;
  criadoEm: string;
  criadoPor: string;
  atualizadoEm: string;
  atualizadoPor: string;
}

/** What a filter needs to offer a model. */
export type OpcaoModelo = Pick<ModeloResumo, 'codigoServico' | 'nome' | 'status'>;

export const modelosApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<ModeloResumo>('/modelos', p, o, f),
  /** Every model in the user's scope (for filters; needs any of the reading permissions of forms, events, retries or models). */
  opcoes: (http: Http) => http.get<OpcaoModelo[]>('/modelos-opcoes').then((r) => r.data),
};
