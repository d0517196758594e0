import { createHash } from 'node:crypto';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { Type } from 'typebox';
import { type Definicao } from '../../../forms/definicao';
import { formularioNoIdioma, idiomaDoConteudo, traduzirDefinicao } from '../../../forms/traducoes';
import { respostasVisiveis } from '../../../forms/condicoes';
import { arquivosSemEnvio, chavesDesconhecidas, errosDasRespostas, respostaDe, respostasGuardadas } from '../../../forms/preenchimento';
import { traduzirCidadao, type IdiomaCidadao } from '../../../i18n/cidadao';
import { textoCidadao } from '../../textosCidadao';
import { camposDoRequerente, enderecoDeConfirmacao, type DadoDoLogin } from '../../../forms/definicao';
import { formatarCpf, soDigitos } from '../../../forms/cpf';
import { camposPessoais } from '../../../forms/dadosPessoais';
import type { ErroCampo } from '../../../contrato/problema';
import { CorpoEnvio, Recibo } from '../../../contrato/formularios';
import type { Cidadao } from '../cidadao';
import { ErroHttp, invalido, naoEncontrado } from '../erros';
import { novoCodigoVerificacao } from '../../pdf/comprovante';
import { exportacaoMascarada } from '../exportacao';
import { criarEnviosEmGrupo, type FormularioGravado } from '../enviosEmGrupo';
import { chaveDoDestinatario } from '../limites';
import { rascunhoDoCodigo } from './rascunhos';
import { contarJornada } from './jornada';
import { doc, params, type ContextoPublico, type LinhaPublica } from './contextoPublico';
import { ABERTO_AGORA_SQL } from '../situacaoModelo';
import { valorDaTaxa } from '../../../forms/taxa';
import { calcular, semCalculados } from '../../../forms/calculos';
import { PRAZO_PADRAO_MINUTOS } from '../../../forms/vocabulario';
import type { FichaPdf } from '../../pdf/fichaPdf';
import { situacaoDoEnvio } from '../../pix/situacao';
import { fichaDoComprovante } from './comprovantes';
import { exigirProvas } from './verificacoes';
import { definicaoDoCidadao, partesDoEnvio, STATUS_DA_PARTE } from '../../../forms/etapas';
import { partesEmJson, STATUS_EM_ETAPA } from '../../etapas/fluxo';
import type { StatusFormulario } from '../../../forms/status';

export type CorpoEnviado = { respostas: Record<string, unknown>; rascunho?: string; declaracaoAceita?: boolean; verificacoes?: Record<string, string> };

/** One submission as the routes hand it over: what was sent, in which language, and by whom. */
export interface Envio {
  corpo: CorpoEnviado;
  chave?: string | string[];
  idioma: IdiomaCidadao;
  idiomas: IdiomaCidadao[];
  /** The citizen the model takes (the token read again for each version of the model tried). */
  cidadao(m: LinhaPublica): Promise<Cidadao | null>;
}

/** What the citizen's gov.br signature (issue 44) gives the form: the signed receipt, the PKCS#7 and who signed. */
export interface FormularioAssinado {
  pdf: Buffer;
  pkcs7: Buffer;
  assinatura: { situacao: 'ASSINADO'; nome: string; cpf: string | null; emissor: string; assinadoEm: string };
}
/** Signs the receipt of a submission checked and about to be stored (its protocol and code already its own). */
export type Assinar = (ficha: FichaPdf) => Promise<FormularioAssinado>;

export interface ModoEnvio {
  /** Only check the answers (before the citizen goes to gov.br to sign): nothing is written. */
  soConferir?: boolean;
  /** The form is signed before it is written (the model asks for the citizen's gov.br signature). */
  assinar?: Assinar;
}
export type Recibo = ReturnType<typeof saida>;
/** A submission's outcome: its receipt (none when only checked), whether it repeats an earlier one, and the form's id when written alone. */
type Recebido = { saida: Recibo | null; repetido: boolean; id?: string };

/**
 * A citizen's submission (issue 8): the answers are checked with the same function and messages as the
 * builder's preview (src/forms/preenchimento.ts); the form, its first event, its delivery job, its
 * e-mails and its idempotency key are written in one statement.
 */
