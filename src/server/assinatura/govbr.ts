import { createHash, X509Certificate } from 'node:crypto';
import { ErroConfiguracao, numeroDoAmbiente, urlDoAmbiente } from '../ambiente';
import { cnDe } from '../pdf/selo';

/**
 * The citizen's gov.br advanced signature (issue 44; Lei 14.063/2020), as the ITI's public API offers it
 * (servicosgovbr/manual-integracao-assinatura-eletronica): the citizen authorises one signature in an OAuth step
 * with scope `sign` (`/authorize`), this service trades the code for a token (`/token`), reads the citizen's
 * certificate (`certificadoPublico`) and has one SHA-256 signed (`assinarPKCS7` with `hashBase64`), which answers a
 * PKCS#7. gov.br refuses bronze accounts with 403 and its own words, which reach the citizen as they are.
 */
export interface OpcoesAssinaturaGovbr {
  /** The OAuth server (`<this>/authorize`, `<this>/token`): https://cas.iti.br/oauth2.0 by default. */
  oauthUrl: string;
  /** The signature API (`<this>/certificadoPublico`, `<this>/assinarPKCS7`): https://assinatura-api.iti.br/externo/v2 by default. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The redirect URI registered at the ITI: this API's `/api/publico/assinaturas/retorno`. */
  retorno: string;
  timeoutMs?: number;
}

export const OAUTH_GOVBR = 'https://cas.iti.br/oauth2.0';
export const API_GOVBR = 'https://assinatura-api.iti.br/externo/v2';
export const CAMINHO_RETORNO = '/api/publico/assinaturas/retorno';

/** Our own words for a failed step, in the citizen's language (src/server/textosCidadao.ts). */
export type MotivoAssinatura = 'api.assinatura-sem-resposta' | 'api.assinatura-nao-autorizada' | 'api.assinatura-certificado' | 'api.assinatura-falhou';

/** A step the provider refused or did not answer: gov.br's own words when it gave some (pt-BR, as it writes them), else ours. */
export class RecusaDaAssinatura extends Error {
  constructor(
    readonly motivo: MotivoAssinatura,
    readonly doGovbr: string | null = null,
  ) {
    super(doGovbr ?? motivo);
  }
}

export interface CertificadoCidadao {
  certificado: X509Certificate;
  /** The holder's name and CPF as the certificate says them (ICP-Brasil style CN "NOME:CPF", or the CN and no CPF). */
  nome: string;
  cpf: string | null;
  emissor: string;
}

export function titularDo(certificado: X509Certificate): CertificadoCidadao {
  const cn = cnDe(certificado.subject);
  const m = /^(.*?):(\d{11})$/.exec(cn);
  return { certificado, nome: m ? m[1] : cn, cpf: m ? m[2] : null, emissor: cnDe(certificado.issuer) };
}

