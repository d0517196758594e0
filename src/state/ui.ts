import { proxy } from 'valtio';

/** SPEC.md section 4: the menu starts expanded and the top-bar button toggles it. */
export function criarUi() {
  // naoSalvo: while a page holds unsaved work, what to say before it is lost (signing out asks too).
  return proxy({ menuAberto: true, naoSalvo: null as string | null });
}

export type EstadoUi = ReturnType<typeof criarUi>;

export const BREAKPOINT_MOVEL_PX = 768;

/** SPEC.md section 1: on screens narrower than 768 px the menu closes after a choice. */
export function aposEscolhaNoMenu(ui: EstadoUi, larguraTela: number): void {
  if (larguraTela < BREAKPOINT_MOVEL_PX) ui.menuAberto = false;
}
