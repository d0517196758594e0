/**
 * The ripple SPEC.md asks for on buttons and menu items, as one delegated listener on the element's
 * root (portaled popovers and dialogs live inside it too). None under prefers-reduced-motion.
 */
const ALVOS = '.bp6-button, .bp6-menu-item';

export function instalarOndulacao(raiz: HTMLElement): () => void {
  const aoPressionar = (e: PointerEvent) => {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const alvo = (e.target as Element | null)?.closest?.(ALVOS) as HTMLElement | null;
    if (!alvo || alvo.matches(':disabled, .bp6-disabled')) return;
    const caixa = alvo.getBoundingClientRect();
    const tamanho = Math.max(caixa.width, caixa.height) * 2;
    const onda = document.createElement('span');
    onda.className = 'cf-ondulacao';
    onda.setAttribute('aria-hidden', 'true');
    onda.style.width = onda.style.height = `${tamanho}px`;
    onda.style.left = `${e.clientX - caixa.left - tamanho / 2}px`;
    onda.style.top = `${e.clientY - caixa.top - tamanho / 2}px`;
    alvo.appendChild(onda);
    onda.addEventListener('animationend', () => onda.remove(), { once: true });
    setTimeout(() => onda.remove(), 1000);
  };
  raiz.addEventListener('pointerdown', aoPressionar);
  return () => raiz.removeEventListener('pointerdown', aoPressionar);
}
