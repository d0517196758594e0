import { idiomaDe } from '../../src/i18n';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CryptoKey } from 'jose';
import { semearDemo } from './seed';
import { registrarProvedor, type OpcoesProvedor } from './idp/provedor';
import { criarIdentidadeCidadao, opcoesCidadaoDoAmbiente, type OpcoesCidadao } from '../../src/server/api/cidadao';
import { criarIdentidadeCidadaoDemo, registrarTokenDemo } from './cidadaoDemo';
import { opcoesEntregasDoAmbiente, type OpcoesEntregador } from '../../src/server/entrega/entregador';
import { registrarReceptor, type Receptor } from './receptor';
import { CAMINHO_CEP_DEMO, registrarCepDemo } from './cepDemo';
import { CAMINHO_CATALOGO_DEMO, registrarConfiabilidadesDemo } from './confiabilidadesDemo';
import { opcoesCepDoAmbiente } from '../../src/server/api/cep';
import { catalogoDoAmbiente } from '../../src/server/api/confiabilidade';
import { seloDoAmbiente } from '../../src/server/pdf/selo';
import { seloDemo } from './seloDemo';
import { assinaturaGovbrDemo, registrarAssinaturaGovbrDemo } from './assinaturaGovbrDemo';
import { assinaturaGovbrDoAmbiente } from '../../src/server/assinatura/govbr';
import { smsDoAmbiente } from '../../src/server/sms';
import { CAMINHO_SMS_DEMO, registrarSmsDemo } from './smsDemo';
import { opcoesIntegracaoDoAmbiente, type OpcoesIntegracao } from '../../src/server/entrega/integracao';
import { opcoesRetencaoDoAmbiente, type OpcoesRetencao } from '../../src/server/entrega/retencao';
import { opcoesEmailDoAmbiente, type OpcoesEmail } from '../../src/server/email/mensageiro';
import { abrirCaixaDeEmails, registrarCaixaDeEmails, type CaixaDeEmails } from './email/caixaDemo';
import { opcoesRascunhosDoAmbiente } from '../../src/server/api/rotas/rascunhos';
import { configS3DoAmbiente, type ConfigS3 } from '../../src/server/anexos/armazenamento';
import { LIMITES_PADRAO, limitesDoAmbiente, type LimitesPublico, type OpcoesRascunhos } from '../../src/server/api/rotas/contextoPublico';
import { bancoDoAmbiente, listaDoAmbiente, numeroDoAmbiente, urlDoAmbiente } from '../../src/server/ambiente';
import type { IdiomaTraducao } from '../../src/forms/vocabulario';
import { certificadoDoWebhookDoAmbiente, opcoesPixDoAmbiente, type OpcoesPix } from '../../src/server/pix/cobrancas';
import { iniciarPspDemo, registrarPaginaPix } from './pix/pspDemo';
import { arquivoDaChave, leituraDoAmbiente, gestaoDoAmbiente, idiomasFormulariosDoAmbiente, pastaDadosDoAmbiente, redisUrlDoAmbiente, portaDoAmbiente, trustProxyDoAmbiente, urlPublicaDoAmbiente } from '../../src/server/configuracao';
import { criarApp, montarServico, type OpcoesServico, type Servico } from '../../src/server/servico';
import type { OpcoesGestao } from '../../src/server/operacao/gestao';
import { registrarPortaisCidadao } from './portaisCidadao';

const RAIZ = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The demo server (`npm start` without NODE_ENV=production): the service of servico.ts plus the demo's
 * parts — the embedded identity provider (unless KEYCLOAK_URL), seeds, the downstream receiver, the mail
 * catcher, the citizens' demo tokens and the host pages. Production starts from producao.ts, which loads
 * none of this.
 */
