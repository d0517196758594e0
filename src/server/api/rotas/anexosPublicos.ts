import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Type } from 'typebox';
import { TAMANHO_MAXIMO_MB } from '../../../forms/tiposArquivo';
import { AnexoEnviado } from '../../../contrato/formularios';
import { RESPOSTA_ANEXO, servirAnexo } from '../../anexos/anexos';
import { eventoPorId } from '../../eventos';
import { ErroHttp, invalido, naoEncontrado, proibido } from '../erros';
import { parametros } from '../contrato';
import { doc, params, type ContextoPublico } from './contextoPublico';

/**
 * Uploads to file fields and the signed links deliveries carry (issue 15). Uploads count, in bytes, against
 * a quota per client address and per model over an hour (issue 33: three uploads of 10 MB of random bytes
 * nobody ever used were all accepted): the declared length (or the largest a field accepts, when none is
 * declared) is counted before a byte is read.
 */
export async function registrarAnexosPublicos(api: FastifyInstance, ctx: ContextoPublico, porModelo: onRequestAsyncHookHandler) {
  const quotaDeAnexos = async (req: FastifyRequest, rep: FastifyReply) => {
    const declarado = Number(req.headers['content-length']);
    const bytes = Number.isFinite(declarado) && declarado >= 0 ? declarado : TAMANHO_MAXIMO_MB * 1024 * 1024;
    await ctx.limites.exigir(ctx.nomeados.anexosEndereco, req.ip, bytes, rep);
    await ctx.limites.exigir(ctx.nomeados.anexosModelo, (req.params as { codigoServico?: string }).codigoServico ?? '', bytes, rep);
  };

  /**
   * An upload to a file field (issue 15), the body being the file itself: checked by size and by its
   * content as it streams in, stored with its SHA-256. The answer's id goes into the field's answer.
   * Its own context: no body parser but one that hands the stream over.
   */
  await api.register(async (bruto) => {
    bruto.removeAllContentTypeParsers();
    bruto.addContentTypeParser('*', (_req, corpo, feito) => feito(null, corpo));
    bruto.post<{ Params: { codigoServico: string }; Querystring: { campo?: string; nome?: string } }>(
      '/modelos/:codigoServico/anexos',
      {
        onRequest: [porModelo, quotaDeAnexos],
        schema: doc('enviarAnexo', 'Envia um arquivo para um campo', {
          publica: true,
          descricao: 'O corpo é o próprio arquivo (qualquer Content-Type: o tipo é conferido pelo conteúdo). Tamanho máximo e tipos aceitos são os do campo (10 MB e PDF, imagens ou documentos de escritório quando o designer não diz). O id devolvido vai na resposta do campo; um anexo que nenhum envio usa é removido depois de um tempo.',
          params,
          query: Type.Object({ campo: Type.Optional(Type.String({ maxLength: 100, description: 'O id do campo de arquivo.' })), nome: Type.Optional(Type.String({ maxLength: 255, description: 'O nome do arquivo.' })) }),
          corpoBinario: { descricao: 'O arquivo.' },
          resposta: { status: 201, descricao: 'Guardado.', corpo: AnexoEnviado },
          erros: [401, 403, 404, 410, 429],
          porque: { 413: 'O arquivo passa do tamanho máximo do campo.', 415: 'O conteúdo do arquivo não é de um tipo que o campo aceita (o nome não conta).' },
        }),
      },
      async (req, rep) => {
        const m = await ctx.modeloPublicado(req.params.codigoServico, req.idioma);
        await ctx.cidadaoAutorizado(req, m);
        const campo = m.definicao!.secoes.flatMap((s) => s.campos).find((c) => c.id === req.query.campo && c.tipo === 'arquivo');
        if (!campo) throw invalido('Informe um campo de arquivo deste formulário.', [{ field: 'campo', message: 'Este formulário não tem esse campo de arquivo.' }]);
        const a = await ctx.o.anexos.receber({ codigoServico: m.codigo_servico, campo, nome: req.query.nome ?? 'arquivo', corpo: req.body as AsyncIterable<Uint8Array> });
        return rep.code(201).send({ id: a.id, nome: a.nome, tipo: a.mime, tamanho: a.tamanho, sha256: a.sha256 });
      },
    );
  });

  /**
   * An attachment downloaded through the signed link a delivery gave its receiver (issue 15): no token,
   * the link is the key until it expires. Each download is an ANEXO_BAIXADO event of the form.
   */
  api.get<{ Params: { id: string }; Querystring: { expira: number; assinatura: string } }>(
    '/anexos/:id',
    {
      schema: doc('baixarAnexoPorLink', 'Baixa um anexo pelo link assinado de uma entrega', {
        publica: true,
        descricao: 'O link vem na entrega, em cada resposta de arquivo (`url`, válido até `urlExpiraEm`; ANEXOS_LINK_VALIDADE_H, 7 dias por padrão). O arquivo como foi enviado, com o seu SHA-256 no cabeçalho Repr-Digest. Cada download é um evento ANEXO_BAIXADO do formulário.',
        params: parametros({ id: Type.String({ format: 'uuid' }) }),
        query: Type.Object({ expira: Type.Integer({ minimum: 0, description: 'Até quando o link vale (segundos desde 1970).' }), assinatura: Type.String({ minLength: 1, maxLength: 100, description: 'A assinatura do link.' }) }),
        resposta: RESPOSTA_ANEXO,
        erros: [403, 404, 410, 429],
        porque: { 403: 'A assinatura não confere: o link foi alterado.', 410: 'O link expirou: a entrega seguinte (ou uma retentativa) traz um novo.' },
      }),
    },
    async (req, rep) => {
      const situacao = ctx.o.links.conferir(req.params.id, req.query.expira, req.query.assinatura);
      if (situacao === 'invalido') throw proibido('Este link de download não é válido: use o link exatamente como veio na entrega.');
      if (situacao === 'expirado') throw new ErroHttp(410, 'Este link de download expirou. Uma nova entrega (ou retentativa) traz um link novo.');
      const a = await ctx.o.anexos.obter(req.params.id);
      if (!a?.formularioId) throw naoEncontrado('Este anexo não existe mais (removido no fim do prazo de retenção).');
      await eventoPorId(ctx.db, a.formularioId, 'ANEXO_BAIXADO', 'integracao', { anexo: a.id, nome: a.nome, por: 'link assinado' });
      return servirAnexo(rep, ctx.o.anexos, a);
    },
  );
}
