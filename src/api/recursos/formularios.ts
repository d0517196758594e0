import type { Definicao } from '../../forms/definicao';
import type { StatusFormulario, StatusRetentativa, TipoEvento } from '../../forms/status';
import type { Http } from '../http';
import { parametrosLista, type Filtros, type Ordenacao, type Paginacao } from '../paginacao';

/** Filled forms, their events, analytics and integration retries as the reference API returns them. */
export interface Formulario {
  id: number;
  protocolo: string;
  codigoServico: string;
  modeloNome: string;
  modeloVersao: number;
  status: StatusFormulario;
  /** Always masked (***.456.789-**): whole only through `dadosPessoais`. */
  cpfRequerente: string | null;
  /** Masked (M*** S***) unless the user holds READ_FORMULARIO_DADOS_PESSOAIS. */
  nomeRequerente: string | null;
  emailRequerente: string | null;
  recebidoEm: string;
  /** When the retention job emptied its personal data. */
  anonimizadoEm: string | null;
}

/** "Mostrar": a form's personal data in clear (each request is recorded as an event). */
export interface DadosPessoais {
  respostas: Record<string, unknown>;
  cpfRequerente: string | null;
  nomeRequerente: string | null;
  emailRequerente: string | null;
}

export interface Evento {
  id: number;
  /** Null for a console-wide event (an export with personal data, a data-subject report). */
  formularioId: number | null;
  protocolo: string | null;
  codigoServico: string | null;
  modeloNome: string | null;
  tipo: TipoEvento;
  ocorridoEm: string;
  autor: string;
  detalhes: Record<string, unknown> | null;
}

export interface Retentativa {
  id: number;
  formularioId: number;
  protocolo: string;
  codigoServico: string;
  modeloNome: string;
  destino: string | null;
  tentativas: number;
  proximaTentativaEm: string | null;
  ultimoStatusHttp: number | null;
  ultimoErro: string | null;
  status: StatusRetentativa;
  motivoDescarte: string | null;
  criadoEm: string;
  atualizadoEm: string;
}

export interface DetalheFormulario extends Formulario {
  /** Personal answers masked; `dadosPessoais.podeMostrar` says whether this user may ask for them. */
  respostas: Record<string, unknown>;
  dadosPessoais: { mascarados: boolean; podeMostrar: boolean };
  versaoModelo: { numero: number; nome: string; definicao: Definicao } | null;
  eventos: Omit<Evento, 'formularioId' | 'protocolo' | 'codigoServico' | 'modeloNome'>[];
  retentativa: Pick<Retentativa, 'id' | 'status' | 'tentativas' | 'proximaTentativaEm' | 'ultimoStatusHttp' | 'ultimoErro' | 'destino'> | null;
}

export interface Contagem {
  total: number;
  porStatus: Partial<Record<StatusFormulario, number>>;
}

export interface Analitico {
  total: number;
  modelos: (Contagem & { codigoServico: string; nome: string; taxaFalhaIntegracao: number })[];
  serieDiaria: (Contagem & { dia: string })[];
}

export const formulariosApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<Formulario>('/formularios', p, o, f),
  obter: (http: Http, id: number | string) => http.get<DetalheFormulario>(`/formularios/${encodeURIComponent(id)}`).then((r) => r.data),
  dadosPessoais: (http: Http, id: number | string) => http.get<DadosPessoais>(`/formularios/${encodeURIComponent(id)}/dados-pessoais`).then((r) => r.data),
  /** The CSV export's address for the current filter and sort (fetched with the token by `baixar`); `claros`: personal data unmasked. */
  exportacao: (o: readonly Ordenacao[], f: Filtros, claros = false) => `/formularios/exportacao?${semPaginacao(f, o)}${claros ? '&dadosPessoais=true' : ''}`,
  /** The data subject's report for a CPF (JSON or CSV). */
  relatorioTitular: (cpf: string, formato: 'json' | 'csv') => `/formularios/relatorio-titular?cpf=${encodeURIComponent(cpf)}&formato=${formato}`,
  analitico: (http: Http, f: Filtros) => http.get<Analitico>(`/analitico-formularios?${semPaginacao(f)}`).then((r) => r.data),
  eventos: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<Evento>('/formularios-eventos', p, o, f),
};

export const retentativasApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<Retentativa>('/retentativas-integracao', p, o, f),
  executar: (http: Http, id: number) => http.post<Retentativa>(`/retentativas-integracao/${id}/execucoes`).then((r) => r.data),
  descartar: (http: Http, id: number, motivo: string) => http.post<Retentativa>(`/retentativas-integracao/${id}/descarte`, { motivo }).then((r) => r.data),
  /** With `simulacao`, only counts what would be retried. */
  executarEmLote: (http: Http, f: Filtros, simulacao: boolean) =>
    http.post<{ quantidade: number; simulacao: boolean }>(`/retentativas-integracao/execucoes-em-lote?simulacao=${simulacao}`, filtrosCorpo(f)).then((r) => r.data),
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
