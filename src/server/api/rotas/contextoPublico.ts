import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { numeroDoAmbiente } from '../../ambiente';
import type { Definicao } from '../../../forms/definicao';
import type { Banco, Executor } from '../../db';
import type { Cidadao, IdentidadeCidadao } from '../cidadao';
import type { Anexos } from '../../anexos/anexos';
import type { LinksAnexos } from '../../anexos/links';
import { documentarComo, parametros } from '../contrato';
import type { Limite, Limites, LojaLimites } from '../limites';
import type { IdiomaCidadao } from '../../../i18n/cidadao';
import type { Cobrancas } from '../../pix/cobrancas';
import type { SituacaoModelo } from '../../../forms/periodo';
import { textoCidadao } from '../../textosCidadao';
import { invalido } from '../erros';


/**
 * What the citizens' routes share (publico.ts registers them): the published model, the citizen of a
 * request, sizes, and the limits every one of them counts against.
 */
export interface LinhaPublica {
  versao: number;
  codigo_servico: string;
  nome: string;
  descricao: string;
  status: string;
  grupo_controle_conteudo_id: number;
  grupo_acesso_publico_id: number | null;
  integracao_url: string | null;
  ultima_versao: number;
  definicao: Definicao | null;
  abre_em: string | null;
  fecha_em: string | null;
  limite_respostas: number | null;
  mensagem_limite: string | null;
  /** Where it stands now, by the database's clock (the clock the insert checks): EM_BREVE, ABERTO, ENCERRADO or ESGOTADO. */
  situacao: SituacaoModelo;
}

export const params = parametros({ codigoServico: Type.String({ minLength: 1, maxLength: 40 }) });
export const doc = documentarComo('Cidadão');

declare module 'fastify' {
  interface FastifyRequest {
    /** A citizen route's language (issue 35): from Accept-Language, pt-BR when none of the citizen's languages is asked for. */
    idioma: IdiomaCidadao;
    /** The citizen's languages Accept-Language asks for, in order: a model's texts come in the first it is offered in (issue 37). */
    idiomas: IdiomaCidadao[];
  }
}

export interface OpcoesPublico {
  cidadao: IdentidadeCidadao;
  /** Called after a submission commits (wakes the delivery worker). */
  aoReceber?: () => void;
  limites: LimitesPublico;
  /** Where the limits' counts live (this process's memory, or a store shared by the nodes). */
  lojaLimites: LojaLimites;
  /** Where uploads to file fields go (issue 15). */
  anexos: Anexos;
  /** The signed links a delivery's receiver downloads attachments with. */
  links: LinksAnexos;
  /** Save and resume (issue 21). */
  rascunhos: OpcoesRascunhos;
  /** E-mails are on: a submission queues its confirmation and its team notice with the form. */
  emails?: boolean;
  /** The steps after sending (issue 46): co-signatures and analyses. */
  fluxo: import('../../etapas/fluxo').Fluxo;
  /** Fees paid by Pix (issue 38): the charges; absent without a PSP (PIX_PSP_URL). */
  pix?: Cobrancas;
  /** The CEP lookup (issue 44, `CEP_URL`); absent: none, the citizen types the address. */
  cep?: import('../cep').BuscaCep | null;
  /** The state's seal on receipts (issue 44); absent or null: unsigned. */
  selo?: import('../../pdf/selo').Selo | null;
  /** The gov.br trust catalogue (issue 44) the element sends a citizen to; absent: no address given. */
  catalogo?: import('../confiabilidade').CatalogoConfiabilidades | null;
  /** Text messages (issue 45: the codes of verified phone questions); absent: none can be sent. */
  sms?: import('../../sms').Sms | null;
  /** The citizen's gov.br signature (issue 44); absent: models asking for it cannot be signed here (503). */
  assinaturaGovbr?: import('../../assinatura/govbr').AssinaturaGovbr | null;
  /** The origins a citizen may be sent back to after gov.br (the portals of API_ORIGINS and this API's own). */
  origens?: string[];
  /** More citizens' routes in this context (the demo's token route), under the same limits. */
  extras?: (publico: FastifyInstance, limites: Limites) => void;
}

/**
 * What the citizens' endpoints accept (issues 14 and 33): requests per minute per client address (every
 * route), writes per minute per model, demo tokens per minute per address, bytes of uploads per hour per
 * address and per model, e-mails per hour per recipient (draft links, confirmations), and sizes in bytes
 * (0: no limit).
 */
