import { createHash } from 'node:crypto';
import limitador from '@fastify/rate-limit';
import { numeroDoAmbiente } from '../../ambiente';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Definicao } from '../../../../src/forms/definicao';
import { respostasVisiveis } from '../../../../src/forms/condicoes';
import { respostasComoVistas } from '../../../../src/forms/respostas';
import { ROTULO_STATUS_FORMULARIO, rotuloDe, type StatusFormulario } from '../../../../src/forms/status';
import { gerarPdf } from '../../pdf/gerador';
import { chavesDesconhecidas, errosDasRespostas, respostaDe } from '../../../../src/forms/preenchimento';
import { camposDoRequerente, enderecoDeConfirmacao, type DadoDoLogin } from '../../../../src/forms/definicao';
import { formatarCpf, soDigitos } from '../../../../src/forms/cpf';
import type { ErroCampo } from '../../../../src/api/problema';
import type { Cidadao } from '../cidadao';
import type { Banco } from '../../db';
import type { IdentidadeCidadao } from '../cidadao';
import { ErroHttp, invalido, MSG_CAMPOS, naoEncontrado, proibido } from '../erros';
import { codigoConfere, novoCodigoVerificacao } from '../../pdf/comprovante';
import { RESPOSTA_ANEXO, servirAnexo, type Anexos } from '../../anexos/anexos';
import type { LinksAnexos } from '../../anexos/links';
import { eventoPorId } from '../../eventos';
import { exportacaoMascarada } from '../exportacao';
import { criarEnviosEmGrupo, type FormularioGravado } from '../enviosEmGrupo';
import { camposPessoais } from '../../../../src/forms/dadosPessoais';
import { MSG_RASCUNHO_INEXISTENTE, rascunhoDoCodigo, registrarRascunhos, type OpcoesRascunhos } from './rascunhos';
import { cpfValido } from '../../../../src/forms/cpf';
import { traduzir } from '../../../../src/i18n';
import { Type } from 'typebox';
import { ANEXO, BINARIO, documentarComo, parametros } from '../contrato';
import { AnexoEnviado, CorpoEnvio, ModeloPublico, ModeloPublicoResumo, Recibo } from '../../../../src/api/contrato/formularios';

/**
 * The citizens' side (issue 8), without a staff token: a published model's latest version, and the
 * submission of answers to it. Answers are checked with the same function and messages as the
 * builder's preview (src/forms/preenchimento.ts); the form, its first event and its delivery job are
 * written in one transaction.
 */
interface LinhaPublica {
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
}

const params = parametros({ codigoServico: Type.String({ minLength: 1, maxLength: 40 }) });
const doc = documentarComo('Cidadão');
const MSG_INDISPONIVEL = 'Este formulário não está disponível.';

export interface OpcoesPublico {
  cidadao: IdentidadeCidadao;
  /** Called after a submission commits (wakes the delivery worker). */
  aoReceber?: () => void;
  limites: LimitesPublico;
  /** Where uploads to file fields go (issue 15). */
  anexos: Anexos;
  /** The signed links a delivery's receiver downloads attachments with. */
  links: LinksAnexos;
  /** Save and resume (issue 21). */
  rascunhos: OpcoesRascunhos;
  /** E-mails are on: a submission queues its confirmation and its team notice with the form. */
  emails?: boolean;
}

/**
 * What the citizens' endpoints accept (issue 14): requests per minute per client address, submissions
 * per minute per model, demo tokens per minute per address (0: no limit), and sizes in bytes.
 */
export interface LimitesPublico {
  porEnderecoPorMinuto: number;
  porModeloPorMinuto: number;
  tokenDemoPorMinuto: number;
  corpoBytes: number;
  respostaBytes: number;
}

/** Sized so a real portal's peak passes: a citizen (or an office behind one address) never meets 120 a minute; one service, 50 a second. */
export const LIMITES_PADRAO: LimitesPublico = { porEnderecoPorMinuto: 120, porModeloPorMinuto: 3000, tokenDemoPorMinuto: 10, corpoBytes: 1024 * 1024, respostaBytes: 64 * 1024 };

