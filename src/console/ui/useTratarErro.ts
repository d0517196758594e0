import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { FalhaApi } from '../api/http';
import { reacaoAoErro, type ContextoChamada, type Reacao } from '../api/erros';
import { useAmbiente } from '../app/contexto';
import { caminho } from '../routes';
import { idErroDe, mostrarToast } from '../state/toasts';

/**
 * Applies DESIGN.md section 6's mapping to a failed call: page change, sign-in again, or a toast.
 * Returns the reaction so a form can also place field errors (`campos`). With `acao`, the toast is that
 * action's error toast: a new failure replaces it and the action's success closes it (mostrarSucesso).
 */
export function useTratarErro() {
  const { estado, t, entrar } = useAmbiente();
  const navegar = useNavigate();
  return useCallback(
    (e: unknown, contexto: ContextoChamada, acao?: string): Reacao => {
      const erro = e instanceof FalhaApi ? e.erro : { tipo: 'rede' as const, mensagem: e instanceof Error ? e.message : String(e) };
      const r = reacaoAoErro(erro, contexto);
      if (r.tipo === 'pagina') navegar(caminho(r.pagina));
      else if (r.tipo === 'reautenticar') entrar();
      else
        mostrarToast(estado.toasts, {
          id: acao ? idErroDe(acao) : undefined,
          severity: r.tipo === 'conflito' ? 'warn' : 'error',
          summary: r.tipo === 'conflito' ? t('api.conflito-titulo') : t('api.erro-titulo'),
          detail: r.tipo === 'campos' ? (r.problema?.detail ?? t('api.dados-invalidos')) : r.tipo === 'conflito' ? t('api.conflito') : r.mensagem,
          life: 8000,
        });
      return r;
    },
    [navegar, entrar],
  );
}