export interface OpcoesServidor {
  porta: number;
  urlPublica: string;
  /** A real Keycloak (base URL); absent: the embedded provider at /realms/<realm>. */
  keycloakUrl?: string;
  realm: string;
  clientId: string;
  databaseUrl?: string;
  leitura?: OpcoesServico['leitura'];
  pastaDados: string;
  pgliteInicial?: Blob;
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
  /** REDIS_URL: the citizens' limits shared by several nodes. */
  redisUrl?: string;
  /** Fees paid by Pix (issue 38): a PSP (PIX_PSP_URL); absent or null: the demo's simulator when `pspDemo`, else none. */
  pix?: OpcoesPix | null;
  /** CEP_URL (issue 44); absent: the demo's own CEP service on loopback (/demo/cep); null: no lookup. */
  cep?: import('../../src/server/api/cep').OpcoesCep | null;
  /** ASSINATURA_CERTIFICADO / ASSINATURA_CHAVE (issue 44); absent: the demo authority's certificate (in DATA_DIR/assinatura); null: unsigned. */
  selo?: import('../../src/server/pdf/selo').Selo | null;
  /** CIDADAO_CATALOGO_URL / CIDADAO_CLIENT_ID (issue 44); absent: the demo's own catalogue on loopback (/demo/confiabilidades). */
  catalogo?: import('../../src/server/api/confiabilidade').CatalogoConfiabilidades | null;
  /** SMS_URL (issue 45); absent: the demo's SMS page on loopback (/demo/sms); null: none. */
  sms?: import('../../src/server/sms').OpcoesSms | null;
  /** ASSINATURA_GOVBR_* (issue 44); absent: the demo's simulator of gov.br's signature API on loopback (/demo/assinatura-govbr). */
  assinaturaGovbr?: import('../../src/server/assinatura/govbr').OpcoesAssinaturaGovbr | null;
  /** PSP_DEMO: the demo's simulated PSP and its page /demo/pix (on by default in the demo, never in tests unless asked). */
  pspDemo?: boolean;
  /** PIX_WEBHOOK_CERT_SHA256 with the simulator: its notifications are checked as production checks a real PSP's (issue 50). */
  pspDemoCertificado?: OpcoesPix['webhookCertificado'];
  /** IDIOMAS_FORMULARIOS (issue 37); absent: all. */
  idiomasFormularios?: readonly IdiomaTraducao[];
  /** PORTA_GESTAO: health and metrics on their own port (none by default in the demo). */
  gestao?: OpcoesGestao;
  /** Extra options of the embedded provider (tests). */
  idp?: Pick<OpcoesProvedor, 'outrosClientes' | 'chaves' | 'bloqueio'>;
}

