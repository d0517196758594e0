import { proxy } from 'valtio';

/** SPEC.md section 3's toast message. */
export type Severidade = 'info' | 'success' | 'warn' | 'error' | 'secondary' | 'contrast';

export const POSICOES = ['top-center', 'top-left', 'top-right', 'bottom-center', 'bottom-left', 'bottom-right', 'center'] as const;
export type Posicao = (typeof POSICOES)[number];

/** The extra toast group of SPEC.md section 1: where start-up and API failures are told. */
export const GRUPO_ERROS = 'mensagens-erro';

export interface MensagemToast {
  severity?: Severidade;
  summary?: string;
  detail?: string;
  /** ms; without it the toast stays until closed. */
  life?: number;
  closable?: boolean;
  /** A position or the error group; top-right when absent. */
  group?: Posicao | typeof GRUPO_ERROS;
  id?: string;
}

export interface ToastAtivo extends MensagemToast {
  id: string;
  /** When it was shown (ms). */
  desde: number;
  group: Posicao | typeof GRUPO_ERROS;
  severity: Severidade;
}

export function criarToasts() {
  return proxy({ ativos: [] as ToastAtivo[], sequencia: 0 });
}

export type Toasts = ReturnType<typeof criarToasts>;

/** Shows a toast; one with the `id` of a toast already shown replaces it in place. Returns the id. */
export function mostrarToast(t: Toasts, m: MensagemToast): string {
  const id = m.id ?? `toast-${++t.sequencia}`;
  const ativo: ToastAtivo = { closable: true, ...m, id, group: m.group ?? 'top-right', severity: m.severity ?? 'info', desde: Date.now() };
  const i = t.ativos.findIndex((a) => a.id === id);
  if (i >= 0) t.ativos[i] = ativo;
  else t.ativos.push(ativo);
  return id;
}

export function fecharToast(t: Toasts, id: string): void {
  const i = t.ativos.findIndex((a) => a.id === id);
  if (i >= 0) t.ativos.splice(i, 1);
}

/** The id of the error toast of one action (saving a model, publishing...): a new failure replaces it. */
export const idErroDe = (acao: string) => `erro:${acao}`;

/** An action worked: its error toast (if still shown) goes, and the success is told. */
export function mostrarSucesso(t: Toasts, acao: string, m: Omit<MensagemToast, 'severity'>): string {
  fecharToast(t, idErroDe(acao));
  return mostrarToast(t, { ...m, life: m.life ?? 5000, severity: 'success' });
}

/**
 * The toasts about the page being left: successes and information (errors and warnings stay until closed). One
 * shown in the last moments is about this very move ("Criado como cópia" before the copy opens): it stays.
 */
export function fecharToastsDaPagina(t: Toasts, agora = Date.now(), recente = 1500): void {
  t.ativos = t.ativos.filter((a) => (a.severity !== 'success' && a.severity !== 'info') || agora - a.desde < recente);
}

export function limparToasts(t: Toasts, group?: string): void {
  t.ativos = group ? t.ativos.filter((a) => a.group !== group) : [];
}

/** DESIGN.md section 5: severity to Blueprint intent. */
export const INTENCAO: Record<Severidade, 'primary' | 'success' | 'warning' | 'danger' | 'none'> = {
  info: 'primary',
  success: 'success',
  warn: 'warning',
  error: 'danger',
  secondary: 'none',
  contrast: 'none',
};
