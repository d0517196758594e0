import redaxios from 'redaxios';
import { lerPaginacao, parametrosLista, type Filtros, type Ordenacao, type Paginacao } from '../../contrato/paginacao';
import { ehProblema } from '../../contrato/problema';
import type { ErroApi } from './erros';
import { traduzir, type Idioma } from '../../i18n';

/**
 * The console's HTTP client: redaxios plus what it lacks (DESIGN.md section 2). Every call gets the
 * bearer token after a refresh check, a timeout through AbortSignal.timeout, and failures reduced to
 * ErroApi; list calls read the paging headers in one place.
 */
export interface OpcoesHttp {
  /** `<api-url>/api` */
  baseUrl: string;
  token: () => Promise<string>;
  /** undefined: no timeout (app version DEVELOPMENT). */
  timeoutMs?: number;
  idioma?: Idioma;
}

export interface Resposta<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface Pagina<T> {
  itens: T[];
  paginacao: Paginacao;
}

export class FalhaApi extends Error {
  constructor(readonly erro: ErroApi) {
    super(erro.mensagem);
    this.name = 'FalhaApi';
  }
}

type Metodo = 'get' | 'post' | 'put' | 'patch' | 'delete';

function paraErroApi(e: unknown, idioma: Idioma): ErroApi {
  if (e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
    return { tipo: 'tempo-esgotado', mensagem: traduzir(idioma, 'api.tempo-esgotado') };
  }
  if (e && typeof e === 'object' && 'status' in e && typeof (e as { status: unknown }).status === 'number' && (e as { status: number }).status > 0) {
    const r = e as { status: number; statusText?: string; data?: unknown };
    const problema = ehProblema(r.data) ? r.data : undefined;
    return { tipo: 'http', status: r.status, problema, mensagem: problema?.detail ?? problema?.title ?? `HTTP ${r.status} ${r.statusText ?? ''}`.trim() };
  }
  return { tipo: 'rede', mensagem: e instanceof Error ? e.message : String(e) };
}

export function criarHttp(o: OpcoesHttp) {
  const cliente = redaxios.create({
    baseURL: o.baseUrl,
    fetch: ((url: RequestInfo, init?: RequestInit) =>
      fetch(url, o.timeoutMs ? { ...init, signal: AbortSignal.timeout(o.timeoutMs) } : init)) as typeof fetch,
  });

  async function chamar<T>(metodo: Metodo, url: string, corpo?: unknown): Promise<Resposta<T>> {
    try {
      const token = await o.token();
      const r = await cliente<T>(url, { method: metodo, data: corpo, headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-language': o.idioma ?? 'pt-BR' } });
      return { data: r.data, status: r.status, headers: r.headers as unknown as Headers };
    } catch (e) {
      throw new FalhaApi(paraErroApi(e, o.idioma ?? 'pt-BR'));
    }
  }

  return {
    get: <T>(url: string) => chamar<T>('get', url),
    post: <T>(url: string, corpo?: unknown) => chamar<T>('post', url, corpo),
    put: <T>(url: string, corpo?: unknown) => chamar<T>('put', url, corpo),
    patch: <T>(url: string, corpo?: unknown) => chamar<T>('patch', url, corpo),
    delete: <T>(url: string) => chamar<T>('delete', url),
    /**
     * Downloads a (possibly large) text file with the token, telling how many lines have arrived so
     * far; gives it back as a Blob for the browser to save.
     */
    async baixar(url: string, aoProgredir: (linhas: number) => void = () => undefined): Promise<Blob> {
      try {
        const token = await o.token();
        // No request timeout here: a 100 000-row export streams for longer than one API call may take.
        const r = await fetch(`${o.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': o.idioma ?? 'pt-BR' } });
        if (!r.ok) throw { status: r.status, statusText: r.statusText, data: await r.json().catch(() => undefined) };
        const partes: Uint8Array<ArrayBuffer>[] = [];
        let linhas = 0;
        const leitor = r.body!.getReader();
        for (;;) {
          const { done, value } = await leitor.read();
          if (done) break;
          partes.push(value as Uint8Array<ArrayBuffer>);
          for (const b of value) if (b === 10) linhas++;
          aoProgredir(linhas);
        }
        return new Blob(partes, { type: r.headers.get('content-type') ?? 'text/csv' });
      } catch (e) {
        throw new FalhaApi(paraErroApi(e, o.idioma ?? 'pt-BR'));
      }
    },
    /** A list call: filters, page, size and sort in, items and paging out. */
    async lista<T>(url: string, paginacao: Paginacao, ordenacao: readonly Ordenacao[] = [], filtros: Filtros = {}): Promise<Pagina<T>> {
      const q = parametrosLista(paginacao, ordenacao, filtros);
      const r = await chamar<T[]>('get', `${url}?${q}`);
      return { itens: Array.isArray(r.data) ? r.data : [], paginacao: lerPaginacao(r.headers, paginacao) };
    },
  };
}

export type Http = ReturnType<typeof criarHttp>;