export function criarAssinaturaGovbr(o: OpcoesAssinaturaGovbr) {
  const semBarra = (u: string) => u.replace(/\/+$/, '');
  async function chamar(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(o.timeoutMs ?? 15_000) });
    } catch {
      throw new RecusaDaAssinatura('api.assinatura-sem-resposta');
    }
  }
  /** gov.br's own words on a refusal (a text body), or a neutral sentence. */
  async function recusa(r: Response, padrao: MotivoAssinatura): Promise<RecusaDaAssinatura> {
    if (r.status >= 500) return new RecusaDaAssinatura('api.assinatura-sem-resposta');
    const texto = (await r.text().catch(() => '')).trim();
    const legivel = texto && !texto.startsWith('{') && !texto.startsWith('<') && texto.length < 400 ? texto : null;
    const json = !legivel && texto.startsWith('{') ? (() => { try { return JSON.parse(texto) as { error_description?: string }; } catch { return null; } })() : null;
    return new RecusaDaAssinatura(padrao, legivel ?? json?.error_description ?? null);
  }

  return {
    /** Where the citizen authorises one signature; gov.br brings them back to `retorno` with `code` and `state`. */
    autorizacao(estado: string): string {
      const u = new URL(`${semBarra(o.oauthUrl)}/authorize`);
      for (const [k, v] of Object.entries({ response_type: 'code', redirect_uri: o.retorno, scope: 'sign', client_id: o.clientId, state: estado })) u.searchParams.set(k, v);
      return u.toString();
    },
    /** The single-use access token of the code gov.br returned. */
    async token(codigo: string): Promise<string> {
      const corpo = new URLSearchParams({ code: codigo, client_id: o.clientId, client_secret: o.clientSecret, grant_type: 'authorization_code', redirect_uri: o.retorno });
      const r = await chamar(`${semBarra(o.oauthUrl)}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: corpo });
      if (r.status !== 200) throw await recusa(r, 'api.assinatura-nao-autorizada');
      const json = (await r.json().catch(() => null)) as { access_token?: string } | null;
      if (!json?.access_token) throw new RecusaDaAssinatura('api.assinatura-nao-autorizada');
      return json.access_token;
    },
    /** The citizen's certificate (gov.br refuses bronze accounts here, with its reason). */
    async certificado(token: string): Promise<CertificadoCidadao> {
      const r = await chamar(`${semBarra(o.apiUrl)}/certificadoPublico`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) throw await recusa(r, 'api.assinatura-certificado');
      try {
        return titularDo(new X509Certificate(await r.text()));
      } catch {
        throw new RecusaDaAssinatura('api.assinatura-certificado');
      }
    },
    /** The PKCS#7 (DER) of the SHA-256 of `conteudo`, signed by the citizen. */
    async assinar(token: string, conteudo: Buffer): Promise<Buffer> {
      const hashBase64 = createHash('sha256').update(conteudo).digest('base64');
      const r = await chamar(`${semBarra(o.apiUrl)}/assinarPKCS7`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ hashBase64 }) });
      if (r.status !== 200) throw await recusa(r, 'api.assinatura-falhou');
      const bytes = Buffer.from(await r.arrayBuffer());
      // Some deployments answer the DER in Base64.
      return bytes[0] === 0x30 ? bytes : Buffer.from(bytes.toString('latin1').trim(), 'base64');
    },
  };
}

export type AssinaturaGovbr = ReturnType<typeof criarAssinaturaGovbr>;

/**
 * ASSINATURA_GOVBR_CLIENT_ID and ASSINATURA_GOVBR_CLIENT_SECRET (the credentials the ITI sends), with
 * ASSINATURA_GOVBR_OAUTH_URL and ASSINATURA_GOVBR_API_URL (gov.br's production by default; staging is
 * https://cas.staging.iti.br/oauth2.0 and https://assinatura-api.staging.iti.br/externo/v2); null without a client.
 */
export function assinaturaGovbrDoAmbiente(env: NodeJS.ProcessEnv, urlPublica: string): OpcoesAssinaturaGovbr | null {
  const clientId = env.ASSINATURA_GOVBR_CLIENT_ID?.trim();
  if (!clientId) return null;
  const clientSecret = env.ASSINATURA_GOVBR_CLIENT_SECRET?.trim();
  if (!clientSecret) throw new ErroConfiguracao('Com ASSINATURA_GOVBR_CLIENT_ID, defina também ASSINATURA_GOVBR_CLIENT_SECRET (as credenciais da API de assinatura do gov.br).');
  return {
    oauthUrl: urlDoAmbiente(env, 'ASSINATURA_GOVBR_OAUTH_URL') ?? OAUTH_GOVBR,
    apiUrl: urlDoAmbiente(env, 'ASSINATURA_GOVBR_API_URL') ?? API_GOVBR,
    clientId,
    clientSecret,
    retorno: `${urlPublica.replace(/\/+$/, '')}${CAMINHO_RETORNO}`,
    timeoutMs: numeroDoAmbiente(env, 'ASSINATURA_GOVBR_TEMPO_LIMITE_MS', 15_000, { minimo: 100, inteiro: true }),
  };
}
