import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CorpoJornada } from '../../../contrato/formularios';
import { paginasDe } from '../../../forms/paginas';
import { PAGINA_REVISAO } from '../../../forms/jornada';
import type { Executor } from '../../db';
import { invalido, MSG_CAMPOS } from '../erros';
import { parametros } from '../contrato';
import { doc, type ContextoPublico } from './contextoPublico';

/** How long one client's visit to one model is taken to last, for the journey's counts. */
const VISITA_MS = 30 * 60_000;

/**
 * The journey's anonymous counters (issue 21): started and pages from the browser; drafts saved and sent
 * from the server, when a real draft or submission is written (issue 33: forty anonymous "sent" made
 * analytics show forty for four forms). A browser's page events count at most a visit's plausible number
 * per client address and model in half an hour (a start, each page three times), and on a restricted model
 * only with a citizen's token; past that they are answered 204 and not counted.
 */
export function registrarJornada(api: FastifyInstance, ctx: ContextoPublico) {
  api.post<{ Params: { codigoServico: string }; Body: { evento: 'INICIADO' | 'PAGINA'; pagina?: string } }>(
    '/modelos/:codigoServico/jornada',
    {
      schema: doc('registrarJornada', 'Conta um passo da jornada do cidadão', {
        publica: true,
        descricao: 'Contadores anônimos (sem pessoa, sessão ou endereço guardados): quantos começaram e chegaram a cada página. A página precisa ser uma do modelo publicado (ou "revisao"). Passos além do plausível para uma visita, ou sem token num modelo restrito, não contam.',
        params: parametros({ codigoServico: Type.String({ minLength: 1, maxLength: 40 }) }),
        corpo: CorpoJornada,
        resposta: { status: 204, descricao: 'Recebido (contado quando plausível).' },
        erros: [401, 404, 410, 429],
      }),
    },
    async (req, rep) => {
      const m = await ctx.modeloPublicado(req.params.codigoServico, req.idioma);
      const pagina = req.body.evento === 'PAGINA' ? (req.body.pagina ?? '') : '';
      const paginas = paginasDe(m.definicao!);
      if (req.body.evento === 'PAGINA' && pagina !== PAGINA_REVISAO && !paginas.some((p) => p.id === pagina)) throw invalido(MSG_CAMPOS, [{ field: 'pagina', message: 'Este formulário não tem essa página.' }]);
      if (m.grupo_acesso_publico_id && !(await ctx.cidadaoDoPedido(req))) return rep.code(204).send();
      const max = req.body.evento === 'INICIADO' ? 1 : 3 * (paginas.length + 1);
      const visita = await ctx.limites.contar({ nome: `jornada-${req.body.evento}`, max, janelaMs: VISITA_MS, mensagem: () => '' }, `${req.ip}|${m.codigo_servico}`);
      if (visita.dentro) await contarJornada(ctx.db, m.codigo_servico, req.body.evento, pagina);
      return rep.code(204).send();
    },
  );
}

/** One more in the journey's anonymous counters of today (São Paulo). */
export const contarJornada = (tx: Executor, codigoServico: string, evento: 'INICIADO' | 'RASCUNHO' | 'ENVIADO' | 'PAGINA', pagina = '') =>
  tx.query(
    `insert into contador_jornada (dia, codigo_servico, evento, pagina, quantidade) values (dia_sao_paulo(now()), $1, $2, $3, 1)
     on conflict (codigo_servico, dia, evento, pagina) do update set quantidade = contador_jornada.quantidade + 1`,
    [codigoServico, evento, pagina],
  );
