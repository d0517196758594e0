import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK, type CryptoKey } from 'jose';
import { USUARIOS_DEMO, type UsuarioDemo } from '../usuariosDemo';
import { CSP_LOGIN, paginaLogin } from './paginaLogin';

/**
 * A Keycloak-compatible identity provider for development and QA only: the realm endpoints
 * keycloak-js uses (auth with PKCE S256, token, certs, logout, userinfo), signed RS256 tokens with
 * Keycloak's claims, single-use 60 s codes, and refusal of unknown clients and redirect URIs.
 */
export interface OpcoesProvedor {
  /** Public base URL (issuer = `${urlPublica}/realms/${realm}`). */
  urlPublica: string;
  realm: string;
  clientId: string;
  /** Origins allowed in redirect URIs and CORS (the host pages). */
  origensPermitidas: string[];
  acessoS?: number;
  refreshS?: number;
  usuarios?: UsuarioDemo[];
  /** Other clients it also serves (tests: a token issued to another client). */
  outrosClientes?: string[];
  /** Repeated failed sign-ins of one username: after `falhas` in a row, each further try waits `esperaS` × (failures beyond the limit), up to 15 min. */
  bloqueio?: { falhas: number; esperaS: number };
  /** Its signing keys; generated at start when absent (tests: two issuers, one key). */
  chaves?: { privateKey: CryptoKey; publicKey: CryptoKey; kid: string };
}

interface Pedido {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce?: string;
  responseMode: 'fragment' | 'query';
  desafio: string;
  expira: number;
}

interface Codigo extends Pedido {
  username: string;
  sid: string;
}

interface SessaoIdp {
  username: string;
  ativa: boolean;
  criada: number;
}

const COOKIE = 'IDP_DEMO_SESSAO';
const agoraS = () => Math.floor(Date.now() / 1000);
const aleatorio = () => randomBytes(24).toString('base64url');

