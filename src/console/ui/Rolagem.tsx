import type { ReactNode } from 'react';

/**
 * A table's own horizontal scroll area: on a narrow element the table scrolls inside it and the page
 * never does. Focusable and named, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function Rolagem({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div className="cf-rolagem" role="region" aria-label={rotulo} tabIndex={0}>
      {children}
    </div>
  );
}
