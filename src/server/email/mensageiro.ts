import type { Selo } from '../pdf/selo';
import { COLUNA_PAGAMENTO, type SituacaoPagamento } from '../pix/situacao';
import nodemailer from 'nodemailer';
import type { Banco, Executor } from '../db';
import type { Definicao } from '../../forms/definicao';
import { mascarar } from '../../forms/dadosPessoais';
import { ROTULO_STATUS_FORMULARIO, rotuloDe, type StatusFormulario } from '../../forms/status';
import { lerEsperas, proximaEspera } from '../entrega/agenda';
import { criarLaco } from '../entrega/laco';
import { eventoPorId } from '../eventos';
import { ErroConfiguracao, numeroDoAmbiente } from '../ambiente';
import type { IdiomaCidadao } from '../../i18n/cidadao';
import { mensagemConfirmacao, mensagemEquipe, mensagemCodigo, mensagemRascunho, type FormularioEmail, type Mensagem } from './mensagens';
import { mensagemAnalise, mensagemCoassinatura, mensagemDesfecho, type DadosCoassinatura, type DadosDesfecho } from './mensagensEtapas';

/**
 * E-mail (issue 21): jobs in `envio_email`, written in the transaction that stores what they are about
 * (the submission, the draft), claimed by this worker as the delivery worker claims deliveries (SKIP
 * LOCKED, a lease, the same backoff schedule of agenda.ts) and sent through SMTP with nodemailer. A mail
 * server that is down never loses a submission: the job waits and is tried again; each outcome of a
 * form's e-mail is a form event (EMAIL_ENVIADO, EMAIL_FALHOU) in its timeline.
 */
export interface OpcoesEmail {
  /** smtp://user:pass@host:587 (SMTP_URL); absent: e-mails off, unless the demo's mail catcher gives one. */
  smtpUrl?: string;
  /** The sender (SMTP_FROM). */
  de: string;
  /** `npm start` without SMTP_URL: an embedded mail catcher on loopback, read at /demo/emails. */
  caixaDemo: boolean;
  esperasS: number[];
  intervaloMs: number;
  lote: number;
  /** How long the SMTP conversation may take before the attempt counts as failed. */
  timeoutMs: number;
  /** Each attempt's outcome once written (the metrics count them). */
  aoResultado?: (r: 'enviado' | 'falha' | 'esgotado') => void;
}

export const REMETENTE_PADRAO = 'Console de Formulários <nao-responda@formularios.localhost>';

/** SMTP_URL, SMTP_FROM, EMAIL_ESPERAS (seconds, as ENTREGA_ESPERAS), CAIXA_EMAILS_DEMO=off. */
export function opcoesEmailDoAmbiente(env: NodeJS.ProcessEnv): OpcoesEmail {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl)) throw new ErroConfiguracao(`SMTP_URL inválido: "${smtpUrl.replace(/\/\/[^@]*@/, '//…@')}" (use smtp://usuario:senha@servidor:587 ou smtps://…:465)`);
  return {
    smtpUrl,
    de: env.SMTP_FROM?.trim() || REMETENTE_PADRAO,
    caixaDemo: !smtpUrl && env.CAIXA_EMAILS_DEMO !== 'off',
    esperasS: lerEsperas(env.EMAIL_ESPERAS ?? env.ENTREGA_ESPERAS),
    intervaloMs: numeroDoAmbiente(env, 'EMAIL_INTERVALO_MS', 1000, { minimo: 10, inteiro: true }),
    lote: 10,
    timeoutMs: 15_000,
  };
}

export type TipoEmail = 'CONFIRMACAO' | 'EQUIPE' | 'RASCUNHO' | 'CODIGO' | 'COASSINATURA' | 'ANALISE' | 'DESFECHO';

/** Queues an e-mail in the caller's transaction. */
export const enfileirarEmail = (tx: Executor, e: { formularioId?: string | null; tipo: TipoEmail; para: string; dados?: Record<string, unknown> }) =>
  tx.query('insert into envio_email (formulario_id, tipo, para, dados) values ($1, $2, $3, $4)', [e.formularioId ?? null, e.tipo, e.para, JSON.stringify(e.dados ?? {})]);

interface Trabalho {
  id: string;
  formulario_id: string | null;
  tipo: TipoEmail;
  para: string;
  dados: Record<string, unknown>;
  tentativas: number;
}

async function formularioDoEmail(db: Executor, id: string): Promise<FormularioEmail | null> {
  const [f] = await db.query<{ protocolo: string; modelo_versao: number; status: string; recebido_em: string; respostas: Record<string, unknown>; codigo_verificacao: string | null; nome: string | null; definicao: Definicao | null; modelo: string; idioma: IdiomaCidadao; declaracao: { texto: string; aceitaEm: string } | null; pagamento: SituacaoPagamento | null }>(
    `select ${COLUNA_PAGAMENTO}, f.protocolo, f.modelo_versao, f.status, f.recebido_em, f.respostas, f.codigo_verificacao, f.idioma, f.declaracao, v.nome, v.definicao, m.nome as modelo
       from formulario f join modelo m on m.codigo_servico = f.codigo_servico
       left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao
       left join cobranca_pix c on c.formulario_id = f.id
      where f.id = $1`,
    [id],
  );
  if (!f) return null;
  return { protocolo: f.protocolo, modelo: f.nome ?? f.modelo, versao: f.modelo_versao, recebidoEm: new Date(f.recebido_em).toISOString(), status: rotuloDe(ROTULO_STATUS_FORMULARIO, f.status as StatusFormulario).rotulo, definicao: f.definicao, respostas: f.respostas ?? {}, codigoVerificacao: f.codigo_verificacao, idioma: f.idioma, declaracao: f.declaracao, pagamento: f.pagamento };
}

