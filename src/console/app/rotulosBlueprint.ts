import type { ChaveTexto, Tradutor } from '../../i18n';

/**
 * Blueprint writes a few accessible names in English inside its components ("Close" on the dialog's,
 * drawer's and toast's close buttons, "loading" on spinners...), with no prop to change them. One
 * observer on the element's root renames them in the chosen language as they appear.
 */
const ROTULOS: Record<string, ChaveTexto> = {
  Close: 'geral.fechar',
  loading: 'geral.carregando',
  'Remove tag': 'geral.remover-etiqueta',
  increment: 'geral.aumentar',
  decrement: 'geral.diminuir',
  Back: 'geral.voltar',
};

/** The same, in the <title> Blueprint puts inside some icons (the select's caret: "Open dropdown"). */
const TITULOS: Record<string, ChaveTexto> = {
  'Open dropdown': 'geral.abrir-lista',
};

export function traduzirRotulosBlueprint(raiz: HTMLElement, t: Tradutor): () => void {
  const renomear = (el: Element) => {
    const atual = el.getAttribute('aria-label') ?? '';
    const chave = ROTULOS[atual];
    // Only when it changes: setting the same text again would wake the observer forever.
    if (chave && t(chave) !== atual) el.setAttribute('aria-label', t(chave));
  };
  const renomearTitulo = (el: Element) => {
    const atual = el.textContent ?? '';
    const chave = TITULOS[atual];
    if (chave && t(chave) !== atual) el.textContent = t(chave);
  };
  const varrer = (no: Node) => {
    if (!(no instanceof Element)) return;
    renomear(no);
    no.querySelectorAll('[aria-label]').forEach(renomear);
    if (no.localName === 'title') renomearTitulo(no);
    no.querySelectorAll('title').forEach(renomearTitulo);
  };
  varrer(raiz);
  const observador = new MutationObserver((mudancas) => {
    for (const m of mudancas) {
      if (m.type === 'attributes') renomear(m.target as Element);
      else m.addedNodes.forEach(varrer);
    }
  });
  observador.observe(raiz, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  return () => observador.disconnect();
}
