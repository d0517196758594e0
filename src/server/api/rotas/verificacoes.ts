import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { Type } from 'typebox';
import { camposVerificados, canalDe, destinoDe, destinoMascarado, orcamentoSms, REGRAS_VERIFICACAO as R, type CanalVerificacao } from '../../../forms/verificacao';
import type { Definicao } from '../../../forms/definicao';
import { respostaDe } from '../../../forms/preenchimento';
import type { ErroCampo } from '../../../contrato/problema';
import { DataHora, Enum } from '../../../contrato/comum';
import { textoCidadao } from '../../textosCidadao';
import type { IdiomaCidadao } from '../../../i18n/cidadao';
import { enfileirarEmail } from '../../email/mensageiro';
import type { Executor } from '../../db';
import { ErroHttp, invalido, naoEncontrado } from '../erros';
import { chaveOpaca } from '../limites';
import { parametros } from '../contrato';
import { doc, params, type ContextoPublico } from './contextoPublico';

/**
 * Verified contact (issue 45). `POST /modelos/{c}/verificacoes` sends a 6-digit code (from the secure random source)
 * to the e-mail or phone typed in a question marked `verificado`: stored only as its SHA-256 (with the verification's
 * id), good for 10 minutes, 30 s between codes to the same value, at most 10 of them, and within the per-recipient,
 * per-address and per-model limits (shared through Redis where configured); a phone's codes also count against the
 * model's monthly SMS budget. `POST /verificacoes/{id}/confirmacao` takes the code: each try counted before the
 * comparison, the fifth refused even when right. The confirmed verification's id is the proof a submission carries in
 * `verificacoes`, checked against exactly that model, question and value (`exigirProvas`).
 */
const Verificacao = Type.Object(
  {
    id: Type.String({ description: 'A verificação: confirmada, é a prova que o envio leva em `verificacoes.<campo>`.' }),
    canal: Enum(['EMAIL', 'SMS'] as const),
    destino: Type.String({ description: 'Para onde o código foi, mascarado.' }),
    expiraEm: DataHora('Até quando o código vale.'),
    reenviarEm: DataHora('A partir de quando um novo código pode ser pedido.'),
  },
  { title: 'CodigoDeVerificacao' },
);

const hashDo = (id: string, codigo: string) => createHash('sha256').update(`${id}:${codigo}`).digest();

