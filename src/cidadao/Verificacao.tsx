import { useState } from 'react';
import type { CampoDefinicao } from '../forms/definicao';
import { destinoDe } from '../forms/verificacao';
import type { TradutorCidadao } from '../i18n/cidadao';

/** The API calls of a verified question (issue 45): the element's; the builder's preview has none. */
export interface Verificador {
  enviar(campo: string, valor: string): Promise<{ id: string; destino: string } | { falha: string }>;
  confirmar(id: string, codigo: string): Promise<{ prova: string } | { falha: string }>;
  /** The addresses and numbers the citizen's login says are verified (in `destinoDe`'s form): those need no code. */
  daConta?: string[];
}
/** A question's confirmed value and its proof. */
export type Prova = { destino: string; prova: string };

/**
 * Under an e-mail or phone question marked `verificado` (issue 45): "Enviar código", then the code typed in the
 * same question and "Confirmar"; confirmed, the value is marked so until it changes (another value needs a code).
 * The login's own verified address or number is marked without a code.
 */
export function Verificacao({ campo, id, valor, prova, verificar, aoProvar, t }: { campo: CampoDefinicao; id: string; valor: unknown; prova?: Prova; verificar: Verificador; aoProvar: (p: Prova) => void; t: TradutorCidadao }) {
  const [pedido, setPedido] = useState<{ id: string; destino: string } | null>(null);
  const [codigo, setCodigo] = useState('');
  const [aviso, setAviso] = useState<{ ok: boolean; texto: string } | null>(null);
  const destino = destinoDe(campo, valor);
  if (!destino) return null;
  if (prova?.destino === destino || verificar.daConta?.includes(destino)) return <p className="fc-dica" role="status">✓ {t(prova?.destino === destino ? 'contato.confirmado' : 'contato.pela-conta')}</p>;
  const aberto = pedido?.destino === destino;
  const enviar = async () => {
    const r = await verificar.enviar(campo.id, String(valor));
    if ('falha' in r) return setAviso({ ok: false, texto: r.falha });
    setPedido({ id: r.id, destino });
    setCodigo('');
    setAviso({ ok: true, texto: t('contato.enviado', { destino: r.destino }) });
  };
  const confirmar = async () => {
    const r = await verificar.confirmar(pedido!.id, codigo);
    if ('falha' in r) return setAviso({ ok: false, texto: r.falha });
    aoProvar({ destino, prova: r.prova });
  };
  return (
    <div className="fc-grupo fc-verificacao">
      {aviso && (
        <p className={aviso.ok ? 'fc-dica' : 'fc-erro'} role={aviso.ok ? 'status' : 'alert'}>
          {aviso.texto}
        </p>
      )}
      {aberto && (
        <>
          <label className="fc-rotulo" htmlFor={`${id}-codigo`}>
            {t('contato.codigo')}
          </label>
          <input id={`${id}-codigo`} className="fc-entrada fc-entrada-cep" inputMode="numeric" autoComplete="one-time-code" value={codigo} onChange={(e) => setCodigo(e.currentTarget.value)} />
        </>
      )}
      <p className="fc-acoes">
        {aberto && (
          <button type="button" className="fc-botao" onClick={() => void confirmar()}>
            {t('contato.confirmar')}
          </button>
        )}
        <button type="button" className="fc-botao fc-botao-secundario" onClick={() => void enviar()}>
          {t(aberto ? 'contato.reenviar' : 'contato.enviar')}
        </button>
      </p>
    </div>
  );
}