/** PUBLICO_LIMITE_ENDERECO, PUBLICO_LIMITE_MODELO, PUBLICO_LIMITE_TOKEN_DEMO, PUBLICO_CORPO_MAX_BYTES, PUBLICO_RESPOSTA_MAX_BYTES. */
export function limitesDoAmbiente(env: NodeJS.ProcessEnv): LimitesPublico {
  const num = (nome: string, padrao: number) => numeroDoAmbiente(env, nome, padrao, { inteiro: true });
  return {
    porEnderecoPorMinuto: num('PUBLICO_LIMITE_ENDERECO', LIMITES_PADRAO.porEnderecoPorMinuto),
    porModeloPorMinuto: num('PUBLICO_LIMITE_MODELO', LIMITES_PADRAO.porModeloPorMinuto),
    tokenDemoPorMinuto: num('PUBLICO_LIMITE_TOKEN_DEMO', LIMITES_PADRAO.tokenDemoPorMinuto),
    corpoBytes: num('PUBLICO_CORPO_MAX_BYTES', LIMITES_PADRAO.corpoBytes),
    respostaBytes: num('PUBLICO_RESPOSTA_MAX_BYTES', LIMITES_PADRAO.respostaBytes),
  };
}

const kb = (n: number) => (n < 1024 ? `${n} bytes` : `${Math.round(n / 1024).toLocaleString('pt-BR')} KB`);
/** "Tente de novo em 42 s" from the rate limiter's remaining window (ms). */
const tenteEm = (c: { ttl: number }) => {
  const s = Math.max(1, Math.ceil(c.ttl / 1000));
  return `Tente de novo em ${s <= 60 ? `${s} s` : `${Math.ceil(s / 60)} min`}.`;
};