export function registrarVerificacoes(api: FastifyInstance, ctx: ContextoPublico, porModelo: onRequestAsyncHookHandler) {
  const db = ctx.db;

  api.post<{ Params: { codigoServico: string }; Body: { campo: string; valor: string } }>(
    '/modelos/:codigoServico/verificacoes',
    {
      onRequest: porModelo,
      schema: doc('enviarCodigoVerificacao', 'Envia um código para confirmar um e-mail ou telefone', {
        publica: true,
        descricao: `Para uma pergunta \`verificado\` (issue 45): um código de ${R.digitos} dígitos vai ao e-mail (pelo SMTP configurado) ou ao telefone (SMS_URL), válido por ${R.validadeMinutos} minutos. Um novo código ao mesmo valor só depois de ${R.esperaReenvioSegundos} s, e no máximo ${R.enviosPorValor}; além disso, limites por destinatário, por endereço e por modelo (429 com Retry-After) e o orçamento mensal de SMS do modelo.`,
        params,
        corpo: Type.Object({ campo: Type.String({ minLength: 1, maxLength: 100 }), valor: Type.String({ minLength: 1, maxLength: 254 }) }),
        resposta: { status: 201, descricao: 'O código foi enviado.', corpo: Verificacao },
        erros: [404, 410, 429],
        porque: { 429: 'Um código acabou de ser enviado a este valor, ou um limite foi atingido (Retry-After), ou o orçamento de SMS do modelo acabou neste mês.', 503: 'Este ambiente não envia e-mails (SMTP_URL) ou SMS (SMS_URL).' },
      }),
    },
    async (req, rep) => {
      const idioma = req.idioma;
      const m = await ctx.modeloPublicado(req.params.codigoServico, idioma);
      const campo = camposVerificados(m.definicao).find((c) => c.id === req.body.campo);
      if (!campo) throw invalido(textoCidadao(idioma, 'api.corrigir'), [{ field: 'campo', message: textoCidadao(idioma, 'api.verificacao-sem-campo', { campo: req.body.campo }) }]);
      const destino = destinoDe(campo, req.body.valor);
      if (!destino) throw invalido(textoCidadao(idioma, 'api.corrigir'), [{ field: 'valor', message: textoCidadao(idioma, campo.tipo === 'telefone' ? 'api.verificacao-telefone' : 'api.verificacao-email') }]);
      const canal = canalDe(campo);
      if (canal === 'EMAIL' ? !ctx.o.emails : !ctx.o.sms) throw new ErroHttp(503, textoCidadao(idioma, 'api.verificacao-indisponivel'));

      // Every code sent or refused is an event (never with the code), for the model's analytics and, once a form is
      // sent with the proof, for its timeline.
      const evento = (tipo: 'ENVIADO' | 'RECUSADO', verificacao: string | null, motivo?: MotivoRecusa) => registrarEvento(db, { verificacao, codigoServico: m.codigo_servico, campo: campo.id, canal, tipo, motivo, destino, origem: req.ip });
      const recusar = async (motivo: MotivoRecusa, verificacao: string | null, erro: ErroHttp) => (await evento('RECUSADO', verificacao, motivo), erro);
      const recusado = async <T>(motivo: MotivoRecusa, verificacao: string | null, f: () => Promise<T>): Promise<T> => {
        try {
          return await f();
        } catch (e) {
          throw e instanceof ErroHttp && (e.status === 429 || e.status === 503) ? await recusar(motivo, verificacao, e) : e;
        }
      };

      // The same question and value: a new code on the same verification, after the wait and within its count.
      const [anterior] = await db.query<{ id: string; envios: number; espera: number }>(
        `select id, envios, ceil(extract(epoch from (ultimo_envio_em + make_interval(secs => $4) - now())))::int as espera
           from verificacao_contato where codigo_servico = $1 and campo = $2 and destino = $3 and verificada_em is null and tentativas < $5
          order by criada_em desc limit 1`,
        [m.codigo_servico, campo.id, destino, R.esperaReenvioSegundos, R.tentativas],
      );
      const recusa = (chave: 'api.verificacao-espere' | 'api.verificacao-envios', segundos: number) => new ErroHttp(429, textoCidadao(idioma, chave, { segundos }), undefined, undefined, { 'retry-after': String(Math.max(1, segundos)) });
      const id = anterior?.id ?? randomBytes(24).toString('base64url');
      if (anterior && anterior.espera > 0) throw await recusar('ESPERA', id, recusa('api.verificacao-espere', anterior.espera));
      if (anterior && anterior.envios >= R.enviosPorValor) throw await recusar('ENVIOS', id, recusa('api.verificacao-envios', 3600));
      // Who may be sent how much: this recipient, this client address, this model (each hour).
      await recusado('DESTINATARIO', anterior?.id ?? null, () => ctx.limites.exigir(ctx.nomeados.codigosDestinatario, chaveOpaca(destino)));
      await recusado('ENDERECO', anterior?.id ?? null, () => ctx.limites.exigir(ctx.nomeados.codigosEndereco, req.ip));
      await recusado('MODELO', anterior?.id ?? null, () => ctx.limites.exigir(ctx.nomeados.codigosModelo, m.codigo_servico));

      const codigo = String(randomInt(0, 10 ** R.digitos)).padStart(R.digitos, '0');
      const linha = await recusado('ORCAMENTO', anterior?.id ?? null, () => db.transacao(async (tx) => {
        // A phone's code counts against the model's SMS budget this month, or is not sent.
        if (canal === 'SMS' && !(await dentroDoOrcamento(tx, m.codigo_servico, m.definicao))) throw new ErroHttp(429, textoCidadao(idioma, 'api.verificacao-orcamento'), undefined, undefined, { 'retry-after': '86400' });
        const [v] = await tx.query<{ expira_em: string; reenviar_em: string }>(
          `insert into verificacao_contato (id, codigo_servico, campo, canal, destino, hash_codigo, expira_em, origem)
           values ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7), $8)
           on conflict (id) do update set hash_codigo = excluded.hash_codigo, expira_em = excluded.expira_em, envios = verificacao_contato.envios + 1, ultimo_envio_em = now(), tentativas = 0
           returning expira_em, ultimo_envio_em + make_interval(secs => $9) as reenviar_em`,
          [id, m.codigo_servico, campo.id, canal, destino, hashDo(id, codigo), R.validadeMinutos, req.ip, R.esperaReenvioSegundos],
        );
        if (canal === 'EMAIL') await enfileirarEmail(tx, { tipo: 'CODIGO', para: destino, dados: { codigo, modelo: m.nome, idioma, validadeMinutos: R.validadeMinutos } });
        return v;
      }));
      if (canal === 'SMS') {
        await recusado('INDISPONIVEL', id, async () => {
          try {
            await ctx.o.sms!.enviar(destino, textoCidadao(idioma, 'sms.codigo', { codigo, modelo: m.nome, minutos: R.validadeMinutos }));
          } catch {
            throw new ErroHttp(503, textoCidadao(idioma, 'api.verificacao-indisponivel'));
          }
        });
      } else ctx.o.aoReceber?.();
      await evento('ENVIADO', id);
      req.log.info({ verificacao: id, modelo: m.codigo_servico, campo: campo.id, canal }, 'código de verificação enviado');
      return rep.code(201).send({ id, canal, destino: destinoMascarado(destino), expiraEm: new Date(linha.expira_em).toISOString(), reenviarEm: new Date(linha.reenviar_em).toISOString() });
    },
  );

  api.post<{ Params: { id: string }; Body: { codigo: string } }>(
    '/verificacoes/:id/confirmacao',
    {
      schema: doc('confirmarCodigoVerificacao', 'Confirma o código recebido', {
        publica: true,
        descricao: `Cada tentativa conta antes da comparação: depois de ${R.tentativas} erradas, nem o código certo vale (é preciso um novo). Confirmado, o \`id\` é a prova que o envio leva, por ${R.provaHoras} horas.`,
        params: parametros({ id: Type.String({ minLength: 10, maxLength: 100 }) }),
        corpo: Type.Object({ codigo: Type.String({ minLength: 1, maxLength: 20 }) }),
        resposta: { descricao: 'Confirmado.', corpo: Type.Object({ prova: Type.String(), verificadoEm: DataHora() }) },
        erros: [404, 410, 422, 429],
        porque: { 410: 'O código expirou: peça um novo.', 422: 'Código incorreto (quantas tentativas restam).', 429: 'Tentativas esgotadas: peça um novo código.' },
      }),
    },
    async (req) => {
      const idioma = req.idioma;
      // Counted first: a guess is a try whether it is right or not.
      const [v] = await db.query<{ hash_codigo: Buffer; tentativas: number; vencida: boolean; verificada_em: string | null; codigo_servico: string; campo: string; canal: CanalVerificacao; destino: string }>(
        `update verificacao_contato set tentativas = tentativas + case when verificada_em is null then 1 else 0 end where id = $1
         returning hash_codigo, tentativas, expira_em <= now() as vencida, verificada_em, codigo_servico, campo, canal, destino`,
        [req.params.id],
      );
      if (!v) throw naoEncontrado(textoCidadao(idioma, 'api.verificacao-inexistente'));
      if (v.verificada_em) return { prova: req.params.id, verificadoEm: new Date(v.verificada_em).toISOString() };
      const evento = (tipo: 'CONFIRMADO' | 'CODIGO_ERRADO' | 'BLOQUEADO' | 'EXPIRADO') => registrarEvento(db, { verificacao: req.params.id, codigoServico: v.codigo_servico, campo: v.campo, canal: v.canal, tipo, destino: v.destino, origem: req.ip });
      if (v.tentativas > R.tentativas) {
        await evento('BLOQUEADO');
        throw new ErroHttp(429, textoCidadao(idioma, 'api.verificacao-bloqueada'), undefined, undefined, { 'retry-after': String(R.esperaReenvioSegundos) });
      }
      if (v.vencida) {
        await evento('EXPIRADO');
        throw new ErroHttp(410, textoCidadao(idioma, 'api.verificacao-expirada'));
      }
      const dado = hashDo(req.params.id, req.body.codigo.replace(/\D/g, ''));
      if (!timingSafeEqual(dado, Buffer.from(v.hash_codigo))) {
        const restam = R.tentativas - v.tentativas;
        await evento(restam > 0 ? 'CODIGO_ERRADO' : 'BLOQUEADO');
        const mensagem = textoCidadao(idioma, restam > 0 ? 'api.verificacao-errada' : 'api.verificacao-bloqueada', { n: restam });
        throw new ErroHttp(422, mensagem, [{ field: 'codigo', message: mensagem }]);
      }
      const [ok] = await db.query<{ verificada_em: string }>('update verificacao_contato set verificada_em = now() where id = $1 returning verificada_em', [req.params.id]);
      await evento('CONFIRMADO');
      req.log.info({ verificacao: req.params.id }, 'contato verificado');
      return { prova: req.params.id, verificadoEm: new Date(ok.verificada_em).toISOString() };
    },
  );
}

