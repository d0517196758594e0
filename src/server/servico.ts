import { criarCacheAcesso } from './api/cacheAcesso';
import { criarBuscaCep, type OpcoesCep } from './api/cep';
import { fileURLToPath } from 'node:url';
import { join, posix } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import helmet from 'helmet';
import type { CryptoKey } from 'jose';
import { opcoesDocumento } from './api/documento';
import { COMPILADORES_DE_ESQUEMA } from './api/compiladores';
import { abrirBanco, type Banco } from './db';
import { abrirLeitura, LEITURA_PADRAO } from './leitura';
import { criarVerificador } from './api/autenticacao';
import { registrarApi, type OpcoesApi } from './api/rotas';
import type { IdentidadeCidadao } from './api/cidadao';
import type { CatalogoConfiabilidades } from './api/confiabilidade';
import { ESPERAS_PADRAO_S } from './entrega/agenda';
import { criarEntregador, OPCOES_PADRAO, type Entregador, type OpcoesEntregador } from './entrega/entregador';
import { garantirSegredos, type OpcoesIntegracao } from './entrega/integracao';
import { IDIOMAS_TRADUCAO, type IdiomaTraducao } from '../forms/vocabulario';
import { criarCobrancas, type Cobrancas, type OpcoesPix } from './pix/cobrancas';
import { criarRetencao, RETENCAO_PADRAO, type OpcoesRetencao, type Retencao } from './entrega/retencao';
import { criarAnexos, type Anexos } from './anexos/anexos';
import { criarMensageiro, enfileirarEmail, type Mensageiro, type OpcoesEmail } from './email/mensageiro';
import type { ConfigS3 } from './anexos/armazenamento';
import { abrirArmazenamento } from './anexos/abrirArmazenamento';
import { LIMITES_PADRAO, type LimitesPublico, type OpcoesRascunhos } from './api/rotas/contextoPublico';
import { lojaEmMemoria } from './api/limites';
import { fecharPdf } from './pdf/gerador';
import type { Selo } from './pdf/selo';
import { criarAssinaturaGovbr, type OpcoesAssinaturaGovbr } from './assinatura/govbr';
import { criarSms, type OpcoesSms } from './sms';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { criarSaude, registrarSaude, type Saude } from './operacao/saude';
import { criarMetricas, type Metricas } from './operacao/metricas';
import { abrirGestao, type OpcoesGestao } from './operacao/gestao';
import { conectarRedis, lojaRedis, verificacaoRedis } from './operacao/redis';
import { criarFluxo, opcoesEtapasDoAmbiente, type Fluxo, type OpcoesEtapas } from './etapas/fluxo';

const RAIZ = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The service itself, as production runs it (issue 33): the API, its workers (deliveries, retention,
 * e-mails), the OpenAPI document and the element's bundles, behind the security headers. Nothing of the
 * demo is imported here or by anything this module imports (test/unit/producao.test.ts reads the graph):
 * the demo (app.ts) adds its parts through `aoAbrirBanco`, `antesDaApi` and `extrasPublicos`.
 */
