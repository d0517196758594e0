import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { bancoDoAmbiente, ErroConfiguracao, emProducao, listaDoAmbiente, numeroDoAmbiente, portaTcpDoAmbiente, urlDoAmbiente } from './ambiente';
import { criarIdentidadeCidadao, opcoesCidadaoDoAmbiente } from './api/cidadao';
import { opcoesEntregasDoAmbiente } from './entrega/entregador';
import { opcoesIntegracaoDoAmbiente, type OpcoesIntegracao } from './entrega/integracao';
import { opcoesRetencaoDoAmbiente } from './entrega/retencao';
import { opcoesEmailDoAmbiente } from './email/mensageiro';
import { opcoesRascunhosDoAmbiente } from './api/rotas/rascunhos';
import { opcoesEtapasDoAmbiente } from './etapas/fluxo';
import { configS3DoAmbiente } from './anexos/armazenamento';
import { limitesDoAmbiente } from './api/rotas/contextoPublico';
import type { OpcoesServico } from './servico';
import type { OpcoesGestao } from './operacao/gestao';
import { IDIOMAS_TRADUCAO, type IdiomaTraducao } from '../forms/vocabulario';
import { opcoesPixDoAmbiente } from './pix/cobrancas';
import { opcoesCepDoAmbiente } from './api/cep';
import { catalogoDoAmbiente } from './api/confiabilidade';
import { assinaturaGovbrDoAmbiente } from './assinatura/govbr';
import { smsDoAmbiente } from './sms';
import { seloDoAmbiente } from './pdf/selo';
import { LEITURA_PADRAO } from './leitura';

/**
 * The environment as the service reads it, the same for the demo and for production (README.md lists
 * every variable), and what production requires on top (issue 33). Nothing of the demo is imported here.
 */
const RAIZ = fileURLToPath(new URL('../..', import.meta.url));

export const portaDoAmbiente = (env: NodeJS.ProcessEnv) => portaTcpDoAmbiente(env, 'PORT', 8080);
export const urlPublicaDoAmbiente = (env: NodeJS.ProcessEnv) => urlDoAmbiente(env, 'PUBLIC_URL') ?? `http://localhost:${portaDoAmbiente(env)}`;
export const pastaDadosDoAmbiente = (env: NodeJS.ProcessEnv) => env.DATA_DIR || join(RAIZ, '.data/pglite');

/**
 * The proxies' addresses (or a hop count), never `true`: with `true` the leftmost X-Forwarded-For, which
 * the client writes, would be the address the limits count.
 */
export function trustProxyDoAmbiente(env: NodeJS.ProcessEnv): number | string | undefined {
  const v = env.TRUST_PROXY?.trim();
  if (!v) return undefined;
  if (v === 'true') throw new ErroConfiguracao('TRUST_PROXY inválido: "true" (esperado: os endereços ou redes dos proxies, separados por vírgula, ou quantos saltos confiar)');
  return /^\d+$/.test(v) ? Number(v) : v;
}

/**
 * DATABASE_URL_LEITURA (issue 47): the read replicas, one or several postgres:// addresses separated by commas or
 * spaces, each checked as DATABASE_URL is; DATABASE_LEITURA_ATRASO_MAXIMO_MS (1000): how far behind a replica may be
 * and still serve; DATABASE_LEITURA_INTERVALO_MS (250): how often each is asked. Unset: every read on the primary.
 */
export function leituraDoAmbiente(env: NodeJS.ProcessEnv): OpcoesServico['leitura'] {
  const urls = listaDoAmbiente(env.DATABASE_URL_LEITURA).map((url) => bancoDoAmbiente({ DATABASE_URL_LEITURA: url }, 'DATABASE_URL_LEITURA')!);
  if (!urls.length) return undefined;
  const num = (nome: string, padrao: number) => numeroDoAmbiente(env, nome, padrao, { minimo: 10, inteiro: true });
  return { urls, atrasoMaximoMs: num('DATABASE_LEITURA_ATRASO_MAXIMO_MS', LEITURA_PADRAO.atrasoMaximoMs), intervaloMs: num('DATABASE_LEITURA_INTERVALO_MS', LEITURA_PADRAO.intervaloMs) };
}