/** The message of a job (null: its form is gone, nothing to send). */
export async function mensagemDoTrabalho(db: Executor, t: Pick<Trabalho, 'formulario_id' | 'tipo' | 'para' | 'dados'>, selo: Selo | null = null): Promise<Mensagem | null> {
  if (t.tipo === 'RASCUNHO') return mensagemRascunho(t.para, t.dados as { link: string; modelo: string; expiraEm: string; idioma?: IdiomaCidadao });
  if (t.tipo === 'CODIGO') return mensagemCodigo(t.para, t.dados as { codigo: string; modelo: string; validadeMinutos: number; idioma?: IdiomaCidadao });
  const f = t.formulario_id ? await formularioDoEmail(db, t.formulario_id) : null;
  if (!f) return null;
  if (t.tipo === 'COASSINATURA') return mensagemCoassinatura(t.para, f, t.dados as unknown as DadosCoassinatura);
  if (t.tipo === 'ANALISE') return mensagemAnalise(t.para, f, t.dados as { etapa: string; prazoEm: string });
  if (t.tipo === 'DESFECHO') return mensagemDesfecho(t.para, f, t.dados as unknown as DadosDesfecho);
  return t.tipo === 'CONFIRMACAO' ? mensagemConfirmacao(t.para, f, selo) : mensagemEquipe(t.para, f);
}

export function criarMensageiro(db: Banco, o: OpcoesEmail & { smtpUrl: string; selo?: Selo | null }) {
  const transporte = nodemailer.createTransport({ url: o.smtpUrl, connectionTimeout: o.timeoutMs, greetingTimeout: o.timeoutMs, socketTimeout: o.timeoutMs, disableFileAccess: true, disableUrlAccess: true });

  async function um(t: Trabalho): Promise<void> {
    const evento = (tipo: 'EMAIL_ENVIADO' | 'EMAIL_FALHOU', detalhes: Record<string, unknown>) => (t.formulario_id ? eventoPorId(db, t.formulario_id, tipo, 'email', { email: t.tipo, para: mascarar('email', t.para), tentativa: t.tentativas, ...detalhes }) : undefined);
    try {
      const m = await mensagemDoTrabalho(db, t, o.selo ?? null);
      if (m) {
        await transporte.sendMail({
          from: o.de,
          to: m.para,
          subject: m.assunto,
          text: m.texto,
          html: m.html,
          attachments: m.anexos.map((a) => ({ filename: a.nome, content: a.conteudo, contentType: a.tipo })),
        });
      }
      // Sent: what only the message needed (a draft's link, the citizen's key) is emptied.
      await db.query(`update envio_email set status = 'ENVIADO', enviado_em = now(), dados = '{}', ultimo_erro = null where id = $1`, [t.id]);
      if (m) await evento('EMAIL_ENVIADO', {});
      o.aoResultado?.('enviado');
    } catch (e) {
      const erro = String((e as Error).message ?? e).slice(0, 500);
      const espera = proximaEspera(t.tentativas, o.esperasS);
      await db.query(
        `update envio_email set status = $2, ultimo_erro = $3, proxima_tentativa_em = now() + make_interval(secs => $4) where id = $1`,
        [t.id, espera === null ? 'ESGOTADO' : 'PENDENTE', erro, (espera ?? 0) / 1000],
      );
      await evento('EMAIL_FALHOU', { erro, ...(espera === null ? { esgotado: true } : { proximaTentativaEm: new Date(Date.now() + espera).toISOString() }) });
      o.aoResultado?.(espera === null ? 'esgotado' : 'falha');
    }
  }

  /** One round: claims due jobs (a lease past the timeout: a worker that dies leaves them due again) and sends them. */
  async function rodada(): Promise<number> {
    const trabalhos = await db.query<Trabalho>(
      `update envio_email e set status = 'EXECUTANDO', tentativas = e.tentativas + 1, proxima_tentativa_em = now() + make_interval(secs => $2)
        where e.id in (select id from envio_email where status in ('PENDENTE', 'EXECUTANDO') and proxima_tentativa_em <= now() order by proxima_tentativa_em limit $1 for update skip locked)
        returning e.id::text, e.formulario_id::text, e.tipo, e.para, e.dados, e.tentativas`,
      [o.lote, (o.timeoutMs * 4) / 1000],
    );
    await Promise.all(trabalhos.map(um));
    return trabalhos.length;
  }

  const laco = criarLaco('email', rodada, o);
  return { rodada, iniciar: laco.iniciar, acordar: laco.acordar, parar: async () => (await laco.parar(), transporte.close()) };
}

export type Mensageiro = ReturnType<typeof criarMensageiro>;
