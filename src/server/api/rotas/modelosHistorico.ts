import type { FastifyInstance } from 'fastify';
import type { Tradutor } from '../../../i18n';
import { tradutorDoPedido } from '../idiomaConsole';
import { resumoDaEntrada, type DetalheHistorico } from '../historicoModelo';
import { Type } from 'typebox';
import { P } from '../../../access/permissoes';
import { EntradaHistorico, Modelo } from '../../../contrato/modelos';
import { IdLongo, Versao } from '../../../contrato/comum';
import type { EstadoModelo } from '../../../forms/estadoModelo';
import { validarDefinicao } from '../../../forms/problemasDefinicao';
import { formatarDataHoraCompleta } from '../../../i18n/datas';
import { exigir } from '../permissao';
import { conflito, invalido, naoEncontrado, versaoAntiga } from '../erros';
import { enviarLista, lerLista } from '../lista';
import { parametros } from '../contrato';
import type { Executor } from '../../db';
import { contarParaLimite, doc, params, type ContextoModelos } from './contextoModelos';

/**
 * Every change of a model on record (issue 36): the list (newest first), one entry with the model as it then was
 * (the console compares any two with the version diff), and "Restaurar": an entry's definition and data become the
 * draft again — a new change on record, nothing erased. The integration (its address, headers and secret) and the
 * groups stay as they are now: they are this environment's operation, not the form.
 */
interface LinhaHistorico {
  id: string;
  ocorrido_em: string;
  autor: string;
  acao: 'CRIADO' | 'SALVO' | 'PUBLICADO' | 'ARQUIVADO' | 'RESTAURADO' | 'DUPLICADO' | 'IMPORTADO' | 'VOLTOU_A';
  detalhe: DetalheHistorico | null;
  estado: EstadoModelo;
  anterior: EstadoModelo | null;
}

/** The entry as the API answers: what it says in the caller's language; its state only when asked for one entry. */
const saida = (h: LinhaHistorico, t: Tradutor, comEstado: boolean) => ({ id: Number(h.id), ocorridoEm: new Date(h.ocorrido_em).toISOString(), autor: h.autor, acao: h.acao, resumo: resumoDaEntrada(h, t), ...(comEstado ? { estado: h.estado } : {}) });
/** An entry with the state before it (the newest older entry of the same model). */
const SELECT_ENTRADA = `select h.id::text, h.ocorrido_em, h.autor, h.acao, h.detalhe, h.estado,
    (select p.estado from modelo_historico p where p.codigo_servico = h.codigo_servico and p.id < h.id order by p.id desc limit 1) as anterior
  from modelo_historico h`;
