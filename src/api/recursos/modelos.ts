import type { StatusModelo } from '../../forms/ciclo';
import type { Definicao } from '../../forms/definicao';
import type { Http } from '../http';
import type { Filtros, Ordenacao, Paginacao } from '../paginacao';

/** Models (form templates) as the reference API returns them. */
export interface ModeloResumo {
  codigoServico: string;
  nome: string;
  descricao: string;
  status: StatusModelo;
  grupoControleConteudo: { id: number; nome: string };
  grupoAcessoPublicoId: number | null;
  /** Days a filled form keeps its personal data; null: kept. */
  retencaoDias: number | null;
  ultimaVersao: number;
  versao: number;
  criadoEm: string;
  criadoPor: string;
  atualizadoEm: string;
  atualizadoPor: string;
}

export type MetodoIntegracao = 'POST' | 'PUT' | 'PATCH';

export interface Integracao {
  url: string | null;
  metodo: MetodoIntegracao;
  cabecalhos: Record<string, string>;
}

/** What the API tells of a model's integration besides its target (never the secret itself). */
export interface EstadoIntegracao extends Integracao {
  segredo: { existe: boolean; criadoEm: string | null; anteriorValidoAte: string | null };
  esgotadasSeguidas: number;
  pausadaEm: string | null;
}

export interface Modelo extends ModeloResumo {
  definicao: Definicao;
  integracao: EstadoIntegracao;
  /** Only in the answer that made it (the model got an integration): the signing secret, shown this once. */
  segredoNovo?: string;
}

export interface SegredoGerado {
  segredo: string;
  criadoEm: string;
  anteriorValidoAte: string | null;
}

export interface ResultadoTeste {
  ok: boolean;
  statusHttp: number | null;
  mensagem: string;
}

/** What the model's form edits (besides the definition, which the builder edits). */
export interface DadosModelo {
  codigoServico?: string;
  nome: string;
  descricao: string;
  grupoControleConteudoId: number;
  grupoAcessoPublicoId: number | null;
  integracao: Integracao;
  retencaoDias: number | null;
}

export interface VersaoModelo {
  numero: number;
  nome: string;
  publicadoEm: string;
  publicadoPor: string;
  definicao?: Definicao;
}

/** What a filter needs to offer a model, and whether its integration is paused (the retries page warns). */
export type OpcaoModelo = Pick<ModeloResumo, 'codigoServico' | 'nome' | 'status'> & { integracaoPausadaEm?: string | null };

export interface GruposDoModelo {
  controleConteudo: { id: number; nome: string }[];
  acessoPublico: { id: number; nome: string }[];
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
};
