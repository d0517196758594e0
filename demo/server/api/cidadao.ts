import { createRemoteJWKSet, jwtVerify, SignJWT } from 'jose';
import { cpfValido } from '../../../src/forms/cpf';

/**
 * Who the citizen is, for models restricted to a public-access group (issue 8). A portal passes the
 * citizen's access token in `Authorization: Bearer`:
 *  - with CIDADAO_JWKS_URL (and CIDADAO_ISSUER), a token of the citizen's identity provider (gov.br or
 *    the state's), its CPF in the claim CIDADAO_CLAIM_CPF (default `cpf`);
 *  - without it (the demo), a token this server signs at POST /api/publico/token-demo.
 */
export interface Cidadao {
  cpf: string;
  nome: string | null;
  /** The token's `email` and `birthdate` (OIDC standard claims), when it has them (issue 21: prefill). */
  email?: string | null;
  /** yyyy-MM-dd. */
  nascimento?: string | null;
}

export interface OpcoesCidadao {
  jwksUrl?: string;
  emissor?: string;
  audiencia?: string;
  claimCpf: string;
  /** The demo's own issuer (used only without jwksUrl). */
  emissorDemo: string;
  /** Whether this server may mint demo tokens for a typed CPF (only the demo: never with NODE_ENV=production). */
  demo?: boolean;
}

/**
 * A server in production (NODE_ENV=production) needs the citizens' identity provider: it refuses to start
 * without one, rather than mint tokens for any CPF typed into a page.
 */
export const MSG_PRODUCAO_SEM_IDP =
  'NODE_ENV=production exige o provedor de identidade dos cidadãos (CIDADAO_JWKS_URL e CIDADAO_ISSUER): sem ele, o servidor emitiria tokens de demonstração para qualquer CPF digitado. Configure o provedor (gov.br ou o do estado) ou rode sem NODE_ENV=production para a demonstração.';

export function opcoesCidadaoDoAmbiente(env: NodeJS.ProcessEnv, urlPublica: string): OpcoesCidadao {
  const jwksUrl = env.CIDADAO_JWKS_URL || undefined;
  if (!jwksUrl && env.NODE_ENV === 'production') throw new Error(MSG_PRODUCAO_SEM_IDP);
  return { jwksUrl, emissor: env.CIDADAO_ISSUER || undefined, audiencia: env.CIDADAO_AUDIENCE || undefined, claimCpf: env.CIDADAO_CLAIM_CPF || 'cpf', emissorDemo: `${urlPublica}/cidadao-demo`, demo: !jwksUrl };
}

export function criarIdentidadeCidadao(o: OpcoesCidadao) {
  const segredo = crypto.getRandomValues(new Uint8Array(32));
  const jwks = o.jwksUrl ? createRemoteJWKSet(new URL(o.jwksUrl)) : null;
  return {
    /** Whether this server issues demo tokens (the demo, with no citizen identity provider configured). */
    demo: !jwks && o.demo !== false,
    async verificar(token: string): Promise<Cidadao> {
      const { payload } = jwks
        ? await jwtVerify(token, jwks, { issuer: o.emissor, audience: o.audiencia })
        : await jwtVerify(token, segredo, { issuer: o.emissorDemo, algorithms: ['HS256'] });
      const cpf = String(payload[jwks ? o.claimCpf : 'cpf'] ?? '').replace(/\D/g, '');
      if (!cpfValido(cpf)) throw new Error('o token não traz um CPF válido');
      const texto = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
      const nascimento = texto(payload.birthdate);
      return { cpf, nome: texto(payload.name), email: texto(payload.email), nascimento: nascimento && /^\d{4}-\d{2}-\d{2}$/.test(nascimento) ? nascimento : null };
    },
    /** A demo token for a CPF (30 minutes). */
    async emitirDemo(c: Cidadao): Promise<string> {
      return new SignJWT({ cpf: c.cpf, ...(c.nome ? { name: c.nome } : {}), ...(c.email ? { email: c.email } : {}), ...(c.nascimento ? { birthdate: c.nascimento } : {}) }).setProtectedHeader({ alg: 'HS256' }).setIssuer(o.emissorDemo).setIssuedAt().setExpirationTime('30m').sign(segredo);
    },
  };
}

export type IdentidadeCidadao = ReturnType<typeof criarIdentidadeCidadao>;