export interface LimitesPublico {
  porEnderecoPorMinuto: number;
  porModeloPorMinuto: number;
  tokenDemoPorMinuto: number;
  corpoBytes: number;
  respostaBytes: number;
  /** A draft's answers, all together. */
  rascunhoBytes: number;
  /** Uploads not yet used by a form: megabytes per hour from one address, and to one model. */
  anexosMbPorEnderecoPorHora: number;
  anexosMbPorModeloPorHora: number;
  /** Resume-link e-mails per hour to one address, and confirmations. */
  emailsRascunhoPorDestinatarioPorHora: number;
  confirmacoesPorDestinatarioPorHora: number;
  /** Codes of verified questions (issue 45) per hour: to one recipient, from one client address, for one model. */
  codigosPorDestinatarioPorHora: number;
  codigosPorEnderecoPorHora: number;
  codigosPorModeloPorHora: number;
}

/** Sized so a real portal's peak passes: a citizen (or an office behind one address) never meets 120 a minute; one service, 50 a second. */
export const LIMITES_PADRAO: LimitesPublico = {
  porEnderecoPorMinuto: 120,
  porModeloPorMinuto: 3000,
  tokenDemoPorMinuto: 10,
  corpoBytes: 1024 * 1024,
  respostaBytes: 64 * 1024,
  rascunhoBytes: 256 * 1024,
  anexosMbPorEnderecoPorHora: 200,
  anexosMbPorModeloPorHora: 5000,
  emailsRascunhoPorDestinatarioPorHora: 3,
  confirmacoesPorDestinatarioPorHora: 10,
  codigosPorDestinatarioPorHora: 5,
  codigosPorEnderecoPorHora: 30,
  codigosPorModeloPorHora: 2000,
};

/** README.md's PUBLICO_* variables. */
export function limitesDoAmbiente(env: NodeJS.ProcessEnv): LimitesPublico {
  const num = (nome: string, padrao: number) => numeroDoAmbiente(env, nome, padrao, { inteiro: true });
  return {
    porEnderecoPorMinuto: num('PUBLICO_LIMITE_ENDERECO', LIMITES_PADRAO.porEnderecoPorMinuto),
    porModeloPorMinuto: num('PUBLICO_LIMITE_MODELO', LIMITES_PADRAO.porModeloPorMinuto),
    tokenDemoPorMinuto: num('PUBLICO_LIMITE_TOKEN_DEMO', LIMITES_PADRAO.tokenDemoPorMinuto),
    corpoBytes: num('PUBLICO_CORPO_MAX_BYTES', LIMITES_PADRAO.corpoBytes),
    respostaBytes: num('PUBLICO_RESPOSTA_MAX_BYTES', LIMITES_PADRAO.respostaBytes),
    rascunhoBytes: num('PUBLICO_RASCUNHO_MAX_BYTES', LIMITES_PADRAO.rascunhoBytes),
    anexosMbPorEnderecoPorHora: num('PUBLICO_ANEXOS_MB_ENDERECO', LIMITES_PADRAO.anexosMbPorEnderecoPorHora),
    anexosMbPorModeloPorHora: num('PUBLICO_ANEXOS_MB_MODELO', LIMITES_PADRAO.anexosMbPorModeloPorHora),
    emailsRascunhoPorDestinatarioPorHora: num('PUBLICO_EMAILS_RASCUNHO_DESTINATARIO', LIMITES_PADRAO.emailsRascunhoPorDestinatarioPorHora),
    confirmacoesPorDestinatarioPorHora: num('PUBLICO_CONFIRMACOES_DESTINATARIO', LIMITES_PADRAO.confirmacoesPorDestinatarioPorHora),
    codigosPorDestinatarioPorHora: num('PUBLICO_CODIGOS_DESTINATARIO', LIMITES_PADRAO.codigosPorDestinatarioPorHora),
    codigosPorEnderecoPorHora: num('PUBLICO_CODIGOS_ENDERECO', LIMITES_PADRAO.codigosPorEnderecoPorHora),
    codigosPorModeloPorHora: num('PUBLICO_CODIGOS_MODELO', LIMITES_PADRAO.codigosPorModeloPorHora),
  };
}


