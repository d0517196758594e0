import { createServer } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { criarServidor, type OpcoesServidor, type Servidor } from '../../demo/server/app';
import { LIMITES_PADRAO } from '../../src/server/api/rotas/contextoPublico';
import { resolvedorLocal } from '../../src/server/entrega/destino';
import { copiarSementePostgres, pgliteDeTeste, pgliteSemeado } from './bancos';

export { bancoPostgresNovo, bancosDeTeste, pgliteDeTeste, URL_POSTGRES_ADMIN, usarPostgres, type BancoTeste } from './bancos';

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

export interface ServidorTeste extends Servidor {
  url: string;
  fechar: () => Promise<void>;
}

/**
 * The demo server on a free loopback port, PGlite in memory (from pgliteDeTeste) unless a database URL is given; seeded
 * as the demo is, from this run's copy of the seed when `npm test` runs it (bancos.ts, semente).
 */
export async function subirServidor(extra: Partial<OpcoesServidor> = {}): Promise<ServidorTeste> {
  const porta = extra.porta ?? (await portaLivre());
  const url = `http://127.0.0.1:${porta}`;
  const emMemoria = !extra.databaseUrl && (extra.pastaDados ?? 'memory://') === 'memory://';
  const semear = extra.semear ?? true;
  const semente = semear && emMemoria ? pgliteSemeado() : undefined;
  // A copy of the seed is seeded already: the demo's seed only points its models at this server's receiver (seed.ts).
  if (semear && !!extra.databaseUrl) await copiarSementePostgres(extra.databaseUrl);
  const opcoes: OpcoesServidor = {
    pgliteInicial: emMemoria ? await (semente ?? pgliteDeTeste()) : undefined,
    porta,
    urlPublica: url,
    realm: 'demo',
    clientId: 'console-formularios',
    pastaDados: 'memory://',
    origens: [url],
    semear,
    log: false,
    // No rate limit unless a test asks for one: suites send hundreds of submissions from 127.0.0.1.
    limitesPublico: { ...LIMITES_PADRAO, porEnderecoPorMinuto: 0, porModeloPorMinuto: 0, tokenDemoPorMinuto: 0 },
    ...extra,
    // No DNS server is ever asked during tests: names resolve from a local table only.
    // The seeded models deliver to this server's own /demo/receptor: its origin is allowed like the demo's.
    integracao: { resolver: resolvedorLocal, permitidos: { origens: [url] }, ...extra.integracao },
  };
  const s = await criarServidor(opcoes);
  await s.app.listen({ port: porta, host: '127.0.0.1' });
  return { ...s, url, fechar: () => s.app.close() };
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
