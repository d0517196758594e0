import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { numeroDoAmbiente } from '../../ambiente';
import type { Definicao } from '../../../forms/definicao';
import type { Banco } from '../../db';
import { motivoRecusaCidadao, type Cidadao, type IdentidadeCidadao } from '../cidadao';
import { ErroHttp, naoEncontrado, proibido } from '../erros';
import type { Anexos } from '../../anexos/anexos';
import type { LinksAnexos } from '../../anexos/links';
import { documentarComo, parametros } from '../contrato';
import { criarLimites, type Limite, type Limites, type LojaLimites } from '../limites';
import { ModeloPublico, ModeloPublicoResumo } from '../../../contrato/formularios';
import { registrarRascunhos, type OpcoesRascunhos } from './rascunhos';
import { registrarJornada } from './jornada';
import { registrarEnvios } from './envios';
import { registrarAnexosPublicos } from './anexosPublicos';
import { registrarComprovantes } from './comprovantes';
import { idiomasPreferidos, type IdiomaCidadao } from '../../../i18n/cidadao';
import { modeloNoIdioma } from '../../../forms/traducoes';
import type { Cobrancas } from '../../pix/cobrancas';
import { registrarPagamentos } from './pagamentos';
import { textoCidadao } from '../../textosCidadao';
import type { SituacaoModelo } from '../../../forms/periodo';
import { recusaDaSituacao, SITUACAO_SQL } from '../situacaoModelo';

/**
 * The citizens' side (issue 8), without a staff token: the published models, submissions (envios.ts),
 * uploads and the signed links of deliveries (anexosPublicos.ts), receipts (comprovantes.ts), drafts
 * (rascunhos.ts) and the journey's counters (jornada.ts). Here: what they share — the published model,
 * the citizen of a request, sizes — and the limits every one of them counts against.
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
  /** Fees paid by Pix (issue 38): the charges; absent without a PSP (PIX_PSP_URL). */
  pix?: Cobrancas;
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
  };
}

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

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
  } satisfies Record<string, Limite>;
}
export type LimitesNomeados = ReturnType<typeof limitesNomeados>;

const kb = (n: number) => (n < 1024 ? `${n} bytes` : `${Math.round(n / 1024).toLocaleString('pt-BR')} KB`);

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
  modeloPublicado(codigo: string, idioma?: IdiomaCidadao, o?: { qualquerSituacao?: boolean }): Promise<LinhaPublica>;
  /** The last published model read, if any (a submission's fast path; its `versao` is checked by the insert). */
  emCache(codigo: string): LinhaPublica | undefined;
  cidadaoDoPedido(req: FastifyRequest): Promise<Cidadao | null>;
  /** The citizen of the request (or none); a restricted model needs one, of its public-access group. */
  cidadaoAutorizado(req: FastifyRequest, m: Pick<LinhaPublica, 'grupo_acesso_publico_id'>): Promise<Cidadao | null>;
  /** A body within the limit may still hold one answer no form needs: each answer has its own (413 with the fields). */
  conferirTamanhos(respostas: Record<string, unknown>): void;
}

