import { definicaoDoCidadao } from '../../../forms/etapas';
import { hashDoCodigo, novoCodigo } from '../../codigos';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Type } from 'typebox';
import type { Definicao } from '../../../forms/definicao';
import { modeloNoIdioma, traduzirTextos } from '../../../forms/traducoes';
import { mensagemDe } from '../../../validation/regras';
import { chavesDesconhecidas, errosDoRascunho } from '../../../forms/preenchimento';
import { semCalculados } from '../../../forms/calculos';
import { CorpoRascunho, Rascunho, RascunhoSalvo, type TCorpoRascunho as CorpoDoRascunho } from '../../../contrato/formularios';
import type { Executor } from '../../db';
import type { Cidadao } from '../cidadao';
import { parametros } from '../contrato';
import { ErroHttp, invalido, naoEncontrado } from '../erros';
import { chaveDoDestinatario } from '../limites';
import { contarJornada } from './jornada';
import { doc, type ContextoPublico, type OpcoesRascunhos } from './contextoPublico';
import { exigirProvas } from './verificacoes';
import { textoCidadao } from '../../textosCidadao';
import type { SituacaoModelo } from '../../../forms/periodo';
import { recusaDaSituacao, SITUACAO_SQL } from '../situacaoModelo';
import type { IdiomaCidadao } from '../../../i18n/cidadao';
import { ErroConfiguracao, numeroDoAmbiente } from '../../ambiente';

/**
 * Save and resume (issue 21): a citizen stores the answers so far and gets a link that opens them again,
 * on this device or another. The code in the link is the key (144 random bits); only its SHA-256 is
 * stored. A draft keeps the model version it started on until it is sent, expires `validadeDias` after
 * its last save (the retention job deletes it), and is deleted with the submission that sends it. On a
 * model restricted to a public-access group it belongs to the citizen who started it: another citizen's
 * token (or none) finds nothing.
 */

export const RASCUNHO_VALIDADE_PADRAO_DIAS = 30;

/** RASCUNHO_VALIDADE_DIAS and RASCUNHO_URL (`{codigo}` marks where the code goes). */
export function opcoesRascunhosDoAmbiente(env: NodeJS.ProcessEnv, urlPublica: string): Omit<OpcoesRascunhos, 'enviarLink'> {
  const modelo = env.RASCUNHO_URL || `${urlPublica}/cidadao.html?rascunho={codigo}`;
  if (!modelo.includes('{codigo}')) throw new ErroConfiguracao(`RASCUNHO_URL inválido: "${modelo}" (inclua {codigo} onde vai o código do rascunho)`);
  return { validadeDias: numeroDoAmbiente(env, 'RASCUNHO_VALIDADE_DIAS', RASCUNHO_VALIDADE_PADRAO_DIAS, { minimo: 1, inteiro: true }), link: (codigo) => modelo.replace('{codigo}', encodeURIComponent(codigo)) };
}



interface LinhaRascunho {
  id: string;
  codigo_servico: string;
  modelo_versao: number;
  titular: string;
  respostas: Record<string, unknown>;
  pagina: string | null;
  expira_em: string;
  nome: string;
  descricao: string;
  definicao: Definicao;
  grupo_acesso_publico_id: number | null;
  status_modelo: string;
  abre_em: string | null;
  fecha_em: string | null;
  mensagem_limite: string | null;
  situacao: SituacaoModelo;
}

/** A live draft by its code, if the caller may open it (its owner on a restricted model); null otherwise. */
export async function rascunhoDoCodigo(db: Executor, codigo: string, cidadao: Cidadao | null): Promise<LinhaRascunho | null> {
  const [r] = await db.query<LinhaRascunho>(
    `select r.id::text, r.codigo_servico, r.modelo_versao, r.titular, r.respostas, r.pagina, r.expira_em, v.nome, m.descricao, v.definicao, m.grupo_acesso_publico_id, m.status as status_modelo,
            m.abre_em, m.fecha_em, m.mensagem_limite, ${SITUACAO_SQL} as situacao
       from rascunho r join modelo m on m.codigo_servico = r.codigo_servico
       join modelo_versao v on v.codigo_servico = r.codigo_servico and v.numero = r.modelo_versao
      where r.codigo_hash = $1 and r.expira_em > now()`,
    [hashDoCodigo(codigo)],
  );
  if (!r || r.titular !== (cidadao?.cpf ?? '')) return null;
  return r;
}