export interface Servidor extends Servico {
  encerrarSessoes?: (username: string) => number;
  chavesIdp?: OpcoesProvedor['chaves'];
  receptor?: Receptor;
  /** The demo's mail catcher, when started. */
  caixaDeEmails?: CaixaDeEmails;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The demo server: host page, element bundles, API and (unless KEYCLOAK_URL) the embedded provider. */
export async function criarServidor(o: OpcoesServidor): Promise<Servidor> {
  const log = o.log ? (process.env.LOG === 'debug' ? ('info' as const) : ('warn' as const)) : false;
  const app = await criarApp({ log, trustProxy: o.trustProxy });
  let encerrarSessoes: Servidor['encerrarSessoes'];
  let chavesIdp: Servidor['chavesIdp'];
  const idpUrl = o.keycloakUrl ?? o.urlPublica;
  let identidade: { emissor: string; chaves: URL | CryptoKey };
  if (o.keycloakUrl) {
    const emissor = `${o.keycloakUrl}/realms/${o.realm}`;
    identidade = { emissor, chaves: new URL(`${emissor}/protocol/openid-connect/certs`) };
  } else {
    const idp = await registrarProvedor(app, { urlPublica: o.urlPublica, realm: o.realm, clientId: o.clientId, origensPermitidas: o.origens, acessoS: o.acessoS, ...o.idp });
    chavesIdp = idp.chaves;
    identidade = { emissor: idp.emissor, chaves: idp.chavePublica };
    encerrarSessoes = idp.encerrarSessoes;
  }
  const receptorDemo = o.receptor ? `${o.urlPublica}/demo/receptor` : null;
  const integracao: OpcoesIntegracao = {
    ...opcoesIntegracaoDoAmbiente(process.env, { receptorDemo, arquivoChave: arquivoDaChave(o.pastaDados), urlPublica: o.urlPublica }),
    ...o.integracao,
  };
  // Citizens: a real provider (CIDADAO_JWKS_URL), or the demo's own tokens for a typed CPF.
  const cidadaoDemo = o.cidadao ? null : criarIdentidadeCidadaoDemo(`${o.urlPublica}/cidadao-demo`);
  // E-mails: a real SMTP server (SMTP_URL), or the demo's catcher on loopback, or none.
  const caixaDeEmails = o.email && !o.email.smtpUrl && o.email.caixaDemo ? await abrirCaixaDeEmails() : undefined;
  const smtpUrl = o.email?.smtpUrl ?? caixaDeEmails?.url;
  // Fees: a real PSP (PIX_PSP_URL), or the demo's simulator on loopback, or none.
  const pspDemo = !o.pix && o.pspDemo ? await iniciarPspDemo(o.urlPublica, o.pspDemoCertificado) : undefined;
  const servico = await montarServico(app, {
    urlPublica: o.urlPublica,
    identidade,
    clientId: o.clientId,
    databaseUrl: o.databaseUrl,
    leitura: o.leitura,
    pastaDados: o.pastaDados,
    pgliteInicial: o.pgliteInicial,
    log,
    redisUrl: o.redisUrl,
    gestao: o.gestao,
    origensApi: o.origensApi ?? o.origens,
    entregas: o.entregas,
    cidadao: cidadaoDemo ?? criarIdentidadeCidadao(o.cidadao!),
    integracao,
    retencao: o.retencao,
    limitesPublico: o.limitesPublico,
    trustProxy: o.trustProxy,
    s3: o.s3,
    email: o.email && smtpUrl ? { ...o.email, smtpUrl } : undefined,
    rascunhos: o.rascunhos ?? opcoesRascunhosDoAmbiente({}, o.urlPublica),
    idiomasFormularios: o.idiomasFormularios,
    pix: o.pix ?? pspDemo?.pix,
    cep: o.cep === undefined ? { url: `${o.urlPublica}${CAMINHO_CEP_DEMO}`, timeoutMs: 3000 } : o.cep,
    // The state's seal on every PDF (issue 44): ASSINATURA_* when given, else the demo authority's certificate.
    selo: o.selo === undefined ? seloDemo(o.pastaDados) : o.selo,
    // The gov.br trust catalogue (issue 44): CIDADAO_CATALOGO_URL when given, else the demo's own page on loopback.
    catalogo: o.catalogo ?? { url: `${o.urlPublica}${CAMINHO_CATALOGO_DEMO}`, clientId: 'console-formularios-demo' },
    // The citizen's gov.br signature (issue 44): ASSINATURA_GOVBR_* when given, else the demo's simulator on loopback.
    assinaturaGovbr: o.assinaturaGovbr === undefined ? assinaturaGovbrDemo(o.urlPublica) : o.assinaturaGovbr,
    // Text messages (issue 45): SMS_URL when given, else the demo's own gateway, listed at /demo/sms.
    sms: o.sms === undefined ? { url: `${o.urlPublica}${CAMINHO_SMS_DEMO}`, timeoutMs: 3000 } : o.sms,
    aoAbrirBanco: async (db) => {
      if (o.semear) await semearDemo(db, `${o.urlPublica}/demo/receptor`);
    },
    extrasPublicos: cidadaoDemo ? (publico, limites) => registrarTokenDemo(publico, cidadaoDemo, limites, (o.limitesPublico ?? LIMITES_PADRAO).tokenDemoPorMinuto) : undefined,
  });
  if (caixaDeEmails) registrarCaixaDeEmails(app, caixaDeEmails);
  const receptor = o.receptor ? registrarReceptor(app) : undefined;
  registrarCepDemo(app);
  registrarConfiabilidadesDemo(app);
  registrarAssinaturaGovbrDemo(app, o.pastaDados);
  registrarSmsDemo(app);
  app.addHook('onClose', async () => void (await caixaDeEmails?.fechar()));
  if (pspDemo) {
    // "Deixar vencer" (demo only): the charge's deadline and its margin are taken as past, and the sweep runs now.
    registrarPaginaPix(app, pspDemo.psp, async (txid) => {
      await servico.db.query(`update cobranca_pix set expira_em = now() - make_interval(secs => $2 + 1), proxima_tentativa_em = now() where txid = $1 and status = 'ATIVA'`, [txid, pspDemo.pix.margemS]);
      servico.pix?.acordar();
    });
    app.addHook('onClose', async () => void (await pspDemo.psp.fechar()));
  }
  registrarPaginasDemo(app, o, idpUrl);
  return { ...servico, encerrarSessoes, chavesIdp, receptor, caixaDeEmails };
}

/** The demo's host pages: the QA portal with the element, the citizen page, the page /iframe shows. */
function registrarPaginasDemo(app: FastifyInstance, o: OpcoesServidor, idpUrl: string) {
  app.get('/silent-check-sso.html', (_req, rep) => rep.type('text/html; charset=utf-8').send(readFileSync(join(RAIZ, 'src/console/auth/silent-check-sso.html'))));
  // A page for QA to open in /iframe (the demo host allows its own origin there).
  app.get('/incorporado.html', (_req, rep) => rep.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'self'; img-src 'self' data:; frame-ancestors 'self'").send(readFileSync(join(RAIZ, 'demo/incorporado.html'))));
  const origemPublica = new URL(o.urlPublica).origin;
  // The demo's citizen page: the portal around <formulario-cidadao> (issue 35), for QA.
  app.get('/cidadao.html', (_req, rep) => rep.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'").send(readFileSync(join(RAIZ, 'demo/cidadao.html'))));
  app.get('/portal.css', (_req, rep) => rep.type('text/css; charset=utf-8').send(readFileSync(join(RAIZ, 'demo/portal.css'))));
  // <formulario-cidadao> in a gov.br-looking portal and in the Keycloak suite's two (issue 35).
  registrarPortaisCidadao(app);

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
      "frame-ancestors 'self'",
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
      .replaceAll('{{AMBIENTE}}', idiomaDe(q.language) === 'en' ? 'Demo' : 'Demonstração')
      // A visible language switch for QA: the console in the other language (the portal's own texts stay in Portuguese).
      .replace('{{IDIOMA}}', idiomaDe(q.language) === 'en' ? '<a href="/?language=pt-BR" hreflang="pt-BR" lang="pt-BR">Português</a>' : '<a href="/?language=en" hreflang="en" lang="en">English</a>');
    return rep.type('text/html; charset=utf-8').header('content-security-policy', csp(idpUrl, quadros)).header('cache-control', 'no-store').send(html);
  };
  app.get('/', paginaHost);
  app.get('/index.html', paginaHost);
  // Browser-router deep links (/console/formularios...) land on the same host page.
  app.get('/console/*', paginaHost);

}

/** Reads the environment (README.md lists every variable). */
export function opcoesDoAmbiente(env: NodeJS.ProcessEnv = process.env): OpcoesServidor {
  const porta = portaDoAmbiente(env);
  const urlPublica = urlPublicaDoAmbiente(env);
  const origens = env.ALLOWED_ORIGINS ? listaDoAmbiente(env.ALLOWED_ORIGINS) : [...new Set([new URL(urlPublica).origin, `http://localhost:${porta}`, `http://127.0.0.1:${porta}`])];
  return {
    porta,
    urlPublica,
    keycloakUrl: urlDoAmbiente(env, 'KEYCLOAK_URL'),
    realm: env.KEYCLOAK_REALM ?? 'demo',
    clientId: env.KEYCLOAK_CLIENT_ID ?? 'console-formularios',
    databaseUrl: bancoDoAmbiente(env),
    leitura: leituraDoAmbiente(env),
    pastaDados: pastaDadosDoAmbiente(env),
    origens,
    semear: env.SEED !== 'none',
    // Unset: the public origin and the demo's own hosts (the same list as the embedded provider's), never "any".
    origensApi: env.API_ORIGINS ? listaDoAmbiente(env.API_ORIGINS) : undefined,
    log: env.LOG !== 'off',
    acessoS: env.IDP_ACCESS_TOKEN_S ? numeroDoAmbiente(env, 'IDP_ACCESS_TOKEN_S', 300, { minimo: 1, inteiro: true }) : undefined,
    entregas: opcoesEntregasDoAmbiente(env),
    cidadao: opcoesCidadaoDoAmbiente(env),
    receptor: env.RECEPTOR_DEMO !== 'off',
    limitesPublico: limitesDoAmbiente(env),
    retencao: opcoesRetencaoDoAmbiente(env),
    s3: configS3DoAmbiente(env),
    email: opcoesEmailDoAmbiente(env),
    rascunhos: opcoesRascunhosDoAmbiente(env, urlPublica),
    idiomasFormularios: idiomasFormulariosDoAmbiente(env),
    pix: opcoesPixDoAmbiente(env, urlPublica),
    cep: opcoesCepDoAmbiente(env) ?? undefined,
    catalogo: env.CIDADAO_CATALOGO_URL ? catalogoDoAmbiente(env) : undefined,
    selo: seloDoAmbiente(env) ?? undefined,
    assinaturaGovbr: assinaturaGovbrDoAmbiente(env, urlPublica) ?? undefined,
    sms: smsDoAmbiente(env) ?? undefined,
    pspDemo: env.PSP_DEMO !== 'off',
    pspDemoCertificado: certificadoDoWebhookDoAmbiente(env, false),
    trustProxy: trustProxyDoAmbiente(env),
    redisUrl: redisUrlDoAmbiente(env),
    gestao: gestaoDoAmbiente(env, null),
    quadrosDemo: env.DEMO_IFRAME_ALLOWLIST ? listaDoAmbiente(env.DEMO_IFRAME_ALLOWLIST) : undefined,
  };
}