/** REDIS_URL (redis:// or rediss://), checked for its form. */
export function redisUrlDoAmbiente(env: NodeJS.ProcessEnv): string | undefined {
  const v = env.REDIS_URL?.trim();
  if (!v) return undefined;
  if (!/^rediss?:\/\/./.test(v)) throw new ErroConfiguracao(`REDIS_URL inválido: "${v.replace(/\/\/[^@]*@/, '//…@')}" (esperado: redis://servidor:6379 ou rediss://…)`);
  return v;
}

/** PORTA_GESTAO and HOST_GESTAO (loopback unless told otherwise); `padrao` when PORTA_GESTAO is unset (null: none). */
export function gestaoDoAmbiente(env: NodeJS.ProcessEnv, padrao: number | null): OpcoesGestao | undefined {
  const porta = env.PORTA_GESTAO?.trim() ? portaTcpDoAmbiente(env, 'PORTA_GESTAO', 0) : padrao;
  return porta === null ? undefined : { porta, host: env.HOST_GESTAO?.trim() || '127.0.0.1' };
}

/** DESLIGAR_ESPERA_S (default 25) and DESLIGAR_DRENO_MS (`drenoPadrao`: 5 s in production, none in the demo). */
export function desligamentoDoAmbiente(env: NodeJS.ProcessEnv, drenoPadrao: number) {
  return { esperaS: numeroDoAmbiente(env, 'DESLIGAR_ESPERA_S', 25, { minimo: 0 }), drenoMs: numeroDoAmbiente(env, 'DESLIGAR_DRENO_MS', drenoPadrao, { minimo: 0, inteiro: true }) };
}

/**
 * Where the demo keeps the key of the integration secrets when SEGREDOS_CHAVE is not set: a file beside
 * the embedded database's folder (DATA_DIR), made once; none for an in-memory database (a key per process).
 */
export function arquivoDaChave(pastaDados: string): string | null {
  return pastaDados === 'memory://' ? null : `${pastaDados.replace(/\/+$/, '')}-chave-segredos`;
}

/**
 * How integrations are reached, for the API and the standalone worker alike. The demo's receiver (its
 * path on the public address) is allowed only outside production, while RECEPTOR_DEMO is on.
 */
export function integracaoDoAmbiente(env: NodeJS.ProcessEnv): OpcoesIntegracao {
  const urlPublica = urlPublicaDoAmbiente(env);
  const receptorDemo = !emProducao(env) && env.RECEPTOR_DEMO !== 'off' ? `${urlPublica}/demo/receptor` : null;
  return opcoesIntegracaoDoAmbiente(env, { receptorDemo, arquivoChave: arquivoDaChave(pastaDadosDoAmbiente(env)), urlPublica });
}

/**
 * IDIOMAS_FORMULARIOS (issue 37): the languages a model may be offered in besides Portuguese, among those the
 * citizen's catalogs have (en, es); all of them by default, none with `none`.
 */
export function idiomasFormulariosDoAmbiente(env: NodeJS.ProcessEnv): IdiomaTraducao[] {
  const v = env.IDIOMAS_FORMULARIOS?.trim();
  if (!v) return [...IDIOMAS_TRADUCAO];
  if (v === 'none') return [];
  const lista = listaDoAmbiente(v);
  const estranhos = lista.filter((i) => !(IDIOMAS_TRADUCAO as readonly string[]).includes(i));
  if (estranhos.length) throw new ErroConfiguracao(`IDIOMAS_FORMULARIOS inválido: ${estranhos.map((x) => `"${x}"`).join(', ')} (esperado: ${IDIOMAS_TRADUCAO.join(', ')}, separados por vírgula, ou none)`);
  return IDIOMAS_TRADUCAO.filter((i) => lista.includes(i));
}

