import { Classes } from '@blueprintjs/core';
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';

/**
 * A tooltip drawn beside its target with Blueprint's tooltip classes: shown on focus at once (not a touch's)
 * and on hover after 300 ms, hidden on leaving, on blur, on Escape (WCAG 1.4.13) and when the target is used. Not on Blueprint's popovers:
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
  // A touch focuses the target too: no tooltip then (it stayed over the menu the tap had just opened, issue 37).
  const toque = useRef(false);
  // A target already labelled with the same words needs no description repeating them.
  const descrever = aberta && children.props['aria-label'] !== texto;
  return (
    <span
      className="cf-dica"
      onPointerDown={(e) => (toque.current = e.pointerType !== 'mouse')}
      onMouseEnter={() => abrir(300)}
      onMouseLeave={fechar}
      onFocus={() => (toque.current ? (toque.current = false) : abrir(0))}
      onBlur={fechar}
      // What the target does may change what it is (the menu opened): the tooltip goes; hover or focus bring it back.
      onClick={fechar}
      onKeyDown={(e) => e.key === 'Escape' && fechar()}
    >
      {cloneElement(children, descrever ? { 'aria-describedby': id } : {})}
      {aberta && (
        <span className={`${Classes.TOOLTIP} cf-dica-balao`} role="tooltip" id={id}>
          <span className={Classes.POPOVER_CONTENT}>{texto}</span>
        </span>
      )}
    </span>
  );
}
