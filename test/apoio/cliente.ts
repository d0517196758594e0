import { createServer } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';

/**
 * What a test needs to reach a server over HTTP (a free port, a staff token, a signed-in API caller, another loopback
 * address), without the server's code: the e2e files, whose demo runs in its own process, import this, not servidor.ts
 * (which loads the whole service, ~3 s of CPU in each test process).
 */

export async function portaLivre(): Promise<number> {
  return new Promise((ok, erro) => {
    const s = createServer();
    s.once('error', erro);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => ok(p));
    });
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
}

/** The authorization-code flow with PKCE, as keycloak-js does it, driven from Node. */
export async function entrarComo(base: string, username: string, o: { redirectUri?: string; clientId?: string; senha?: string } = {}): Promise<Tokens> {
  const redirectUri = o.redirectUri ?? `${base}/`;
  const clientId = o.clientId ?? 'console-formularios';
  const verificador = randomBytes(32).toString('base64url');
  const desafio = createHash('sha256').update(verificador).digest('base64url');
  const q = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, state: 's1', response_mode: 'fragment', response_type: 'code', scope: 'openid', nonce: 'n1', code_challenge: desafio, code_challenge_method: 'S256' });
  const pagina = await fetch(`${base}/realms/demo/protocol/openid-connect/auth?${q}`);
  const html = await pagina.text();
  const pedido = /name="pedido" value="([^"]+)"/.exec(html)?.[1];
  if (!pedido) throw new Error(`sem formulário de login (${pagina.status}): ${html.slice(0, 200)}`);
  const r = await fetch(`${base}/realms/demo/protocol/openid-connect/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pedido, username, password: o.senha ?? username }),
  });
  const destino = r.headers.get('location');
  if (!destino) throw new Error(`login recusado (${r.status})`);
  const code = new URLSearchParams(new URL(destino).hash.slice(1)).get('code')!;
  const t = await fetch(`${base}/realms/demo/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verificador, client_id: clientId, redirect_uri: redirectUri }),
  });
  if (!t.ok) throw new Error(`troca de código recusada: ${await t.text()}`);
  return (await t.json()) as Tokens;
}

/** A signed-in caller of the API: `chamar('GET', '/modelos')` with that user's bearer token. */
export async function clienteApi(base: string, username: string) {
  const { access_token } = await entrarComo(base, username);
  return async (metodo: string, caminho: string, corpo?: unknown, cabecalhos: Record<string, string> = {}) => {
    const r = await fetch(`${base}/api${caminho}`, {
      method: metodo,
      headers: { authorization: `Bearer ${access_token}`, ...(corpo !== undefined ? { 'content-type': 'application/json' } : {}), ...cabecalhos },
      body: corpo !== undefined ? JSON.stringify(corpo) : undefined,
    });
    const texto = await r.text();
    let json: unknown = undefined;
    try {
      json = texto ? JSON.parse(texto) : undefined;
    } catch {
      json = texto;
    }
    return { status: r.status, headers: r.headers, json: json as any };
  };
}

/**
 * A request from another loopback address (127.0.0.0/8 is all this machine): the server sees another
 * client, as it would another citizen, without leaving the machine. Resolves status, headers and JSON.
 */
export async function deEndereco(endereco: string, url: string, o: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: any }> {
  const { request } = await import('node:http');
  return new Promise((ok, erro) => {
    const r = request(url, { method: o.method ?? 'GET', headers: { ...(o.body !== undefined ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}), ...o.headers }, localAddress: endereco }, (res) => {
      const partes: Buffer[] = [];
      res.on('data', (p: Buffer) => partes.push(p));
      res.on('end', () => {
        const texto = Buffer.concat(partes).toString('utf8');
        let json: unknown;
        try {
          json = texto ? JSON.parse(texto) : undefined;
        } catch {
          json = texto;
        }
        ok({ status: res.statusCode!, headers: res.headers, json });
      });
    });
    r.on('error', erro);
    r.end(o.body);
  });
}
