import r2wc from '@r2wc/react-to-web-component';
import { Console, type HostConsole, type PropsElemento } from './app/Console';
import { adotarEstilos } from './styles/folhas';

/**
 * Registers <console-formularios>. Importing this bundle defines the element once and does nothing
 * else to the page. Attributes (kebab-case of these props) are documented in README.md.
 */
export const NOME_ELEMENTO = 'console-formularios';

const EVENTO: EventInit = { bubbles: true, composed: true };

const Base = r2wc<PropsElemento>(Console, {
  shadow: 'open',
  props: {
    apiUrl: 'string',
    keycloakUrl: 'string',
    realm: 'string',
    clientId: 'string',
    router: 'string',
    basePath: 'string',
    initialPath: 'string',
    appVersion: 'string',
    environment: 'string',
    requestTimeoutMs: 'string',
    tokenCheckIntervalS: 'string',
    tokenMinValidityS: 'string',
    language: 'string',
    iframeAllowlist: 'string',
    productInfo: 'string',
  },
  events: { onNavigated: EVENTO, onSignedout: EVENTO, onAuthenticated: EVENTO },
}) as unknown as { new (): HTMLElement & { container: ShadowRoot } };

export class ConsoleFormulariosElement extends Base {
  constructor() {
    super();
    // r2wc starts out "connected" and would render on the first attribute set, before the host has
    // put the element in the page or handed it tokens; render only once connected.
    (this as unknown as Record<symbol, boolean>)[Symbol.for('r2wc.connected')] = false;
    adotarEstilos(this.container);
  }

  /** Opens a page of the route table, e.g. `el.navigate('/formularios')`. */
  navigate(path: string): void {
    (this as unknown as HostConsole).__controlador?.navegar(path);
  }

  /** Signs the user out (the `signedout` event fires first). */
  signOut(): void {
    (this as unknown as HostConsole).__controlador?.sair();
  }
}

if (!customElements.get(NOME_ELEMENTO)) customElements.define(NOME_ELEMENTO, ConsoleFormulariosElement);
