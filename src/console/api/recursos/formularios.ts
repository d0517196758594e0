import type { TAnalitico, TDadosPessoais, TDetalheFormulario, TPagamentoDoFormulario, TEvento, TFormulario, TResultadoLote, TRetentativa, TVerificacao, TVerificacaoPdf } from '../../../contrato/formularios';
import type { Http } from '../http';
import type { TAnalise, TParteDoFormulario } from '../../../contrato/etapas';
import { parametrosLista, type Filtros, type Ordenacao, type Paginacao } from '../../../contrato/paginacao';

/** Filled forms, their events, analytics and integration retries as the reference API returns them (the contract's types). */
export type Formulario = TFormulario;
export type Analise = TAnalise;
export type ParteDoFormulario = TParteDoFormulario;
/** "Mostrar": a form's personal data in clear (each request is recorded as an event). */
export type DadosPessoais = TDadosPessoais;
export type Verificacao = TVerificacao;
export type VerificacaoPdf = TVerificacaoPdf;
export type Evento = TEvento;
export type Retentativa = TRetentativa;
export type DetalheFormulario = TDetalheFormulario;
export type Analitico = TAnalitico;
export type PagamentoDoFormulario = TPagamentoDoFormulario;
export type Contagem = Pick<Analitico, 'total'> & Pick<Analitico['modelos'][number], 'porStatus'>;

export const formulariosApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<Formulario>('/formularios', p, o, f),
  obter: (http: Http, id: number | string) => http.get<DetalheFormulario>(`/formularios/${encodeURIComponent(id)}`).then((r) => r.data),
  anexo: (id: number | string, anexo: string) => `/formularios/${encodeURIComponent(id)}/anexos/${encodeURIComponent(anexo)}`,
  /** "Baixar PDF": masked as the drawer shows it, or in clear once the drawer shows it in clear. */
  pdf: (id: number | string, claros = false) => `/formularios/${encodeURIComponent(id)}/pdf${claros ? '?dadosPessoais=true' : ''}`,
  /** A receipt's or a staff PDF's signature (issue 44): the file itself, read by the public route. */
  verificarPdf: (http: Http, arquivo: Blob) => http.post<VerificacaoPdf>('/publico/comprovantes/verificacao', arquivo).then((r) => r.data),
  verificar: (http: Http, protocolo: string, codigo: string) => http.get<Verificacao>(`/formularios/verificacao?protocolo=${encodeURIComponent(protocolo)}&codigo=${encodeURIComponent(codigo)}`).then((r) => r.data),
  /** A refund of the paid fee (issue 38): `valor` in reais as typed ("18,90"). */
  devolver: (http: Http, id: number | string, valor: string, motivo: string) => http.post<PagamentoDoFormulario>(`/formularios/${encodeURIComponent(id)}/devolucoes`, { valor, ...(motivo ? { motivo } : {}) }).then((r) => r.data),
  dadosPessoais: (http: Http, id: number | string) => http.get<DadosPessoais>(`/formularios/${encodeURIComponent(id)}/dados-pessoais`).then((r) => r.data),
  /** The CSV export's address for the current filter and sort (fetched with the token by `baixar`); `claros`: personal data unmasked. */
  exportacao: (o: readonly Ordenacao[], f: Filtros, claros = false) => `/formularios/exportacao?${semPaginacao(f, o)}${claros ? '&dadosPessoais=true' : ''}`,
  /** The data subject's report for a CPF (JSON or CSV). */
  relatorioTitular: (cpf: string, formato: 'json' | 'csv') => `/formularios/relatorio-titular?cpf=${encodeURIComponent(cpf)}&formato=${formato}`,
  analitico: (http: Http, f: Filtros) => http.get<Analitico>(`/analitico-formularios?${semPaginacao(f)}`).then((r) => r.data),
  eventos: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<Evento>('/formularios-eventos', p, o, f),
  /** "Minhas análises" (issue 46): the forms waiting for a review of one of the user's groups. */
  analises: (http: Http, p: Paginacao, o: readonly Ordenacao[]) => http.lista<Analise>('/analises', p, o, {}),
  /** A review's decision: approve with the step's reserved answers, or refuse with the reason. */
  analisar: (http: Http, id: number | string, corpo: { decisao: 'APROVAR' | 'RECUSAR'; motivo?: string; respostas?: Record<string, unknown> }) => http.post<{ status: string }>(`/formularios/${encodeURIComponent(id)}/analise`, corpo).then((r) => r.data),
};

export const retentativasApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<Retentativa>('/retentativas-integracao', p, o, f),
  executar: (http: Http, id: number) => http.post<Retentativa>(`/retentativas-integracao/${id}/execucoes`).then((r) => r.data),
  descartar: (http: Http, id: number, motivo: string) => http.post<Retentativa>(`/retentativas-integracao/${id}/descarte`, { motivo }).then((r) => r.data),
  /** With `simulacao`, only counts what would be retried. */
  executarEmLote: (http: Http, f: Filtros, simulacao: boolean) =>
    http.post<TResultadoLote>(`/retentativas-integracao/execucoes-em-lote?simulacao=${simulacao}`, filtrosCorpo(f)).then((r) => r.data),
};

function semPaginacao(f: Filtros, o: readonly Ordenacao[] = []): URLSearchParams {
  const q = parametrosLista({ page: 0, size: 1 }, o, f);
  q.delete('page');
  q.delete('size');
  return q;
}

/** The list's filters as the bulk action's JSON body: model and status always lists, empty values left out. */
function filtrosCorpo(f: Filtros): Record<string, unknown> {
  const lista = (v: Filtros[string]) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);
  const corpo: Record<string, unknown> = { modelo: lista(f.modelo), status: lista(f.status), de: f.de || undefined, ate: f.ate || undefined };
  return Object.fromEntries(Object.entries(corpo).filter(([, v]) => v !== undefined && !(Array.isArray(v) && !v.length)));
}
