import blueprint from '@blueprintjs/core/lib/css/blueprint.css';
import proprio from './console.css';

let folhas: CSSStyleSheet[] | null = null;

/**
 * Blueprint's CSS (its :root/html/body rules rewritten to :host at build time) and ours, parsed once
 * per page and adopted by every element's shadow root: no <style> tags, nothing in the host page.
 */
export function adotarEstilos(raiz: ShadowRoot): void {
  if (!folhas) {
    folhas = [blueprint, proprio].map((css) => {
      const f = new CSSStyleSheet();
      f.replaceSync(css);
      return f;
    });
  }
  raiz.adoptedStyleSheets = [...folhas];
}