/** The uploads a draft's answers name: kept while the draft is (the unused-uploads sweep passes them by). */
const anexosDe = (d: Definicao, respostas: Record<string, unknown>) =>
  d.secoes.flatMap((s) => s.campos).filter((c) => c.tipo === 'arquivo').map((c) => (respostas[c.id] as { anexo?: unknown } | undefined)?.anexo).filter((x): x is string => typeof x === 'string' && /^[0-9a-f-]{36}$/i.test(x));

const paramsCodigo = parametros({ codigo: Type.String({ minLength: 1, maxLength: 100, description: 'O código do rascunho (vem no link de retomada).' }) });

export function registrarRascunhos(api: FastifyInstance, ctx: ContextoPublico, o: OpcoesRascunhos, porModelo: onRequestAsyncHookHandler) {
  const db = ctx.db;
  const maximo = ctx.o.limites.rascunhoBytes;
  /** A draft is checked as answers are, but partial (issue 33); and bounded as a whole. */
  const conferir = async (codigoServico: string, d: Definicao, corpo: CorpoDoRascunho, idioma: IdiomaCidadao, cidadao: Cidadao | null) => {
    // A draft keeps answers only: calculated values (issue 43) are computed again wherever it is opened.
    corpo.respostas = semCalculados(d, corpo.respostas);
    ctx.conferirTamanhos(corpo.respostas);
    if (maximo > 0 && Buffer.byteLength(JSON.stringify(corpo.respostas)) > maximo) throw new ErroHttp(413, `Um rascunho pode ter no máximo ${Math.round(maximo / 1024).toLocaleString('pt-BR')} KB de respostas.`);
    const erros = [
      ...chavesDesconhecidas(d, corpo.respostas).map((k) => ({ field: `respostas.${k}`, message: textoCidadao(idioma, 'api.campo-desconhecido', { campo: k }) })),
      ...Object.entries(errosDoRascunho(d, corpo.respostas, idioma)).map(([k, message]) => ({ field: `respostas.${k}`, message })),
    ];
    const email = corpo.email?.trim() ? mensagemDe([{ tipo: 'email' }], corpo.email.trim(), idioma) : null;
    if (email) erros.push({ field: 'email', message: email });
    if (erros.length) throw invalido(textoCidadao(idioma, 'api.corrigir'), erros);
    // A verified question's value (issue 45) is kept only proved: a typo would otherwise travel with the draft.
    await exigirProvas(db, codigoServico, d, corpo.respostas, corpo.verificacoes, idioma, cidadao);
  };
  const salvo = (codigo: string, expira: string, emailEnviado: boolean) => ({ codigo, expiraEm: new Date(expira).toISOString(), link: o.link(codigo), emailEnviado });
  /** The draft's uploads, marked as its own (only uploads still nobody's, of this model). */
  const guardarAnexos = (tx: Executor, id: string, r: { codigo_servico: string; definicao: Definicao }, respostas: Record<string, unknown>) =>
    tx.query('update anexo set rascunho_id = $1 where id = any($2::uuid[]) and codigo_servico = $3 and formulario_id is null and descartado_em is null', [id, anexosDe(r.definicao, respostas), r.codigo_servico]);
  /**
   * The resume link by e-mail, when asked for; at most a few per recipient an hour (issue 33: five drafts
   * and five saves sent ten e-mails to someone else's address). Past the limit the draft is saved all the
   * same and the link is in the answer; no new message is queued.
   */
  const avisar = async (tx: Executor, email: string | undefined, codigo: string, modelo: string, expira: string, idioma: IdiomaCidadao) => {
    if (!email?.trim() || !o.enviarLink) return false;
    if (!(await ctx.limites.contar(ctx.nomeados.emailsRascunho, chaveDoDestinatario(email))).dentro) return false;
    await o.enviarLink(tx, email.trim(), { link: o.link(codigo), modelo, expiraEm: new Date(expira).toISOString(), idioma });
    return true;
  };

  api.post<{ Params: { codigoServico: string }; Body: CorpoDoRascunho }>(
    '/modelos/:codigoServico/rascunhos',
    {
      onRequest: porModelo,
      schema: doc('criarRascunho', 'Salva um rascunho para continuar depois', {
        publica: true,
        descricao: `Guarda as respostas até aqui e devolve o código e o link de retomada (com \`email\`, o link também vai por e-mail). O rascunho fica na versão atual do modelo e expira ${RASCUNHO_VALIDADE_PADRAO_DIAS} dias (RASCUNHO_VALIDADE_DIAS) depois do último salvamento. Nos modelos restritos, envie o token do cidadão: o rascunho é só dele.`,
        params: parametros({ codigoServico: Type.String({ minLength: 1, maxLength: 40 }) }),
        corpo: CorpoRascunho,
        resposta: { status: 201, descricao: 'Salvo.', corpo: RascunhoSalvo },
        erros: [401, 403, 404, 410, 413, 422, 429],
        porque: { 422: 'Uma pergunta `verificado` respondida sem a prova do código confirmado para esse valor (issue 45).' },
      }),
    },
    async (req, rep) => {
      const m = await ctx.modeloPublicado(req.params.codigoServico, req.idioma);
      const cidadao = await ctx.cidadaoAutorizado(req, m);
      await conferir(m.codigo_servico, definicaoDoCidadao(m.definicao!), req.body, req.idioma, cidadao);
      const codigo = novoCodigo();
      const r = await db.transacao(async (tx) => {
        const [r] = await tx.query<{ id: string; expira_em: string }>(
          `insert into rascunho (codigo_hash, codigo_servico, modelo_versao, titular, respostas, pagina, expira_em)
           values ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7)) returning id::text, expira_em`,
          [hashDoCodigo(codigo), m.codigo_servico, m.ultima_versao, cidadao?.cpf ?? '', JSON.stringify(req.body.respostas), req.body.pagina ?? null, o.validadeDias],
        );
        await guardarAnexos(tx, r.id, { codigo_servico: m.codigo_servico, definicao: m.definicao! }, req.body.respostas);
        await contarJornada(tx, m.codigo_servico, 'RASCUNHO');
        return { ...r, emailEnviado: await avisar(tx, req.body.email, codigo, traduzirTextos(m.definicao!, { nome: m.nome }, req.idioma).nome, r.expira_em, req.idioma) };
      });
      return rep.code(201).send(salvo(codigo, r.expira_em, r.emailEnviado));
    },
  );

  /** The draft of this code for this caller, or the pt-BR 404 (unknown, expired, sent, or someone else's). */
  const doPedido = async (req: FastifyRequest<{ Params: { codigo: string } }>, o: { encerrado?: 'aceito' } = {}) => {
    const r = await rascunhoDoCodigo(db, req.params.codigo, await ctx.cidadaoDoPedido(req));
    if (!r) throw naoEncontrado(textoCidadao(req.idioma, 'api.rascunho-inexistente'));
    // An archived model's draft can no longer be opened or saved (issue 33); the citizen may still delete it.
    if (r.status_modelo === 'ARQUIVADO' && o.encerrado !== 'aceito') throw new ErroHttp(410, textoCidadao(req.idioma, 'api.encerrado'));
    return r;
  };

  api.get<{ Params: { codigo: string } }>(
    '/rascunhos/:codigo',
    { schema: doc('obterRascunho', 'Abre um rascunho', { publica: true, descricao: 'As respostas salvas e as perguntas da versão em que o rascunho começou (mesmo que uma versão mais nova tenha sido publicada depois).', params: paramsCodigo, resposta: { descricao: 'O rascunho.', corpo: Rascunho }, erros: [401, 404, 429] }) },
    async (req) => {
      const r = await doPedido(req);
      // A draft of a model closed meanwhile (issue 36) is read all the same; its message says it can no longer be sent.
      const recusa = recusaDaSituacao(r, req.idioma);
      const emIdioma = modeloNoIdioma(definicaoDoCidadao(r.definicao), { nome: r.nome, descricao: r.descricao }, req.idiomas);
      return { codigoServico: r.codigo_servico, nome: emIdioma.textos.nome, descricao: emIdioma.textos.descricao, idioma: emIdioma.idioma, idiomas: emIdioma.idiomas, versao: r.modelo_versao, restrito: !!r.grupo_acesso_publico_id, situacao: r.situacao, definicao: emIdioma.definicao, respostas: r.respostas, pagina: r.pagina, expiraEm: new Date(r.expira_em).toISOString(), ...(recusa ? { mensagem: recusa.message } : {}) };
    },
  );

  api.put<{ Params: { codigo: string }; Body: CorpoDoRascunho }>(
    '/rascunhos/:codigo',
    { schema: doc('atualizarRascunho', 'Salva de novo um rascunho', { publica: true, descricao: 'Troca as respostas salvas pelas enviadas; o prazo de validade recomeça.', params: paramsCodigo, corpo: CorpoRascunho, resposta: { descricao: 'Salvo.', corpo: RascunhoSalvo }, erros: [401, 404, 410, 413, 422, 429], porque: { 422: 'Uma pergunta `verificado` respondida sem a prova do código confirmado para esse valor (issue 45).' } }) },
    async (req, rep) => {
      const r = await doPedido(req);
      // A closed (or full) model's draft is kept for reading, not saved again (issue 36).
      const recusa = recusaDaSituacao(r, req.idioma);
      if (recusa) throw recusa;
      // A save is a write to its model: the model's limit counts it too.
      await ctx.limites.exigir(ctx.nomeados.modelo, r.codigo_servico, 1, rep);
      await conferir(r.codigo_servico, definicaoDoCidadao(r.definicao), req.body, req.idioma, await ctx.cidadaoDoPedido(req));
      const [n] = await db.transacao(async (tx) => {
        const linhas = await tx.query<{ expira_em: string }>(`update rascunho set respostas = $2, pagina = $3, atualizado_em = now(), expira_em = now() + make_interval(days => $4) where id = $1 and expira_em > now() returning expira_em`, [r.id, JSON.stringify(req.body.respostas), req.body.pagina ?? null, o.validadeDias]);
        if (!linhas.length) return [];
        await guardarAnexos(tx, r.id, r, req.body.respostas);
        return [{ ...linhas[0], emailEnviado: await avisar(tx, req.body.email, req.params.codigo, traduzirTextos(r.definicao, { nome: r.nome }, req.idioma).nome, linhas[0].expira_em, req.idioma) }];
      });
      if (!n) throw naoEncontrado(textoCidadao(req.idioma, 'api.rascunho-inexistente'));
      return salvo(req.params.codigo, n.expira_em, n.emailEnviado);
    },
  );

  api.delete<{ Params: { codigo: string } }>(
    '/rascunhos/:codigo',
    { schema: doc('apagarRascunho', 'Apaga um rascunho', { publica: true, descricao: 'O cidadão desiste: as respostas salvas são apagadas.', params: paramsCodigo, resposta: { status: 204, descricao: 'Apagado.' }, erros: [401, 404, 429] }) },
    async (req, rep) => {
      const r = await doPedido(req, { encerrado: 'aceito' });
      await db.query('delete from rascunho where id = $1', [r.id]);
      return rep.code(204).send();
    },
  );
}

/** Deletes expired drafts, and those of archived models (the retention job); resolves how many went. */
export async function apagarRascunhosExpirados(db: Executor, lote: number): Promise<number> {
  const r = await db.query<{ id: string }>(
    `delete from rascunho where id in (
       select id from rascunho where expira_em <= now() or codigo_servico in (select codigo_servico from modelo where status = 'ARQUIVADO')
        order by expira_em limit $1 for update skip locked) returning id`,
    [lote],
  );
  return r.length;
}