export function registrarEnvios(api: FastifyInstance, ctx: ContextoPublico, porModelo: onRequestAsyncHookHandler) {
  const db = ctx.db;
  const gravarEmGrupo = criarEnviosEmGrupo(db);

  /** A confirmation address, unless it has had its hour's share (an address typed by anyone must not become a mail cannon). */
  const dentroDoLimite = async (para: string | null) => (para && (await ctx.limites.contar(ctx.nomeados.confirmacoes, chaveDoDestinatario(para))).dentro ? para : null);

  api.post<{ Params: { codigoServico: string }; Body: CorpoEnviado }>(
    '/modelos/:codigoServico/formularios',
    { bodyLimit: ctx.o.limites.corpoBytes, onRequest: porModelo, schema: doc('enviarFormulario', 'Envia as respostas de um formulário', {
        publica: true,
        descricao: 'As respostas são conferidas com as mesmas regras da prévia do construtor. Os valores calculados do modelo são calculados aqui (o que vier com os seus nomes é descartado) e guardados com as respostas. Nos modelos restritos a um grupo de acesso público, envie o token do cidadão em Authorization. Com Idempotency-Key, repetir o mesmo envio devolve o mesmo protocolo (Idempotent-Replayed: true).',
        params,
        corpo: CorpoEnvio,
        cabecalhosPedido: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Chave do envio: a mesma chave com as mesmas respostas devolve o mesmo formulário.' })) }),
        resposta: { status: 201, descricao: 'Recebido: o comprovante.', corpo: Recibo, cabecalhos: { 'Idempotent-Replayed': Type.String({ const: 'true', 'x-opcional': true, description: 'Presente quando a resposta repete um envio anterior com a mesma Idempotency-Key.' }) } },
        erros: [401, 403, 404, 410, 422, 429],
        porque: { 401: 'Modelo restrito: sem token do cidadão, ou token inválido ou expirado.', 403: 'O CPF do cidadão não está no grupo de acesso público do modelo.', 422: 'Uma regra de bloqueio do modelo vale para estas respostas (em `errors`, `bloqueios.<id>` com a mensagem do modelo, no idioma pedido), ou a Idempotency-Key já foi usada para outras respostas.' },
      }) },
    async (req, rep) => {
      const r = await enviar(req.params.codigoServico, { corpo: req.body, chave: req.headers['idempotency-key'], idioma: req.idioma, idiomas: req.idiomas, cidadao: (m) => ctx.cidadaoAutorizado(req, m) });
      if (r.repetido) rep.header('idempotent-replayed', 'true');
      return rep.code(201).send(r.saida);
    },
  );

  /** One submission to model `codigo`, against its latest published version (tried again when it changed meanwhile). */
  async function enviar(codigo: string, e: Envio, modo: ModoEnvio = {}): Promise<Recebido> {
    let m = ctx.emCache(codigo) ?? (await ctx.modeloPublicado(codigo, e.idioma));
    for (;;) {
      const r = await receber(e, m, modo);
      if (r) return r;
      m = await ctx.modeloPublicado(codigo, e.idioma);
    }
  }

  /** The receipt of a form written (the signature's return reads it). */
  const recibo = async (id: string) => saida((await db.query<LinhaSaida>(`${SELECT_SAIDA} where id = $1`, [id]))[0]);


  /** Checks and stores one submission against model `m`; null when `m` is out of date. */
  async function receber(req: Envio, m: LinhaPublica, modo: ModoEnvio): Promise<Recebido | null> {
    const chave = modo.soConferir ? undefined : req.chave;
    if (chave !== undefined && (typeof chave !== 'string' || !chave.trim() || chave.length > 200)) throw invalido('O cabeçalho Idempotency-Key deve ter de 1 a 200 caracteres.');
    const cidadao = await req.cidadao(m);

    // A key is the sender's own: the citizen's CPF from the token, or '' for anonymous submissions.
    const titular = cidadao?.cpf ?? '';
    // Only a submission with an Idempotency-Key needs its body's fingerprint.
    const hash = chave ? createHash('sha256').update(JSON.stringify(req.corpo)).digest('hex') : null;
    const repetir = async () => {
      const [s] = await db.query<{ hash_corpo: string; formulario_id: string }>('select hash_corpo, formulario_id::text from submissao_idempotente where codigo_servico = $1 and titular = $2 and chave = $3', [m.codigo_servico, titular, chave]);
      if (!s) return null;
      if (s.hash_corpo !== hash) throw new ErroHttp(422, 'Esta Idempotency-Key já foi usada para outras respostas. Use uma chave nova para um novo envio.');
      return recibo(s.formulario_id);
    };
    // The replay first: a repeated submission from a draft finds the draft gone with the first one.
    if (chave) {
      const anterior = await repetir();
      if (anterior) return { saida: anterior, repetido: true };
    }

    ctx.conferirTamanhos(req.corpo.respostas);
    // A submission from a draft is checked against the version the draft started on, and deletes it.
    const rascunho = req.corpo.rascunho ? await rascunhoDoCodigo(db, req.corpo.rascunho, cidadao) : null;
    if (req.corpo.rascunho && (!rascunho || rascunho.codigo_servico !== m.codigo_servico)) throw naoEncontrado(textoCidadao(req.idioma, 'api.rascunho-inexistente'));
    if (rascunho) m = { ...m, ultima_versao: rascunho.modelo_versao, definicao: rascunho.definicao };

    // The citizen fills the model without the questions reserved to staff (issue 46).
    const definicao = definicaoDoCidadao(m.definicao!);
    const idioma = req.idioma;
    const { respostas: doCidadao, erroCpf } = comCpfDoCidadao(definicao, req.corpo.respostas, cidadao, idioma);
    // Questions filled from the citizen's login take the token's values, whatever the browser sent.
    // Calculated values (issue 43) are the server's: whatever the browser sent under their names is dropped.
    const enviadas = semCalculados(definicao, comDadosDoLogin(definicao, doCidadao, cidadao));
    // Answers to questions the citizen's other answers hide are dropped (their rules do not apply).
    const respostasDadas = respostasVisiveis(definicao, enviadas);
    // The messages in the citizen's language (Accept-Language), the same the element shows as one types.
    // The values computed here (stored beside the answers) and the rules that act: required questions, blocks.
    const calculo = calcular(definicao, respostasDadas);
    const porCampo = errosDasRespostas(definicao, respostasDadas, idioma, undefined, calculo.exigidos);
    const erros = [
      ...chavesDesconhecidas(definicao, respostasDadas).map((k) => ({ field: `respostas.${k}`, message: textoCidadao(idioma, 'api.campo-desconhecido', { campo: k }) })),
      // The declaration (issue 36): accepted, or nothing is sent.
      ...(definicao.declaracao && req.corpo.declaracaoAceita !== true ? [{ field: 'declaracaoAceita', message: traduzirCidadao(idioma, 'validacao.declaracao') }] : []),
      ...(erroCpf ? [erroCpf] : []),
      ...arquivosSemEnvio(definicao, respostasDadas).filter((k) => !Object.hasOwn(porCampo, k)).map((k) => ({ field: `respostas.${k}`, message: traduzirCidadao(idioma, 'validacao.arquivo-enviado') })),
      ...Object.entries(porCampo).map(([k, message]) => ({ field: `respostas.${k}`, message })).filter((e) => e.field !== erroCpf?.field),
    ];
    if (erros.length) throw invalido(textoCidadao(idioma, 'api.corrigir'), erros);
    // Verified questions (issue 45): each answered one proved by a code confirmed for exactly this value (422, naming it).
    const contatos = await exigirProvas(db, m.codigo_servico, definicao, respostasDadas, req.corpo.verificacoes, idioma, cidadao);
    // A blocking rule that holds refuses the form with the designer's message, in the language of the model's texts the citizen reads.
    if (calculo.bloqueios.length) {
      const lidas = traduzirDefinicao(definicao, idiomaDoConteudo(definicao, req.idiomas)).bloqueios ?? [];
      const mensagens = calculo.bloqueios.map((b) => ({ field: `bloqueios.${b.id}`, message: lidas.find((x) => x.id === b.id)?.mensagem ?? b.mensagem }));
      throw new ErroHttp(422, mensagens.map((x) => x.message).join(' '), mensagens);
    }
    // Each answer in its one stored form (a phone in E.164, money in centavos), then the server's own values.
    const respostas = { ...respostasGuardadas(definicao, respostasDadas), ...calculo.valores };
    const requerente = requerenteDe(definicao, respostas, cidadao);
    // The parties of the steps after sending (issue 46), frozen with the form: it waits for them, undelivered.
    const partes = partesDoEnvio(m.definicao!, respostas);
    const statusDasEtapas = partes.length ? STATUS_DA_PARTE[partes[0].tipo] : null;
    // A fee (issue 38): the form waits for its payment; without a PSP in this environment, no charge can be made.
    const taxa = valorDaTaxa(definicao, respostas);
    if (taxa && !ctx.o.pix) throw new ErroHttp(503, textoCidadao(idioma, 'api.pix-indisponivel'));
    // The declaration as the citizen read it: in the language of the model's texts they got (issue 37).
    const declaracaoLida = traduzirDefinicao(definicao, idiomaDoConteudo(definicao, req.idiomas)).declaracao?.texto ?? null;
    const confirmacao = ctx.o.emails ? await dentroDoLimite(enderecoDeConfirmacao(definicao, respostas)) : null;
    const equipe = ctx.o.emails ? definicao.emailEquipe?.trim() || null : null;
    // The gov.br account it is sent with (issue 44), kept with the form for the drawer and the delivery.
    const conta = cidadao?.confiabilidade ? JSON.stringify(cidadao.confiabilidade) : null;

    // File answers refer to uploads: checked and written out with the file's name, type, size and SHA-256
    // (after the replay check: a repeated submission finds its uploads already its own).
    const comAnexos = await ctx.o.anexos.resolverRespostas(m.codigo_servico, definicao.secoes.flatMap((s) => s.campos), respostas);
    if (comAnexos.erros.length) throw invalido(textoCidadao(idioma, 'api.corrigir'), comAnexos.erros);
    if (modo.soConferir) return { saida: null, repetido: false };
    // The citizen's gov.br signature (issue 44): a model that requires it takes only signed forms; one that asks for it
    // without requiring it marks an unsigned form as such. Signed, the receipt is made now, with the protocol and code
    // the form is written with, and signed before anything is written.
    if (definicao.assinatura === 'exigida' && !modo.assinar) throw new ErroHttp(422, textoCidadao(idioma, 'api.assinatura-exigida'));
    const protocolo = modo.assinar ? (await db.query<{ p: string }>(`select ${PROTOCOLO_NOVO} as p`))[0].p : null;
    const codigoVerificacao = novoCodigoVerificacao();
    const recebidoEm = new Date().toISOString();
    const assinado = modo.assinar
      ? await modo.assinar({
          ...fichaDoComprovante({ ...formularioNoIdioma({ definicao, modelo: m.nome, idioma }), modelo_versao: m.ultima_versao, protocolo: protocolo!, recebidoEm, respostas: comAnexos.respostas, codigo: codigoVerificacao, declaracao: declaracaoLida === null ? null : { texto: declaracaoLida, aceitaEm: recebidoEm }, status: situacaoDoEnvio(idioma, null) }),
        })
      : null;
    const assinatura = assinado ? assinado.assinatura : definicao.assinatura ? { situacao: 'SEM_ASSINATURA' } : null;
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
         vaga as (
           -- A model with a limit of answers (issue 36): one of its places, taken under the model row's lock in this
           -- same statement (a concurrent one waits and then sees the place gone), or none and nothing is written.
           update modelo m set respostas_recebidas = respostas_recebidas + 1
            where m.codigo_servico = $1 and m.versao = $10 and m.status = 'PUBLICADO' and ${ABERTO_AGORA_SQL}
              and m.limite_respostas is not null and m.respostas_recebidas < m.limite_respostas
              and (select count(*) from l) = cardinality($14::uuid[])
           returning 1),
         f as (
           insert into formulario (protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, respostas, cpf_requerente, nome_requerente, email_requerente, codigo_verificacao, exportacao_mascarada, idioma, declaracao, status, confiabilidade, recebido_em, assinatura)
           -- A signed form (issue 44) comes with the protocol and time its signed receipt shows.
           select coalesce($27::text, ${PROTOCOLO_NOVO}), $1, $2, $3, $4, $5, $6, $12, $13, $18, $19,
                  case when $20::text is null then null else jsonb_build_object('texto', $20::text, 'aceitaEm', coalesce($28::timestamptz, now())) end,
                  coalesce($33::text, case when $22::int is null then 'RECEBIDO' else 'AGUARDANDO_PAGAMENTO' end), $26::jsonb, coalesce($28::timestamptz, now()), $29::jsonb
            -- With a limit, the place taken above is the model's check (its row is then this statement's own: locking it
            -- again would skip it); without one, the model is locked for key share as always.
            where (case when $21::boolean then exists (select 1 from vaga)
                        else exists (select 1 from modelo m where m.codigo_servico = $1 and m.versao = $10 and m.status = 'PUBLICADO' and ${ABERTO_AGORA_SQL} and m.limite_respostas is null for key share) end)
              and (select count(*) from l) = cardinality($14::uuid[])
           returning id, protocolo, codigo_servico, modelo_versao, status, recebido_em, codigo_verificacao),
         e as (
           insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes)
           select id, $1, $2, 'RECEBIDO', 'portal-cidadao', jsonb_build_object('protocolo', protocolo, 'versaoModelo', $3::int) from f),
         r as (
           insert into retentativa_integracao (formulario_id, codigo_servico, grupo_controle_conteudo_id, destino, proxima_tentativa_em)
           select id, $1, $2, $7, now() from f where $7::text is not null and $22::int is null and $33::text is null),
         pt as (
           -- Its parties (issue 46), all waiting: the first step is opened right after, in its own transaction.
           insert into formulario_parte (formulario_id, ordem, etapa, titulo, tipo, prazo_dias, nome, email, cpf, grupo_controle_conteudo_id, situacao)
           select f.id, x.ordem, x.etapa, x.titulo, x.tipo, x.prazo_dias, x.nome, x.email, x.cpf, x.grupo_controle_conteudo_id, 'AGUARDANDO'
             from f, jsonb_to_recordset($34::jsonb) as x(ordem int, etapa text, titulo text, tipo text, prazo_dias int, nome text, email text, cpf text, grupo_controle_conteudo_id int)),
         p as (
           -- Its charge (issue 38), taken to the PSP right after: the delivery is written when it is paid.
           insert into cobranca_pix (formulario_id, codigo_servico, txid, valor_centavos, chave, descricao, prazo_minutos, expira_em)
           select id, $1, 'CF' || lpad(regexp_replace(protocolo, '[^0-9]', '', 'g'), 26, '0'), $22, $23, $24, $25, now() + make_interval(mins => $25) from f where $22::int is not null),
         k as (
           insert into submissao_idempotente (codigo_servico, titular, chave, hash_corpo, formulario_id)
           select $1, $11, $8, $9, id from f where $8::text is not null),
         a as (
           update anexo set formulario_id = f.id, rascunho_id = null from f where anexo.id in (select id from l)),
         d as (
           -- The draft it came from goes with the submission (the citizen's key dies with it).
           delete from rascunho where id = $15::bigint and exists (select 1 from f)),
         s as (
           insert into comprovante_assinado (formulario_id, pdf, pkcs7) select id, $30::bytea, $31::bytea from f where $30::bytea is not null),
         v as (
           -- How its verified questions were proved (issue 45), in its own timeline.
           insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes)
           select id, $1, $2, 'CONTATO_VERIFICADO', 'portal-cidadao', x from f, jsonb_array_elements($32::jsonb) x),
         c as (
           -- The e-mails it calls for (issue 21), queued with the form: a mail server down never loses it.
           insert into envio_email (formulario_id, tipo, para)
           select f.id, x.tipo, x.para from f, (values ('CONFIRMACAO', $16::text), ('EQUIPE', $17::text)) as x(tipo, para) where x.para is not null)
         select id::text, protocolo, codigo_servico, modelo_versao, status, recebido_em, codigo_verificacao from f`,
        [m.codigo_servico, m.grupo_controle_conteudo_id, m.ultima_versao, JSON.stringify(comAnexos.respostas), requerente.cpf, requerente.nome, m.integracao_url, chave ?? null, hash, m.versao, titular, requerente.email, codigoVerificacao, comAnexos.ids, rascunho?.id ?? null, confirmacao, equipe, exportacao, idioma, declaracaoLida, m.limite_respostas !== null, taxa || null, definicao.taxa?.chavePix ?? null, definicao.taxa?.descricao ?? null, definicao.taxa?.prazoMinutos ?? PRAZO_PADRAO_MINUTOS, conta, protocolo, assinado ? recebidoEm : null, assinatura ? JSON.stringify(assinatura) : null, assinado?.pdf ?? null, assinado?.pkcs7 ?? null, JSON.stringify(contatos), statusDasEtapas, partesEmJson(partes)],
        'envio-formulario',
      )
      )[0] ?? null;
    let criado: LinhaSaida | null;
    try {
      // Without uploads, a draft, a limit of answers, a fee, a signature or a verified contact, with the submissions arriving meanwhile in one statement (issue 19).
      criado = comAnexos.ids.length || rascunho || m.limite_respostas !== null || taxa || assinatura || contatos.length || partes.length
        ? await sozinho()
        : await gravarEmGrupo(
            { codigoServico: m.codigo_servico, grupo: m.grupo_controle_conteudo_id, modeloVersao: m.ultima_versao, respostas: JSON.stringify(comAnexos.respostas), cpf: requerente.cpf, nome: requerente.nome, email: requerente.email, codigoVerificacao, exportacaoMascarada: exportacao, destino: m.integracao_url, chave: chave ?? null, hash, versao: m.versao, titular, confirmacao, equipe, idioma, declaracao: declaracaoLida, confiabilidade: conta },
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
      const depois = comAnexos.ids.length ? await ctx.o.anexos.resolverRespostas(m.codigo_servico, definicao.secoes.flatMap((s) => s.campos), respostas) : null;
      if (depois?.erros.length) throw invalido(textoCidadao(idioma, 'api.corrigir'), depois.erros);
      return null;
    }
    ctx.o.aoReceber?.();
    // Its first step opened (the co-signers' links, the deadline); a crash right here is caught by the sweep.
    if (partes.length && criado.id) await db.transacao((tx) => ctx.o.fluxo.avancar(tx, criado!.id!));
    // Its charge at the PSP now, so the QR code is there when the page asks (the sweep tries again if the PSP is down).
    if (taxa && criado.id) await ctx.o.pix!.criar(criado.id).catch(() => undefined);
    // "Sent" in the journey's counters is counted here, from the real submission, never reported by a browser (issue 33).
    await contarJornada(db, m.codigo_servico, 'ENVIADO');
    return { saida: saida(criado), repetido: false, id: criado.id };
  }

  return { enviar, recibo };
}

/**
 * The citizen's CPF from their token is the requester's CPF (issue 13): the requester CPF field is
 * filled from it when empty, and an answer that differs is refused with a field error.
 */
function comCpfDoCidadao(d: Definicao, respostas: Record<string, unknown>, cidadao: Cidadao | null, idioma: IdiomaCidadao): { respostas: Record<string, unknown>; erroCpf?: ErroCampo } {
  const campo = camposDoRequerente(d).cpf;
  if (!cidadao || !campo) return { respostas };
  const dado = respostaDe(respostas, campo.id);
  if (dado === undefined || dado === null || dado === '') return { respostas: { ...respostas, [campo.id]: formatarCpf(cidadao.cpf) } };
  if (typeof dado !== 'string' || soDigitos(dado) !== cidadao.cpf) return { respostas, erroCpf: { field: `respostas.${campo.id}`, message: textoCidadao(idioma, 'api.cpf-da-conta') } };
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
/** A new protocol: the year in Brasília and the sequence's next number. */
const PROTOCOLO_NOVO = "to_char(now() at time zone 'America/Sao_Paulo', 'YYYY') || '.' || lpad(nextval('protocolo_seq')::text, 9, '0')";
const SELECT_SAIDA = 'select protocolo, codigo_servico, modelo_versao, status, recebido_em, codigo_verificacao from formulario';
const saida = (f: LinhaSaida) => ({
  ...(STATUS_EM_ETAPA.includes(f.status as StatusFormulario) ? { andamento: { url: `/api/publico/comprovantes/${encodeURIComponent(f.protocolo)}/andamento?codigo=${encodeURIComponent(f.codigo_verificacao)}` } } : {}),
  ...(f.status === 'AGUARDANDO_PAGAMENTO' ? { pagamento: { url: `/api/publico/pagamentos/${encodeURIComponent(f.protocolo)}?codigo=${encodeURIComponent(f.codigo_verificacao)}` } } : {}),
  protocolo: f.protocolo,
  codigoServico: f.codigo_servico,
  versaoModelo: f.modelo_versao,
  status: f.status,
  recebidoEm: new Date(f.recebido_em).toISOString(),
  comprovante: { codigoVerificacao: f.codigo_verificacao, url: `/api/publico/comprovantes/${encodeURIComponent(f.protocolo)}?codigo=${encodeURIComponent(f.codigo_verificacao)}` },
});
