
/**
 * The citizen's calls to the public API (`<api-url>/api/publico/...`), with `fetch` (no client library in
 * the light bundle): the language in Accept-Language (the server's messages come in it, issue 35), the
 * citizen's token when the portal gave one, a time limit. A call the server never answered rejects with
 * `SemResposta`; any answer resolves with its status and body.
 */
export class SemResposta extends Error {}

/**
 * The API answers, but not to this page's origin (issue 50: a portal missing from API_ORIGINS looked like the
 * citizen's network). The portal team reads what to change in the browser's console; the citizen, a neutral message.
 */
export class RecusaDeOrigem extends Error {}

/** After a failed call: whether the API is there all the same (a no-cors request gets through where CORS is refused). */
async function origemRecusada(base: string): Promise<boolean> {
  // A relative api-url ("/backend") is this page's own origin: no CORS to refuse it.
  if (new URL(base, location.href).origin === location.origin) return false;
  try {
    await fetch(`${base}/api/publico/modelos`, { mode: 'no-cors', credentials: 'omit', signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}
let avisado = false;

export interface Resposta<T = any> {
  status: number;
  json: T;
}

export interface ApiCidadao {
  base: string;
  chamar<T = any>(metodo: string, caminho: string, o?: { corpo?: unknown; arquivo?: File; cabecalhos?: Record<string, string> }): Promise<Resposta<T>>;
  /** An absolute address of the API (the receipt's PDF link). */
  endereco(caminho: string): string;
}

/** `idiomas`: the Accept-Language header, the citizen's languages in order ("es, pt-BR"). */
export function criarApi(apiUrl: string | undefined, idiomas: string, token: string | undefined, tempoLimiteMs = 30_000): ApiCidadao {
  const base = (apiUrl || location.origin).replace(/\/+$/, '');
  return {
    base,
    endereco: (caminho) => `${base}${caminho}`,
    async chamar(metodo, caminho, o = {}) {
      const cabecalhos: Record<string, string> = { 'accept-language': idiomas, accept: 'application/json', ...o.cabecalhos };
      if (token) cabecalhos.authorization = `Bearer ${token}`;
      let corpo: BodyInit | undefined;
      if (o.arquivo) {
        corpo = o.arquivo;
        cabecalhos['content-type'] = o.arquivo.type || 'application/octet-stream';
      } else if (o.corpo !== undefined) {
        corpo = JSON.stringify(o.corpo);
        cabecalhos['content-type'] = 'application/json';
      }
      let r: Response;
      try {
        r = await fetch(`${base}/api/publico${caminho}`, { method: metodo, headers: cabecalhos, body: corpo, signal: AbortSignal.timeout(tempoLimiteMs), credentials: 'omit' });
      } catch (e) {
        if (!(e instanceof DOMException && e.name === 'TimeoutError') && (await origemRecusada(base))) {
          if (!avisado) console.error(`<formulario-cidadao>: a API em ${base} respondeu, mas não a esta origem (${location.origin}): inclua ${location.origin} em API_ORIGINS no servidor da API (CORS).`);
          avisado = true;
          throw new RecusaDeOrigem(`CORS: ${location.origin} fora de API_ORIGINS`);
        }
        throw new SemResposta(e instanceof Error ? e.message : String(e));
      }
      const texto = await r.text().catch(() => '');
      let json: unknown = null;
      try {
        json = texto ? JSON.parse(texto) : null;
      } catch {
        json = null;
      }
      return { status: r.status, json: json as never };
    },
  };
}

/** A random Idempotency-Key (crypto.randomUUID needs a secure context; a portal on http still sends once). */
export function novaChave(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a citizen token says (display only: the server reads and checks the token itself). */
export function dadosDoToken(token: string | undefined): { cpf?: string; nome?: string; email?: string; nascimento?: string; emailVerificado?: boolean; telefone?: string; telefoneVerificado?: boolean } | null {
  if (!token) return null;
  try {
    const p = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))));
    // The CPF claim as the demo and gov.br name it; under another name the CPF question stays open and the server checks it.
    // OIDC's verified e-mail and phone (issue 45): a verified question with the same value needs no code (the server checks the token).
    return { cpf: typeof p.cpf === 'string' ? p.cpf : undefined, nome: p.name, email: p.email, nascimento: p.birthdate, emailVerificado: p.email_verified === true, telefone: p.phone_number, telefoneVerificado: p.phone_number_verified === true };
  } catch {
    return null;
  }
}