/** What production requires, with what each is for: every missing one is named in one line. */
const EXIGIDAS_EM_PRODUCAO: [string, string][] = [
  ['KEYCLOAK_URL', 'o Keycloak dos servidores'],
  ['CIDADAO_JWKS_URL', 'as chaves do provedor dos cidadãos'],
  ['CIDADAO_ISSUER', 'o emissor dos tokens dos cidadãos'],
  ['CIDADAO_AUDIENCE', 'o cliente deste serviço no provedor dos cidadãos'],
  ['SEGREDOS_CHAVE', 'a chave dos segredos das integrações'],
  ['DATABASE_URL', 'o PostgreSQL'],
  ['PUBLIC_URL', 'o endereço público da API'],
];

export interface OpcoesProducao extends OpcoesServico {
  porta: number;
  host: string;
  desligamento: { esperaS: number; drenoMs: number };
}

/** Production's configuration: refuses (ErroConfiguracao) when anything it needs is missing or malformed. */
export function opcoesProducaoDoAmbiente(env: NodeJS.ProcessEnv): OpcoesProducao {
  const faltam = EXIGIDAS_EM_PRODUCAO.filter(([nome]) => !env[nome]?.trim());
  if (faltam.length) throw new ErroConfiguracao(`Em produção (NODE_ENV=production) defina ${faltam.map(([nome, para]) => `${nome} (${para})`).join(', ')}. Nada da demonstração roda em produção: nem o provedor embutido, nem os tokens de cidadão de demonstração.`);
  const keycloakUrl = urlDoAmbiente(env, 'KEYCLOAK_URL')!;
  const realm = env.KEYCLOAK_REALM?.trim() || 'demo';
  const emissor = `${keycloakUrl}/realms/${realm}`;
  const urlPublica = urlPublicaDoAmbiente(env);
  const email = opcoesEmailDoAmbiente(env);
  return {
    porta: portaDoAmbiente(env),
    host: env.HOST?.trim() || '0.0.0.0',
    urlPublica,
    identidade: { emissor, chaves: new URL(`${emissor}/protocol/openid-connect/certs`) },
    clientId: env.KEYCLOAK_CLIENT_ID?.trim() || 'console-formularios',
    databaseUrl: bancoDoAmbiente(env)!,
    leitura: leituraDoAmbiente(env),
    pastaDados: 'memory://',
    log: env.LOG === 'off' ? false : 'info',
    redisUrl: redisUrlDoAmbiente(env),
    gestao: gestaoDoAmbiente(env, 9000),
    desligamento: desligamentoDoAmbiente(env, 5000),
    origensApi: env.API_ORIGINS ? listaDoAmbiente(env.API_ORIGINS) : [new URL(urlPublica).origin],
    entregas: opcoesEntregasDoAmbiente(env),
    cidadao: criarIdentidadeCidadao(opcoesCidadaoDoAmbiente(env)!),
    integracao: integracaoDoAmbiente(env),
    retencao: opcoesRetencaoDoAmbiente(env),
    limitesPublico: limitesDoAmbiente(env),
    trustProxy: trustProxyDoAmbiente(env),
    s3: configS3DoAmbiente(env),
    email: email.smtpUrl ? { ...email, caixaDemo: false, smtpUrl: email.smtpUrl } : undefined,
    rascunhos: opcoesRascunhosDoAmbiente(env, urlPublica),
    etapas: opcoesEtapasDoAmbiente(env, urlPublica),
    idiomasFormularios: idiomasFormulariosDoAmbiente(env),
    pix: opcoesPixDoAmbiente(env, urlPublica),
    cep: opcoesCepDoAmbiente(env),
    catalogo: catalogoDoAmbiente(env),
    assinaturaGovbr: assinaturaGovbrDoAmbiente(env, urlPublica),
    sms: smsDoAmbiente(env),
    selo: seloDoAmbiente(env),
  };
}