export interface OpcoesServico {
  urlPublica: string;
  /** The staff identity provider: its issuer and keys (a JWKS URL, or the embedded provider's key). */
  identidade: { emissor: string; chaves: URL | CryptoKey };
  clientId: string;
  databaseUrl?: string;
  /** DATABASE_URL_LEITURA (issue 47): streaming replicas for lists, totals, analytics, exports and public model reads. */
  leitura?: { urls: string[]; atrasoMaximoMs: number; intervaloMs: number };
  pastaDados: string;
  /** A memory:// PGlite database's starting point, a dump of a migrated one (db.ts, pgliteMigrado): the tests'. */
  pgliteInicial?: Blob;
  /** false: no log; 'warn': warnings and errors; 'info': also one JSON line per request (issue 34). */
  log: false | 'warn' | 'info';
  /** REDIS_URL: the limits shared by every node; absent: this process's memory. */
  redisUrl?: string;
  /** PORTA_GESTAO / HOST_GESTAO: health and metrics apart from the public port; absent: none. */
  gestao?: OpcoesGestao;
  /** Host origins the API answers by CORS (bearer tokens, no cookies). */
  origensApi: string[];
  /** The delivery worker in this process; absent or `ligado: false`: not started here. */
  entregas?: OpcoesEntregador & { ligado: boolean };
  cidadao: IdentidadeCidadao;
  integracao: OpcoesIntegracao;
  retencao?: OpcoesRetencao;
  limitesPublico?: LimitesPublico;
  /** Trust X-Forwarded-For from the reverse proxies in front (TRUST_PROXY). */
  trustProxy?: number | string;
  s3?: ConfigS3 | null;
  /** E-mails through this SMTP server; absent: none. */
  email?: OpcoesEmail & { smtpUrl: string };
  rascunhos: Omit<OpcoesRascunhos, 'enviarLink'>;
  /** COASSINATURA_URL (issue 46): the co-signers' page; absent: the demo's citizen page on this server. */
  etapas?: OpcoesEtapas;
  /** Fees paid by Pix (issue 38): the PSP and the receiver; absent or null: no fee can be charged. */
  pix?: OpcoesPix | null;
  /** CEP_URL (issue 44): the ViaCEP-compatible lookup; absent or null: none. */
  cep?: OpcoesCep | null;
  /** ASSINATURA_CERTIFICADO / ASSINATURA_CHAVE (issue 44): every PDF sealed with it; absent or null, unsigned. */
  selo?: Selo | null;
  /** CIDADAO_CATALOGO_URL / CIDADAO_CLIENT_ID (issue 44): where a citizen raises their gov.br level; absent or null: no address. */
  catalogo?: CatalogoConfiabilidades | null;
  /** ASSINATURA_GOVBR_* (issue 44): the citizen's gov.br signature; absent or null: models asking for it cannot be signed. */
  assinaturaGovbr?: OpcoesAssinaturaGovbr | null;
  /** SMS_URL (issue 45): the codes of verified phone questions; absent or null: none. */
  sms?: OpcoesSms | null;
  /** IDIOMAS_FORMULARIOS: the languages a model may be offered in besides Portuguese; absent: all the citizen's catalogs have. */
  idiomasFormularios?: readonly IdiomaTraducao[];
  /** The demo's seeds (never in production). */
  aoAbrirBanco?: (db: Banco) => Promise<void>;
  /** Routes registered before the API's (the demo's provider and pages). */
  antesDaApi?: (app: FastifyInstance) => Promise<void>;
  extrasPublicos?: OpcoesApi['extrasPublicos'];
}

export interface Servico {
  app: FastifyInstance;
  db: Banco;
  saude: Saude;
  metricas: Metricas;
  /** The management port's server, when configured. */
  gestao?: FastifyInstance;
  redis?: Redis;
  entregador: Entregador;
  retencao: Retencao;
  integracao: OpcoesIntegracao;
  anexos: Anexos;
  mensageiro?: Mensageiro;
  pix?: Cobrancas;
  fluxo: Fluxo;
}

/** A Fastify app with the server's conventions: logs, schema options, proxies, security headers. */
export async function criarApp(o: Pick<OpcoesServico, 'log' | 'trustProxy'>): Promise<FastifyInstance> {
  const app = Fastify({
    logger: o.log ? { level: o.log } : false,
    // One line per request, written below: the route's template, never its path or query (a CPF filter, a draft's code).
    logController: new LogController({ disableRequestLogging: true }),
    // The caller's X-Request-Id when it is one (a balancer's, a portal's), else a new one; returned on every answer.
    requestIdHeader: false,
    genReqId: (req) => {
      const dado = req.headers['x-request-id'];
      return typeof dado === 'string' && /^[\w.:-]{1,128}$/.test(dado) ? dado : randomUUID();
    },
    // Every field's problem at once (bodies are bounded by maxItems/maxLength), and no silent type coercion of bodies.
    // and an unknown field is refused ("Campo desconhecido."), never silently dropped: a misspelt filter must not widen a bulk action.
    ajv: { customOptions: { allErrors: true, removeAdditional: false } },
    // Each schema compiled once per process, not once per app and route (api/compiladores.ts).
    schemaController: COMPILADORES_DE_ESQUEMA,
    // A hop count trusts that many proxies in front; a string lists their addresses.
    trustProxy: typeof o.trustProxy === 'number' ? (_endereco: string, salto: number) => salto < (o.trustProxy as number) : (o.trustProxy ?? false),
  });
  app.addHook('onRequest', async (req, rep) => void rep.header('x-request-id', req.id));
  app.addHook('onResponse', async (req, rep) => req.log.info({ rota: req.routeOptions.url ?? 'desconhecida', metodo: req.method, status: rep.statusCode, ms: Math.round(rep.elapsedTime * 10) / 10 }, 'requisição'));
  // The same headers on every response: computed once (@fastify/helmet built helmet's middleware again on each
  // request, parsing the CSP each time). Set on the raw response as helmet does, so a page's own CSP replaces it.
  const seguranca = cabecalhosDeSeguranca();
  app.addHook('onRequest', (_req, rep, pronto) => {
    for (const [nome, valor] of seguranca) rep.raw.setHeader(nome, valor);
    pronto();
  });
  // The API and the element's bundles are meant for other origins (portals): they may be read cross-origin (CORS still decides for the API).
  app.addHook('onSend', async (req, rep) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/dist/')) rep.header('cross-origin-resource-policy', 'cross-origin');
  });
  return app;
}

