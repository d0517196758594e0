import { randomBytes } from 'node:crypto';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { Type } from 'typebox';
import { CorpoEnvio, Recibo } from '../../../contrato/formularios';
import { IDIOMAS_CIDADAO, type IdiomaCidadao } from '../../../i18n/cidadao';
import { textoCidadao } from '../../textosCidadao';
import { RecusaDaAssinatura, type AssinaturaGovbr } from '../../assinatura/govbr';
import { assinarPdfPor, selarPdf } from '../../pdf/selo';
import { gerarPdf } from '../../pdf/gerador';
import type { Cidadao } from '../cidadao';
import { ErroHttp, naoEncontrado } from '../erros';
import { parametros } from '../contrato';
import { doc, params, retornoAutorizado, type ContextoPublico } from './contextoPublico';
import type { CorpoEnviado, Envio, ModoEnvio, Recibo as ReciboEnvio } from './envios';
import { Enum, Nulavel } from '../../../contrato/comum';
import { RETORNO_ASSINATURA_GOVBR } from '../../../forms/vocabulario';
import type { registrarCoassinaturas } from './coassinaturas';

/** How long a citizen has at gov.br to authorise the signature (its token is good for 10 minutes after that). */
const PRAZO_MINUTOS = 30;

type Pendente = { id: string; codigo_servico: string; corpo: CorpoEnviado; cidadao: Cidadao | null; idioma: IdiomaCidadao; idiomas: string; retorno: string; situacao: string; motivo: string | null; formulario_id: string | null; parte_id: string | null };

const Situacao = Type.Object(
  {
    situacao: Enum(['AGUARDANDO', 'ASSINANDO', 'ASSINADA', 'RECUSADA'] as const, 'AGUARDANDO: o cidadão está no gov.br; ASSINANDO: a assinatura está sendo feita; ASSINADA: o formulário foi guardado (o recibo vem junto); RECUSADA: o gov.br recusou ou não respondeu (o motivo vem junto); nada foi guardado.'),
    motivo: Nulavel(Type.String({ description: 'Por que não foi assinado, no idioma do cidadão (as palavras do próprio gov.br quando ele as deu).' })),
    recibo: Nulavel(Recibo),
  },
  { title: 'SituacaoAssinatura' },
);

/**
 * The citizen's gov.br signature (issue 44). `POST /modelos/{c}/assinaturas` checks the submission as a send does and
 * keeps it (nothing is written as a form), answering where the citizen authorises the signature at gov.br; gov.br
 * brings the browser to `GET /assinaturas/retorno`, where the receipt is made with the form's protocol, its bytes'
 * SHA-256 signed by gov.br (the PKCS#7 embedded in the PDF, the state's seal after it), and the form written with it;
 * then the browser goes back to the portal page, which asks `GET /assinaturas/{id}` for the outcome. A refusal (a bronze
 * account, the citizen saying no, gov.br down) writes nothing and says why; the answers wait in the citizen's tab.
 */