/** Why a code was not sent: the wait, the value's count, a limit (recipient, address, model), the SMS budget, no provider. */
type MotivoRecusa = 'ESPERA' | 'ENVIOS' | 'DESTINATARIO' | 'ENDERECO' | 'MODELO' | 'ORCAMENTO' | 'INDISPONIVEL';
type TipoEventoVerificacao = 'ENVIADO' | 'CONFIRMADO' | 'CODIGO_ERRADO' | 'BLOQUEADO' | 'EXPIRADO' | 'RECUSADO';

/** One code's event (migration 031): never the code; the value masked. */
const registrarEvento = (db: Executor, e: { verificacao: string | null; codigoServico: string; campo: string; canal: CanalVerificacao; tipo: TipoEventoVerificacao; motivo?: MotivoRecusa; destino: string; origem: string }) =>
  db.query('insert into verificacao_evento (verificacao_id, codigo_servico, campo, canal, tipo, motivo, destino, origem) values ($1, $2, $3, $4, $5, $6, $7, $8)', [e.verificacao, e.codigoServico, e.campo, e.canal, e.tipo, e.motivo ?? null, destinoMascarado(e.destino), e.origem]);

/** The month an SMS budget counts (São Paulo's), as `orcamento_sms.mes` keeps it. */
export const MES_DO_ORCAMENTO_SQL = "to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM')";

