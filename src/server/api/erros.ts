import type { FastifyReply, FastifyRequest } from 'fastify';
import { traduzir, type ChaveTexto } from '../../i18n';
import { TIPO_VERSAO_ANTIGA, type ErroCampo } from '../../contrato/problema';
import { enviarProblema } from './autenticacao';
import { conexaoPerdida } from '../db';
import { MSG_415 } from './contrato';

/** A refusal a route throws: becomes a problem+json answer with a pt-BR detail. */
export class ErroHttp extends Error {
  constructor(
    readonly status: number,
    readonly detalhe: string,
    readonly erros?: ErroCampo[],
    readonly tipo?: string,
    /** Headers the refusal carries (Retry-After of a limit). */
    readonly cabecalhos?: Record<string, string>,
  ) {
    super(detalhe);
  }
}

export const invalido = (detalhe: string, erros?: ErroCampo[]) => new ErroHttp(400, detalhe, erros);
export const proibido = (detalhe: string) => new ErroHttp(403, detalhe);
export const naoEncontrado = (detalhe: string) => new ErroHttp(404, detalhe);
export const conflito = (detalhe: string) => new ErroHttp(409, detalhe);
/** A stale `versao`: typed, so a client tells it from the other 409s and offers its own choices. */
export const versaoAntiga = () => new ErroHttp(409, 'Este registro foi alterado por outra pessoa depois que você o abriu; nada foi salvo.', undefined, TIPO_VERSAO_ANTIGA);
export const MSG_BANCO_INDISPONIVEL = 'O banco de dados ficou indisponível por um instante. Confira se a operação foi concluída e tente de novo em alguns segundos.';
export const MSG_CAMPOS = 'Verifique os campos destacados.';

interface ErroAjv {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const msg = (chave: ChaveTexto, params?: Record<string, string | number>) => traduzir('pt-BR', chave, params);

/** Fastify's schema errors (ajv) as SPEC.md section 5's messages, one per field. */
export function errosDeEsquema(erros: ErroAjv[], contexto: string): ErroCampo[] {
  return erros.map((e) => {
    const base = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const campo = (nome?: unknown) => [base, nome].filter((x) => x !== undefined && x !== '').join('.') || contexto;
    switch (e.keyword) {
      case 'required':
        return { field: campo(e.params.missingProperty), message: msg('validacao.required') };
      case 'minLength':
        return { field: campo(), message: Number(e.params.limit) <= 1 ? msg('validacao.required') : msg('validacao.minLength', { min: Number(e.params.limit) }) };
      case 'maxLength':
        return { field: campo(), message: msg('validacao.maxLength', { max: Number(e.params.limit) }) };
      case 'minimum':
        return { field: campo(), message: msg('validacao.minValue', { min: Number(e.params.limit) }) };
      case 'maximum':
        return { field: campo(), message: msg('validacao.maxValue', { max: Number(e.params.limit) }) };
      case 'type':
        return { field: campo(), message: e.params.type === 'integer' ? msg('validacao.integer') : e.params.type === 'number' ? msg('validacao.decimal') : `Este campo deve ser do tipo ${tipoPt(String(e.params.type))}.` };
      case 'format':
        return { field: campo(), message: e.params.format === 'email' ? msg('validacao.email') : e.params.format === 'uri' ? msg('validacao.url') : 'Formato inválido.' };
      case 'enum':
        return { field: campo(), message: `Valor não permitido. Use um destes: ${(e.params.allowedValues as unknown[]).join(', ')}.` };
      case 'additionalProperties':
        // An unknown query parameter is refused like an unknown body field (issue 50: ?simulacao=true on the import was ignored, and it imported).
        return { field: campo(e.params.additionalProperty), message: contexto === 'querystring' ? 'Parâmetro desconhecido.' : 'Campo desconhecido.' };
      case 'maxItems':
        return { field: campo(), message: `No máximo ${e.params.limit} itens.` };
      case 'pattern':
        return { field: campo(), message: 'Formato inválido.' };
      default:
        return { field: campo(), message: 'Valor inválido.' };
    }
  });
}

function tipoPt(t: string): string {
  return { string: 'texto', boolean: 'verdadeiro ou falso', array: 'lista', object: 'objeto', null: 'nulo' }[t] ?? t;
}

/** The API's one error handler: our refusals, schema errors, malformed JSON; 500 only for our bugs. */
export function tratarErro(erro: Error & { statusCode?: number; validation?: ErroAjv[]; validationContext?: string; code?: string }, req: FastifyRequest, rep: FastifyReply) {
  if (erro instanceof ErroHttp) return enviarProblema(erro.cabecalhos ? rep.headers(erro.cabecalhos) : rep, erro.status, erro.detalhe, erro.erros, erro.tipo);
  if (erro.validation) {
    const ctx = erro.validationContext ?? 'body';
    const erros = errosDeEsquema(erro.validation, ctx);
    return enviarProblema(rep, 400, ctx === 'querystring' ? `Parâmetros inválidos: ${erros.map((e) => `${e.field}: ${e.message}`).join(' ')}` : MSG_CAMPOS, erros);
  }
  if (erro.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return enviarProblema(rep, 415, MSG_415);
  if (erro.statusCode && erro.statusCode >= 400 && erro.statusCode < 500) {
    const detalhe =
      erro.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'O corpo da requisição está vazio.'
      : erro.statusCode === 413 ? `O corpo da requisição é grande demais (no máximo ${Math.round((req.routeOptions.bodyLimit ?? 1048576) / 1024).toLocaleString('pt-BR')} KB).`
      : 'O corpo da requisição não é um JSON válido.';
    return enviarProblema(rep, erro.statusCode, detalhe);
  }
  if (conexaoPerdida(erro)) {
    req.log.warn(`conexão com o banco perdida: ${erro.message}`);
    return enviarProblema(rep.header('retry-after', '1'), 503, MSG_BANCO_INDISPONIVEL);
  }
  req.log.error(erro);
  return enviarProblema(rep, 500, 'Erro interno do servidor.');
}
