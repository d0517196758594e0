import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useId } from 'react';

/** A labelled drop-down: its options, an optional first "none/all" option, a message under it. */
export interface PropsCampoSelecao {
  rotulo: string;
  valor: string;
  opcoes: readonly { valor: string; rotulo: string }[];
  aoMudar: (v: string) => void;
  /** The first option, with value '' ("Todos os modelos", "Nenhum"...). */
  vazio?: string;
  obrigatorio?: boolean;
  erro?: string | null;
  ajuda?: string;
  desabilitado?: boolean;
}

export function CampoSelecao(p: PropsCampoSelecao) {
  const id = useId();
  const erro = p.erro ?? null;
  return (
    <FormGroup label={p.rotulo} labelFor={id} labelInfo={p.obrigatorio ? '*' : undefined} helperText={erro || p.ajuda ? <span id={`${id}-msg`}>{erro ?? p.ajuda}</span> : undefined} intent={erro ? 'danger' : 'none'}>
      <HTMLSelect
        id={id}
        value={p.valor}
        disabled={p.desabilitado}
        aria-invalid={!!erro}
        aria-required={p.obrigatorio}
        aria-describedby={erro || p.ajuda ? `${id}-msg` : undefined}
        onChange={(ev) => p.aoMudar(ev.currentTarget.value)}
      >
        {p.vazio !== undefined && <option value="">{p.vazio}</option>}
        {p.opcoes.map((o) => (
          <option key={o.valor} value={o.valor}>
            {o.rotulo}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
