/**
 * The ripple SPEC.md asks for on buttons and menu items, as one delegated listener on the element's
 * root (portaled popovers and dialogs live inside it too). None under prefers-reduced-motion.
 * It is the pressed control's own `::after` (console.css, `.cf-ondulando`), placed by custom properties: no child
 * element. Blueprint spaces a button's children with a margin on all but `:last-child`, so a ripple appended as a
 * child widened the button at the press (by the gap; an icon-only button by ~22 px), and a button at the end of a
 * wrapping row (the builder's palette) could wrap away from under the pointer: the press landed, the click did not.
 */
const ALVOS = '.bp6-button, .bp6-menu-item';
const CLASSE = 'cf-ondulando';
/** console.css's two keyframes of the ripple, by the press's `data-cf-onda`. */
const NOMES = { a: 'cf-ondulacao', b: 'cf-ondulacao-b' } as const;

export function instalarOndulacao(raiz: HTMLElement): () => void {
  const aoPressionar = (e: PointerEvent) => {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const alvo = (e.target as Element | null)?.closest?.(ALVOS) as HTMLElement | null;
    if (!alvo || alvo.matches(':disabled, .bp6-disabled')) return;
    const caixa = alvo.getBoundingClientRect();
    const tamanho = Math.max(caixa.width, caixa.height) * 2;
    alvo.style.setProperty('--cf-onda-tamanho', `${tamanho}px`);
    alvo.style.setProperty('--cf-onda-x', `${e.clientX - caixa.left - tamanho / 2}px`);
    alvo.style.setProperty('--cf-onda-y', `${e.clientY - caixa.top - tamanho / 2}px`);
    // Each press alternates between two animations of the same ripple: a new animation name restarts it with no
    // forced layout, and the last press's end or cancel (its own name) can no longer end this one.
    const vez = alvo.dataset.cfOnda === 'a' ? 'b' : 'a';
    alvo.dataset.cfOnda = vez;
    alvo.classList.add(CLASSE);
    // Ended, or cancelled (the motion preference changed mid-way: its pseudo-element is then not drawn).
    const fim = (e: AnimationEvent) => {
      if (e.animationName !== NOMES[vez]) return;
      alvo.removeEventListener('animationend', fim);
      alvo.removeEventListener('animationcancel', fim);
      if (alvo.dataset.cfOnda !== vez) return;
      alvo.classList.remove(CLASSE);
      delete alvo.dataset.cfOnda;
    };
    alvo.addEventListener('animationend', fim);
    alvo.addEventListener('animationcancel', fim);
  };
  raiz.addEventListener('pointerdown', aoPressionar);
  return () => raiz.removeEventListener('pointerdown', aoPressionar);
}
