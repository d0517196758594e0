import { idiomaDe } from '../../src/i18n';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { opcoesDocumento } from './api/documento';
import { abrirBanco, type Banco } from './db';
import { semearDemo } from './seed';
import { registrarProvedor, type OpcoesProvedor } from './idp/provedor';
import { criarVerificador } from './api/autenticacao';
import { registrarApi } from './api/rotas';
import { criarIdentidadeCidadao, opcoesCidadaoDoAmbiente, type OpcoesCidadao } from './api/cidadao';
import { ESPERAS_PADRAO_S } from './entrega/agenda';
import { criarEntregador, OPCOES_PADRAO, opcoesEntregasDoAmbiente, type Entregador, type OpcoesEntregador } from './entrega/entregador';
import { registrarReceptor, type Receptor } from './receptor';
import { garantirSegredos, opcoesIntegracaoDoAmbiente, type OpcoesIntegracao } from './entrega/integracao';
import { criarRetencao, opcoesRetencaoDoAmbiente, RETENCAO_PADRAO, type OpcoesRetencao, type Retencao } from './entrega/retencao';
import { criarAnexos, type Anexos } from './anexos/anexos';
import { criarMensageiro, enfileirarEmail, opcoesEmailDoAmbiente, type Mensageiro, type OpcoesEmail } from './email/mensageiro';
import { abrirCaixaDeEmails, registrarCaixaDeEmails, type CaixaDeEmails } from './email/caixaDemo';
import { opcoesRascunhosDoAmbiente, type OpcoesRascunhos } from './api/rotas/rascunhos';
import { abrirArmazenamento, configS3DoAmbiente, type ConfigS3 } from './anexos/armazenamento';
import { LIMITES_PADRAO, limitesDoAmbiente, type LimitesPublico } from './api/rotas/publico';

const RAIZ = fileURLToPath(new URL('../..', import.meta.url));

export interface OpcoesServidor {
  porta: number;
  urlPublica: string;
  /** A real Keycloak (base URL); absent: the embedded provider at /realms/<realm>. */
  keycloakUrl?: string;
  realm: string;
  clientId: string;
  databaseUrl?: string;
  pastaDados: string;
  origens: string[];
  semear: boolean;
  log: boolean;
  /** Host origins the API answers by CORS (bearer tokens, no cookies); absent: the same as `origens`. */
  origensApi?: string[];
  acessoS?: number;
  /** The delivery worker in this process (issue 8); absent or `ligado: false`: not started here. */
  entregas?: OpcoesEntregador & { ligado: boolean };
  /** Citizens' identity for restricted models; absent: demo tokens from /api/publico/token-demo. */
  cidadao?: OpcoesCidadao;
  /** The demo's downstream receiver at /demo/receptor (QA watches retries on it). */
  receptor?: boolean;
  /** The retention job (runs where the delivery worker runs); absent: RETENCAO_PADRAO. */
  retencao?: OpcoesRetencao;
  /** Rate and size limits of /api/publico; absent: LIMITES_PADRAO. */
  limitesPublico?: LimitesPublico;
  /** Trust X-Forwarded-For from a reverse proxy in front (TRUST_PROXY): the client address the limits count. */
  trustProxy?: number | string;
  /** How integrations are reached (destination guard, secrets, pause); absent: from the environment. Tests override parts. */
  integracao?: Partial<OpcoesIntegracao>;
  /** Origins the demo host page lets /iframe show (its iframe-allowlist and CSP frame-src); absent: its own origin. */
  quadrosDemo?: string[];
  /** Attachments in an S3-compatible store; absent or null: in PostgreSQL. */
  s3?: ConfigS3 | null;
  /** E-mails (issue 21): SMTP, or the demo's catcher; absent: no e-mails. */
  email?: OpcoesEmail;
  /** Drafts (issue 21); absent: 30 days, links to the demo's citizen page. */
  rascunhos?: Omit<OpcoesRascunhos, 'enviarLink'>;
  /** Extra options of the embedded provider (tests). */
  idp?: Pick<OpcoesProvedor, 'outrosClientes' | 'chaves' | 'bloqueio'>;
}

