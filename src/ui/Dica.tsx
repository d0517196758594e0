import { Classes, PopoverNext } from '@blueprintjs/core';
import type { ReactElement } from 'react';

/** A tooltip on PopoverNext (Blueprint's Tooltip still rides the deprecated Popover). */
export function Dica({ texto, children }: { texto: string; children: ReactElement }) {
  return (
    <PopoverNext
      content={<span role="tooltip">{texto}</span>}
      interactionKind="hover-target"
      openOnTargetFocus
      placement="bottom-start"
      popoverClassName={Classes.TOOLTIP}
      hoverOpenDelay={300}
      arrow
      autoFocus={false}
      enforceFocus={false}
    >
      {children}
    </PopoverNext>
  );
}