export async function rotasPublicas(api: FastifyInstance, db: Banco, o: OpcoesPublico) {
  const l = o.limites;
  const limites = criarLimites(o.lojaLimites);
  const nomeados = limitesNomeados(l);
  // Every citizen route, reads and writes, counts against the client's address (before its body is read).
  api.addHook('onRequest', limites.gancho(nomeados.endereco, (req) => req.ip));
  // Its language: what the citizen reads back (messages, receipt, e-mails) and what a submission records.
  api.decorateRequest('idioma', 'pt-BR');
  api.decorateRequest('idiomas');
  api.addHook('onRequest', async (req) => {
    req.idiomas = idiomasPreferidos(req.headers['accept-language']);
    req.idioma = req.idiomas[0] ?? 'pt-BR';
  });

  /**
   * Published models as last read, by code. A submission checks its answers against the cached
   * definition and its insert proceeds only while the model's `versao` (bumped by every save, publish,
   * archive) is still the cached one; otherwise the model is read again and the answers checked again.
   */
  const cache = new Map<string, LinhaPublica>();

  const ctx: ContextoPublico = {
    db,
    o,
    limites,
    nomeados,
    emCache: (codigo) => cache.get(codigo),
    async modeloPublicado(codigo, idioma = 'pt-BR', opcoes = {}) {
      cache.delete(codigo);
      const [m] = await db.query<LinhaPublica>(
        `select m.versao, m.codigo_servico, m.nome, m.descricao, m.status, m.grupo_controle_conteudo_id, m.grupo_acesso_publico_id, m.integracao_url, m.ultima_versao, v.definicao,
                m.abre_em, m.fecha_em, m.limite_respostas, m.mensagem_limite, ${SITUACAO_SQL} as situacao
           from modelo m left join modelo_versao v on v.codigo_servico = m.codigo_servico and v.numero = m.ultima_versao
          where m.codigo_servico = $1`,
        [codigo],
      );
      if (!m || m.ultima_versao === 0 || !m.definicao) throw naoEncontrado(textoCidadao(idioma, 'api.indisponivel'));
      if (m.status === 'ARQUIVADO') throw new ErroHttp(410, textoCidadao(idioma, 'api.encerrado'));
      const recusa = recusaDaSituacao(m, idioma);
      if (recusa && !opcoes.qualquerSituacao) throw recusa;
      if (!recusa) cache.set(codigo, m);
      return m;
    },
    async cidadaoDoPedido(req) {
      const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (!m) return null;
      try {
        return await o.cidadao.verificar(m[1]);
      } catch (e) {
        throw new ErroHttp(401, motivoRecusaCidadao(e));
      }
    },
    async cidadaoAutorizado(req, m) {
      const cidadao = await ctx.cidadaoDoPedido(req);
      if (m.grupo_acesso_publico_id) {
        if (!cidadao) throw new ErroHttp(401, textoCidadao(req.idioma, 'api.entrar'));
        const [ok] = await db.query('select 1 from grupo_acesso_publico_cidadao where grupo_id = $1 and cpf = $2', [m.grupo_acesso_publico_id, cidadao.cpf]);
        if (!ok) throw proibido(textoCidadao(req.idioma, 'api.nao-autorizado'));
      }
      return cidadao;
    },
    conferirTamanhos(respostas) {
      const grandes = Object.entries(respostas).filter(([, v]) => Buffer.byteLength(JSON.stringify(v) ?? '') > l.respostaBytes);
      if (grandes.length) throw new ErroHttp(413, `Cada resposta pode ter no máximo ${kb(l.respostaBytes)}.`, grandes.map(([k]) => ({ field: `respostas.${k}`, message: `Esta resposta é grande demais (no máximo ${kb(l.respostaBytes)}).` })));
    },
  };

  /** The published models a portal may offer (archived and never-published ones are left out). */
  api.get('/modelos', { schema: doc('listarModelosPublicados', 'Modelos publicados', { publica: true, descricao: 'Os modelos que um portal pode oferecer (arquivados e nunca publicados ficam de fora), cada um com a sua situação: em breve (com a data em que abre), aberto, encerrado ou com o limite de respostas atingido.', resposta: { descricao: 'Os modelos, por nome.', corpo: Type.Array(ModeloPublicoResumo) }, erros: [429] }) }, async () =>
    (await db.query<{ codigo_servico: string; nome: string; ultima_versao: number; grupo_acesso_publico_id: number | null; abre_em: string | null; fecha_em: string | null; situacao: SituacaoModelo }>(`select m.codigo_servico, m.nome, m.ultima_versao, m.grupo_acesso_publico_id, m.abre_em, m.fecha_em, ${SITUACAO_SQL} as situacao from modelo m where m.status = 'PUBLICADO' order by m.nome`)).map((m) => ({
      codigoServico: m.codigo_servico,
      nome: m.nome,
      versao: m.ultima_versao,
      restrito: !!m.grupo_acesso_publico_id,
      situacao: m.situacao,
      abreEm: iso(m.abre_em),
      fechaEm: iso(m.fecha_em),
    })),
  );

  api.get<{ Params: { codigoServico: string } }>('/modelos/:codigoServico', { schema: doc('obterModeloPublicado', 'Um modelo publicado, para preencher', { publica: true, descricao: 'Antes de abrir (issue 36), responde 200 com `situacao: EM_BREVE`, `abreEm` e a mensagem, sem as perguntas; encerrado ou com o limite atingido, 410 com a mensagem.', params, resposta: { descricao: 'A última versão publicada.', corpo: ModeloPublico }, erros: [404, 410, 429] }) }, async (req) => {
    const m = await ctx.modeloPublicado(req.params.codigoServico, req.idioma, { qualquerSituacao: true });
    const recusa = recusaDaSituacao(m, req.idioma);
    if (recusa && m.situacao !== 'EM_BREVE') throw recusa;
    // In the first language the citizen asks for that the model is offered in (issue 37).
    const emIdioma = modeloNoIdioma(m.definicao!, { nome: m.nome, descricao: m.descricao }, req.idiomas);
    return {
      codigoServico: m.codigo_servico,
      nome: emIdioma.textos.nome,
      descricao: emIdioma.textos.descricao,
      idioma: emIdioma.idioma,
      idiomas: emIdioma.idiomas,
      versao: m.ultima_versao,
      restrito: !!m.grupo_acesso_publico_id,
      situacao: m.situacao,
      abreEm: iso(m.abre_em),
      fechaEm: iso(m.fecha_em),
      // Not open yet: the questions stay unpublished until then; the message says when.
      definicao: m.situacao === 'EM_BREVE' ? null : emIdioma.definicao,
      ...(recusa ? { mensagem: recusa.message } : {}),
    };
  });

  /** Writes to a model count against the model's limit too (before the body is read). */
  const porModelo = limites.gancho(nomeados.modelo, (req) => (req.params as { codigoServico?: string }).codigoServico ?? '');
  registrarComprovantes(api, ctx);
  registrarPagamentos(api, ctx);
  registrarEnvios(api, ctx, porModelo);
  await registrarAnexosPublicos(api, ctx, porModelo);
  registrarRascunhos(api, ctx, o.rascunhos, porModelo);
  registrarJornada(api, ctx);
  o.extras?.(api, limites);
}
