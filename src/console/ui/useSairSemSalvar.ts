import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useAmbiente } from '../app/contexto';
import { confirmar, type DialogosEstado } from './dialogos';
import type { Tradutor } from '../../i18n';

/** "Sair sem salvar?": leaving a page and signing out ask the same question. */
export const confirmarSaida = (d: DialogosEstado, t: Tradutor, mensagem: string) => confirmar(d, { titulo: t('sair.titulo'), mensagem, textoConfirmar: t('sair.confirmar'), perigo: true });

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
    void confirmarSaida(estado.dialogos, t, mensagem).then((sim) => (sim ? bloqueio.proceed() : bloqueio.reset()));
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
