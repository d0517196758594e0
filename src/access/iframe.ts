import { emPortugues, type Tradutor } from '../i18n';
/**
 * Which addresses the /iframe page may show (DESIGN.md section 8): only pages whose origin is in the
 * element's `iframe-allowlist`, over http(s). Pure.
 */
export type AvaliacaoIframe =
  | { permitido: true; url: string; origem: string; sandbox: string }
  | { permitido: false; motivo: string };

/** The rights the frame gets: scripts and forms, popups for links that open a new tab. */
const DIREITOS = ['allow-scripts', 'allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox'];

function origemDe(texto: string): string | null {
  try {
    const u = new URL(texto);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export function avaliarIframe(endereco: string | null, permitidas: readonly string[], origemHost: string, t: Tradutor = emPortugues): AvaliacaoIframe {
  if (!endereco?.trim()) return { permitido: false, motivo: t('iframe.sem-endereco') };
  const origem = origemDe(endereco.trim());
  if (!origem) return { permitido: false, motivo: t('iframe.invalido') };
  const lista = permitidas.map(origemDe).filter((o): o is string => !!o);
  if (!lista.includes(origem)) return { permitido: false, motivo: t('iframe.nao-autorizado', { origem }) };
  // A frame from the host's own origin with both scripts and same-origin could lift its own sandbox;
  // it keeps an opaque origin. Any other allowed origin keeps its own (its cookies and storage work),
  // which gives it no access to the console.
  const sandbox = origem === origemDe(origemHost) ? DIREITOS : [...DIREITOS, 'allow-same-origin'];
  return { permitido: true, url: new URL(endereco.trim()).href, origem, sandbox: sandbox.join(' ') };
}