export async function rotasPublicas(api: FastifyInstance, db: Banco, o: OpcoesPublico) {
  // The maintained plugin, counting per client address on every citizen call (its 429 carries Retry-After).
  const l = o.limites;
  const gravarEmGrupo = criarEnviosEmGrupo(db);
  const excedido = (_req: FastifyRequest, c: { ttl: number }) => new ErroHttp(429, `Muitas requisições seguidas. ${tenteEm(c)}`);
  await api.register(limitador, { global: l.porEnderecoPorMinuto > 0, max: l.porEnderecoPorMinuto || 1, timeWindow: 60_000, errorResponseBuilder: excedido });
  const porModelo =
    l.porModeloPorMinuto > 0
      ? api.rateLimit({ max: l.porModeloPorMinuto, timeWindow: 60_000, keyGenerator: (req) => `modelo:${(req.params as { codigoServico?: string }).codigoServico ?? ''}`, errorResponseBuilder: (_req, c) => new ErroHttp(429, `Este formulário está recebendo envios demais agora. ${tenteEm(c)}`) })
      : undefined;

  /**
   * Published models as last read, by code. A submission checks its answers against the cached
   * definition and its insert proceeds only while the model's `versao` (bumped by every save, publish,
   * archive) is still the cached one; otherwise the model is read again and the answers checked again.
   */
  const cache = new Map<string, LinhaPublica>();

  /** The model as citizens may see it: published (archived: gone; draft: not found). */
  async function modeloPublicado(codigo: string): Promise<LinhaPublica> {
    cache.delete(codigo);
    const [m] = await db.query<LinhaPublica>(
      `select m.versao, m.codigo_servico, m.nome, m.descricao, m.status, m.grupo_controle_conteudo_id, m.grupo_acesso_publico_id, m.integracao_url, m.ultima_versao, v.definicao
         from modelo m left join modelo_versao v on v.codigo_servico = m.codigo_servico and v.numero = m.ultima_versao
        where m.codigo_servico = $1`,
      [codigo],
    );
    if (!m || m.ultima_versao === 0 || !m.definicao) throw naoEncontrado(MSG_INDISPONIVEL);
    if (m.status === 'ARQUIVADO') throw new ErroHttp(410, 'Este formulário foi encerrado e não aceita mais respostas.');
    cache.set(codigo, m);
    return m;
  }

  async function cidadaoDoPedido(req: FastifyRequest) {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m) return null;
    try {
      return await o.cidadao.verificar(m[1]);
    } catch {
      throw new ErroHttp(401, 'A sua identificação de cidadão é inválida ou expirou. Entre de novo.');
    }
  }

  /** The published models a portal may offer (archived and never-published ones are left out). */
  api.get('/modelos', { schema: doc('listarModelosPublicados', 'Modelos publicados', { publica: true, descricao: 'Os modelos que um portal pode oferecer (arquivados e nunca publicados ficam de fora).', resposta: { descricao: 'Os modelos, por nome.', corpo: Type.Array(ModeloPublicoResumo) }, erros: [429] }) }, async () =>
    (await db.query<{ codigo_servico: string; nome: string; ultima_versao: number; grupo_acesso_publico_id: number | null }>(`select codigo_servico, nome, ultima_versao, grupo_acesso_publico_id from modelo where status = 'PUBLICADO' order by nome`)).map((m) => ({
      codigoServico: m.codigo_servico,
      nome: m.nome,
      versao: m.ultima_versao,
      restrito: !!m.grupo_acesso_publico_id,
    })),
  );

  api.get<{ Params: { codigoServico: string } }>('/modelos/:codigoServico', { schema: doc('obterModeloPublicado', 'Um modelo publicado, para preencher', { publica: true, params, resposta: { descricao: 'A última versão publicada.', corpo: ModeloPublico }, erros: [404, 410, 429] }) }, async (req) => {
    const m = await modeloPublicado(req.params.codigoServico);
    return { codigoServico: m.codigo_servico, nome: m.nome, descricao: m.descricao, versao: m.ultima_versao, restrito: !!m.grupo_acesso_publico_id, definicao: m.definicao };
  });

  /**
   * The citizen's receipt (issue 15): the form as sent (answers in clear: they are the citizen's own;
   * without the questions hidden from them), with the verification code. The protocol and the code are
   * the key: a wrong pair answers 404, as a protocol that does not exist.
   */
  api.get<{ Params: { protocolo: string }; Querystring: { codigo: string } }>(
    '/comprovantes/:protocolo',
    { schema: doc('baixarComprovante', 'Baixa o comprovante de um envio', { publica: true, descricao: 'O PDF do comprovante, com as respostas enviadas e o código de verificação. Sem token: o protocolo e o código de verificação do recibo são a chave.', params: parametros({ protocolo: Type.String({ minLength: 1, maxLength: 40 }) }), query: Type.Object({ codigo: Type.String({ minLength: 1, maxLength: 40 }) }), resposta: { descricao: 'O PDF.', outros: { 'application/pdf': BINARIO }, cabecalhos: { 'Content-Disposition': ANEXO } }, erros: [404, 429] }) },
    async (req, rep) => {
      const [f] = await db.query<{ protocolo: string; modelo_versao: number; status: string; recebido_em: string; respostas: Record<string, unknown>; codigo_verificacao: string | null; nome: string | null; definicao: Definicao | null; modelo: string }>(
        `select f.protocolo, f.modelo_versao, f.status, f.recebido_em, f.respostas, f.codigo_verificacao, v.nome, v.definicao, m.nome as modelo
           from formulario f join modelo m on m.codigo_servico = f.codigo_servico
           left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao
          where f.protocolo = $1 and f.anonimizado_em is null`,
        [req.params.protocolo],
      );
      if (!f || !codigoConfere(f.codigo_verificacao, req.query.codigo)) throw naoEncontrado('Comprovante não encontrado: confira o protocolo e o código de verificação.');
      const pdf = await gerarPdf({
        modelo: f.nome ?? f.modelo,
        versao: f.modelo_versao,
        protocolo: f.protocolo,
        recebidoEm: f.recebido_em,
        status: rotuloDe(ROTULO_STATUS_FORMULARIO, f.status as StatusFormulario).rotulo,
        blocos: respostasComoVistas(f.definicao, f.respostas ?? {}),
        comprovante: { codigo: f.codigo_verificacao! },
      });
      return rep.header('content-type', 'application/pdf').header('cache-control', 'no-store').header('content-disposition', `attachment; filename="comprovante-${f.protocolo.replace(/\D/g, '')}.pdf"`).send(pdf);
    },
  );

  api.post<{ Params: { codigoServico: string }; Body: { respostas: Record<string, unknown>; rascunho?: string } }>(
    '/modelos/:codigoServico/formularios',
    { bodyLimit: l.corpoBytes, ...(porModelo ? { onRequest: porModelo } : {}), schema: doc('enviarFormulario', 'Envia as respostas de um formulário', {
        publica: true,
        descricao: 'As respostas são conferidas com as mesmas regras da prévia do construtor. Nos modelos restritos a um grupo de acesso público, envie o token do cidadão em Authorization. Com Idempotency-Key, repetir o mesmo envio devolve o mesmo protocolo (Idempotent-Replayed: true).',
        params,
        corpo: CorpoEnvio,
        cabecalhosPedido: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Chave do envio: a mesma chave com as mesmas respostas devolve o mesmo formulário.' })) }),
        resposta: { status: 201, descricao: 'Recebido: o comprovante.', corpo: Recibo, cabecalhos: { 'Idempotent-Replayed': Type.String({ const: 'true', 'x-opcional': true, description: 'Presente quando a resposta repete um envio anterior com a mesma Idempotency-Key.' }) } },
        erros: [401, 403, 404, 410, 422, 429],
        porque: { 401: 'Modelo restrito: sem token do cidadão, ou token inválido ou expirado.', 403: 'O CPF do cidadão não está no grupo de acesso público do modelo.' },
      }) },
    async (req, rep) => {
      let m = cache.get(req.params.codigoServico) ?? (await modeloPublicado(req.params.codigoServico));
      for (;;) {
        const r = await receber(req, m);
        if (r?.repetido) rep.header('idempotent-replayed', 'true');
        if (r) return rep.code(201).send(r.saida);
        m = await modeloPublicado(req.params.codigoServico);
      }
    },
  );

  /** The citizen of the request (or none); a restricted model needs one, of its public-access group. */
  async function cidadaoAutorizado(req: FastifyRequest, m: Pick<LinhaPublica, 'grupo_acesso_publico_id'>) {
    const cidadao = await cidadaoDoPedido(req);
    if (m.grupo_acesso_publico_id) {
      if (!cidadao) throw new ErroHttp(401, 'Entre com a sua conta de cidadão para preencher este formulário.');
      const [ok] = await db.query('select 1 from grupo_acesso_publico_cidadao where grupo_id = $1 and cpf = $2', [m.grupo_acesso_publico_id, cidadao.cpf]);
      if (!ok) throw proibido('O seu CPF não está autorizado a preencher este formulário.');
    }
    return cidadao;
  }

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
        ...(porModelo ? { onRequest: porModelo } : {}),
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
        const m = await modeloPublicado(req.params.codigoServico);
        await cidadaoAutorizado(req, m);
        const campo = m.definicao!.secoes.flatMap((s) => s.campos).find((c) => c.id === req.query.campo && c.tipo === 'arquivo');
        if (!campo) throw invalido('Informe um campo de arquivo deste formulário.', [{ field: 'campo', message: 'Este formulário não tem esse campo de arquivo.' }]);
        const a = await o.anexos.receber({ codigoServico: m.codigo_servico, campo, nome: req.query.nome ?? 'arquivo', corpo: req.body as AsyncIterable<Uint8Array> });
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
      const situacao = o.links.conferir(req.params.id, req.query.expira, req.query.assinatura);
      if (situacao === 'invalido') throw proibido('Este link de download não é válido: use o link exatamente como veio na entrega.');
      if (situacao === 'expirado') throw new ErroHttp(410, 'Este link de download expirou. Uma nova entrega (ou retentativa) traz um link novo.');
      const a = await o.anexos.obter(req.params.id);
      if (!a?.formularioId) throw naoEncontrado('Este anexo não existe mais (removido no fim do prazo de retenção).');
      await eventoPorId(db, a.formularioId, 'ANEXO_BAIXADO', 'integracao', { anexo: a.id, nome: a.nome, por: 'link assinado' });
      return servirAnexo(rep, o.anexos, a);
    },
  );

  /** Checks and stores one submission against model `m`; null when `m` is out of date. */
  /** A body within the limit may still hold one answer no form needs: each answer has its own (413 with the fields). */
  function conferirTamanhos(respostas: Record<string, unknown>) {
    const grandes = Object.entries(respostas).filter(([, v]) => Buffer.byteLength(JSON.stringify(v) ?? '') > l.respostaBytes);
    if (grandes.length) throw new ErroHttp(413, `Cada resposta pode ter no máximo ${kb(l.respostaBytes)}.`, grandes.map(([k]) => ({ field: `respostas.${k}`, message: `Esta resposta é grande demais (no máximo ${kb(l.respostaBytes)}).` })));
  }

  registrarRascunhos(api, db, { modeloPublicado, cidadaoAutorizado, cidadaoDoPedido, conferirTamanhos }, o.rascunhos, porModelo);

  async function receber(req: FastifyRequest<{ Params: { codigoServico: string }; Body: { respostas: Record<string, unknown>; rascunho?: string } }>, m: LinhaPublica): Promise<{ saida: ReturnType<typeof saida>; repetido: boolean } | null> {
    const chave = req.headers['idempotency-key'];
    if (chave !== undefined && (typeof chave !== 'string' || !chave.trim() || chave.length > 200)) throw invalido('O cabeçalho Idempotency-Key deve ter de 1 a 200 caracteres.');
    const cidadao = await cidadaoAutorizado(req, m);

    // A key is the sender's own: the citizen's CPF from the token, or '' for anonymous submissions.
    const titular = cidadao?.cpf ?? '';
    // Only a submission with an Idempotency-Key needs its body's fingerprint.
    const hash = chave ? createHash('sha256').update(JSON.stringify(req.body)).digest('hex') : null;
    const repetir = async () => {
      const [s] = await db.query<{ hash_corpo: string; formulario_id: string }>('select hash_corpo, formulario_id::text from submissao_idempotente where codigo_servico = $1 and titular = $2 and chave = $3', [m.codigo_servico, titular, chave]);
      if (!s) return null;
      if (s.hash_corpo !== hash) throw new ErroHttp(422, 'Esta Idempotency-Key já foi usada para outras respostas. Use uma chave nova para um novo envio.');
      return saida((await db.query<LinhaSaida>(`${SELECT_SAIDA} where id = $1`, [s.formulario_id]))[0]);
    };
    // The replay first: a repeated submission from a draft finds the draft gone with the first one.
    if (chave) {
      const anterior = await repetir();
      if (anterior) return { saida: anterior, repetido: true };
    }

    conferirTamanhos(req.body.respostas);
    // A submission from a draft is checked against the version the draft started on, and deletes it.
    const rascunho = req.body.rascunho ? await rascunhoDoCodigo(db, req.body.rascunho, cidadao) : null;
    if (req.body.rascunho && (!rascunho || rascunho.codigo_servico !== m.codigo_servico)) throw naoEncontrado(MSG_RASCUNHO_INEXISTENTE);
    if (rascunho) m = { ...m, ultima_versao: rascunho.modelo_versao, definicao: rascunho.definicao };

    const definicao = m.definicao!;
    const { respostas: doCidadao, erroCpf } = comCpfDoCidadao(definicao, req.body.respostas, cidadao);
    // Questions filled from the citizen's login take the token's values, whatever the browser sent.
    const enviadas = comDadosDoLogin(definicao, doCidadao, cidadao);
    // Answers to questions the citizen's other answers hide are dropped (their rules do not apply).
    const respostas = respostasVisiveis(definicao, enviadas);
    const erros = [
      ...chavesDesconhecidas(definicao, respostas).map((k) => ({ field: `respostas.${k}`, message: `Este formulário não tem o campo "${k}".` })),
      ...(erroCpf ? [erroCpf] : []),
      ...Object.entries(errosDasRespostas(definicao, respostas)).map(([k, message]) => ({ field: `respostas.${k}`, message })).filter((e) => e.field !== erroCpf?.field),
    ];
    if (erros.length) throw invalido('Algumas respostas precisam de correção.', erros);
    const requerente = requerenteDe(definicao, respostas, cidadao);
    const confirmacao = o.emails ? enderecoDeConfirmacao(definicao, respostas) : null;
    const equipe = o.emails ? definicao.emailEquipe?.trim() || null : null;

    // File answers refer to uploads: checked and written out with the file's name, type, size and SHA-256
    // (after the replay check: a repeated submission finds its uploads already its own).
    const comAnexos = await o.anexos.resolverRespostas(m.codigo_servico, definicao.secoes.flatMap((s) => s.campos), respostas);
    if (comAnexos.erros.length) throw invalido('Algumas respostas precisam de correção.', comAnexos.erros);
    // Its cells in the masked CSV export, made here once (issue 19).
    const exportacao = exportacaoMascarada(camposPessoais(definicao), requerente, comAnexos.respostas);
    // One statement, so one round trip and one implicit transaction: the form, its first event, its
    // delivery job (when the model has an integration) and the idempotency key, or none of them.
    // The model's row is locked for key share: a staff change in progress (a save, or a move to
    // another content-control group, which holds it for update) is waited for, and its new versao then
    // fails the check, so no form is written with a group the move has already passed over.
    const sozinho = async () =>
      (
        await db.query<LinhaSaida>(
        `with l as (
           -- The uploads it uses, still nobody's: locked, so of two submissions naming the same upload one wins.
           select id from anexo where id = any($14::uuid[]) and formulario_id is null and descartado_em is null for update),
         f as (
           insert into formulario (protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, respostas, cpf_requerente, nome_requerente, email_requerente, codigo_verificacao, exportacao_mascarada)
           select to_char(now() at time zone 'America/Sao_Paulo', 'YYYY') || '.' || lpad(nextval('protocolo_seq')::text, 9, '0'), $1, $2, $3, $4, $5, $6, $12, $13, $18
            where exists (select 1 from modelo where codigo_servico = $1 and versao = $10 and status = 'PUBLICADO' for key share)
              and (select count(*) from l) = cardinality($14::uuid[])
           returning id, protocolo, codigo_servico, modelo_versao, status, recebido_em, codigo_verificacao),
         e as (
           insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes)
           select id, $1, $2, 'RECEBIDO', 'portal-cidadao', jsonb_build_object('protocolo', protocolo, 'versaoModelo', $3::int) from f),
         r as (
           insert into retentativa_integracao (formulario_id, codigo_servico, grupo_controle_conteudo_id, destino, proxima_tentativa_em)
           select id, $1, $2, $7, now() from f where $7::text is not null),
         k as (
           insert into submissao_idempotente (codigo_servico, titular, chave, hash_corpo, formulario_id)
           select $1, $11, $8, $9, id from f where $8::text is not null),
         a as (
           update anexo set formulario_id = f.id, rascunho_id = null from f where anexo.id in (select id from l)),
         d as (
           -- The draft it came from goes with the submission (the citizen's key dies with it).
           delete from rascunho where id = $15::bigint and exists (select 1 from f)),
         c as (
           -- The e-mails it calls for (issue 21), queued with the form: a mail server down never loses it.
           insert into envio_email (formulario_id, tipo, para)
           select f.id, x.tipo, x.para from f, (values ('CONFIRMACAO', $16::text), ('EQUIPE', $17::text)) as x(tipo, para) where x.para is not null)
         select protocolo, codigo_servico, modelo_versao, status, recebido_em, codigo_verificacao from f`,
        [m.codigo_servico, m.grupo_controle_conteudo_id, m.ultima_versao, JSON.stringify(comAnexos.respostas), requerente.cpf, requerente.nome, m.integracao_url, chave ?? null, hash, m.versao, titular, requerente.email, novoCodigoVerificacao(), comAnexos.ids, rascunho?.id ?? null, confirmacao, equipe, exportacao],
        'envio-formulario',
      )
      )[0] ?? null;
    let criado: LinhaSaida | null;
    try {
      // Without uploads or a draft, with the submissions arriving meanwhile in one statement (issue 19).
      criado = comAnexos.ids.length || rascunho
        ? await sozinho()
        : await gravarEmGrupo(
            { codigoServico: m.codigo_servico, grupo: m.grupo_controle_conteudo_id, modeloVersao: m.ultima_versao, respostas: JSON.stringify(comAnexos.respostas), cpf: requerente.cpf, nome: requerente.nome, email: requerente.email, codigoVerificacao: novoCodigoVerificacao(), exportacaoMascarada: exportacao, destino: m.integracao_url, chave: chave ?? null, hash, versao: m.versao, titular, confirmacao, equipe },
            sozinho,
          );
    } catch (e) {
      // The same key sent twice at once: the other request's form stands, this one is rolled back.
      const anterior = chave && (e as { code?: string }).code === '23505' ? await repetir() : null;
      if (anterior) return { saida: anterior, repetido: true };
      throw e;
    }
    if (!criado) {
      // Not written: an upload it names was taken meanwhile (by another submission, or the sweep), or the model changed.
      const depois = comAnexos.ids.length ? await o.anexos.resolverRespostas(m.codigo_servico, definicao.secoes.flatMap((s) => s.campos), respostas) : null;
      if (depois?.erros.length) throw invalido('Algumas respostas precisam de correção.', depois.erros);
      return null;
    }
    o.aoReceber?.();
    return { saida: saida(criado), repetido: false };
  }

  if (o.cidadao.demo) {
    /** Demo only (no citizen identity provider configured): a signed token for a CPF, as a portal would hold. */
    api.post<{ Body: { cpf: string; nome?: string; email?: string; nascimento?: string } }>(
      '/token-demo',
      // Not part of the contract (a real portal gets its citizens' tokens from its own login): left out of the document.
      { config: { rateLimit: l.tokenDemoPorMinuto > 0 ? { max: l.tokenDemoPorMinuto, timeWindow: 60_000 } : false }, schema: { hide: true, body: { type: 'object', additionalProperties: false, required: ['cpf'], properties: { cpf: { type: 'string', maxLength: 20 }, nome: { type: 'string', maxLength: 200 }, email: { type: 'string', maxLength: 254 }, nascimento: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } } } } },
      async (req) => {
        const cpf = req.body.cpf.replace(/\D/g, '');
        if (!cpfValido(cpf)) throw invalido(MSG_CAMPOS, [{ field: 'cpf', message: traduzir('pt-BR', 'validacao.cpf') }]);
        return { token: await o.cidadao.emitirDemo({ cpf, nome: req.body.nome ?? null, email: req.body.email ?? null, nascimento: req.body.nascimento ?? null }), expiraEmS: 1800 };
      },
    );
  }
}