/** The verification codes a model sent by SMS this month, against its budget (the builder shows it). */
export async function smsDoMes(db: Executor, codigo: string): Promise<number> {
  return (await db.query<{ n: number }>(`select enviados as n from orcamento_sms where codigo_servico = $1 and mes = ${MES_DO_ORCAMENTO_SQL}`, [codigo]))[0]?.n ?? 0;
}

/** Whether the model may send one more SMS this month (orcamentoSms), counting it. */
async function dentroDoOrcamento(tx: Executor, codigo: string, d: Definicao | null): Promise<boolean> {
  const orcamento = orcamentoSms(d);
  const [r] = await tx.query<{ n: number }>(
    `insert into orcamento_sms (codigo_servico, mes, enviados) values ($1, ${MES_DO_ORCAMENTO_SQL}, 1)
     on conflict (codigo_servico, mes) do update set enviados = orcamento_sms.enviados + 1 where orcamento_sms.enviados < $2
     returning enviados as n`,
    [codigo, orcamento],
  );
  return !!r;
}

/** A verified question of a form as its timeline tells it (the CONTATO_VERIFICADO event): never the code, the value masked. */
export interface ContatoVerificado {
  pergunta: string;
  canal: CanalVerificacao;
  destino: string;
  /** Confirmed by the citizen's login (its token says this address or number is verified): no code was sent. */
  pelaConta?: true;
  codigos?: number;
  erradas?: number;
  verificadoEm?: string;
}

/**
 * A submission's (or a draft's) verified questions (issue 45): each one answered carries, in `verificacoes`, the proof
 * of a code confirmed for exactly this model, question and value in the last hours; else a field error naming the
 * question (422, every question missing its proof). A citizen signed in whose token says the same address or number
 * is verified needs none. Resolves, for the form's timeline, how each was proved.
 */
export async function exigirProvas(db: Executor, codigo: string, d: Definicao, respostas: Record<string, unknown>, provas: Record<string, string> | undefined, idioma: IdiomaCidadao, doLogin: { email?: string | null; emailVerificado?: boolean; telefone?: string | null; telefoneVerificado?: boolean } | null): Promise<ContatoVerificado[]> {
  const erros: ErroCampo[] = [];
  const verificados: ContatoVerificado[] = [];
  for (const c of camposVerificados(d)) {
    const destino = destinoDe(c, respostaDe(respostas, c.id));
    if (!destino) continue;
    const base = { pergunta: c.rotulo, canal: canalDe(c), destino: destinoMascarado(destino) };
    if (doLogin && ((c.tipo === 'email' && doLogin.emailVerificado && doLogin.email?.trim().toLowerCase() === destino) || (c.tipo === 'telefone' && doLogin.telefoneVerificado && doLogin.telefone && destinoDe(c, doLogin.telefone) === destino))) {
      verificados.push({ ...base, pelaConta: true });
      continue;
    }
    const prova = provas?.[c.id];
    const [v] = prova
      ? await db.query<{ envios: number; tentativas: number; verificada_em: string }>(
          `select envios, tentativas, verificada_em from verificacao_contato where id = $1 and codigo_servico = $2 and campo = $3 and destino = $4 and verificada_em > now() - make_interval(hours => $5)`,
          [prova, codigo, c.id, destino, R.provaHoras],
        )
      : [];
    if (v) verificados.push({ ...base, codigos: v.envios, erradas: Math.max(0, v.tentativas - 1), verificadoEm: new Date(v.verificada_em).toISOString() });
    else erros.push({ field: `respostas.${c.id}`, message: textoCidadao(idioma, c.tipo === 'telefone' ? 'api.verificacao-exigida-telefone' : 'api.verificacao-exigida-email', { campo: c.rotulo }) });
  }
  if (erros.length) throw new ErroHttp(422, erros.map((e) => e.message).join(' '), erros);
  return verificados;
}
