import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useAmbiente } from '../app/contexto';
import { confirmar } from './dialogos';

/**
 * While there is unsaved work: leaving for another page of the console asks first, signing out asks
 * first (the shell reads `ui.naoSalvo`), and so does the browser when the whole portal page is closed
 * or reloaded.
 */
export function useSairSemSalvar(sujo: boolean, mensagem: string) {
  const { estado, t } = useAmbiente();
  const bloqueio = useBlocker(({ currentLocation, nextLocation }) => sujo && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (bloqueio.state !== 'blocked') return;
    void confirmar(estado.dialogos, { titulo: t('sair.titulo'), mensagem, textoConfirmar: t('sair.confirmar'), perigo: true }).then((sim) => (sim ? bloqueio.proceed() : bloqueio.reset()));
  }, [bloqueio.state]);
  useEffect(() => {
    if (!sujo) return;
    estado.ui.naoSalvo = mensagem;
    const aviso = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', aviso);
    return () => {
      estado.ui.naoSalvo = null;
      window.removeEventListener('beforeunload', aviso);
    };
  }, [sujo]);
}
