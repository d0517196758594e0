import { Classes } from '@blueprintjs/core';
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';

/**
 * A tooltip drawn beside its target with Blueprint's tooltip classes: shown on focus at once and on hover
 * after 300 ms, hidden on leaving, on blur and on Escape (WCAG 1.4.13). Not on Blueprint's popovers:
 * those bring the whole floating-ui positioning engine (about 38 KB gzip) into the shell for one tooltip.
 */
export function Dica({ texto, children }: { texto: string; children: ReactElement<{ 'aria-label'?: string; 'aria-describedby'?: string }> }) {
  const [aberta, setAberta] = useState(false);
  const id = useId();
  const espera = useRef<number | undefined>(undefined);
  const abrir = (atraso: number) => {
    window.clearTimeout(espera.current);
    espera.current = window.setTimeout(() => setAberta(true), atraso);
  };
  const fechar = () => {
    window.clearTimeout(espera.current);
    setAberta(false);
  };
  useEffect(() => () => window.clearTimeout(espera.current), []);
  // A target already labelled with the same words needs no description repeating them.
  const descrever = aberta && children.props['aria-label'] !== texto;
  return (
    <span className="cf-dica" onMouseEnter={() => abrir(300)} onMouseLeave={fechar} onFocus={() => abrir(0)} onBlur={fechar} onKeyDown={(e) => e.key === 'Escape' && fechar()}>
      {cloneElement(children, descrever ? { 'aria-describedby': id } : {})}
      {aberta && (
        <span className={`${Classes.TOOLTIP} cf-dica-balao`} role="tooltip" id={id}>
          <span className={Classes.POPOVER_CONTENT}>{texto}</span>
        </span>
      )}
    </span>
  );
}
