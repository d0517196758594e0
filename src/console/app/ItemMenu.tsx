import { Classes, Icon, type IconName } from '@blueprintjs/core';
import type { KeyboardEvent, MouseEventHandler } from 'react';

/**
 * One entry of the permission menu, drawn as Blueprint's MenuItem draws a leaf (same classes, roles and
 * keys). Not Blueprint's MenuItem itself: it carries the submenu popover and with it the floating-ui
 * positioning engine (about 38 KB gzip) into the shell, for submenus the console never has.
 */
export function ItemMenu({ icone, texto, ativo, onClick, ...resto }: { icone?: IconName; texto: string; ativo: boolean; onClick: MouseEventHandler; 'data-rota': string }) {
  const teclar = (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.currentTarget.click();
  };
  return (
    <li role="none">
      <a role="menuitem" tabIndex={0} className={ativo ? `${Classes.MENU_ITEM} ${Classes.ACTIVE}` : Classes.MENU_ITEM} aria-current={ativo ? 'page' : undefined} onClick={onClick} onKeyDown={teclar} {...resto}>
        {icone && (
          <span className={Classes.MENU_ITEM_ICON} aria-hidden>
            <Icon icon={icone} tabIndex={-1} />
          </span>
        )}
        <div className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{texto}</div>
      </a>
    </li>
  );
}
