import { Alert, Dialog, DialogBody } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useAmbiente } from './contexto';

/** Draws the confirm popups and dialogs pages ask for (ui/dialogos.ts). */
export function DialogHost() {
  const { estado, t } = useAmbiente();
  const d = useSnapshot(estado.dialogos);
  return (
    <>
      {d.confirmacoes.map((c) => (
        <Alert
          key={c.id}
          isOpen
          canEscapeKeyCancel
          intent={c.perigo ? 'danger' : 'primary'}
          icon={c.perigo ? 'trash' : 'info-sign'}
          confirmButtonText={c.textoConfirmar ?? t('confirmar.sim')}
          cancelButtonText={t('confirmar.nao')}
          onConfirm={() => c.responder(true)}
          onCancel={() => c.responder(false)}
          aria-label={c.titulo ?? t('confirmar.titulo')}
        >
          {c.titulo && <h2 className="cf-confirmacao-titulo">{c.titulo}</h2>}
          <div>{c.mensagem as ReactNode}</div>
        </Alert>
      ))}
      {d.dialogos.map((x) => {
        const fechar = () => (estado.dialogos.dialogos = estado.dialogos.dialogos.filter((y) => y.id !== x.id));
        return (
          <Dialog key={x.id} isOpen title={x.titulo} onClose={fechar} autoFocus enforceFocus style={x.largura ? { width: x.largura } : undefined}>
            <DialogBody>{x.conteudo(fechar) as ReactNode}</DialogBody>
          </Dialog>
        );
      })}
    </>
  );
}
