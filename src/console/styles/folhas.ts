import blueprint from '@blueprintjs/core/lib/css/blueprint.css';
import proprio from './console.css';

const folha = (css: string) => {
  const f = new CSSStyleSheet();
  f.replaceSync(css);
  return f;
};

let folhas: CSSStyleSheet[] | null = null;
const raizes: WeakRef<ShadowRoot>[] = [];
/** Blueprint's and the shell's sheets, parsed on first need; the pages' are added after them. */
const todas = () => (folhas ??= [folha(blueprint), folha(proprio)]);

/**
 * Blueprint's CSS (its :root/html/body rules rewritten to :host at build time) and the shell's, parsed
 * once per page and adopted by every element's shadow root: no <style> tags, nothing in the host page.
 * The sheets pages add later (`acrescentarEstilos`) are adopted too.
 */
export function adotarEstilos(raiz: ShadowRoot): void {
  raizes.push(new WeakRef(raiz));
  raiz.adoptedStyleSheets = [...todas()];
}

/**
 * A page's own CSS, adopted by every shadow root (present and future) when the page's chunk loads:
 * called at the top level of the module that imports it, so the shell carries none of it.
 */
export function acrescentarEstilos(css: string): void {
  const f = folha(css);
  todas().push(f);
  for (const r of raizes) {
    const raiz = r.deref();
    if (raiz) raiz.adoptedStyleSheets = [...raiz.adoptedStyleSheets, f];
  }
}
