import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RETORNO_ASSINATURA_GOVBR } from '../../../forms/vocabulario';
import { Type } from 'typebox';
import type { Definicao } from '../../../forms/definicao';
import { definicaoDoCidadao } from '../../../forms/etapas';
import { mascarar } from '../../../forms/dadosPessoais';
import { mascararCpf } from '../../../forms/cpf';
import { respostasComoVistas } from '../../../forms/respostas';
import { tradutorCidadao } from '../../../i18n/cidadao';
import { gerarPdf } from '../../pdf/gerador';
import { assinarPdfPor, selarPdf } from '../../pdf/selo';
import { idiomaDoConteudo, modeloNoIdioma, traduzirDefinicao } from '../../../forms/traducoes';
import type { IdiomaCidadao } from '../../../i18n/cidadao';
import { Andamento, Coassinatura, CorpoCoassinatura } from '../../../contrato/etapas';
import { codigoConfere } from '../../pdf/comprovante';
import { textoCidadao } from '../../textosCidadao';
import { COLUNAS_PARTE, STATUS_EM_ETAPA, type LinhaParte } from '../../etapas/fluxo';
import { hashDoCodigo } from '../../codigos';
import { ErroHttp, conflito, naoEncontrado, proibido } from '../erros';
import { parametros } from '../contrato';
import type { Cidadao } from '../cidadao';
import { doc, retornoAutorizado, type ContextoPublico } from './contextoPublico';

/** Wrong-CPF sign-ins a link takes before it is blocked (issue 46: attempts are logged and limited). */
export const TENTATIVAS_CPF = 5;

