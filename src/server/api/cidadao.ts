import { createRemoteJWKSet, jwtVerify, errors } from 'jose';
import { nivelDaClaim, segundoFatorDaClaim, selosDaClaim, type ConfiabilidadeDoCidadao } from '../../forms/confiabilidade';
import { cpfValido } from '../../forms/cpf';
import { ErroConfiguracao, emProducao, urlDoAmbiente } from '../ambiente';
import { TOLERANCIA_RELOGIO_S } from './autenticacao';

/**
 * Who the citizen is, for models restricted to a public-access group (issue 8). A portal passes the
 * citizen's access token in `Authorization: Bearer`: a token of the citizens' identity provider (gov.br or
 * the state's, CIDADAO_JWKS_URL), its CPF in the claim CIDADAO_CLAIM_CPF (default `cpf`). The demo's own
 * tokens (a CPF typed into the demo page) live in `../cidadaoDemo.ts`, which production never loads.
 */
export interface Cidadao {
  cpf: string;
  nome: string | null;
  /** The token's `email` and `birthdate` (OIDC standard claims), when it has them (issue 21: prefill). */
  email?: string | null;
  /** yyyy-MM-dd. */
  nascimento?: string | null;
  /** OIDC's `email_verified`, `phone_number` and `phone_number_verified` (issue 45: a verified question is proved by them). */
  emailVerificado?: boolean;
  telefone?: string | null;
  telefoneVerificado?: boolean;
  /** The gov.br account's level, seals and second factor (issue 44), from the claims configured. */
  confiabilidade?: ConfiabilidadeDoCidadao;
}

/** Where a token carries the account's reliability (dotted paths; the defaults are gov.br's ID token). */
export interface ClaimsConfiabilidade {
  nivel: string;
  selos: string;
  amr: string;
}
export const CLAIMS_GOVBR: ClaimsConfiabilidade = { nivel: 'reliability_info.level', selos: 'reliability_info.reliabilities', amr: 'amr' };

export interface OpcoesCidadao {
  jwksUrl: string;
  /** The provider's `iss`; the token's must be it. */
  emissor?: string;
  /** This service's client at the provider: the token's `aud` must name it, and its `azp`, when present, be it. */
  audiencia?: string;
  claimCpf: string;
  /** gov.br's by default. */
  claims?: ClaimsConfiabilidade;
}

/** How a server checks citizens' tokens; the demo's also issues them. */
export interface IdentidadeCidadao {
  verificar(token: string): Promise<Cidadao>;
  /** Only the demo's (cidadaoDemo.ts): a signed token for a typed CPF. */
  emitirDemo?: (c: Cidadao) => Promise<string>;
}

export const MSG_PRODUCAO_SEM_IDP =
  'NODE_ENV=production exige o provedor de identidade dos cidadãos: defina CIDADAO_JWKS_URL, CIDADAO_ISSUER e CIDADAO_AUDIENCE (gov.br ou o login do estado). Sem eles, tokens de cidadão de qualquer aplicação do provedor seriam aceitos, ou nenhum.';

/**
 * CIDADAO_JWKS_URL, CIDADAO_ISSUER, CIDADAO_AUDIENCE, CIDADAO_CLAIM_CPF; undefined without a provider (the
 * demo then uses its own tokens). Production requires the three (issue 33: with only the key set checked,
 * a token the same provider issued to another application was taken as this service's citizen).
 */
export function opcoesCidadaoDoAmbiente(env: NodeJS.ProcessEnv): OpcoesCidadao | undefined {
  const jwksUrl = urlDoAmbiente(env, 'CIDADAO_JWKS_URL');
  const emissor = env.CIDADAO_ISSUER?.trim() || undefined;
  const audiencia = env.CIDADAO_AUDIENCE?.trim() || undefined;
  if (emProducao(env) && (!jwksUrl || !emissor || !audiencia)) throw new ErroConfiguracao(MSG_PRODUCAO_SEM_IDP);
  if (!jwksUrl) return undefined;
  return { jwksUrl, emissor, audiencia, claimCpf: env.CIDADAO_CLAIM_CPF?.trim() || 'cpf', claims: claimsDoAmbiente(env) };
}

