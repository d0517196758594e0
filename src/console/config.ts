import { idiomaDe, type Idioma } from '../i18n';
import pkg from '../../package.json';

/** A link of the product-info records (SPEC.md section 3): acronym, name, site. */
export interface RegistroProduto {
  sigla: string;
  nome: string;
  site: string;
}

export interface Endereco {
  logradouro: string;
  bairro: string;
  cidade: string;
  estado: string;
  cep: string;
  referencia: string;
  telefone: string;
  horarioAtendimento: string;
  cnpj: string;
}

export interface InfoProduto {
  aplicacao: RegistroProduto;
  empresa: RegistroProduto;
  governo: RegistroProduto;
  servicoDocumentos: RegistroProduto;
  endereco: Endereco;
}

export type ModoRoteador = 'memory' | 'browser';

/** The element's configuration: one field per attribute, all with documented defaults (README.md). */
export interface Config {
  apiUrl: string;
  keycloakUrl: string;
  realm: string;
  clientId: string;
  router: ModoRoteador;
  basePath: string;
  initialPath: string;
  appVersion: string;
  environment: string;
  requestTimeoutMs: number;
  tokenCheckIntervalS: number;
  tokenMinValidityS: number;
  language: Idioma;
  iframeAllowlist: string[];
  productInfo: InfoProduto;
}

export const VERSAO_DESENVOLVIMENTO = 'DEVELOPMENT';

export const INFO_PRODUTO_PADRAO: InfoProduto = {
  aplicacao: { sigla: 'CFORM', nome: 'Console de Formulários', site: '' },
  empresa: { sigla: 'PRODADOS', nome: 'Companhia Estadual de Processamento de Dados', site: 'https://www.prodados.gov.br' },
  governo: { sigla: 'GOV', nome: 'Governo do Estado', site: 'https://www.estado.gov.br' },
  servicoDocumentos: { sigla: 'DOC', nome: 'Serviço de Documentos', site: 'https://documentos.estado.gov.br' },
  endereco: {
    logradouro: 'Av. Principal, 1000',
    bairro: 'Centro Administrativo',
    cidade: 'Capital',
    estado: 'UF',
    cep: '00000-000',
    referencia: 'Edifício sede, térreo',
    telefone: '(00) 0000-0000',
    horarioAtendimento: 'Segunda a sexta, das 8h às 18h',
    cnpj: '00.000.000/0001-00',
  },
};

/** Raw attribute values as the element receives them (all optional strings). */
export type AtributosBrutos = Partial<Record<keyof Config, string | undefined>>;

const inteiro = (v: string | undefined, padrao: number) => {
  const n = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? n : padrao;
};

function lerInfoProduto(json: string | undefined): InfoProduto {
  if (!json) return INFO_PRODUTO_PADRAO;
  try {
    const dado = JSON.parse(json) as Partial<InfoProduto>;
    return {
      aplicacao: { ...INFO_PRODUTO_PADRAO.aplicacao, ...dado.aplicacao },
      empresa: { ...INFO_PRODUTO_PADRAO.empresa, ...dado.empresa },
      governo: { ...INFO_PRODUTO_PADRAO.governo, ...dado.governo },
      servicoDocumentos: { ...INFO_PRODUTO_PADRAO.servicoDocumentos, ...dado.servicoDocumentos },
      endereco: { ...INFO_PRODUTO_PADRAO.endereco, ...dado.endereco },
    };
  } catch {
    console.error('[console-formularios] product-info não é um JSON válido; usando os valores padrão.');
    return INFO_PRODUTO_PADRAO;
  }
}

const semBarraFinal = (s: string) => s.replace(/\/+$/, '');
const caminho = (s: string | undefined, padrao: string) => (s && s.startsWith('/') ? s : padrao);

/** Turns the element's attributes into a typed configuration, applying every default. */
export function lerConfig(a: AtributosBrutos, origem: string = globalThis.location?.origin ?? ''): Config {
  return {
    apiUrl: semBarraFinal(a.apiUrl || origem),
    keycloakUrl: semBarraFinal(a.keycloakUrl || origem),
    realm: a.realm || 'demo',
    clientId: a.clientId || 'console-formularios',
    router: a.router === 'browser' ? 'browser' : 'memory',
    basePath: a.basePath ? semBarraFinal(caminho(a.basePath, '')) : '',
    initialPath: caminho(a.initialPath, '/pagina-inicial'),
    appVersion: a.appVersion || pkg.version,
    environment: a.environment ?? '',
    requestTimeoutMs: inteiro(a.requestTimeoutMs, 30000),
    tokenCheckIntervalS: inteiro(a.tokenCheckIntervalS, 30) || 30,
    tokenMinValidityS: inteiro(a.tokenMinValidityS, 60),
    language: idiomaDe(a.language),
    iframeAllowlist: (a.iframeAllowlist ?? '').split(/[\s,]+/).filter(Boolean).map(semBarraFinal),
    productInfo: lerInfoProduto(a.productInfo),
  };
}

/** SPEC.md section 9: no request timeout when the app version is DEVELOPMENT. */
export function timeoutEfetivo(c: Pick<Config, 'appVersion' | 'requestTimeoutMs'>): number | undefined {
  return c.appVersion === VERSAO_DESENVOLVIMENTO || c.requestTimeoutMs === 0 ? undefined : c.requestTimeoutMs;
}
