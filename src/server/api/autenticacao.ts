import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey, type CryptoKey } from 'jose';
import { problema } from '../../contrato/problema';
import { TIPO_PROBLEMA } from '../../contrato/problema';
import { problemaNoIdioma } from './emIngles';
import { TokensVerificados } from './tokensVerificados';

/** Who is calling: from a validated access token, never from a decoded-and-trusted one. */
export interface Chamador {
  username: string;
  sub: string;
  nome: string;
}

export interface OpcoesToken {
  emissor: string;
  clientId: string;
  /** The issuer's keys: its JWKS URL, or a key in-process. */
  chaves: URL | CryptoKey;
}

/** Clock skew accepted between the identity provider and this server, in seconds. */
export const TOLERANCIA_RELOGIO_S = 5;

/** Verified access tokens kept per node (tokensVerificados.ts): how many, and for how long at most. */
export const TOKENS_GUARDADOS = 5_000;
export const IDADE_MAXIMA_TOKEN_GUARDADO_MS = 60_000;

export function criarVerificador(o: OpcoesToken) {
  const chave: JWTVerifyGetKey | CryptoKey = o.chaves instanceof URL ? createRemoteJWKSet(o.chaves, { cooldownDuration: 5_000 }) : o.chaves;
  const verificados = new TokensVerificados<Chamador>({ maximo: TOKENS_GUARDADOS, idadeMaximaMs: IDADE_MAXIMA_TOKEN_GUARDADO_MS, toleranciaS: TOLERANCIA_RELOGIO_S });
  return async function verificar(token: string): Promise<Chamador> {
    const guardado = verificados.obter(token);
    if (guardado) return guardado;
    const { payload } = await jwtVerify(token, chave as never, {
      issuer: o.emissor,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384'],
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: TOLERANCIA_RELOGIO_S,
    });
    // Keycloak's access tokens: typ Bearer, issued to our client (azp). Id and refresh tokens are refused,
    // and so is a token another client obtained even when its audience names ours (a token exchange or
    // an audience mapper must not turn another application's token into a console session).
    if (payload.typ !== undefined && payload.typ !== 'Bearer') throw new Error('não é um token de acesso');
    if (payload.azp !== o.clientId) throw new Error('token emitido para outro cliente');
    // jose checks iat only against a maximum age: a token "issued" in the future is a forged or a
    // mis-clocked one either way.
    if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + TOLERANCIA_RELOGIO_S) throw new Error('token emitido no futuro');
    const username = typeof payload.preferred_username === 'string' ? payload.preferred_username : '';
    if (!username) throw new Error('token sem preferred_username');
    const chamador = Object.freeze({ username, sub: String(payload.sub), nome: typeof payload.name === 'string' ? payload.name : username });
    verificados.guardar(token, payload.exp!, chamador);
    return chamador;
  };
}

export type Verificador = ReturnType<typeof criarVerificador>;

declare module 'fastify' {
  interface FastifyRequest {
    chamador?: Chamador;
  }
}

export function enviarProblema(rep: FastifyReply, status: number, detalhe?: string, errors?: { field: string; message: string }[], tipo?: string) {
  // Every 401 says how to authenticate (RFC 9110 §11.6.1; issue 50: the citizens' restricted models sent none).
  if (status === 401 && !rep.hasHeader('www-authenticate')) rep.header('www-authenticate', 'Bearer');
  // In English for a console that asks for it (issue 37); Portuguese otherwise.
  return rep.code(status).type(TIPO_PROBLEMA).send(problemaNoIdioma(problema(status, detalhe, errors, tipo), rep.request.headers['accept-language']));
}

/** preHandler: 401 (problem+json, WWW-Authenticate) for a missing or invalid bearer token. */
export function exigirToken(verificar: Verificador) {
  return async (req: FastifyRequest, rep: FastifyReply) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m) {
      rep.header('www-authenticate', 'Bearer');
      return enviarProblema(rep, 401, 'Envie um token de acesso válido no cabeçalho Authorization.');
    }
    try {
      req.chamador = await verificar(m[1]);
    } catch {
      rep.header('www-authenticate', 'Bearer error="invalid_token"');
      return enviarProblema(rep, 401, 'Token de acesso inválido ou expirado.');
    }
  };
}