/**
 * The citizen's CPF from their token is the requester's CPF (issue 13): the requester CPF field is
 * filled from it when empty, and an answer that differs is refused with a field error.
 */
function comCpfDoCidadao(d: Definicao, respostas: Record<string, unknown>, cidadao: Cidadao | null): { respostas: Record<string, unknown>; erroCpf?: ErroCampo } {
  const campo = camposDoRequerente(d).cpf;
  if (!cidadao || !campo) return { respostas };
  const dado = respostaDe(respostas, campo.id);
  if (dado === undefined || dado === null || dado === '') return { respostas: { ...respostas, [campo.id]: formatarCpf(cidadao.cpf) } };
  if (typeof dado !== 'string' || soDigitos(dado) !== cidadao.cpf) return { respostas, erroCpf: { field: `respostas.${campo.id}`, message: 'Este CPF não é o da sua conta de cidadão: o formulário só pode ser enviado em seu próprio nome.' } };
  return { respostas };
}

/** The answers with the questions the designer maps to the login (issue 21) set from the token. */
export function comDadosDoLogin(d: Definicao, respostas: Record<string, unknown>, cidadao: Cidadao | null): Record<string, unknown> {
  if (!cidadao) return respostas;
  const saida = { ...respostas };
  for (const s of d.secoes) for (const c of s.campos) {
    if (!c.preencherDoLogin || s.repeticao) continue;
    const v = valorDoLogin(cidadao, c.preencherDoLogin);
    if (v) saida[c.id] = v;
  }
  return saida;
}