/** CIDADAO_CLAIM_NIVEL, CIDADAO_CLAIM_SELOS, CIDADAO_CLAIM_AMR (gov.br's by default). */
export function claimsDoAmbiente(env: NodeJS.ProcessEnv): ClaimsConfiabilidade {
  return { nivel: env.CIDADAO_CLAIM_NIVEL?.trim() || CLAIMS_GOVBR.nivel, selos: env.CIDADAO_CLAIM_SELOS?.trim() || CLAIMS_GOVBR.selos, amr: env.CIDADAO_CLAIM_AMR?.trim() || CLAIMS_GOVBR.amr };
}

/** What a citizen is told when their token is refused (401), by what failed. */
export function motivoRecusaCidadao(e: unknown): string {
  const claim = (e as { claim?: string }).claim;
  if (e instanceof errors.JWTExpired) return 'A sua identificação de cidadão expirou. Entre de novo.';
  if (claim === 'aud' || claim === 'azp') return 'A sua identificação de cidadão foi emitida para outra aplicação, não para este serviço. Entre pelo portal deste serviço.';
  if (claim === 'iat') return 'A sua identificação de cidadão diz ter sido emitida no futuro: o relógio do provedor de identidade ou o deste serviço está errado. Entre de novo daqui a pouco.';
  if (claim === 'iss') return 'A sua identificação de cidadão foi emitida por outro provedor de identidade. Entre com a conta de cidadão aceita por este serviço.';
  return 'A sua identificação de cidadão é inválida ou expirou. Entre de novo.';
}

/** A claim by its dotted path (`reliability_info.level`); own properties only. */
function claim(payload: Record<string, unknown>, caminho: string): unknown {
  let v: unknown = payload;
  for (const parte of caminho.split('.')) v = v && typeof v === 'object' && Object.hasOwn(v, parte) ? (v as Record<string, unknown>)[parte] : undefined;
  return v;
}

/** The citizen of a verified token's claims. */
export function cidadaoDasClaims(payload: Record<string, unknown>, claimCpf: string, claims: ClaimsConfiabilidade = CLAIMS_GOVBR): Cidadao {
  const cpf = String(payload[claimCpf] ?? '').replace(/\D/g, '');
  if (!cpfValido(cpf)) throw new Error('o token não traz um CPF válido');
  const texto = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const nascimento = texto(payload.birthdate);
  return {
    cpf,
    nome: texto(payload.name),
    email: texto(payload.email),
    nascimento: nascimento && /^\d{4}-\d{2}-\d{2}$/.test(nascimento) ? nascimento : null,
    emailVerificado: payload.email_verified === true,
    telefone: texto(payload.phone_number),
    telefoneVerificado: payload.phone_number_verified === true,
    confiabilidade: { nivel: nivelDaClaim(claim(payload, claims.nivel)), selos: selosDaClaim(claim(payload, claims.selos)), segundoFator: segundoFatorDaClaim(claim(payload, claims.amr)) },
  };
}

export function criarIdentidadeCidadao(o: OpcoesCidadao): IdentidadeCidadao {
  const jwks = createRemoteJWKSet(new URL(o.jwksUrl));
  return {
    async verificar(token: string): Promise<Cidadao> {
      const { payload } = await jwtVerify(token, jwks, { issuer: o.emissor, audience: o.audiencia, clockTolerance: TOLERANCIA_RELOGIO_S });
      // jose checks iat only against a maximum age (issue 50: a token issued an hour ahead was taken): a few seconds of skew, no more.
      if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + TOLERANCIA_RELOGIO_S) throw Object.assign(new Error('iat no futuro'), { claim: 'iat' });
      // The authorised party, when the provider writes one, is the client the token was issued to.
      if (o.audiencia && payload.azp !== undefined && payload.azp !== o.audiencia) throw Object.assign(new Error('azp de outra aplicação'), { claim: 'azp' });
      return cidadaoDasClaims(payload, o.claimCpf, o.claims);
    },
  };
}