export interface Servidor {
  app: FastifyInstance;
  db: Banco;
  encerrarSessoes?: (username: string) => number;
  chavesIdp?: OpcoesProvedor['chaves'];
  entregador: Entregador;
  retencao: Retencao;
  receptor?: Receptor;
  integracao: OpcoesIntegracao;
  anexos: Anexos;
  /** The e-mail worker, when e-mails are on (it runs where the delivery worker runs). */
  mensageiro?: Mensageiro;
  /** The demo's mail catcher, when started. */
  caixaDeEmails?: CaixaDeEmails;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The demo server: host page, element bundles, API and (unless KEYCLOAK_URL) the embedded provider. */
export async function criarServidor(o: OpcoesServidor): Promise<Servidor> {
  const app = Fastify({
    // Request logs only with LOG=debug; warnings (like the embedded provider's) always.
    logger: o.log ? { level: process.env.LOG === 'debug' ? 'info' : 'warn' } : false,
    // Every field's problem at once (bodies are bounded by maxItems/maxLength), and no silent type coercion of bodies.
    // and an unknown field is refused ("Campo desconhecido."), never silently dropped: a misspelt filter must not widen a bulk action.
    ajv: { customOptions: { allErrors: true, removeAdditional: false } },
    // A hop count trusts that many proxies in front; a string lists their addresses.
    trustProxy: typeof o.trustProxy === 'number' ? (_endereco: string, salto: number) => salto < (o.trustProxy as number) : (o.trustProxy ?? false),
  });
  const db = await abrirBanco({ databaseUrl: o.databaseUrl, pasta: o.pastaDados });
  if (o.semear) await semearDemo(db, `${o.urlPublica}/demo/receptor`);

  let chaves: URL | CryptoKey;
  let emissor: string;
  let encerrarSessoes: Servidor['encerrarSessoes'];
  let chavesIdp: Servidor['chavesIdp'];
  const idpUrl = o.keycloakUrl ?? o.urlPublica;
  if (o.keycloakUrl) {
    emissor = `${o.keycloakUrl}/realms/${o.realm}`;
    chaves = new URL(`${emissor}/protocol/openid-connect/certs`);
  } else {
    const idp = await registrarProvedor(app, { urlPublica: o.urlPublica, realm: o.realm, clientId: o.clientId, origensPermitidas: o.origens, acessoS: o.acessoS, ...o.idp });
    chavesIdp = idp.chaves;
    emissor = idp.emissor;
    chaves = idp.chavePublica;
    encerrarSessoes = idp.encerrarSessoes;
  }
  // The OpenAPI document is built from the very schemas the routes validate with and answer through.
  await app.register(fastifySwagger, opcoesDocumento(o.urlPublica));

  const entregas = o.entregas ?? { ligado: false, esperasS: ESPERAS_PADRAO_S, ...OPCOES_PADRAO };
  const integracao: OpcoesIntegracao = {
    ...opcoesIntegracaoDoAmbiente(process.env, { origemDemo: o.receptor ? new URL(o.urlPublica).origin : null, arquivoChave: arquivoDaChave(o), urlPublica: o.urlPublica }),
    ...o.integracao,
  };
  await garantirSegredos(db, integracao);
  const entregador = criarEntregador(db, entregas, integracao);
  const cidadao = criarIdentidadeCidadao(o.cidadao ?? opcoesCidadaoDoAmbiente({}, o.urlPublica));
  const anexos = criarAnexos(db, await abrirArmazenamento(db, o.s3));
  // E-mails: a real SMTP server (SMTP_URL), or the demo's catcher on loopback, or none.
  const caixaDeEmails = o.email && !o.email.smtpUrl && o.email.caixaDemo ? await abrirCaixaDeEmails() : undefined;
  const smtpUrl = o.email?.smtpUrl ?? caixaDeEmails?.url;
  const mensageiro = o.email && smtpUrl ? criarMensageiro(db, { ...o.email, smtpUrl }) : undefined;
  if (caixaDeEmails) registrarCaixaDeEmails(app, caixaDeEmails);
  const rascunhos: OpcoesRascunhos = {
    ...(o.rascunhos ?? opcoesRascunhosDoAmbiente({}, o.urlPublica)),
    ...(smtpUrl ? { enviarLink: (tx, para, dados) => enfileirarEmail(tx, { tipo: 'RASCUNHO', para, dados }).then(() => undefined) } : {}),
  };
  const acordar = () => (entregador.acordar(), mensageiro?.acordar());
  await registrarApi(app, { db, verificar: criarVerificador({ emissor, clientId: o.clientId, chaves }), origens: o.origensApi ?? o.origens, cidadao, aoReceber: acordar, integracao, limitesPublico: o.limitesPublico ?? LIMITES_PADRAO, anexos, rascunhos, emails: !!smtpUrl });
  const receptor = o.receptor ? registrarReceptor(app) : undefined;
  // The retention job lives with the delivery worker: in this process, or in `npm run entregador`.
  const retencao = criarRetencao(db, o.retencao ?? RETENCAO_PADRAO, anexos);
  if (entregas.ligado) app.addHook('onReady', async () => (entregador.iniciar(), retencao.iniciar(), mensageiro?.iniciar()));
  app.addHook('onClose', async () => void (await Promise.all([entregador.parar(), retencao.parar(), mensageiro?.parar(), caixaDeEmails?.fechar()])));
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_req, rep) => rep.header('access-control-allow-origin', '*').send(app.swagger()));

  await app.register(fastifyStatic, { root: join(RAIZ, 'dist'), prefix: '/dist/', decorateReply: false, cacheControl: false });
  app.get('/silent-check-sso.html', (_req, rep) => rep.type('text/html; charset=utf-8').send(readFileSync(join(RAIZ, 'dist/silent-check-sso.html'))));
  // A page for QA to open in /iframe (the demo host allows its own origin there).
  app.get('/incorporado.html', (_req, rep) => rep.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'self'; img-src 'self' data:; frame-ancestors 'self'").send(readFileSync(join(RAIZ, 'demo/incorporado.html'))));
  const origemPublica = new URL(o.urlPublica).origin;
  // The demo's citizen page: fills and submits published models (issue 8).
  app.get('/cidadao.html', (_req, rep) => rep.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'").send(readFileSync(join(RAIZ, 'demo/cidadao.html'))));
  app.get('/portal.css', (_req, rep) => rep.type('text/css; charset=utf-8').send(readFileSync(join(RAIZ, 'demo/portal.css'))));

  // frame-src: the origins the /iframe page may show (the element's iframe-allowlist), and nothing else.
  const csp = (idp: string, quadros: string[]) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      `connect-src 'self' ${new URL(idp).origin}`,
      `frame-src ${quadros.length ? quadros.join(' ') : "'none'"}`,
      "object-src 'none'",
      "base-uri 'self'",
    ].join('; ');

  // QA may try attributes and the classic bundle from the address bar: /?router=browser&bundle=classico
  // Not iframe-allowlist: a crafted QA link could then frame any site inside the console (and widen the
  // CSP's frame-src); the origins the demo frames come from configuration only (DEMO_IFRAME_ALLOWLIST).
  const ATRIBUTOS_QA = ['router', 'base-path', 'initial-path', 'environment', 'language', 'app-version', 'token-check-interval-s', 'token-min-validity-s', 'request-timeout-ms'];
  const quadros = (o.quadrosDemo ?? [origemPublica]).flatMap((x) => {
    try {
      return [new URL(x).origin];
    } catch {
      return [];
    }
  });
  const paginaHost = (req: import('fastify').FastifyRequest, rep: import('fastify').FastifyReply) => {
    const q = req.query as Record<string, string | undefined>;
    const extras = ATRIBUTOS_QA.filter((a) => typeof q[a] === 'string').map((a) => ` ${a}="${esc(q[a]!)}"`).join('');
    const script = q.bundle === 'classico' ? '<script defer src="/dist/console-formularios.classic.js"></script>' : '<script type="module" src="/dist/console-formularios.js"></script>';
    const html = readFileSync(join(RAIZ, 'demo/index.html'), 'utf8')
      .replace('<script type="module" src="/dist/console-formularios.js"></script>', script)
      .replace('id="console"', `id="console"${extras}`)
      .replaceAll('{{KEYCLOAK_URL}}', esc(idpUrl))
      .replaceAll('{{REALM}}', esc(o.realm))
      .replaceAll('{{CLIENT_ID}}', esc(o.clientId))
      .replaceAll('{{QUADROS}}', esc(quadros.join(' ')))
      // The environment tag is the portal's own text: this demo portal writes it in the console's language.
      .replaceAll('{{AMBIENTE}}', idiomaDe(q.language) === 'en' ? 'Demo' : 'Demonstração');
    return rep.type('text/html; charset=utf-8').header('content-security-policy', csp(idpUrl, quadros)).header('cache-control', 'no-store').send(html);
  };
  app.get('/', paginaHost);
  app.get('/index.html', paginaHost);
  // Browser-router deep links (/console/formularios...) land on the same host page.
  app.get('/console/*', paginaHost);

  app.addHook('onClose', async () => db.fechar());
  return { app, db, encerrarSessoes, chavesIdp, entregador, retencao, receptor, integracao, anexos, mensageiro, caixaDeEmails };
}

