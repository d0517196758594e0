import { TIPO_VERSAO_ANTIGA, type Problema } from '../../contrato/problema';

/** A failed call, reduced to what the console acts on. */
export type ErroApi =
  | { tipo: 'rede'; mensagem: string }
  | { tipo: 'tempo-esgotado'; mensagem: string }
  | { tipo: 'http'; status: number; problema?: Problema; mensagem: string };

/** The error pages (names of the route table's public entries). */
export type PaginaDeErro = '403' | '404' | 'erro' | 'erro-rede';

/** What kind of call failed: a 404 only leaves the page for a detail view. */
export type ContextoChamada = 'detalhe' | 'lista' | 'acao';

export type Reacao =
  /** One of the error pages, by the name of its route (the shell navigates to it: ui/useTratarErro.ts). */
  | { tipo: 'pagina'; pagina: PaginaDeErro }
  | { tipo: 'campos'; problema?: Problema }
  | { tipo: 'reautenticar' }
  | { tipo: 'conflito' }
  | { tipo: 'toast'; mensagem: string };

/** DESIGN.md section 6's error-to-page mapping, in one pure function. */
export function reacaoAoErro(e: ErroApi, contexto: ContextoChamada): Reacao {
  if (e.tipo !== 'http') return { tipo: 'pagina', pagina: 'erro-rede' };
  if (e.status === 401) return { tipo: 'reautenticar' };
  // A write refused with a reason (delegation, say) or a database that was away for a moment: the user
  // stays with what they typed and reads why; elsewhere a 403 is the forbidden page.
  if (contexto === 'acao' && (e.status === 403 || e.status === 503)) return { tipo: 'toast', mensagem: e.problema?.detail ?? e.mensagem };
  if (e.status === 403) return { tipo: 'pagina', pagina: '403' };
  if (e.status === 404 && contexto === 'detalhe') return { tipo: 'pagina', pagina: '404' };
  if (e.status >= 500) return { tipo: 'pagina', pagina: 'erro' };
  if (e.status === 400 || e.status === 422) return { tipo: 'campos', problema: e.problema };
  // Someone else saved first: the page shows its own choices; the toast only points to them.
  if (e.status === 409 && e.problema?.type === TIPO_VERSAO_ANTIGA) return { tipo: 'conflito' };
  return { tipo: 'toast', mensagem: e.problema?.detail ?? e.mensagem };
}

/** The API's field errors as a map field -> message, for forms. */
export function errosPorCampo(p?: Problema): Record<string, string> {
  return Object.fromEntries((p?.errors ?? []).map((e) => [e.field, e.message]));
}
