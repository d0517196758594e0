import { Type, type TSchema } from 'typebox';
import type { FastifySchema } from 'fastify';
import { CABECALHOS_LISTA, Problema } from '../../contrato/comum';
import { TIPO_PROBLEMA, TITULOS } from '../../contrato/problema';

/**
 * One operation of the reference API as its route declares it: Fastify validates the request and
 * serialises the answer with these schemas, and the OpenAPI document (/api/openapi.json) is generated
 * from them (src/contrato holds the schemas; README, "O contrato da API").
 */
export const TAGS = [
  { name: 'Acesso', description: 'Permissões, perfis de acesso, vínculos de usuários, grupos e a trilha de auditoria de acesso.' },
  { name: 'Modelos', description: 'Modelos de formulário: rascunho, versões publicadas, arquivamento e integração.' },
  { name: 'Formulários', description: 'Formulários preenchidos, dados pessoais, exportação e relatório do titular.' },
  { name: 'Operação', description: 'Analítico, eventos de formulário e retentativas de integração.' },
  { name: 'Cidadão', description: 'O lado do cidadão, sem token de servidor: modelos publicados e envio de respostas (token do cidadão só nos modelos restritos).' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

/** A body in a type the operation does not take: the document's words for the 415, and the API's. */
export const MSG_415 = 'O corpo não é application/json: envie-o como application/json.';

type Erro = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502;

const DESCRICAO_ERRO: Record<Erro | 503, string> = {
  400: 'Parâmetros ou corpo inválidos, com um erro por campo em `errors`.',
  401: 'Sem token de acesso, ou token inválido ou expirado.',
  403: 'Sem a permissão necessária, ou fora dos grupos de controle de conteúdo de quem chama.',
  404: 'Não encontrado.',
  409: 'Conflito com o estado atual do registro.',
  410: 'Encerrado: o modelo foi arquivado.',
  413: 'Corpo da requisição grande demais.',
  415: MSG_415,
  422: 'A mesma Idempotency-Key já foi usada com outras respostas.',
  429: 'Muitas requisições seguidas: tente de novo depois de Retry-After.',
  502: 'Um serviço externo (o PSP do Pix) não aceitou o pedido; nada foi registrado.',
  503: 'O banco de dados ficou indisponível por um instante: tente de novo depois de Retry-After.',
};

export interface Resposta {
  /** 200 by default. */
  status?: 200 | 201 | 202 | 204;
  descricao: string;
  /** JSON body (none for 204). */
  corpo?: TSchema;
  /** Other media types and their schemas (CSV exports). */
  outros?: Record<string, TSchema>;
  /** A list: the paging headers come with it. */
  lista?: boolean;
  cabecalhos?: Record<string, TSchema>;
}

export interface Operacao {
  id: string;
  resumo: string;
  descricao?: string;
  tag: Tag;
  /** No staff token (the citizens' side). */
  publica?: boolean;
  params?: TSchema;
  query?: TSchema;
  corpo?: TSchema;
  /** A raw body (a file) instead of JSON: documented as such, read by the route as a stream. */
  corpoBinario?: { descricao: string };
  cabecalhosPedido?: TSchema;
  resposta: Resposta;
  /** Statuses this operation may answer besides those every operation of its kind does. */
  erros?: Erro[];
  /** Better words for some statuses. */
  porque?: Partial<Record<Erro | 503, string>>;
}

/** On every answer (issue 50: the API sent these and the document did not say). */
const ID_REQUISICAO = {
  'X-Request-Id': Type.String({ description: 'O identificador desta requisição nos logs: o `X-Request-Id` de quem chamou quando é um (até 128 caracteres de letras, números, `_`, `.`, `:` e `-`), senão um novo.' }),
};
/** Answers no cache may keep (files, receipts, personal data, secrets, a payment's state) say so. */
const SEM_CACHE = { 'Cache-Control': Type.String({ 'x-opcional': true, description: '`no-store` nas respostas que nenhum cache pode guardar (arquivos, comprovantes, dados pessoais, segredos, o estado de um pagamento).' }) };
const TENTE_DEPOIS = { 'Retry-After': Type.String({ pattern: '^\\d+$', description: 'Segundos até tentar de novo.' }) };
/** The headers of each refusal besides X-Request-Id. */
const CABECALHOS_ERRO: Partial<Record<Erro | 503, Record<string, TSchema>>> = {
  401: { 'WWW-Authenticate': Type.String({ pattern: '^Bearer', description: '`Bearer`, ou `Bearer error="invalid_token"` para um token recusado.' }) },
  429: TENTE_DEPOIS,
  503: TENTE_DEPOIS,
};
/** What a caller may send on any operation. */
const ACCEPT_LANGUAGE = Type.Optional(
  Type.String({ description: 'A língua das mensagens: `pt-BR` (padrão) ou `en` (title, detail e errors da recusa, e os textos que a API compõe); nas rotas do cidadão também `es`.', examples: ['en'] }),
);

/** The citizens' side counts its calls (README, "Limites"): what is left of the window, on the answers that counted. */
const LIMITE_RESTANTE = {
  'X-RateLimit-Limit': Type.String({ pattern: '^\\d+$', 'x-opcional': true, description: 'Quantas chamadas a janela do limite aceita (nas respostas que contaram para um limite).' }),
  'X-RateLimit-Remaining': Type.String({ pattern: '^\\d+$', 'x-opcional': true, description: 'Quantas ainda restam nela.' }),
};

const problema = (status: Erro | 503, descricao: string, comuns: Record<string, TSchema>) => ({ description: descricao, headers: { ...comuns, ...CABECALHOS_ERRO[status] }, content: { [TIPO_PROBLEMA]: { schema: Problema } } });

/** The route schema of an operation: request, every answer it can give, and its documentation. */
export function operacao(o: Operacao): FastifySchema {
  const r = o.resposta;
  const status = r.status ?? 200;
  const comuns = { ...ID_REQUISICAO, ...SEM_CACHE, ...(o.publica ? LIMITE_RESTANTE : {}) };
  const cabecalhos = { ...comuns, ...(r.lista ? CABECALHOS_LISTA : {}), ...r.cabecalhos };
  const sucesso =
    status === 204
      ? { description: r.descricao, type: 'null', headers: cabecalhos }
      : {
          description: r.descricao,
          ...(Object.keys(cabecalhos).length ? { headers: cabecalhos } : {}),
          content: { ...(r.corpo ? { 'application/json': { schema: r.corpo } } : {}), ...Object.fromEntries(Object.entries(r.outros ?? {}).map(([tipo, schema]) => [tipo, { schema }])) },
        };
  const erros = new Set<Erro | 503>(o.erros);
  if (!o.publica) (erros.add(401), erros.add(403));
  // Every operation may answer 400: at least for a query parameter it does not document.
  erros.add(400);
  if (o.corpo || o.corpoBinario) (erros.add(413), erros.add(415));
  erros.add(503);
  const respostas: Record<number, unknown> = { [status]: sucesso };
  for (const e of [...erros].sort()) respostas[e] = problema(e, o.porque?.[e] ?? `${TITULOS[e]}. ${DESCRICAO_ERRO[e]}`, comuns);
  return {
    operationId: o.id,
    summary: o.resumo,
    ...(o.descricao ? { description: o.descricao } : {}),
    tags: [o.tag],
    ...(o.publica ? { security: [] } : {}),
    ...(o.params ? { params: o.params } : {}),
    // Every operation's query is closed: a parameter it does not document is refused, never ignored (issue 50).
    querystring: o.query ? { ...o.query, additionalProperties: false } : Type.Object({}, { additionalProperties: false }),
    ...(o.corpo ? { body: o.corpo } : {}),
    headers: Type.Object({ 'accept-language': ACCEPT_LANGUAGE, ...(o.cabecalhosPedido as { properties?: Record<string, TSchema> } | undefined)?.properties }),
    // Documentation only (documento.ts turns it into the requestBody): the route reads the stream itself.
    ...(o.corpoBinario ? { 'x-corpo-binario': o.corpoBinario } : {}),
    response: respostas,
  } as FastifySchema;
}

/** `{ codigoServico }`, `{ id }`… as a params schema. */
export const parametros = (props: Record<string, TSchema>) => Type.Object(props);

/** Where a created resource lives. */
export const LOCALIZACAO = { Location: Type.String({ description: 'O endereço do recurso criado.' }) };
export const MSG_409_VERSAO = 'Conflito: outra pessoa salvou o registro depois que você o leu (`type` urn:console-formularios:problema:versao-antiga); nada foi salvo.';
/** A CSV body (UTF-8 with BOM, `;`). */
export const CSV = Type.String({ description: 'UTF-8 com BOM, separado por `;`.' });
/** A binary body: a PDF, or an attachment as uploaded. */
export const BINARIO = Type.String({ format: 'binary', description: 'O arquivo, em binário.' });
/** A download's file name. */
export const ANEXO = Type.String({ description: 'attachment; filename="…"', pattern: '^attachment; filename=' });

/** `operacao` for the routes of one tag: `doc('listarModelos', 'Lista modelos', { … })`. */
export const documentarComo = (tag: Tag) => (id: string, resumo: string, extra: Omit<Operacao, 'id' | 'resumo' | 'tag'>) => operacao({ id, resumo, tag, ...extra });