export function registrarHistoricoDeModelos(api: FastifyInstance, ctx: ContextoModelos) {
  const { db } = ctx;
  const paramsEntrada = parametros({ codigoServico: params.properties.codigoServico, id: IdLongo() });

  api.get<{ Params: { codigoServico: string }; Querystring: { page?: number; size?: number } }>(
    '/modelos/:codigoServico/historico',
    {
      preValidation: exigir(db, P.READ_MODELO),
      schema: doc('listarHistoricoModelo', 'O histórico de um modelo', {
        descricao: 'Cada criação, salvamento, publicação, arquivamento, cópia, importação e restauração, da mais nova à mais antiga: quem, quando e o que mudou. Guardado enquanto o modelo existe; entradas com mais de MODELO_HISTORICO_DIAS (730) dias são apagadas pela retenção, mas as 20 últimas de cada modelo ficam sempre.',
        params,
        query: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 0 })), size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
        resposta: { descricao: 'Uma página do histórico.', corpo: Type.Array(EntradaHistorico), lista: true },
        erros: [404],
      }),
    },
    async (req, rep) => {
      const m = await ctx.modeloDoChamador(db, req, req.params.codigoServico);
      const l = lerLista(req.query, {}, 'h.id desc', 'h.id desc');
      const [{ total }] = await db.query<{ total: number }>('select count(*)::int as total from modelo_historico where codigo_servico = $1', [m.codigo_servico]);
      const linhas = await db.query<LinhaHistorico>(`${SELECT_ENTRADA} where h.codigo_servico = $1 order by h.id desc limit $2 offset $3`, [m.codigo_servico, l.size, l.page * l.size]);
      const t = tradutorDoPedido(req);
      return enviarLista(rep, linhas.map((h) => saida(h, t, false)), l, total);
    },
  );

  async function entrada(tx: Executor, codigo: string, id: number): Promise<LinhaHistorico> {
    const [h] = await tx.query<LinhaHistorico>(`${SELECT_ENTRADA} where h.codigo_servico = $1 and h.id = $2`, [codigo, id]);
    if (!h) throw naoEncontrado(`O histórico do modelo "${codigo}" não tem a entrada ${id}.`);
    return h;
  }

  api.get<{ Params: { codigoServico: string; id: number } }>(
    '/modelos/:codigoServico/historico/:id',
    { preValidation: exigir(db, P.READ_MODELO), schema: doc('obterHistoricoModelo', 'Uma entrada do histórico de um modelo', { descricao: 'Com o modelo como ficou naquela mudança (definição e dados; sem segredos).', params: paramsEntrada, resposta: { descricao: 'A entrada.', corpo: EntradaHistorico }, erros: [404] }) },
    async (req) => {
      const m = await ctx.modeloDoChamador(db, req, req.params.codigoServico);
      return saida(await entrada(db, m.codigo_servico, req.params.id), tradutorDoPedido(req), true);
    },
  );

  api.post<{ Params: { codigoServico: string; id: number }; Body: { versao: number } }>(
    '/modelos/:codigoServico/historico/:id/restauracao',
    {
      preValidation: exigir(db, P.UPDATE_MODELO),
      schema: doc('restaurarHistoricoModelo', 'Volta o rascunho a uma entrada do histórico', {
        descricao: 'A definição e os dados daquela entrada voltam a ser o rascunho (uma mudança nova no histórico: nada é apagado). A integração e os grupos ficam como estão. Publique para os cidadãos.',
        params: paramsEntrada,
        corpo: Type.Object({ versao: Versao() }, { additionalProperties: false }),
        resposta: { descricao: 'O modelo com o rascunho restaurado.', corpo: Modelo },
        erros: [404, 409],
        porque: { 409: 'Conflito: o modelo está arquivado, ou outra pessoa o salvou depois que você o leu.' },
      }),
    },
    async (req) =>
      db.transacao(async (tx) => {
        const m = await ctx.modeloDoChamador(tx, req, req.params.codigoServico, true);
        if (m.status === 'ARQUIVADO') throw conflito('Um modelo arquivado não pode ser alterado; restaure-o antes.');
        if (m.versao !== req.body.versao) throw versaoAntiga();
        const h = await entrada(tx, m.codigo_servico, req.params.id);
        const e = h.estado!;
        const problemas = validarDefinicao(e.definicao);
        if (problemas.length) throw invalido('A definição daquela entrada não passa mais nas regras do construtor.', problemas.map((x) => ({ field: `definicao.${x.caminho}`, message: x.mensagem })));
        await tx.query(
          `update modelo set nome = $2, descricao = $3, definicao = $4, retencao_dias = $5, abre_em = $6, fecha_em = $7, limite_respostas = $8, mensagem_limite = $9, modelo_base = $10,
                  versao = versao + 1, atualizado_em = now(), atualizado_por = $11 where codigo_servico = $1`,
          [m.codigo_servico, e.nome, e.descricao, JSON.stringify(e.definicao), e.retencaoDias, e.abreEm, e.fechaEm, e.limiteRespostas, e.mensagemLimite, e.modeloBase, req.chamador!.username],
        );
        if (e.limiteRespostas) await contarParaLimite(tx, m.codigo_servico);
        await ctx.historico(tx, req, m.codigo_servico, 'VOLTOU_A', { chave: 'historico.detalhe.restaurado', params: { data: formatarDataHoraCompleta(h.ocorrido_em), autor: h.autor } });
        return ctx.completoComSegredo(tx, req, m.codigo_servico);
      }),
  );
}
