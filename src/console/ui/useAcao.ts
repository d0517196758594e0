import { useId, useState } from 'react';
import { useAmbiente } from '../app/contexto';
import { mostrarSucesso } from '../state/toasts';
import { useTratarErro } from './useTratarErro';

/**
 * An action on a list's item (delete, retry, discard...): run it, say so in a success toast and bump
 * `versao` so the list reloads; a failure goes through the error mapping. Resolves whether it worked.
 */
export function useAcao() {
  const { estado } = useAmbiente();
  const tratar = useTratarErro();
  const [versao, setVersao] = useState(0);
  // This hook's actions share one error toast, which their next success closes.
  const acao = `acao:${useId()}`;
  const executar = async <T>(trabalho: () => Promise<T>, aviso: { titulo: string; texto: string | ((r: T) => string); /** ms the toast stays (5 s). */ vida?: number }): Promise<boolean> => {
    try {
      const r = await trabalho();
      mostrarSucesso(estado.toasts, acao, { summary: aviso.titulo, detail: typeof aviso.texto === 'function' ? aviso.texto(r) : aviso.texto, life: aviso.vida });
      setVersao((v) => v + 1);
      return true;
    } catch (e) {
      tratar(e, 'acao', acao);
      return false;
    }
  };
  return { versao, executar, tratar };
}
