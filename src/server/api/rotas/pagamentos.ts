import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { codigoConfere } from '../../pdf/comprovante';
import { matrizQr } from '../../pix/brcode';
import { valorPix, type StatusCobranca } from '../../../forms/taxa';
import { Pagamento } from '../../../contrato/formularios';
import { textoCidadao } from '../../textosCidadao';
import { conflito, naoEncontrado, proibido } from '../erros';
import { parametros } from '../contrato';
import { doc, type ContextoPublico } from './contextoPublico';

interface LinhaPagamento {
  formulario_id: string;
  codigo_verificacao: string | null;
  status: StatusCobranca;
  valor_centavos: number;
  txid: string;
  brcode: string | null;
  expira_em: string;
  pago_em: string | null;
  renovada: boolean;
}

/**
 * The citizen's payment (issue 38): what the receipt page shows and polls — the amount, the QR code (as a matrix
 * of squares the page draws) and the copy-and-paste code while the charge is active, when it expires, whether it was
 * paid — with the receipt's protocol and verification code as the key; the one renewal of an expired charge; and
 * the route the PSP notifies, which only makes the console ask the PSP.
 */
export function registrarPagamentos(api: FastifyInstance, ctx: ContextoPublico) {
  const paramsProtocolo = parametros({ protocolo: Type.String({ minLength: 1, maxLength: 40 }) });
  const query = Type.Object({ codigo: Type.String({ minLength: 1, maxLength: 40 }) });

  async function doRecibo(protocolo: string, codigo: string, idioma: Parameters<typeof textoCidadao>[0]): Promise<LinhaPagamento> {
    const [p] = await ctx.db.query<LinhaPagamento>(
      `select c.formulario_id::text, f.codigo_verificacao, c.status, c.valor_centavos, c.txid, c.brcode, c.expira_em, c.pago_em, c.renovada
         from formulario f join cobranca_pix c on c.formulario_id = f.id where f.protocolo = $1`,
      [protocolo],
    );
    if (!p || !codigoConfere(p.codigo_verificacao, codigo)) throw naoEncontrado(textoCidadao(idioma, 'api.pagamento-inexistente'));
    return p;
  }
  const saida = (p: LinhaPagamento) => ({
    status: p.status,
    valor: valorPix(p.valor_centavos),
    valorCentavos: p.valor_centavos,
    txid: p.txid,
    ...(p.status === 'ATIVA' && p.brcode ? { copiaECola: p.brcode, qr: matrizQr(p.brcode) } : {}),
    expiraEm: new Date(p.expira_em).toISOString(),
    pagoEm: p.pago_em ? new Date(p.pago_em).toISOString() : null,
    renovavel: p.status === 'EXPIRADA' && !p.renovada,
  });

  api.get<{ Params: { protocolo: string }; Querystring: { codigo: string } }>(
    '/pagamentos/:protocolo',
    { schema: doc('obterPagamento', 'O pagamento de um envio com taxa', { publica: true, descricao: 'O valor, o QR Code (matriz de módulos) e o código copia-e-cola enquanto a cobrança está ativa, a validade, e se já foi pago. O protocolo e o código de verificação do recibo são a chave. A página consulta de tempos em tempos até pago ou expirado.', params: paramsProtocolo, query, resposta: { descricao: 'O pagamento.', corpo: Pagamento }, erros: [404, 429] }) },
    async (req, rep) => rep.header('cache-control', 'no-store').send(saida(await doRecibo(req.params.protocolo, req.query.codigo, req.idioma))),
  );

  api.post<{ Params: { protocolo: string }; Querystring: { codigo: string } }>(
    '/pagamentos/:protocolo/renovacao',
    { schema: doc('renovarPagamento', 'Gera um novo código para um pagamento expirado', { publica: true, descricao: 'Uma vez só por envio: uma nova cobrança (outro txid) com o mesmo valor e o mesmo prazo.', params: paramsProtocolo, query, resposta: { descricao: 'O pagamento renovado.', corpo: Pagamento }, erros: [404, 409, 429] }) },
    async (req) => {
      const p = await doRecibo(req.params.protocolo, req.query.codigo, req.idioma);
      if (!ctx.o.pix || !(await ctx.o.pix.renovar(p.formulario_id))) throw conflito(textoCidadao(req.idioma, 'api.pagamento-nao-renovavel'));
      return saida(await doRecibo(req.params.protocolo, req.query.codigo, req.idioma));
    },
  );

  /**
   * The PSP's notification (`POST <webhook>/pix`, the API Pix's shape). Nothing in it is believed: each txid it
   * names is read back at the PSP, and only a concluded charge of the exact value marks a form paid. Always 200
   * (a forger learns nothing).
   */
  api.post<{ Body: { pix?: unknown } }>(
    '/pix/notificacoes/pix',
    { bodyLimit: 256 * 1024, schema: doc('notificarPix', 'Notificação do PSP (webhook da API Pix)', { publica: true, descricao: 'Recebida do PSP quando um Pix é pago. Cada txid é conferido com GET /cob/{txid} no PSP antes de qualquer mudança; uma notificação forjada não muda nada.', corpo: Type.Object({ pix: Type.Optional(Type.Array(Type.Object({ txid: Type.Optional(Type.String({ maxLength: 35 })), endToEndId: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: true, description: 'Um Pix recebido (valor, horário, pagador… vêm junto, mas só o txid é usado: o resto é lido no PSP).' }), { maxItems: 100 })) }, { additionalProperties: false }), resposta: { descricao: 'Recebida.', corpo: Type.Object({}) }, erros: [403, 429], porque: { 403: 'Com PIX_WEBHOOK_CERT_SHA256: a notificação veio sem o certificado de cliente do PSP (que o proxy TLS confere e repassa).' } }) },
    async (req) => {
      // Behind a TLS proxy that checks the PSP's client certificate (PIX_WEBHOOK_CERT_SHA256): without it, refused.
      if (ctx.o.pix && !ctx.o.pix.certificadoConfere(req.headers)) throw proibido('Certificado de cliente do PSP ausente ou não reconhecido.');
      await ctx.o.pix?.notificacao(req.body?.pix).catch(() => 0);
      return {};
    },
  );
}
