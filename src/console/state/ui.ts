import { proxy } from 'valtio';

/** SPEC.md section 4: the menu starts expanded and the top-bar button toggles it. */
export function criarUi() {
  // naoSalvo: while a page holds unsaved work, what to say before it is lost (signing out asks too).
  return proxy({ menuAberto: true, naoSalvo: null as string | null });
}

export type EstadoUi = ReturnType<typeof criarUi>;

export const BREAKPOINT_MOVEL_PX = 768;

/**
 * SPEC.md section 1: on screens narrower than 768 px the menu closes after a choice. It is the
 * element's own width that counts (a portal may give it less than the screen), and "a choice" is any
 * navigation: a menu entry, a home tile, a link, and the first page after sign-in (the menu starts
 * closed there instead of opening over the page).
 */
export function aposNavegar(ui: EstadoUi, larguraElemento: number): void {
  if (larguraElemento < BREAKPOINT_MOVEL_PX) ui.menuAberto = false;
}