/** What the login says for a question mapped to it, as the question's answer is written (CPF with its mask). */
export function valorDoLogin(c: Cidadao, dado: DadoDoLogin): string | null {
  switch (dado) {
    case 'cpf':
      return formatarCpf(c.cpf);
    case 'nome':
      return c.nome ?? null;
    case 'email':
      return c.email ?? null;
    default:
      return c.nascimento ?? null;
  }
}

/** The form's requester columns: from the fields the model marks, the token's CPF first; else what the token says. */
function requerenteDe(d: Definicao, respostas: Record<string, unknown>, cidadao: Cidadao | null): { cpf: string | null; nome: string | null; email: string | null } {
  const papeis = camposDoRequerente(d);
  const texto = (c?: { id: string }) => {
    const v = c ? respostaDe(respostas, c.id) : undefined;
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const cpfResposta = texto(papeis.cpf);
  return {
    cpf: cidadao?.cpf ?? (cpfResposta ? soDigitos(cpfResposta) : null),
    nome: texto(papeis.nome) ?? cidadao?.nome ?? null,
    email: texto(papeis.email),
  };
}

type LinhaSaida = FormularioGravado;
const SELECT_SAIDA = 'select protocolo, codigo_servico, modelo_versao, status, recebido_em, codigo_verificacao from formulario';
const saida = (f: LinhaSaida) => ({
  protocolo: f.protocolo,
  codigoServico: f.codigo_servico,
  versaoModelo: f.modelo_versao,
  status: f.status,
  recebidoEm: new Date(f.recebido_em).toISOString(),
  comprovante: { codigoVerificacao: f.codigo_verificacao, url: `/api/publico/comprovantes/${encodeURIComponent(f.protocolo)}?codigo=${encodeURIComponent(f.codigo_verificacao)}` },
});