/**
 * OWASP's secure headers (issue 33), once for the whole server, by helmet: nosniff, no referrer,
 * HSTS, no framing but by this origin (X-Frame-Options and frame-ancestors), and a strict default CSP for
 * whatever does not set its own (the API's JSON, errors). Pages with their own CSP keep it, with
 * frame-ancestors too. No upgrade-insecure-requests: the demo runs on http://localhost.
 */
export const CABECALHOS_SEGURANCA = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], styleSrc: ["'self'"], imgSrc: ["'self'", 'data:'], objectSrc: ["'none'"], baseUri: ["'self'"], frameAncestors: ["'self'"] },
  },
  frameguard: { action: 'sameorigin' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
  crossOriginResourcePolicy: { policy: 'same-origin' as const },
};

/** The headers helmet sets with CABECALHOS_SEGURANCA, as name and value (its middlewares are fixed strings here). */
export function cabecalhosDeSeguranca(): [string, string][] {
  const cabecalhos: [string, string][] = [];
  const resposta = { setHeader: (nome: string, valor: string) => void cabecalhos.push([nome.toLowerCase(), String(valor)]), removeHeader: () => undefined };
  helmet(CABECALHOS_SEGURANCA)({} as never, resposta as never, () => undefined);
  return cabecalhos;
}

/** The service on an app from criarApp: database (migrated), API, workers, document, bundles. */
/** A path under /dist/ that is a browser file (not the compiled service's). */
export function ehDoNavegador(caminho: string): boolean {
  try {
    return !/^(server|demo)(\/|$)/.test(posix.normalize(decodeURIComponent(caminho)).replace(/^\/+/, ''));
  } catch {
    return false;
  }
}

