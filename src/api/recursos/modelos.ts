import type { Definicao } from '../../forms/definicao';
import type { Http } from '../http';
import type { TCorpoModelo, TEstadoIntegracao, TGruposDoModelo, TModelo, TModeloResumo, TOpcaoModelo, TResultadoTeste, TSegredoGerado, TVersaoModelo } from '../contrato/modelos';
import type { Filtros, Ordenacao, Paginacao } from '../paginacao';

/** Models (form templates) as the reference API returns them (the contract's types: src/api/contrato). */
export type ModeloResumo = TModeloResumo;
export type EstadoIntegracao = TEstadoIntegracao;
export type MetodoIntegracao = EstadoIntegracao['metodo'];
/** The integration as the model's form edits it. */
export type Integracao = Pick<EstadoIntegracao, 'url' | 'metodo' | 'cabecalhos'>;
export type Modelo = TModelo;
export type SegredoGerado = TSegredoGerado;
export type ResultadoTeste = TResultadoTeste;

/** What the model's form edits (besides the definition, which the builder edits). */
export type DadosModelo = Omit<Required<TCorpoModelo>, 'codigoServico' | 'integracao'> & { codigoServico?: string; integracao: Integracao };

export type VersaoModelo = TVersaoModelo;
/** What a filter needs to offer a model, and whether its integration is paused (the retries page warns). */
export type OpcaoModelo = TOpcaoModelo;
export type GruposDoModelo = TGruposDoModelo;

const de = (c: string) => `/modelos/${encodeURIComponent(c)}`;

export const modelosApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<ModeloResumo>('/modelos', p, o, f),
  /** Every model in the user's scope (for filters; needs any of the reading permissions of forms, events, retries or models). */
  opcoes: (http: Http) => http.get<OpcaoModelo[]>('/modelos-opcoes').then((r) => r.data),
  grupos: (http: Http) => http.get<GruposDoModelo>('/modelos-grupos').then((r) => r.data),
  obter: (http: Http, c: string) => http.get<Modelo>(de(c)).then((r) => r.data),
  criar: (http: Http, d: DadosModelo) => http.post<Modelo>('/modelos', d).then((r) => r.data),
  atualizar: (http: Http, c: string, d: DadosModelo & { definicao: Definicao; versao: number }) => http.put<Modelo>(de(c), d).then((r) => r.data),
  excluir: (http: Http, c: string) => http.delete<void>(de(c)),
  versoes: (http: Http, c: string) => http.get<VersaoModelo[]>(`${de(c)}/versoes`).then((r) => r.data),
  versao: (http: Http, c: string, n: number) => http.get<VersaoModelo>(`${de(c)}/versoes/${n}`).then((r) => r.data),
  publicar: (http: Http, c: string) => http.post<Modelo>(`${de(c)}/versoes`).then((r) => r.data),
  arquivar: (http: Http, c: string) => http.post<Modelo>(`${de(c)}/arquivamento`).then((r) => r.data),
  restaurar: (http: Http, c: string) => http.delete<Modelo>(`${de(c)}/arquivamento`).then((r) => r.data),
  novoSegredo: (http: Http, c: string) => http.post<SegredoGerado>(`${de(c)}/integracao/segredo`).then((r) => r.data),
  enviarTeste: (http: Http, c: string) => http.post<ResultadoTeste>(`${de(c)}/integracao/teste`).then((r) => r.data),
  retomarIntegracao: (http: Http, c: string) => http.delete<Modelo>(`${de(c)}/integracao/pausa`).then((r) => r.data),
};