const MINUTO = 60_000;
const HORA = 3_600_000;
/** The limits, each with its pt-BR refusal. */
export function limitesNomeados(l: LimitesPublico) {
  return {
    endereco: { nome: 'endereco', max: l.porEnderecoPorMinuto, janelaMs: MINUTO, mensagem: (t) => `Muitas requisições seguidas. ${t}` },
    modelo: { nome: 'modelo', max: l.porModeloPorMinuto, janelaMs: MINUTO, mensagem: (t) => `Este formulário está recebendo envios demais agora. ${t}` },
    tokenDemo: { nome: 'token-demo', max: l.tokenDemoPorMinuto, janelaMs: MINUTO, mensagem: (t) => `Muitas requisições seguidas. ${t}` },
    anexosEndereco: { nome: 'anexos-endereco', max: l.anexosMbPorEnderecoPorHora * 1024 * 1024, janelaMs: HORA, mensagem: (t) => `Você já enviou arquivos demais na última hora (até ${l.anexosMbPorEnderecoPorHora.toLocaleString('pt-BR')} MB por hora). ${t}` },
    anexosModelo: { nome: 'anexos-modelo', max: l.anexosMbPorModeloPorHora * 1024 * 1024, janelaMs: HORA, mensagem: (t) => `Este formulário está recebendo arquivos demais agora. ${t}` },
    emailsRascunho: { nome: 'email-rascunho', max: l.emailsRascunhoPorDestinatarioPorHora, janelaMs: HORA, mensagem: (t) => `Este endereço já recebeu links de rascunho demais na última hora. ${t}` },
    confirmacoes: { nome: 'email-confirmacao', max: l.confirmacoesPorDestinatarioPorHora, janelaMs: HORA, mensagem: (t) => `Este endereço já recebeu confirmações demais na última hora. ${t}` },
    codigosDestinatario: { nome: 'codigo-destinatario', max: l.codigosPorDestinatarioPorHora, janelaMs: HORA, mensagem: (t) => `Este endereço ou telefone já recebeu códigos demais na última hora. ${t}` },
    codigosEndereco: { nome: 'codigo-endereco', max: l.codigosPorEnderecoPorHora, janelaMs: HORA, mensagem: (t) => `Você já pediu códigos demais na última hora. ${t}` },
    codigosModelo: { nome: 'codigo-modelo', max: l.codigosPorModeloPorHora, janelaMs: HORA, mensagem: (t) => `Este formulário está enviando códigos demais agora. ${t}` },
  } satisfies Record<string, Limite>;
}
export type LimitesNomeados = ReturnType<typeof limitesNomeados>;


/** What the citizens' routes share. */
export interface ContextoPublico {
  db: Banco;
  o: OpcoesPublico;
  limites: Limites;
  nomeados: LimitesNomeados;
  /**
   * The model as citizens may see it: published (archived: 410; draft: 404) and taking answers now (before its
   * opening: 403; closed or full: 410), refused in the citizen's language. `qualquerSituacao`: read it all the same
   * (the public page of an upcoming model says when it opens).
   */
  modeloPublicado(codigo: string, idioma?: IdiomaCidadao, o?: { qualquerSituacao?: boolean; daReplica?: boolean }): Promise<LinhaPublica>;
  /** The last published model read, if any (a submission's fast path; its `versao` is checked by the insert). */
  emCache(codigo: string): LinhaPublica | undefined;
  cidadaoDoPedido(req: FastifyRequest): Promise<Cidadao | null>;
  /**
   * The citizen of the request (or none); a restricted model needs one, of its public-access group, and a model
   * asking for a gov.br level, seals or a second factor (issue 44) one whose account has them.
   */
  cidadaoAutorizado(req: FastifyRequest, m: Pick<LinhaPublica, 'grupo_acesso_publico_id' | 'definicao'>): Promise<Cidadao | null>;
  /** A body within the limit may still hold one answer no form needs: each answer has its own (413 with the fields). */
  conferirTamanhos(respostas: Record<string, unknown>): void;
}

export interface OpcoesRascunhos {
  validadeDias: number;
  /** The resume link for a code (RASCUNHO_URL with `{codigo}`; the demo's citizen page by default). */
  link: (codigo: string) => string;
  /** Queues the e-mail with the link, when the citizen gives an address and e-mails are on. */
  enviarLink?: (tx: Executor, para: string, dados: { link: string; modelo: string; expiraEm: string; idioma: IdiomaCidadao }) => Promise<void>;
}

/**
 * The portal page a citizen comes back to from gov.br (issue 44: the citizen's signature; issue 46: a co-signer's):
 * an address of an allowed origin (API_ORIGINS and this API's own), or 400 naming `retorno`.
 */
export function retornoAutorizado(retorno: string, origens: readonly string[] | undefined, idioma: IdiomaCidadao): URL {
  let volta: URL | null = null;
  try {
    volta = new URL(retorno);
  } catch {
    volta = null;
  }
  if (!volta || !(origens ?? []).includes(volta.origin)) throw invalido(textoCidadao(idioma, 'api.assinatura-retorno'), [{ field: 'retorno', message: textoCidadao(idioma, 'api.assinatura-retorno') }]);
  return volta;
}
