import { createContext, useContext } from 'react';
import type { Config } from '../config';
import { emPortugues, type Tradutor } from '../../i18n';
import type { Http } from '../api/http';
import type { Autenticador } from '../auth/keycloak';
import type { EstadoUi } from '../state/ui';
import type { Carregamento } from '../state/carregamento';
import type { Toasts } from '../state/toasts';
import type { Acesso, Sessao } from '../state/sessao';
import type { DialogosEstado } from '../ui/dialogos';
import type { Listas } from '../state/listas';

/** Everything one element instance owns: its stores are its own, so two elements never share state. */
export interface Estado {
  ui: EstadoUi;
  carregamento: Carregamento;
  toasts: Toasts;
  sessao: Sessao;
  acesso: Acesso;
  dialogos: DialogosEstado;
  listas: Listas;
}

export interface Ambiente {
  config: Config;
  t: Tradutor;
  estado: Estado;
  http: Http;
  /** null when the identity provider could not be reached at start-up. */
  auth: Autenticador | null;
  entrar(): void;
  sair(): void;
  emitir(evento: 'navigated' | 'signedout' | 'authenticated', detalhe?: unknown): void;
}

export const AmbienteContext = createContext<Ambiente | null>(null);

export function useAmbiente(): Ambiente {
  const a = useContext(AmbienteContext);
  if (!a) throw new Error('useAmbiente fora de <console-formularios>');
  return a;
}

/** The element's translator; pt-BR outside an element (the demo's citizen page draws the filling form alone). */
export const useT = () => useContext(AmbienteContext)?.t ?? emPortugues;
