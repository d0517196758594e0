import { registrarCoassinaturas } from './coassinaturas';
import { definicaoDoCidadao } from '../../../forms/etapas';
import type { FastifyInstance } from 'fastify';
import type { Banco } from '../../db';
import { lerDe } from '../../leitura';
import { motivoRecusaCidadao } from '../cidadao';
import { ErroHttp, naoEncontrado, proibido } from '../erros';
import { criarLimites } from '../limites';
import { ConfiabilidadeDoCidadao, ModeloPublico, ModeloPublicoResumo } from '../../../contrato/formularios';
import { exige } from '../../../forms/confiabilidade';
import { confiabilidadePublica, recusaDeConfiabilidade } from '../confiabilidade';
import { registrarRascunhos } from './rascunhos';
import { registrarJornada } from './jornada';
import { registrarEnvios } from './envios';
import { registrarAssinaturas } from './assinaturas';
import { registrarVerificacoes } from './verificacoes';
import { registrarAnexosPublicos } from './anexosPublicos';
import { registrarComprovantes } from './comprovantes';
import { idiomasPreferidos } from '../../../i18n/cidadao';
import { modeloNoIdioma } from '../../../forms/traducoes';
import { registrarPagamentos } from './pagamentos';
import { registrarCep } from './cep';
import { textoCidadao } from '../../textosCidadao';
import { recusaDaSituacao, SITUACAO_SQL } from '../situacaoModelo';
import { doc, limitesNomeados, params, type ContextoPublico, type LinhaPublica, type OpcoesPublico } from './contextoPublico';
import { Type } from 'typebox';
import type { SituacaoModelo } from '../../../forms/periodo';
import type { Definicao } from '../../../forms/definicao';

/**
 * The citizens' side (issue 8), without a staff token: the published models, submissions (envios.ts),
 * uploads and the signed links of deliveries (anexosPublicos.ts), receipts (comprovantes.ts), drafts
 * (rascunhos.ts) and the journey's counters (jornada.ts), each registered here on the context they share
 * (contextoPublico.ts) and under the limits every one of them counts against.
 */
