import { request as https, Agent } from 'node:https';
import { request as http } from 'node:http';
import { readFileSync } from 'node:fs';
import { ErroConfiguracao, numeroDoAmbiente, urlDoAmbiente } from '../ambiente';

/**
 * A small client of the Banco Central's standard API Pix (issue 38), the subset a form's fee needs: charges
 * (`PUT /cob/{txid}`, `GET /cob/{txid}`), the webhook (`PUT /webhook/{chave}`) and refunds
 * (`PUT /pix/{e2eid}/devolucao/{id}`), with OAuth2 client credentials over mutual TLS, as every PSP exposes it.
 * A PSP that does not answer rejects with `PspIndisponivel`; any answer resolves with its status and body.
 */
export interface OpcoesPsp {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The client certificate and key (PEM) the PSP gave at onboarding; the PSP's CA when it is not a public one. */
  cert?: string;
  key?: string;
  ca?: string;
  timeoutMs?: number;
}

export class PspIndisponivel extends Error {}

export interface CobrancaPsp {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  loc?: { location: string };
  location?: string;
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

export interface Resposta<T = any> {
  status: number;
  json: T;
}

export function criarClientePsp(o: OpcoesPsp) {
  const base = new URL(o.url.replace(/\/+$/, '') + '/');
  const seguro = base.protocol === 'https:';
  const agente = seguro ? new Agent({ cert: o.cert, key: o.key, ca: o.ca, keepAlive: true }) : undefined;
  let token: { valor: string; ate: number } | null = null;

  function chamar<T>(metodo: string, caminho: string, corpo?: unknown, cabecalhos: Record<string, string> = {}): Promise<Resposta<T>> {
    const url = new URL(caminho.replace(/^\//, ''), base);
    const dados = corpo === undefined ? undefined : typeof corpo === 'string' ? corpo : JSON.stringify(corpo);
    return new Promise((ok, erro) => {
      const req = (seguro ? https : http)(
        url,
        { method: metodo, agent: agente, timeout: o.timeoutMs ?? 10_000, headers: { accept: 'application/json', ...(dados !== undefined ? { 'content-type': cabecalhos['content-type'] ?? 'application/json', 'content-length': Buffer.byteLength(dados) } : {}), ...cabecalhos } },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (p: Buffer) => partes.push(p));
          res.on('end', () => {
            const texto = Buffer.concat(partes).toString('utf8');
            let json: unknown = null;
            try {
              json = texto ? JSON.parse(texto) : null;
            } catch {
              json = texto;
            }
            ok({ status: res.statusCode ?? 0, json: json as T });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('tempo esgotado')));
      req.on('error', (e) => erro(new PspIndisponivel(`O PSP não respondeu: ${e.message}`)));
      req.end(dados);
    });
  }

  /** The access token (client credentials), kept until a minute before it expires. */
  async function autorizacao(): Promise<Record<string, string>> {
    if (!token || token.ate < Date.now()) {
      const basico = Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64');
      const r = await chamar<{ access_token: string; expires_in: number }>('POST', '/oauth/token', 'grant_type=client_credentials', { authorization: `Basic ${basico}`, 'content-type': 'application/x-www-form-urlencoded' });
      if (r.status !== 200 || !r.json?.access_token) throw new PspIndisponivel(`O PSP recusou as credenciais (HTTP ${r.status}).`);
      token = { valor: r.json.access_token, ate: Date.now() + Math.max(0, (r.json.expires_in ?? 300) - 60) * 1000 };
    }
    return { authorization: `Bearer ${token.valor}` };
  }

  async function autorizado<T>(metodo: string, caminho: string, corpo?: unknown): Promise<Resposta<T>> {
    const r = await chamar<T>(metodo, caminho, corpo, await autorizacao());
    // A token revoked early: once more with a new one.
    if (r.status === 401) {
      token = null;
      return chamar<T>(metodo, caminho, corpo, await autorizacao());
    }
    return r;
  }

  return {
    criarCobranca: (txid: string, c: { expiracao: number; valor: string; chave: string; solicitacaoPagador: string }) =>
      autorizado<CobrancaPsp>('PUT', `/cob/${encodeURIComponent(txid)}`, { calendario: { expiracao: c.expiracao }, valor: { original: c.valor }, chave: c.chave, solicitacaoPagador: c.solicitacaoPagador }),
    consultarCobranca: (txid: string) => autorizado<CobrancaPsp>('GET', `/cob/${encodeURIComponent(txid)}`),
    registrarWebhook: (chave: string, webhookUrl: string) => autorizado<unknown>('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl }),
    devolver: (e2eid: string, id: string, valor: string) => autorizado<{ id: string; rtrId: string; valor: string; status: string }>('PUT', `/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(id)}`, { valor }),
    fechar: () => agente?.destroy(),
  };
}

export type ClientePsp = ReturnType<typeof criarClientePsp>;

/**
 * PIX_PSP_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_CERT, PIX_CHAVE_PRIVADA and PIX_CA (PEM files); absent
 * PIX_PSP_URL: no fees can be charged (a model with a fee is refused at publishing).
 */
export function opcoesPspDoAmbiente(env: NodeJS.ProcessEnv): OpcoesPsp | null {
  const url = urlDoAmbiente(env, 'PIX_PSP_URL');
  if (!url) return null;
  const faltam = ['PIX_CLIENT_ID', 'PIX_CLIENT_SECRET'].filter((n) => !env[n]?.trim());
  if (faltam.length) throw new ErroConfiguracao(`Com PIX_PSP_URL, defina também ${faltam.join(' e ')} (as credenciais do PSP).`);
  const arquivo = (nome: string) => {
    const caminho = env[nome]?.trim();
    if (!caminho) return undefined;
    try {
      return readFileSync(caminho, 'utf8');
    } catch {
      throw new ErroConfiguracao(`${nome} inválido: o arquivo "${caminho}" não pôde ser lido (esperado: um certificado ou chave em PEM).`);
    }
  };
  return { url, clientId: env.PIX_CLIENT_ID!.trim(), clientSecret: env.PIX_CLIENT_SECRET!.trim(), cert: arquivo('PIX_CERT'), key: arquivo('PIX_CHAVE_PRIVADA'), ca: arquivo('PIX_CA'), timeoutMs: numeroDoAmbiente(env, 'PIX_TEMPO_LIMITE_MS', 10_000, { minimo: 100, inteiro: true }) };
}
