import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Definicao } from '../../../forms/definicao';
import { formularioNoIdioma } from '../../../forms/traducoes';
import { respostasComoVistas } from '../../../forms/respostas';
import { tradutorCidadao, type IdiomaCidadao } from '../../../i18n/cidadao';
import { COLUNA_PAGAMENTO, situacaoDoEnvio, type SituacaoPagamento } from '../../pix/situacao';
import { gerarPdf } from '../../pdf/gerador';
import { verificarPdf } from '../../pdf/selo';
import { VerificacaoPdf } from '../../../contrato/formularios';
import { criarRecentes } from '../../pdf/recentes';
import type { FichaPdf } from '../../pdf/fichaPdf';
import { codigoConfere } from '../../pdf/comprovante';
import { invalido, naoEncontrado } from '../erros';
import { ANEXO, BINARIO, parametros } from '../contrato';
import { doc, type ContextoPublico } from './contextoPublico';

/** The largest PDF the verification reads (a receipt is tens of KB; a staff PDF with long answers, a few MB). */
const PDF_MAXIMO = 10 * 1024 * 1024;

export async function registrarComprovantes(api: FastifyInstance, ctx: ContextoPublico) {
  /**
   * A PDF checked by its signature (issue 44): whether it is intact and sealed by this service, and which form it
   * is. Anyone holding the PDF may ask (it names only the form the PDF itself shows).
   */
  await api.register(async (bruto) => {
    bruto.removeAllContentTypeParsers();
    // The PDF as it is (application/pdf, or any file as octet-stream); JSON is no PDF (400); anything else, 415.
    bruto.addContentTypeParser(['application/pdf', 'application/octet-stream', 'application/json'], { parseAs: 'buffer', bodyLimit: PDF_MAXIMO }, (_req, corpo, feito) => feito(null, corpo));
    bruto.post(
      '/comprovantes/verificacao',
      {
        schema: doc('verificarPdf', 'Confere a assinatura de um PDF', {
          publica: true,
          descricao: `O corpo é o PDF (até ${PDF_MAXIMO / 1024 / 1024} MB): diz se ele está íntegro e assinado pelo certificado deste serviço (ASSINATURA_CERTIFICADO), e qual formulário ele é. Sem certificado configurado, nenhum PDF é deste serviço.`,
          corpoBinario: { descricao: 'O PDF.' },
          resposta: { descricao: 'O resultado.', corpo: VerificacaoPdf },
          erros: [400, 429],
          porque: { 400: 'O corpo não é um PDF.', 413: 'O PDF passa de 10 MB.', 415: 'O corpo não é application/pdf (nem application/octet-stream).' },
        }),
      },
      async (req) => {
        const pdf = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!pdf.subarray(0, 1024).includes('%PDF-')) throw invalido('Envie o arquivo PDF do comprovante: o que chegou não é um PDF.');
        const v = verificarPdf(pdf, ctx.o.selo ?? null);
        const [f] = v.protocolo
          ? await ctx.db.query<{ modelo: string; recebido_em: string }>('select coalesce(v.nome, m.nome) as modelo, f.recebido_em from formulario f join modelo m on m.codigo_servico = f.codigo_servico left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao where f.protocolo = $1 and f.anonimizado_em is null', [v.protocolo])
          : [];
        return { ...v, modelo: f?.modelo ?? null, recebidoEm: f ? new Date(f.recebido_em).toISOString() : null };
      },
    );
  });

  const recentes = criarRecentes({ max: 100, validadeMs: 10 * 60_000 });
  /**
   * The citizen's receipt (issue 15): the form as sent (answers in clear: they are the citizen's own;
   * without the questions hidden from them), with the verification code, in the language the form was
   * filled in (issue 35). The protocol and the code are the key: a wrong pair answers 404, as a protocol
   * that does not exist.
   */
  api.get<{ Params: { protocolo: string }; Querystring: { codigo: string } }>(
    '/comprovantes/:protocolo',
    { schema: doc('baixarComprovante', 'Baixa o comprovante de um envio', { publica: true, descricao: 'O PDF do comprovante, com as respostas enviadas e o código de verificação. Sem token: o protocolo e o código de verificação do recibo são a chave.', params: parametros({ protocolo: Type.String({ minLength: 1, maxLength: 40 }) }), query: Type.Object({ codigo: Type.String({ minLength: 1, maxLength: 40 }) }), resposta: { descricao: 'O PDF.', outros: { 'application/pdf': BINARIO }, cabecalhos: { 'Content-Disposition': ANEXO } }, erros: [404, 429] }) },
    async (req, rep) => {
      const [linha] = await ctx.db.query<{ id: string; assinatura: 'ASSINADO' | 'SEM_ASSINATURA' | null; protocolo: string; modelo_versao: number; recebido_em: string; respostas: Record<string, unknown>; codigo_verificacao: string | null; nome: string | null; definicao: Definicao | null; modelo: string; idioma: IdiomaCidadao; declaracao: { texto: string; aceitaEm: string } | null; pagamento: SituacaoPagamento | null }>(
        `select ${COLUNA_PAGAMENTO}, f.id::text, f.assinatura->>'situacao' as assinatura, f.protocolo, f.modelo_versao, f.recebido_em, f.respostas, f.codigo_verificacao, f.idioma, f.declaracao, v.nome, v.definicao, m.nome as modelo
           from formulario f join modelo m on m.codigo_servico = f.codigo_servico
           left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao
           left join cobranca_pix c on c.formulario_id = f.id
          where f.protocolo = $1 and f.anonimizado_em is null`,
        [req.params.protocolo],
      );
      // In the language it was filled in: the model's texts too, when it is offered in it (issue 37).
      const f = linha && formularioNoIdioma({ ...linha, modelo: linha.nome ?? linha.modelo });
      if (!f || !codigoConfere(f.codigo_verificacao, req.query.codigo)) throw naoEncontrado('Comprovante não encontrado: confira o protocolo e o código de verificação.');
      const arquivo = `attachment; filename="comprovante-${f.protocolo.replace(/\D/g, '')}.pdf"`;
      // A receipt the citizen signed through gov.br (issue 44) is that very document, never made again.
      const [assinado] = f.assinatura === 'ASSINADO' ? await ctx.db.query<{ pdf: Buffer }>('select pdf from comprovante_assinado where formulario_id = $1', [f.id]) : [];
      if (assinado) return rep.header('content-type', 'application/pdf').header('cache-control', 'no-store').header('content-disposition', arquivo).send(Buffer.from(assinado.pdf));
      const ficha: FichaPdf = { ...fichaDoComprovante({ ...f, recebidoEm: f.recebido_em, codigo: f.codigo_verificacao!, status: situacaoDoEnvio(f.idioma, f.pagamento) }), ...(f.assinatura === 'SEM_ASSINATURA' ? { assinaturaCidadao: 'sem' as const } : {}) };
      // One build for the same receipt asked many times; in the citizens' turn, by address (issue 50).
      const pdf = await recentes.obter(ficha, () => gerarPdf(ficha, { classe: 'cidadao', origem: req.ip }, ctx.o.selo));
      return rep.header('content-type', 'application/pdf').header('cache-control', 'no-store').header('content-disposition', arquivo).send(pdf);
    },
  );
}

/**
 * The receipt's content (what the PDF shows): the form as sent, in the language it was filled in, without what the
 * citizen never saw; what happened to it afterwards (delivered, retried) is the staff's: to the citizen it was
 * received, and its fee paid or not. Also the document the citizen signs through gov.br before it is stored.
 */
export function fichaDoComprovante(f: { modelo: string; modelo_versao: number; protocolo: string; recebidoEm: string; definicao: Definicao | null; respostas: Record<string, unknown> | null; codigo: string; idioma: IdiomaCidadao; declaracao: { texto: string; aceitaEm: string } | null; status: string }): FichaPdf {
  return {
    modelo: f.modelo,
    versao: f.modelo_versao,
    protocolo: f.protocolo,
    recebidoEm: f.recebidoEm,
    status: f.status,
    blocos: respostasComoVistas(f.definicao, f.respostas ?? {}, undefined, tradutorCidadao(f.idioma)),
    comprovante: { codigo: f.codigo },
    idioma: f.idioma,
    declaracao: f.declaracao,
  };
}