const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);
const kb = (n: number) => (n < 1024 ? `${n} bytes` : `${Math.round(n / 1024).toLocaleString('pt-BR')} KB`);

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
      // Only to show it may it come from a replica (issue 47): a send checks the primary's version.
      const [m] = await (opcoes.daReplica ? lerDe(db) : db).query<LinhaPublica>(
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
        throw new ErroHttp(401, motivoRecusaCidadao(e), undefined, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' });
      }
    },
    async cidadaoAutorizado(req, m) {
      const cidadao = await ctx.cidadaoDoPedido(req);
      const exigencia = m.definicao?.confiabilidade;
      if (!cidadao && (m.grupo_acesso_publico_id || exige(exigencia))) throw new ErroHttp(401, textoCidadao(req.idioma, 'api.entrar'));
      if (m.grupo_acesso_publico_id) {
        const [ok] = await db.query('select 1 from grupo_acesso_publico_cidadao where grupo_id = $1 and cpf = $2', [m.grupo_acesso_publico_id, cidadao!.cpf]);
        if (!ok) throw proibido(textoCidadao(req.idioma, 'api.nao-autorizado'));
      }
      const recusa = recusaDeConfiabilidade(exigencia, cidadao, req.idioma);
      if (recusa) throw recusa;
      return cidadao;
    },
    conferirTamanhos(respostas) {
      const grandes = Object.entries(respostas).filter(([, v]) => Buffer.byteLength(JSON.stringify(v) ?? '') > l.respostaBytes);
      if (grandes.length) throw new ErroHttp(413, `Cada resposta pode ter no máximo ${kb(l.respostaBytes)}.`, grandes.map(([k]) => ({ field: `respostas.${k}`, message: `Esta resposta é grande demais (no máximo ${kb(l.respostaBytes)}).` })));
    },
  };

  /** The published models a portal may offer (archived and never-published ones are left out). */
  api.get('/modelos', { schema: doc('listarModelosPublicados', 'Modelos publicados', { publica: true, descricao: 'Os modelos que um portal pode oferecer (arquivados e nunca publicados ficam de fora), cada um com a sua situação: em breve (com a data em que abre), aberto, encerrado ou com o limite de respostas atingido.', resposta: { descricao: 'Os modelos, por nome.', corpo: Type.Array(ModeloPublicoResumo) }, erros: [429] }) }, async () =>
    (await lerDe(db).query<{ codigo_servico: string; nome: string; ultima_versao: number; grupo_acesso_publico_id: number | null; abre_em: string | null; fecha_em: string | null; situacao: SituacaoModelo; confiabilidade: Definicao['confiabilidade'] | null }>(
      `select m.codigo_servico, m.nome, m.ultima_versao, m.grupo_acesso_publico_id, m.abre_em, m.fecha_em, ${SITUACAO_SQL} as situacao,
              (select v.definicao->'confiabilidade' from modelo_versao v where v.codigo_servico = m.codigo_servico and v.numero = m.ultima_versao) as confiabilidade
         from modelo m where m.status = 'PUBLICADO' order by m.nome`,
    )).map((m) => ({
      codigoServico: m.codigo_servico,
      nome: m.nome,
      versao: m.ultima_versao,
      // A model asking for a gov.br account asks for the login, as `exige` decides it for the model itself.
      restrito: !!m.grupo_acesso_publico_id || exige(m.confiabilidade ?? undefined),
      situacao: m.situacao,
      abreEm: iso(m.abre_em),
      fechaEm: iso(m.fecha_em),
    })),
  );

  api.get<{ Params: { codigoServico: string } }>('/modelos/:codigoServico', { schema: doc('obterModeloPublicado', 'Um modelo publicado, para preencher', { publica: true, descricao: 'Antes de abrir (issue 36), responde 200 com `situacao: EM_BREVE`, `abreEm` e a mensagem, sem as perguntas; encerrado ou com o limite atingido, 410 com a mensagem.', params, resposta: { descricao: 'A última versão publicada.', corpo: ModeloPublico }, erros: [404, 410, 429] }) }, async (req) => {
    const m = await ctx.modeloPublicado(req.params.codigoServico, req.idioma, { qualquerSituacao: true, daReplica: true });
    const recusa = recusaDaSituacao(m, req.idioma);
    if (recusa && m.situacao !== 'EM_BREVE') throw recusa;
    // In the first language the citizen asks for that the model is offered in (issue 37).
    // Without the questions reserved to staff, nor whom the steps after sending involve (issue 46).
    const emIdioma = modeloNoIdioma(definicaoDoCidadao(m.definicao!), { nome: m.nome, descricao: m.descricao }, req.idiomas);
    const conta = confiabilidadePublica(emIdioma.definicao.confiabilidade, o.catalogo);
    return {
      codigoServico: m.codigo_servico,
      nome: emIdioma.textos.nome,
      descricao: emIdioma.textos.descricao,
      idioma: emIdioma.idioma,
      idiomas: emIdioma.idiomas,
      versao: m.ultima_versao,
      restrito: !!m.grupo_acesso_publico_id || !!conta,
      situacao: m.situacao,
      abreEm: iso(m.abre_em),
      fechaEm: iso(m.fecha_em),
      ...(conta ? { confiabilidade: conta } : {}),
      // Not open yet: the questions stay unpublished until then; the message says when.
      definicao: m.situacao === 'EM_BREVE' ? null : emIdioma.definicao,
      ...(recusa ? { mensagem: recusa.message } : {}),
    };
  });

  api.get<{ Params: { codigoServico: string } }>(
    '/modelos/:codigoServico/confiabilidade',
    {
      schema: doc('conferirConfiabilidade', 'Se a conta gov.br do cidadão serve ao modelo', {
        publica: true,
        descricao: 'Com o token do cidadão: 200 com o que a conta tem, quando serve; 403 (type `urn:console-formularios:problema:confiabilidade-insuficiente`) com o motivo, quando o nível, os selos ou o segundo fator não bastam (issue 44). O elemento pergunta ao abrir, antes de o cidadão preencher.',
        params,
        resposta: { descricao: 'A conta serve.', corpo: ConfiabilidadeDoCidadao },
        erros: [401, 403, 404, 410, 429],
      }),
    },
    async (req) => {
      const m = await ctx.modeloPublicado(req.params.codigoServico, req.idioma);
      const cidadao = await ctx.cidadaoAutorizado(req, m);
      return cidadao?.confiabilidade ?? { nivel: null, selos: [], segundoFator: false };
    },
  );

  /** Writes to a model count against the model's limit too (before the body is read). */
  const porModelo = limites.gancho(nomeados.modelo, (req) => (req.params as { codigoServico?: string }).codigoServico ?? '');
  await registrarComprovantes(api, ctx);
  registrarPagamentos(api, ctx);
  registrarAssinaturas(api, ctx, porModelo, registrarEnvios(api, ctx, porModelo), registrarCoassinaturas(api, ctx));
  registrarVerificacoes(api, ctx, porModelo);
  await registrarAnexosPublicos(api, ctx, porModelo);
  registrarRascunhos(api, ctx, o.rascunhos, porModelo);
  registrarJornada(api, ctx);
  registrarCep(api, o.cep ?? null);
  o.extras?.(api, limites);
}
