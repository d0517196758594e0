import type { Definicao } from '../../../forms/definicao';
import type { Http } from '../http';
import type { TCorpoModelo, TEntradaHistorico, TEstadoIntegracao, TGruposDoModelo, TModelo, TModeloExportado, TModeloResumo, TOpcaoModelo, TPreviaImportacao, TResultadoTeste, TSegredoGerado, TVersaoModelo } from '../../../contrato/modelos';
import type { Filtros, Ordenacao, Paginacao } from '../../../contrato/paginacao';

/** Models (form templates) as the reference API returns them (the contract's types: src/contrato). */
export type ModeloResumo = TModeloResumo;
export type EstadoIntegracao = TEstadoIntegracao;
export type MetodoIntegracao = EstadoIntegracao['metodo'];
/** The integration as the model's form saves it: every header kept, by name with null to keep its stored value. */
export type Integracao = Pick<EstadoIntegracao, 'url' | 'metodo'> & { cabecalhos: Record<string, string | null> };
export type Modelo = TModelo;
export type SegredoGerado = TSegredoGerado;
export type ResultadoTeste = TResultadoTeste;

/** What the model's form edits (besides the definition, which the builder edits). */
export type DadosModelo = Omit<Required<TCorpoModelo>, 'codigoServico' | 'integracao'> & { codigoServico?: string; integracao: Integracao };

export type VersaoModelo = TVersaoModelo;
/** What a filter needs to offer a model, and whether its integration is paused (the retries page warns). */
export type OpcaoModelo = TOpcaoModelo;
export type GruposDoModelo = TGruposDoModelo;
export type ModeloExportado = TModeloExportado;
export type PreviaImportacao = TPreviaImportacao;
export type EntradaHistorico = TEntradaHistorico;
/** What an import sends: the file as read, and where it goes in this environment. */
export interface PedidoImportacao {
  arquivo: unknown;
  grupoControleConteudoId?: number;
  codigoServico?: string;
  versao?: number;
}

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
  // Issue 36: copies and templates, a file between environments, the history.
  duplicar: (http: Http, c: string, d: { codigoServico: string; nome?: string; grupoControleConteudoId?: number }) => http.post<Modelo>(`${de(c)}/copias`, d).then((r) => r.data),
  exportar: (http: Http, c: string) => http.get<ModeloExportado>(`${de(c)}/exportacao`).then((r) => r.data),
  previaImportacao: (http: Http, p: PedidoImportacao) => http.post<PreviaImportacao>('/modelos/importacao/previa', p).then((r) => r.data),
  importar: (http: Http, p: PedidoImportacao) => http.post<Modelo>('/modelos/importacao', p).then((r) => r.data),
  historico: (http: Http, c: string) => http.get<EntradaHistorico[]>(`${de(c)}/historico?size=100`).then((r) => r.data),
  entradaHistorico: (http: Http, c: string, id: number) => http.get<EntradaHistorico>(`${de(c)}/historico/${id}`).then((r) => r.data),
  restaurarHistorico: (http: Http, c: string, id: number, versao: number) => http.post<Modelo>(`${de(c)}/historico/${id}/restauracao`, { versao }).then((r) => r.data),
  /** The templates the caller sees (for "Novo modelo"). */
  bases: (http: Http) => http.get<ModeloResumo[]>('/modelos?modeloBase=true&size=100&sort=nome,asc').then((r) => r.data),
};