export async function registrarProvedor(app: FastifyInstance, o: OpcoesProvedor) {
  const usuarios = o.usuarios ?? USUARIOS_DEMO;
  const acessoS = o.acessoS ?? 300;
  const refreshS = o.refreshS ?? 1800;
  const emissor = `${o.urlPublica}/realms/${o.realm}`;
  const base = `/realms/${o.realm}`;
  const oidc = `${base}/protocol/openid-connect`;
  const { privateKey, publicKey, kid } = o.chaves ?? { ...(await generateKeyPair('RS256')), kid: randomUUID() };
  const clientes = [o.clientId, ...(o.outrosClientes ?? [])];
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const pedidos = new Map<string, Pedido>();
  const codigos = new Map<string, Codigo>();
  const sessoes = new Map<string, SessaoIdp>();
  const tentativas = controleDeTentativas(o.bloqueio ?? { falhas: 5, esperaS: 30 });

  const origemPermitida = (url: string) => {
    try {
      return o.origensPermitidas.includes(new URL(url).origin);
    } catch {
      return false;
    }
  };

  const cors = (req: FastifyRequest, rep: FastifyReply) => {
    const origem = req.headers.origin;
    if (origem && o.origensPermitidas.includes(origem)) {
      // keycloak-js calls the token endpoint with credentials: 'include', as Keycloak allows.
      rep.header('access-control-allow-origin', origem).header('vary', 'Origin').header('access-control-allow-credentials', 'true');
      rep.header('access-control-allow-headers', 'content-type, authorization').header('access-control-allow-methods', 'GET, POST, OPTIONS');
    }
  };

  const assinar = (claims: Record<string, unknown>, chave: CryptoKey = privateKey) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(chave);

  async function emitirTokens(username: string, sid: string, clientId: string, nonce?: string) {
    const u = usuarios.find((x) => x.username === username)!;
    const iat = agoraS();
    const comum = { iat, iss: emissor, sid, session_state: sid, azp: clientId, sub: `f:${o.realm}:${u.username}` };
    const perfil = {
      preferred_username: u.username,
      given_name: u.firstName,
      family_name: u.lastName,
      name: `${u.firstName} ${u.lastName}`,
      email: u.email,
      email_verified: true,
    };
    const access = await assinar({ ...comum, ...perfil, exp: iat + acessoS, jti: randomUUID(), aud: 'account', typ: 'Bearer', scope: 'openid profile email', ...(nonce ? { nonce } : {}) });
    const id = await assinar({ ...comum, ...perfil, exp: iat + acessoS, jti: randomUUID(), aud: clientId, typ: 'ID', ...(nonce ? { nonce } : {}) });
    const refresh = await assinar({ ...comum, exp: iat + refreshS, jti: randomUUID(), aud: emissor, typ: 'Refresh', scope: 'openid profile email', ...(nonce ? { nonce } : {}) });
    return { access_token: access, id_token: id, refresh_token: refresh, token_type: 'Bearer', expires_in: acessoS, refresh_expires_in: refreshS, session_state: sid, scope: 'openid profile email', 'not-before-policy': 0 };
  }

  function erroOAuth(rep: FastifyReply, status: number, error: string, descricao: string) {
    return rep.code(status).send({ error, error_description: descricao });
  }

  function redirecionarComCodigo(rep: FastifyReply, p: Pedido, username: string, sid: string) {
    const code = aleatorio();
    codigos.set(code, { ...p, username, sid, expira: Date.now() + 60_000 });
    const params = new URLSearchParams({ state: p.state, session_state: sid, iss: emissor, code });
    return rep.redirect(`${p.redirectUri}${p.responseMode === 'query' ? (p.redirectUri.includes('?') ? '&' : '?') : '#'}${params}`, 302);
  }

  function sessaoDoCookie(req: FastifyRequest): [string, SessaoIdp] | null {
    const m = /(?:^|;\s*)IDP_DEMO_SESSAO=([^;]+)/.exec(req.headers.cookie ?? '');
    const s = m ? sessoes.get(m[1]) : undefined;
    return m && s?.ativa ? [m[1], s] : null;
  }

  /**
   * The realm's documents are read from the portals' origins (issue 48): the element fetches the discovery
   * document no-cors to see the provider is up, keycloak-js reads the token endpoint with CORS. Like Keycloak,
   * which sends no Cross-Origin-Resource-Policy, the realm's routes may be read cross-origin (the server's
   * security headers say same-origin elsewhere); CORS (cors() above) still decides who reads a JSON answer.
   */
  app.addHook('onSend', async (req, rep) => {
    if (req.url.startsWith(`${base}/`)) rep.header('cross-origin-resource-policy', 'cross-origin');
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, corpo, feito) => {
    feito(null, Object.fromEntries(new URLSearchParams(corpo as string)));
  });

  app.get(`${base}/.well-known/openid-configuration`, async (req, rep) => {
    cors(req, rep);
    return {
      issuer: emissor,
      authorization_endpoint: `${emissor}/protocol/openid-connect/auth`,
      token_endpoint: `${emissor}/protocol/openid-connect/token`,
      userinfo_endpoint: `${emissor}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${emissor}/protocol/openid-connect/logout`,
      jwks_uri: `${emissor}/protocol/openid-connect/certs`,
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'fragment'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
    };
  });
  app.get(base, async () => ({ realm: o.realm, public_key: null, 'token-service': `${emissor}/protocol/openid-connect` }));
  app.get(`${oidc}/certs`, async (req, rep) => {
    cors(req, rep);
    return { keys: [jwk] };
  });

  app.get(`${oidc}/auth`, async (req, rep) => {
    const q = req.query as Record<string, string | undefined>;
    if (!clientes.includes(q.client_id ?? '')) return rep.code(400).type('text/plain; charset=utf-8').send('Cliente desconhecido.');
    if (!q.redirect_uri || !origemPermitida(q.redirect_uri)) return rep.code(400).type('text/plain; charset=utf-8').send('Endereço de retorno (redirect_uri) não permitido.');
    if (q.response_type !== 'code') return rep.code(400).type('text/plain; charset=utf-8').send('Só o fluxo de código (response_type=code) é aceito.');
    if (q.code_challenge_method !== 'S256' || !q.code_challenge) return rep.code(400).type('text/plain; charset=utf-8').send('PKCE S256 é obrigatório.');
    const p: Pedido = {
      clientId: q.client_id!,
      redirectUri: q.redirect_uri,
      state: q.state ?? '',
      nonce: q.nonce,
      responseMode: q.response_mode === 'query' ? 'query' : 'fragment',
      desafio: q.code_challenge,
      expira: Date.now() + 30 * 60_000,
    };
    const sessao = sessaoDoCookie(req);
    if (sessao && q.prompt !== 'login') return redirecionarComCodigo(rep, p, sessao[1].username, sessao[0]);
    if (q.prompt === 'none') {
      const params = new URLSearchParams({ error: 'login_required', state: p.state });
      return rep.redirect(`${p.redirectUri}${p.responseMode === 'query' ? '?' : '#'}${params}`, 302);
    }
    const pedido = aleatorio();
    pedidos.set(pedido, p);
    return rep.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', CSP_LOGIN).send(paginaLogin({ acao: `${oidc}/auth`, pedido, usuarios: usuarios.map((u) => u.username) }));
  });

  app.post(`${oidc}/auth`, async (req, rep) => {
    const b = (req.body ?? {}) as Record<string, string>;
    const p = pedidos.get(b.pedido ?? '');
    if (!p || p.expira < Date.now()) return rep.code(400).type('text/html; charset=utf-8').header('content-security-policy', CSP_LOGIN).send(paginaLogin({ acao: `${oidc}/auth`, pedido: '', erro: 'A sessão de login expirou. Volte ao console e tente de novo.', usuarios: [] }));
    const login = (status: number, erro: string) =>
      rep.code(status).type('text/html; charset=utf-8').header('content-security-policy', CSP_LOGIN).send(paginaLogin({ acao: `${oidc}/auth`, pedido: b.pedido, erro, usuario: b.username, usuarios: usuarios.map((x) => x.username) }));
    const nome = String(b.username ?? '').slice(0, 100);
    // Like Keycloak's brute-force detection: a username with repeated failures waits, whatever the password.
    const espera = tentativas.espera(nome);
    if (espera > 0) return login(429, `Muitas tentativas sem sucesso para este usuário. Aguarde ${espera} s e tente de novo.`);
    const u = usuarios.find((x) => x.username === nome);
    if (!u || b.password !== u.username) {
      tentativas.falhou(nome);
      return login(401, 'Usuário ou senha inválidos.');
    }
    tentativas.acertou(nome);
    pedidos.delete(b.pedido);
    const sid = randomUUID();
    sessoes.set(sid, { username: u.username, ativa: true, criada: Date.now() });
    rep.header('set-cookie', `${COOKIE}=${sid}; Path=${base}; HttpOnly; SameSite=Lax`);
    return redirecionarComCodigo(rep, p, u.username, sid);
  });

  app.options(`${oidc}/token`, async (req, rep) => {
    cors(req, rep);
    return rep.code(204).send();
  });
  app.post(`${oidc}/token`, async (req, rep) => {
    cors(req, rep);
    rep.header('cache-control', 'no-store');
    const b = (req.body ?? {}) as Record<string, string>;
    if (!clientes.includes(b.client_id)) return erroOAuth(rep, 401, 'invalid_client', 'Cliente desconhecido.');
    if (b.grant_type === 'authorization_code') {
      const c = codigos.get(b.code ?? '');
      codigos.delete(b.code ?? ''); // single use, whatever happens next
      if (!c || c.expira < Date.now()) return erroOAuth(rep, 400, 'invalid_grant', 'Código inválido ou expirado.');
      if (c.clientId !== b.client_id || c.redirectUri !== b.redirect_uri) return erroOAuth(rep, 400, 'invalid_grant', 'Código emitido para outro cliente ou endereço.');
      const desafio = createHash('sha256').update(b.code_verifier ?? '').digest('base64url');
      if (!b.code_verifier || desafio !== c.desafio) return erroOAuth(rep, 400, 'invalid_grant', 'PKCE: code_verifier não confere.');
      if (!sessoes.get(c.sid)?.ativa) return erroOAuth(rep, 400, 'invalid_grant', 'Sessão encerrada.');
      return emitirTokens(c.username, c.sid, c.clientId, c.nonce);
    }
    if (b.grant_type === 'refresh_token') {
      try {
        const { payload } = await jwtVerify(b.refresh_token ?? '', publicKey, { issuer: emissor, audience: emissor });
        if (payload.typ !== 'Refresh' || payload.azp !== b.client_id) throw new Error('tipo');
        const sid = String(payload.sid);
        const s = sessoes.get(sid);
        if (!s?.ativa) return erroOAuth(rep, 400, 'invalid_grant', 'Sessão encerrada.');
        return emitirTokens(s.username, sid, b.client_id, payload.nonce as string | undefined);
      } catch {
        return erroOAuth(rep, 400, 'invalid_grant', 'Token de renovação inválido ou expirado.');
      }
    }
    return erroOAuth(rep, 400, 'unsupported_grant_type', 'Tipo de concessão não suportado.');
  });

  app.get(`${oidc}/userinfo`, async (req, rep) => {
    cors(req, rep);
    try {
      const { payload } = await jwtVerify((req.headers.authorization ?? '').replace(/^Bearer /, ''), publicKey, { issuer: emissor });
      return { sub: payload.sub, preferred_username: payload.preferred_username, given_name: payload.given_name, family_name: payload.family_name, name: payload.name, email: payload.email, email_verified: payload.email_verified };
    } catch {
      return rep.code(401).send({ error: 'invalid_token' });
    }
  });

  const sair = async (req: FastifyRequest, rep: FastifyReply) => {
    const q = { ...(req.query as object), ...((req.body as object) ?? {}) } as Record<string, string | undefined>;
    const s = sessaoDoCookie(req);
    if (s) s[1].ativa = false;
    rep.header('set-cookie', `${COOKIE}=; Path=${base}; HttpOnly; SameSite=Lax; Max-Age=0`);
    const destino = q.post_logout_redirect_uri ?? q.redirect_uri;
    if (destino && origemPermitida(destino)) return rep.redirect(destino, 302);
    return rep.type('text/html; charset=utf-8').send('<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Sessão encerrada</title><p>Você saiu.</p></html>');
  };
  app.get(`${oidc}/logout`, sair);
  app.post(`${oidc}/logout`, sair);

  /** For tests and QA: ends every session of a user, as an administrator would in Keycloak. */
  const encerrarSessoes = (username: string) => {
    let n = 0;
    for (const s of sessoes.values()) if (s.username === username && s.ativa) ((s.ativa = false), n++);
    return n;
  };

  /**
   * Keycloak's admin "log the user out" (POST /admin/realms/{realm}/users/{user}/logout), so QA and the
   * tests can end a session from outside; here it takes the username and an administrator's token.
   */
  app.post<{ Params: { username: string } }>(`/admin/realms/${o.realm}/users/:username/logout`, async (req, rep) => {
    try {
      const { payload } = await jwtVerify((req.headers.authorization ?? '').replace(/^Bearer /, ''), publicKey, { issuer: emissor });
      if (payload.preferred_username !== 'admin') return rep.code(403).send({ error: 'forbidden' });
    } catch {
      return rep.code(401).send({ error: 'invalid_token' });
    }
    encerrarSessoes(req.params.username);
    return rep.code(204).send();
  });

  app.log.warn(`Provedor de identidade EMBUTIDO em ${emissor}: somente para desenvolvimento e QA.`);
  return { emissor, jwksUri: `${emissor}/protocol/openid-connect/certs`, chavePublica: publicKey, chaves: { privateKey, publicKey, kid }, encerrarSessoes };
}

/** Failed sign-ins per username (kept in memory: a development provider, one process). */
export function controleDeTentativas(o: { falhas: number; esperaS: number }, agora = () => Date.now()) {
  const falhas = new Map<string, { n: number; ultima: number }>();
  return {
    /** Seconds this username must still wait before another try (0: may try now). */
    espera(username: string): number {
      const f = falhas.get(username);
      if (!f || f.n < o.falhas) return 0;
      const bloqueioMs = Math.min(o.esperaS * (f.n - o.falhas + 1), 900) * 1000;
      return Math.max(0, Math.ceil((f.ultima + bloqueioMs - agora()) / 1000));
    },
    falhou(username: string) {
      const f = falhas.get(username);
      // Failures older than 15 minutes are forgotten.
      const n = f && agora() - f.ultima < 900_000 ? f.n + 1 : 1;
      falhas.set(username, { n, ultima: agora() });
    },
    acertou(username: string) {
      falhas.delete(username);
    },
  };
}
