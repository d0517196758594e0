import Keycloak from 'keycloak-js';
import type { Config } from '../config';
import { usuarioDoToken, type ClaimsToken, type DetalhesUsuario } from './usuario';

/** Tokens a host that already signed the user in (same client) may hand over instead of a redirect. */
export interface TokensIniciais {
  token: string;
  refreshToken: string;
  idToken?: string;
}

export interface Observador {
  renovado(expiraEm: number | null): void;
  falhou(motivo: string): void;
  expirou(): void;
}

export interface Autenticador {
  usuario(): DetalhesUsuario;
  expiraEm(): number | null;
  /** A valid access token, refreshed first when it expires within the minimum validity. */
  token(): Promise<string>;
  entrar(): Promise<void>;
  sair(redirecionarPara?: string): Promise<void>;
  /** Starts the periodic check; returns the function that stops it. */
  vigiar(intervaloS: number, validadeMinimaS: number, obs: Observador): () => void;
}

export type ResultadoInicio = { tipo: 'autenticado'; auth: Autenticador } | { tipo: 'idp-inacessivel'; detalhe: string };

const instancias = new Map<string, Promise<ResultadoInicio>>();

export function urlDoRealm(c: Pick<Config, 'keycloakUrl' | 'realm'>): string {
  return `${c.keycloakUrl}/realms/${encodeURIComponent(c.realm)}`;
}

/** True when this page load is the identity provider's redirect back (keycloak-js parses it in init). */
export function ehRetornoDoLogin(href: string): boolean {
  const u = new URL(href);
  const p = new URLSearchParams(u.hash.slice(1) || u.search.slice(1));
  return p.has('state') && (p.has('code') || p.has('error'));
}

/**
 * Whether the identity provider answers at all. `no-cors` makes any HTTP answer count, whatever
 * CORS the provider sends; only a network failure or timeout is "unreachable".
 */
export async function idpAlcancavel(c: Pick<Config, 'keycloakUrl' | 'realm'>, timeoutMs = 10000): Promise<string | null> {
  try {
    await fetch(`${urlDoRealm(c)}/.well-known/openid-configuration`, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function criarAutenticador(kc: Keycloak, config: Config): Autenticador {
  const expira = () => (kc.tokenParsed?.exp ? kc.tokenParsed.exp * 1000 : null);
  return {
    usuario: () => usuarioDoToken((kc.tokenParsed ?? {}) as ClaimsToken),
    expiraEm: expira,
    async token() {
      await kc.updateToken(config.tokenMinValidityS);
      return kc.token ?? '';
    },
    async entrar() {
      await kc.login();
    },
    async sair(redirecionarPara) {
      await kc.logout({ redirectUri: redirecionarPara ?? location.href });
    },
    vigiar(intervaloS, validadeMinimaS, obs) {
      kc.onTokenExpired = () => obs.expirou();
      const verificar = async () => {
        try {
          const renovou = await kc.updateToken(validadeMinimaS);
          if (renovou) obs.renovado(expira());
        } catch (e) {
          obs.falhou(e instanceof Error ? e.message : 'falha ao renovar o token');
        }
      };
      const id = setInterval(verificar, intervaloS * 1000);
      return () => clearInterval(id);
    },
  };
}

async function iniciarKeycloak(config: Config, tokens: TokensIniciais | undefined, antesDoLogin: () => void): Promise<ResultadoInicio> {
  if (!tokens && !ehRetornoDoLogin(location.href)) {
    const falha = await idpAlcancavel(config);
    if (falha) return { tipo: 'idp-inacessivel', detalhe: falha };
    antesDoLogin();
  }
  const kc = new Keycloak({ url: config.keycloakUrl, realm: config.realm, clientId: config.clientId });
  // Assigned before init so an expiry during start-up is seen too (DESIGN.md section 2).
  kc.onTokenExpired = () => undefined;
  await kc.init({
    onLoad: 'login-required',
    pkceMethod: 'S256',
    checkLoginIframe: false,
    responseMode: 'fragment',
    locale: config.language,
    ...(tokens ?? {}),
  });
  return { tipo: 'autenticado', auth: criarAutenticador(kc, config) };
}

/**
 * Boots single sign-on once per page and identity provider (keycloak-js allows one init and parses
 * the URL during it), with login required: an unauthenticated visit leaves the page for the
 * provider's sign-in, and this promise never settles. `antesDoLogin` runs just before that.
 */
export function iniciarSessao(config: Config, tokens: TokensIniciais | undefined, antesDoLogin: () => void): Promise<ResultadoInicio> {
  // Tokens handed over by the host belong to that element alone: its own instance, never shared.
  if (tokens) return iniciarKeycloak(config, tokens, antesDoLogin);
  const chave = `${config.keycloakUrl}|${config.realm}|${config.clientId}`;
  let p = instancias.get(chave);
  if (!p) {
    p = iniciarKeycloak(config, tokens, antesDoLogin);
    instancias.set(chave, p);
    // Only a signed-in session is kept: a failed or unreachable start may be tried again.
    p.then((r) => r.tipo === 'autenticado' || instancias.delete(chave), () => instancias.delete(chave));
  }
  return p;
}