/**
 * Where the demo keeps the key of the integration secrets when SEGREDOS_CHAVE is not set: a file beside
 * the embedded database's folder (DATA_DIR), made once; none for an in-memory database (a key per process).
 */
export function arquivoDaChave(o: Pick<OpcoesServidor, 'pastaDados'>): string | null {
  return o.pastaDados === 'memory://' ? null : `${o.pastaDados.replace(/\/+$/, '')}-chave-segredos`;
}

/** Reads the environment (README.md lists every variable). */
export function opcoesDoAmbiente(env: NodeJS.ProcessEnv = process.env): OpcoesServidor {
  const porta = Number(env.PORT ?? 8080);
  const urlPublica = (env.PUBLIC_URL ?? `http://localhost:${porta}`).replace(/\/+$/, '');
  const origens = env.ALLOWED_ORIGINS ? env.ALLOWED_ORIGINS.split(/[\s,]+/).filter(Boolean) : [...new Set([new URL(urlPublica).origin, `http://localhost:${porta}`, `http://127.0.0.1:${porta}`])];
  return {
    porta,
    urlPublica,
    keycloakUrl: env.KEYCLOAK_URL?.replace(/\/+$/, '') || undefined,
    realm: env.KEYCLOAK_REALM ?? 'demo',
    clientId: env.KEYCLOAK_CLIENT_ID ?? 'console-formularios',
    databaseUrl: env.DATABASE_URL || undefined,
    pastaDados: env.DATA_DIR ?? join(RAIZ, '.data/pglite'),
    origens,
    semear: env.SEED !== 'none',
    // Unset: the public origin and the demo's own hosts (the same list as the embedded provider's), never "any".
    origensApi: env.API_ORIGINS ? env.API_ORIGINS.split(/[\s,]+/).filter(Boolean) : undefined,
    log: env.LOG !== 'off',
    acessoS: env.IDP_ACCESS_TOKEN_S ? Number(env.IDP_ACCESS_TOKEN_S) : undefined,
    entregas: opcoesEntregasDoAmbiente(env),
    cidadao: opcoesCidadaoDoAmbiente(env, urlPublica),
    receptor: env.RECEPTOR_DEMO !== 'off',
    limitesPublico: limitesDoAmbiente(env),
    retencao: opcoesRetencaoDoAmbiente(env),
    s3: configS3DoAmbiente(env),
    email: opcoesEmailDoAmbiente(env),
    rascunhos: opcoesRascunhosDoAmbiente(env, urlPublica),
    // The proxies' addresses (or a hop count), never `true`: with `true` the leftmost X-Forwarded-For, which
    // the client writes, would be the address the limits count.
    trustProxy: !env.TRUST_PROXY ? undefined : /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY,
    quadrosDemo: env.DEMO_IFRAME_ALLOWLIST ? env.DEMO_IFRAME_ALLOWLIST.split(/[\s,]+/).filter(Boolean) : undefined,
  };
}