interface LinhaCoassinatura extends LinhaParte {
  protocolo: string;
  recebido_em: string;
  modelo_versao: number;
  idioma: IdiomaCidadao;
  status: string;
  respostas: Record<string, unknown>;
  definicao: Definicao | null;
  nome_modelo: string;
  descricao_modelo: string;
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/**
 * The co-signer's side (issue 46): the link's code (only its hash is stored) opens the form the citizen sent, as the
 * check step showed it, to the person named; they sign (accepting the model's declaration) or refuse with a reason.
 * A request for a CPF shows the form only to a citizen token with that CPF; wrong CPFs are counted and, after
 * `TENTATIVAS_CPF`, the link is blocked. A link is single-use: once answered, or once its step is over, it only says
 * so. A co-signer never reads a draft nor changes an answer: nothing here writes to the form's answers.
 */
export function registrarCoassinaturas(api: FastifyInstance, ctx: ContextoPublico) {
  const db = ctx.db;
  const paramsCodigo = parametros({ codigo: Type.String({ minLength: 10, maxLength: 100, description: 'O código do link recebido por e-mail.' }) });

  const buscar = async (codigo: string, idioma: IdiomaCidadao, porId?: string) => {
    const [p] = await db.query<LinhaCoassinatura>(
      `select ${COLUNAS_PARTE}, f.protocolo, f.recebido_em, f.modelo_versao, f.idioma, f.status, f.respostas, v.definicao, coalesce(v.nome, m.nome) as nome_modelo, m.descricao as descricao_modelo
         from formulario_parte p join formulario f on f.id = p.formulario_id join modelo m on m.codigo_servico = f.codigo_servico
         left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao
        where ${porId ? 'p.id = $1' : 'p.codigo_hash = $1'} and p.tipo = 'COASSINATURA'`,
      [porId ?? hashDoCodigo(codigo)],
    );
    if (!p) throw naoEncontrado(textoCidadao(idioma, 'api.coassinatura-inexistente'));
    return p;
  };

  /** The co-signer's login, when the request is for a CPF: none is 401, another CPF 403 (counted), blocked after too many. */
  async function conferirLogin(req: FastifyRequest, p: LinhaCoassinatura, idioma: IdiomaCidadao): Promise<Cidadao | null> {
    if (!p.cpf) return ctx.cidadaoDoPedido(req).catch(() => null);
    if (p.tentativas >= TENTATIVAS_CPF) throw proibido(textoCidadao(idioma, 'api.coassinatura-bloqueada'));
    const cidadao = await ctx.cidadaoDoPedido(req);
    if (!cidadao) throw new ErroHttp(401, textoCidadao(idioma, 'api.coassinatura-login'), undefined, undefined, { 'www-authenticate': 'Bearer' });
    if (cidadao.cpf !== p.cpf) {
      await db.query('update formulario_parte set tentativas = tentativas + 1 where id = $1', [p.id]);
      throw proibido(textoCidadao(idioma, 'api.coassinatura-cpf'));
    }
    return cidadao;
  }

  /** The model's declaration when signing: accepted, or 422. */
  function declaracaoDe(p: LinhaCoassinatura, assinar: boolean, aceita: boolean | undefined, idioma: IdiomaCidadao): string | null {
    const declaracao = p.definicao?.declaracao ? saida(p, false).declaracao : null;
    if (assinar && declaracao && aceita !== true) throw new ErroHttp(422, textoCidadao(idioma, 'api.corrigir'), [{ field: 'declaracaoAceita', message: textoCidadao(idioma, 'api.corrigir') }]);
    return declaracao;
  }
  /** A request still open to an answer (checked again, locked, when the answer is written). */
  function aberto(p: LinhaParte, idioma: IdiomaCidadao) {
    if (p.situacao !== 'PENDENTE') throw conflito(textoCidadao(idioma, 'api.coassinatura-encerrada'));
    if (p.prazo_em && Date.parse(p.prazo_em) < Date.now()) throw new ErroHttp(410, textoCidadao(idioma, 'api.coassinatura-expirada'));
  }
  /** The co-signer's answer, in one transaction with the form locked: the party, its event, then the next step or the end. */
  async function agir(p: LinhaCoassinatura, situacao: 'ASSINADO' | 'RECUSADO', aceite: Record<string, unknown>, motivo: string | null, idioma: IdiomaCidadao, pdf: Buffer | null = null) {
    await db.transacao(async (tx) => {
      const t = await ctx.o.fluxo.travar(tx, p.formulario_id);
      const agora = t?.partes.find((x) => x.id === p.id);
      if (!t || !agora || !STATUS_EM_ETAPA.includes(t.f.status)) throw conflito(textoCidadao(idioma, 'api.coassinatura-encerrada'));
      aberto(agora, idioma);
      const autor = p.nome ?? (mascarar('email', p.email ?? '') as string);
      await tx.query('update formulario_parte set situacao = $2, motivo = $3, autor = $4, agiu_em = now(), aceite = $5, pdf_assinado = $6 where id = $1', [p.id, situacao, motivo, autor, JSON.stringify(aceite), pdf]);
      agora.situacao = situacao;
      const cpf = typeof aceite.cpf === 'string' ? { cpf: mascararCpf(aceite.cpf) } : {};
      await ctx.o.fluxo.evento(tx, t.f, situacao === 'ASSINADO' ? 'COASSINADO' : 'COASSINATURA_RECUSADA', 'coassinante', { etapa: p.etapa, titulo: p.titulo, nome: p.nome ? mascarar('nome', p.nome) : null, email: p.email ? mascarar('email', p.email) : null, ...(situacao === 'ASSINADO' ? { declaracao: !!aceite.texto, ...cpf, ...(aceite.govbr ? { govbr: true } : {}) } : { motivo }) });
      if (situacao === 'ASSINADO') await ctx.o.fluxo.avancar(tx, p.formulario_id, t);
      else await ctx.o.fluxo.encerrar(tx, t.f, 'RECUSADO', motivo);
    });
  }

  const saida = (p: LinhaCoassinatura, comFormulario: boolean) => {
    const d = p.definicao ? definicaoDoCidadao(p.definicao) : null;
    const emIdioma = d ? modeloNoIdioma(d, { nome: p.nome_modelo, descricao: p.descricao_modelo }, [p.idioma]) : null;
    return {
      protocolo: p.protocolo,
      modelo: emIdioma?.textos.nome ?? p.nome_modelo,
      idioma: p.idioma,
      // The step's title as the model's translations have it in the form's language (issue 37).
      etapa: emIdioma?.definicao.etapas?.find((e) => e.id === p.etapa)?.titulo ?? p.titulo,
      nome: p.nome,
      situacao: p.situacao,
      prazoEm: iso(p.prazo_em),
      agiuEm: iso(p.agiu_em),
      exigeLogin: !!p.cpf,
      assinatura: p.definicao?.assinatura ?? null,
      declaracao: emIdioma?.definicao.declaracao?.texto ?? null,
      definicao: comFormulario && emIdioma ? emIdioma.definicao : null,
      respostas: comFormulario ? p.respostas : null,
    };
  };

  api.get<{ Params: { codigo: string } }>(
    '/coassinaturas/:codigo',
    {
      schema: doc('obterCoassinatura', 'O pedido de assinatura de um coassinante', {
        publica: true,
        descricao: 'O formulário enviado pelo requerente, como ele o conferiu, com a etapa, o prazo e a declaração. Num pedido para um CPF, envie o token do cidadão desse CPF: sem ele, só o cabeçalho vem (sem definição nem respostas).',
        params: paramsCodigo,
        resposta: { descricao: 'O pedido.', corpo: Coassinatura, cabecalhos: { 'Cache-Control': Type.String({ const: 'no-store' }) } },
        erros: [401, 403, 404, 429],
        porque: { 401: 'Token do cidadão inválido ou expirado.', 403: 'O token é de outro CPF (a tentativa é contada), ou o link foi bloqueado por tentativas demais.' },
      }),
    },
    async (req, rep) => {
      const p = await buscar(req.params.codigo, req.idioma);
      rep.header('cache-control', 'no-store');
      // Without the login the request asks for, only who and until when: the answers stay hidden.
      if (p.cpf && !req.headers.authorization) return saida(p, false);
      await conferirLogin(req, p, req.idioma);
      return saida(p, true);
    },
  );

  api.post<{ Params: { codigo: string }; Body: { decisao: 'ASSINAR' | 'RECUSAR'; motivo?: string; declaracaoAceita?: boolean } }>(
    '/coassinaturas/:codigo',
    {
      schema: doc('responderCoassinatura', 'Assina ou recusa um pedido de assinatura', {
        publica: true,
        descricao: 'Assinar aceita a declaração do modelo (`declaracaoAceita: true`); recusar pede o motivo, que encerra o formulário (RECUSADO, nunca entregue) e vai ao requerente por e-mail. O aceite guarda o texto exato, o instante, o endereço de origem e o CPF do login. Uma vez só por link.',
        params: paramsCodigo,
        corpo: CorpoCoassinatura,
        resposta: { descricao: 'O pedido, respondido.', corpo: Coassinatura },
        erros: [400, 401, 403, 404, 409, 410, 422, 429],
        porque: { 401: 'O pedido é para um CPF: envie o token do cidadão.', 403: 'O token é de outro CPF, ou o link foi bloqueado.', 409: 'O pedido já foi respondido, ou o formulário foi encerrado.', 410: 'O prazo da etapa terminou.', 422: 'Para assinar, aceite a declaração; para recusar, diga o motivo.' },
      }),
    },
    async (req) => {
      const idioma = req.idioma;
      const p = await buscar(req.params.codigo, idioma);
      const cidadao = await conferirLogin(req, p, idioma);
      const assinar = req.body.decisao === 'ASSINAR';
      const motivo = req.body.motivo?.trim() ?? '';
      if (!assinar && (motivo.length < 3 || motivo.length > 500)) throw new ErroHttp(422, textoCidadao(idioma, 'api.motivo-recusa'), [{ field: 'motivo', message: textoCidadao(idioma, 'api.motivo-recusa') }]);
      // Where the model requires the citizen's gov.br signature, each co-signer signs the same way (…/assinatura).
      if (assinar && p.definicao?.assinatura === 'exigida') throw new ErroHttp(422, textoCidadao(idioma, 'api.coassinatura-govbr'));
      const declaracao = declaracaoDe(p, assinar, req.body.declaracaoAceita, idioma);
      await agir(p, assinar ? 'ASSINADO' : 'RECUSADO', { texto: declaracao, em: new Date().toISOString(), origem: req.ip, cpf: cidadao?.cpf ?? null, loginNome: cidadao?.nome ?? null }, assinar ? null : motivo, idioma);
      return saida(await buscar(req.params.codigo, idioma), true);
    },
  );

  api.post<{ Params: { codigo: string }; Body: { retorno: string; declaracaoAceita?: boolean } }>(
    '/coassinaturas/:codigo/assinatura',
    {
      schema: doc('iniciarCoassinaturaGovbr', 'Leva o coassinante a assinar no gov.br', {
        publica: true,
        descricao: `Num modelo com \`assinatura\` (issue 44), o coassinante assina como o requerente: autoriza no gov.br a assinatura do documento do pedido (o formulário como o requerente o conferiu), que volta assinado e selado e fica guardado com a sua parte. Abra \`url\`; o gov.br volta a \`GET /api/publico/assinaturas/retorno\`, que assina, registra a coassinatura e leva o navegador a \`retorno\` com \`?${RETORNO_ASSINATURA_GOVBR}=<id>\` (a situação em \`GET /api/publico/assinaturas/{id}\`). O CPF do certificado tem de ser o do pedido (ou o do login).`,
        params: paramsCodigo,
        corpo: Type.Object({ retorno: Type.String({ maxLength: 2000, description: 'A página do portal para onde o coassinante volta (de uma origem de API_ORIGINS).' }), declaracaoAceita: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
        resposta: { status: 201, descricao: 'Aguardando a autorização no gov.br.', corpo: Type.Object({ id: Type.String(), url: Type.String({ description: 'A autorização da assinatura no gov.br (OAuth, scope `sign`).' }) }) },
        erros: [400, 401, 403, 404, 409, 410, 422, 429],
        porque: { 400: 'O endereço de volta não é de um portal autorizado.', 409: 'O pedido já foi respondido, ou o formulário foi encerrado.', 410: 'O prazo da etapa terminou.', 422: 'O modelo não pede a assinatura gov.br, ou a declaração não foi aceita.', 503: 'Este ambiente não tem a API de assinatura do gov.br.' },
      }),
    },
    async (req, rep) => {
      const idioma = req.idioma;
      const p = await buscar(req.params.codigo, idioma);
      const cidadao = await conferirLogin(req, p, idioma);
      const volta = retornoAutorizado(req.body.retorno, ctx.o.origens, idioma);
      if (!p.definicao?.assinatura) throw new ErroHttp(422, textoCidadao(idioma, 'api.coassinatura-sem-govbr'));
      if (!ctx.o.assinaturaGovbr) throw new ErroHttp(503, textoCidadao(idioma, 'api.assinatura-indisponivel'));
      declaracaoDe(p, true, req.body.declaracaoAceita, idioma);
      aberto(p, idioma);
      const id = randomBytes(24).toString('base64url');
      await db.query('insert into assinatura_pendente (id, codigo_servico, corpo, cidadao, idioma, idiomas, retorno, parte_id) values ($1, (select codigo_servico from formulario where id = $2), $3, $4, $5, $6, $7, $8)', [id, p.formulario_id, '{}', cidadao ? JSON.stringify(cidadao) : null, idioma, req.idiomas.join(','), volta.toString(), p.id]);
      return rep.code(201).send({ id, url: ctx.o.assinaturaGovbr.autorizacao(id) });
    },
  );

  /**
   * Back from gov.br with a co-signer's authorisation (the return route of assinaturas.ts): the document of the request
   * (the form as the requester checked it, the declaration, who co-signs) signed by gov.br over its bytes, sealed by
   * the state, kept with the party; then the co-signature is written as a plain one is. Resolves the reason of a
   * refusal, or null when signed.
   */
  async function assinarComGovbr(parteId: string, pedido: { cidadao: Cidadao | null; idioma: IdiomaCidadao }, titular: { nome: string; cpf: string | null; emissor: string }, assinar: (conteudo: Buffer) => Promise<Buffer>, origem: string): Promise<string | null> {
    const idioma = pedido.idioma;
    const p = await buscar('', idioma, parteId);
    const esperado = p.cpf ?? pedido.cidadao?.cpf ?? null;
    if (esperado && titular.cpf && titular.cpf !== esperado) return textoCidadao(idioma, 'api.assinatura-outra-pessoa');
    aberto(p, idioma);
    const vista = saida(p, true);
    const quando = new Date();
    const documento = await gerarPdf(
      {
        modelo: vista.modelo,
        versao: p.modelo_versao,
        protocolo: p.protocolo,
        recebidoEm: new Date(p.recebido_em).toISOString(),
        status: textoCidadao(idioma, 'doc.coassinatura', { nome: titular.nome, etapa: vista.etapa }),
        blocos: vista.definicao ? respostasComoVistas(vista.definicao, p.respostas, p.respostas, tradutorCidadao(idioma)) : [],
        idioma,
        declaracao: vista.declaracao ? { texto: vista.declaracao, aceitaEm: quando.toISOString() } : null,
        assinaturaCidadao: { nome: titular.nome },
        ...(ctx.o.selo ? { selo: { nome: ctx.o.selo.nome } } : {}),
      },
      { classe: 'cidadao', origem },
      null,
    );
    const doCoassinante = await assinarPdfPor(documento, titular.nome, assinar, quando);
    const pdf = ctx.o.selo ? await selarPdf(doCoassinante.pdf, ctx.o.selo, p.protocolo, quando) : doCoassinante.pdf;
    await agir(p, 'ASSINADO', { texto: vista.declaracao, em: quando.toISOString(), origem, cpf: titular.cpf ?? pedido.cidadao?.cpf ?? null, loginNome: pedido.cidadao?.nome ?? null, govbr: { nome: titular.nome, cpf: titular.cpf, emissor: titular.emissor, assinadoEm: quando.toISOString() } }, null, idioma, pdf);
    return null;
  }

  /** Where the form is (issue 46), for whoever holds its receipt: each step, each party (names masked), refusals' reasons. */
  api.get<{ Params: { protocolo: string }; Querystring: { codigo: string } }>(
    '/comprovantes/:protocolo/andamento',
    {
      schema: doc('obterAndamento', 'O andamento de um formulário com etapas', {
        publica: true,
        descricao: 'O status e cada etapa depois do envio (coassinaturas, análises), com a situação de cada parte. O protocolo e o código de verificação do recibo são a chave.',
        params: parametros({ protocolo: Type.String({ minLength: 1, maxLength: 40 }) }),
        query: Type.Object({ codigo: Type.String({ minLength: 1, maxLength: 40 }) }),
        resposta: { descricao: 'O andamento.', corpo: Andamento },
        erros: [404, 429],
      }),
    },
    async (req, rep) => {
      const [f] = await db.query<{ id: string; status: string; codigo_verificacao: string | null; definicao: Definicao | null }>(
        'select f.id::text, f.status, f.codigo_verificacao, v.definicao from formulario f left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao where f.protocolo = $1',
        [req.params.protocolo],
      );
      if (!f || !codigoConfere(f.codigo_verificacao, req.query.codigo)) throw naoEncontrado(textoCidadao(req.idioma, 'api.comprovante-inexistente'));
      const partes = await db.query<LinhaParte>(`select ${COLUNAS_PARTE} from formulario_parte p where p.formulario_id = $1 order by p.ordem, p.id`, [f.id]);
      // The steps' titles in the language of the model's texts the citizen reads (issue 37).
      const titulos = new Map((f.definicao ? (traduzirDefinicao(f.definicao, idiomaDoConteudo(f.definicao, req.idiomas)).etapas ?? []) : []).map((e) => [e.id, e.titulo]));
      const etapas: { titulo: string; tipo: string; partes: unknown[] }[] = [];
      for (const p of partes) {
        if (etapas.length <= p.ordem) etapas.push({ titulo: titulos.get(p.etapa) ?? p.titulo, tipo: p.tipo, partes: [] });
        etapas[p.ordem].partes.push({ nome: p.nome ? (mascarar('nome', p.nome) as string) : null, situacao: p.situacao, prazoEm: iso(p.prazo_em), agiuEm: iso(p.agiu_em), motivo: p.motivo });
      }
      rep.header('cache-control', 'no-store');
      return { protocolo: req.params.protocolo, status: f.status, etapas };
    },
  );
  return { assinarComGovbr };
}