export function registrarAssinaturas(
  api: FastifyInstance,
  ctx: ContextoPublico,
  porModelo: onRequestAsyncHookHandler,
  envios: { enviar(codigo: string, e: Envio, modo?: ModoEnvio): Promise<{ saida: ReciboEnvio | null; id?: string }>; recibo(id: string): Promise<ReciboEnvio> },
  coassinaturas: ReturnType<typeof registrarCoassinaturas>,
) {
  const db = ctx.db;
  const govbr: AssinaturaGovbr | null = ctx.o.assinaturaGovbr ?? null;

  api.post<{ Params: { codigoServico: string }; Body: CorpoEnviado & { retorno: string } }>(
    '/modelos/:codigoServico/assinaturas',
    {
      bodyLimit: ctx.o.limites.corpoBytes,
      onRequest: porModelo,
      schema: doc('iniciarAssinatura', 'Confere um envio e leva o cidadão a assiná-lo no gov.br', {
        publica: true,
        descricao: `Para modelos com \`assinatura\` (issue 44). As respostas são conferidas como no envio (os mesmos erros do envio), e o envio espera, sem virar formulário, até o cidadão autorizar a assinatura no gov.br (até ${PRAZO_MINUTOS} minutos). Abra \`url\`: o gov.br volta a esta API (\`GET /api/publico/assinaturas/retorno\`, o redirect_uri a registrar no ITI), que assina o comprovante, guarda o formulário e leva o navegador de volta a \`retorno\` com \`?${RETORNO_ASSINATURA_GOVBR}=<id>\`.`,
        params,
        corpo: Type.Object({ ...CorpoEnvio.properties, retorno: Type.String({ maxLength: 2000, description: 'A página do portal para onde o cidadão volta (de uma origem de API_ORIGINS).' }) }),
        resposta: { status: 201, descricao: 'Aguardando a autorização no gov.br.', corpo: Type.Object({ id: Type.String(), url: Type.String({ description: 'A autorização da assinatura no gov.br (OAuth, scope `sign`).' }) }) },
        erros: [400, 401, 403, 404, 410, 422, 429],
        porque: { 400: 'O endereço de volta não é de um portal autorizado.', 503: 'Este ambiente não tem a API de assinatura do gov.br (ASSINATURA_GOVBR_CLIENT_ID).' },
      }),
    },
    async (req, rep) => {
      const { retorno, ...corpo } = req.body;
      const volta = retornoAutorizado(retorno, ctx.o.origens, req.idioma);
      if (!govbr) throw new ErroHttp(503, textoCidadao(req.idioma, 'api.assinatura-indisponivel'));
      let cidadao: Cidadao | null = null;
      // Checked now, so the citizen is not sent to gov.br with answers the send would refuse.
      await envios.enviar(req.params.codigoServico, { corpo, idioma: req.idioma, idiomas: req.idiomas, cidadao: async (m) => (cidadao = await ctx.cidadaoAutorizado(req, m)) }, { soConferir: true });
      const id = randomBytes(24).toString('base64url');
      await db.query('insert into assinatura_pendente (id, codigo_servico, corpo, cidadao, idioma, idiomas, retorno) values ($1, $2, $3, $4, $5, $6, $7)', [id, req.params.codigoServico, JSON.stringify(corpo), cidadao ? JSON.stringify(cidadao) : null, req.idioma, req.idiomas.join(','), volta.toString()]);
      return rep.code(201).send({ id, url: govbr.autorizacao(id) });
    },
  );

  api.get<{ Querystring: { code?: string; state?: string; error?: string } }>(
    '/assinaturas/retorno',
    {
      // A browser's navigation (the OAuth redirect_uri registered at the ITI), not an API call: out of the API's document,
      // described in iniciarAssinatura's and in README. It answers 303 back to the portal page, or 404 for a state unknown.
      schema: { hide: true, querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 2000 })), state: Type.Optional(Type.String({ maxLength: 100 })), error: Type.Optional(Type.String({ maxLength: 200 })) }) },
    },
    async (req, rep) => {
      // Taken once: a reload of this address (its code already spent) finds it taken and just goes back.
      const [p] = await db.query<Pendente>(
        `update assinatura_pendente set situacao = 'ASSINANDO' where id = $1 and situacao = 'AGUARDANDO' and criada_em > now() - make_interval(mins => $2)
         returning id, codigo_servico, corpo, cidadao, idioma, idiomas, retorno, situacao, motivo, formulario_id::text, parte_id::text`,
        [req.query.state ?? '', PRAZO_MINUTOS],
      );
      if (!p) {
        const [ja] = await db.query<{ retorno: string }>('select retorno from assinatura_pendente where id = $1', [req.query.state ?? '']);
        if (ja) return rep.redirect(voltar(ja.retorno, req.query.state!), 303);
        throw naoEncontrado(textoCidadao(req.idioma, 'api.assinatura-inexistente'));
      }
      const fim = async (situacao: 'ASSINADA' | 'RECUSADA', motivo: string | null, formulario: string | null) => {
        await db.query('update assinatura_pendente set situacao = $2, motivo = $3, formulario_id = $4 where id = $1', [p.id, situacao, motivo, formulario]);
        return rep.redirect(voltar(p.retorno, p.id), 303);
      };
      try {
        if (!req.query.code || !govbr) throw new RecusaDaAssinatura('api.assinatura-nao-autorizada');
        const token = await govbr.token(req.query.code);
        const titular = await govbr.certificado(token);
        // A co-signer's authorisation (issue 46): their own document signed, and their co-signature written.
        if (p.parte_id) {
          const recusa = await coassinaturas.assinarComGovbr(p.parte_id, p, titular, (conteudo) => govbr.assinar(token, conteudo), req.ip);
          return await fim(recusa ? 'RECUSADA' : 'ASSINADA', recusa, null);
        }
        // Signed in, the signature must be the account's own.
        if (p.cidadao && titular.cpf && titular.cpf !== p.cidadao.cpf) return await fim('RECUSADA', textoCidadao(p.idioma, 'api.assinatura-outra-pessoa'), null);
        const idiomas = p.idiomas.split(',').filter((i): i is IdiomaCidadao => (IDIOMAS_CIDADAO as readonly string[]).includes(i));
        const r = await envios.enviar(p.codigo_servico, { corpo: p.corpo, idioma: p.idioma, idiomas, cidadao: async () => p.cidadao }, {
          assinar: async (ficha) => {
            const quando = new Date();
            const documento = await gerarPdf({ ...ficha, assinaturaCidadao: { nome: titular.nome }, ...(ctx.o.selo ? { selo: { nome: ctx.o.selo.nome } } : {}) }, { classe: 'cidadao', origem: req.ip }, null);
            const doCidadao = await assinarPdfPor(documento, titular.nome, (conteudo) => govbr.assinar(token, conteudo), quando);
            const pdf = ctx.o.selo ? await selarPdf(doCidadao.pdf, ctx.o.selo, ficha.protocolo, quando) : doCidadao.pdf;
            return { pdf, pkcs7: doCidadao.pkcs7, assinatura: { situacao: 'ASSINADO', nome: titular.nome, cpf: titular.cpf, emissor: titular.emissor, assinadoEm: quando.toISOString() } };
          },
        });
        // A signed form is always written alone (never in a group), which gives its id.
        return await fim('ASSINADA', null, r.id!);
      } catch (e) {
        if (e instanceof RecusaDaAssinatura) return await fim('RECUSADA', e.doGovbr ?? textoCidadao(p.idioma, e.motivo), null);
        // The send refused now (the model closed meanwhile, an answer no longer valid): its words, its details.
        if (e instanceof ErroHttp) return await fim('RECUSADA', [e.detalhe, ...(e.erros ?? []).map((x) => x.message)].join(' '), null);
        await db.query(`update assinatura_pendente set situacao = 'RECUSADA', motivo = $2 where id = $1`, [p.id, textoCidadao(p.idioma, 'api.assinatura-falhou')]);
        throw e;
      }
    },
  );

  api.get<{ Params: { id: string } }>(
    '/assinaturas/:id',
    {
      schema: doc('obterAssinatura', 'Como terminou a assinatura gov.br de um envio', {
        publica: true,
        descricao: 'O elemento pergunta ao voltar do gov.br: ASSINADA com o recibo do formulário guardado, ou RECUSADA com o motivo (as respostas continuam na aba do cidadão).',
        params: parametros({ id: Type.String({ minLength: 10, maxLength: 100 }) }),
        resposta: { descricao: 'A situação.', corpo: Situacao },
        erros: [404, 429],
      }),
    },
    async (req) => {
      const [p] = await db.query<Pendente>('select situacao, motivo, formulario_id::text from assinatura_pendente where id = $1 and criada_em > now() - interval \'1 day\'', [req.params.id]);
      if (!p) throw naoEncontrado(textoCidadao(req.idioma, 'api.assinatura-inexistente'));
      return { situacao: p.situacao, motivo: p.motivo, recibo: p.formulario_id ? await envios.recibo(p.formulario_id) : null };
    },
  );
}

/** The portal page with the outcome's id in its query. */
function voltar(retorno: string, id: string): string {
  const u = new URL(retorno);
  u.searchParams.set(RETORNO_ASSINATURA_GOVBR, id);
  return u.toString();
}