export async function montarServico(app: FastifyInstance, o: OpcoesServico): Promise<Servico> {
  const db = await abrirBanco({ databaseUrl: o.databaseUrl, pasta: o.pastaDados, pgliteInicial: o.pgliteInicial });
  // Staff access kept per user for a second at most, cleared by any access change on any node (issue 47).
  const acessos = await criarCacheAcesso(db);
  const leitura = await abrirLeitura(db, o.leitura?.urls ?? [], o.leitura ?? LEITURA_PADRAO);
  await o.aoAbrirBanco?.(db);
  await o.antesDaApi?.(app);
  // The OpenAPI document is built from the very schemas the routes validate with and answer through.
  await app.register(fastifySwagger, opcoesDocumento(o.urlPublica));

  const metricas = criarMetricas(db, { leitura });
  metricas.observar(app);
  const redis = o.redisUrl ? await conectarRedis(o.redisUrl) : undefined;
  const saude = criarSaude({ db, outras: redis ? [verificacaoRedis(redis)] : [] });
  registrarSaude(app, saude, { detalhes: false });
  const entregas = o.entregas ?? { ligado: false, esperasS: ESPERAS_PADRAO_S, ...OPCOES_PADRAO };
  const integracao = o.integracao;
  await garantirSegredos(db, integracao);
  const entregador = criarEntregador(db, { ...entregas, aoResultado: metricas.entrega }, integracao);
  const anexos = criarAnexos(db, await abrirArmazenamento(db, o.s3));
  const mensageiro = o.email ? criarMensageiro(db, { ...o.email, aoResultado: metricas.email, selo: o.selo ?? null }) : undefined;
  const rascunhos: OpcoesRascunhos = {
    ...o.rascunhos,
    ...(o.email ? { enviarLink: (tx, para, dados) => enfileirarEmail(tx, { tipo: 'RASCUNHO', para, dados }).then(() => undefined) } : {}),
  };
  const acordar = () => (entregador.acordar(), mensageiro?.acordar());
  // Charges (issue 38): made by the API right after a submission, swept with the delivery worker (confirmations, expiry).
  const pix = o.pix ? criarCobrancas(db, o.pix, acordar) : undefined;
  const fluxo = criarFluxo(db, { ...(o.etapas ?? opcoesEtapasDoAmbiente({}, o.urlPublica)), emails: !!o.email, aoEntregar: acordar });
  await registrarApi(app, {
    db,
    verificar: criarVerificador({ emissor: o.identidade.emissor, clientId: o.clientId, chaves: o.identidade.chaves }),
    origens: o.origensApi,
    cidadao: o.cidadao,
    aoReceber: acordar,
    integracao,
    limitesPublico: o.limitesPublico ?? LIMITES_PADRAO,
    lojaLimites: redis ? lojaRedis(redis, { avisar: (m) => app.log.warn(m) }) : lojaEmMemoria(),
    extrasPublicos: o.extrasPublicos,
    anexos,
    rascunhos,
    emails: !!o.email,
    idiomasFormularios: o.idiomasFormularios ?? IDIOMAS_TRADUCAO,
    pix,
    fluxo,
    cep: o.cep ? criarBuscaCep(o.cep) : null,
    catalogo: o.catalogo ?? null,
    selo: o.selo ?? null,
    assinaturaGovbr: o.assinaturaGovbr ? criarAssinaturaGovbr(o.assinaturaGovbr) : null,
    sms: o.sms ? criarSms(o.sms) : null,
    origensRetorno: [...new Set([...o.origensApi, new URL(o.urlPublica).origin])],
  });
  // The retention job lives with the delivery worker: in this process, or in `npm run entregador`.
  const retencao = criarRetencao(db, o.retencao ?? RETENCAO_PADRAO, anexos, fluxo);
  if (entregas.ligado) app.addHook('onReady', async () => (entregador.iniciar(), retencao.iniciar(), mensageiro?.iniciar(), pix?.iniciar()));
  app.addHook('onClose', async () => void (await Promise.all([entregador.parar(), retencao.parar(), mensageiro?.parar(), pix?.parar(), fecharPdf()])));
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_req, rep) => rep.header('access-control-allow-origin', '*').send(app.swagger()));
  // The element's bundles (a portal may also serve them from its own CDN).
  // The build's .br and .gz beside each bundle, served to whoever accepts them (rollup.config.mjs, `comprimido`).
  // Module scripts (and the chunks they import) are fetched in CORS mode: a portal on an allowed origin (API_ORIGINS)
  // loads the elements' bundles from here, as README tells it to (issue 50); the classic scripts need nothing.
  app.addHook('onRequest', async (req, rep) => {
    const origem = req.headers.origin;
    if (origem && req.url.startsWith('/dist/') && o.origensApi.includes(origem)) rep.header('access-control-allow-origin', origem).header('vary', 'Origin');
  });
  // dist/ also holds the compiled service (dist/server, dist/demo): those are never served.
  await app.register(fastifyStatic, { root: join(RAIZ, 'dist'), prefix: '/dist/', decorateReply: false, cacheControl: false, preCompressed: true, allowedPath: ehDoNavegador });
  const gestao = o.gestao ? await abrirGestao(o.gestao, saude, metricas) : undefined;
  app.addHook('onClose', async () => void (await Promise.all([gestao?.close(), redis?.quit().catch(() => undefined)])));
  app.addHook('onClose', async () => (await acessos.parar(), await leitura.fechar(), await db.fechar()));
  return { app, db, saude, metricas, gestao, redis, entregador, retencao, integracao, anexos, mensageiro, pix, fluxo };
}
