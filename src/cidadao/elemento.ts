import r2wc from '@r2wc/react-to-web-component';
import { ElementoCidadao, type PropsCidadao } from './FormularioCidadao';
import formulario from './formulario.css';
import proprio from './elemento.css';

/**
 * Registers <formulario-cidadao> (issue 35). Importing this bundle defines the element once and does
 * nothing else to the page. Attributes: `codigo-servico`, `api-url`, `language`, `rascunho`,
 * `coassinatura` (issue 46), `usar-endereco`; property: `token` (never an attribute: a token does not belong in the page's markup).
 * Events `enviado`, `rascunho-salvo`, `etapa` (bubbling, composed). README, "O formulário do cidadão".
 */
export const NOME_ELEMENTO = 'formulario-cidadao';

let folhas: CSSStyleSheet[] | null = null;
const estilos = () =>
  (folhas ??= [formulario, proprio].map((css) => {
    const f = new CSSStyleSheet();
    f.replaceSync(css);
    return f;
  }));

const PROPS = Symbol.for('r2wc.props');
const DESENHAR = Symbol.for('r2wc.render');

const Base = r2wc<PropsCidadao>(ElementoCidadao, {
  shadow: 'open',
  props: { codigoServico: 'string', apiUrl: 'string', language: 'string', rascunho: 'string', coassinatura: 'string', usarEndereco: 'string' },
}) as unknown as { new (): HTMLElement & { container: ShadowRoot } };

export class FormularioCidadaoElement extends Base {
  constructor() {
    super();
    this.container.adoptedStyleSheets = estilos();
    // A token set on the element before this bundle defined it is an own property hiding the accessor below.
    if (Object.hasOwn(this, 'token')) {
      const v = (this as { token?: string }).token;
      delete (this as { token?: string }).token;
      this.token = v;
    }
  }

  /** The citizen's token from the portal's login (gov.br or the state's): prefill and restricted models. */
  get token(): string | undefined {
    return (this as unknown as Record<symbol, PropsCidadao>)[PROPS].token;
  }

  set token(v: string | undefined) {
    const eu = this as unknown as Record<symbol, unknown>;
    (eu[PROPS] as PropsCidadao).token = v || undefined;
    (eu[DESENHAR] as () => void).call(this);
  }
}

if (!customElements.get(NOME_ELEMENTO)) customElements.define(NOME_ELEMENTO, FormularioCidadaoElement);
