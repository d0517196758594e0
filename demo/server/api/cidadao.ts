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
}

export interface OpcoesCidadao {
  jwksUrl?: string;
  emissor?: string;
  audiencia?: string;
  claimCpf: string;
  /** The demo's own issuer (used only without jwksUrl). */
  emissorDemo: string;
}

export function opcoesCidadaoDoAmbiente(env: NodeJS.ProcessEnv, urlPublica: string): OpcoesCidadao {
  return { jwksUrl: env.CIDADAO_JWKS_URL || undefined, emissor: env.CIDADAO_ISSUER || undefined, audiencia: env.CIDADAO_AUDIENCE || undefined, claimCpf: env.CIDADAO_CLAIM_CPF || 'cpf', emissorDemo: `${urlPublica}/cidadao-demo` };
}

export function criarIdentidadeCidadao(o: OpcoesCidadao) {
  const segredo = crypto.getRandomValues(new Uint8Array(32));
  const jwks = o.jwksUrl ? createRemoteJWKSet(new URL(o.jwksUrl)) : null;
  return {
    /** Whether this server issues demo tokens (no citizen identity provider configured). */
    demo: !jwks,
    async verificar(token: string): Promise<Cidadao> {
      const { payload } = jwks
        ? await jwtVerify(token, jwks, { issuer: o.emissor, audience: o.audiencia })
        : await jwtVerify(token, segredo, { issuer: o.emissorDemo, algorithms: ['HS256'] });
      const cpf = String(payload[jwks ? o.claimCpf : 'cpf'] ?? '').replace(/\D/g, '');
      if (!cpfValido(cpf)) throw new Error('o token não traz um CPF válido');
      return { cpf, nome: typeof payload.name === 'string' ? payload.name : null };
    },
    /** A demo token for a CPF (30 minutes). */
    async emitirDemo(c: Cidadao): Promise<string> {
      return new SignJWT({ cpf: c.cpf, ...(c.nome ? { name: c.nome } : {}) }).setProtectedHeader({ alg: 'HS256' }).setIssuer(o.emissorDemo).setIssuedAt().setExpirationTime('30m').sign(segredo);
    },
  };
}

export type IdentidadeCidadao = ReturnType<typeof criarIdentidadeCidadao>;
