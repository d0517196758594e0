/**
 * The return address (DESIGN.md section 4): signing in reloads the whole host page, so the page the
 * user was on (or asked for) is kept per element in sessionStorage and opened after sign-in.
 */
const prefixo = 'console-formularios:caminho:';

function armazenamento(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked by the host's privacy settings: no return address, home page instead
  }
}

export function guardarCaminho(chaveElemento: string, caminho: string): void {
  armazenamento()?.setItem(prefixo + chaveElemento, caminho);
}

export function lerCaminho(chaveElemento: string): string | null {
  return armazenamento()?.getItem(prefixo + chaveElemento) ?? null;
}

export function esquecerCaminho(chaveElemento: string): void {
  armazenamento()?.removeItem(prefixo + chaveElemento);
}
