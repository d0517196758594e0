import type { ConfiabilidadeDoCidadao } from '../../forms/confiabilidade';
import type { Banco } from '../db';
import { lerEsperas, limiteTentativas, proximaEspera } from './agenda';
import { enviarAssinado, type Resultado } from './envio';
import { criarLaco } from './laco';
import { numeroDoAmbiente } from '../ambiente';
import { eventoPorId } from '../eventos';
import { comLinks, type LinksAnexos } from '../anexos/links';
import { cabecalhosEmClaro } from './cabecalhosGuardados';
import { segredosVigentes, type LinhaSegredos, type OpcoesIntegracao } from './integracao';

/**
 * The delivery worker (issue 8): takes due jobs (a form's row in retentativa_integracao) and sends each
 * form to its model's integration target over HTTP, with a timeout, a stable delivery id and an
 * idempotency key; every attempt becomes an event; a failure is tried again on the schedule of
 * agenda.ts until it is exhausted.
 *
 * Durable and safe with several processes, with PostgreSQL alone (no queue library): a job is claimed
 * by an UPDATE over `SELECT ... FOR UPDATE SKIP LOCKED` that marks it EXECUTANDO with a lease; the
 * claim commits before the HTTP call, so no transaction stays open while a receiver hangs (and the
 * embedded PGlite, one connection, keeps serving the API). A process killed mid-delivery leaves its
 * job EXECUTANDO; when the lease ends the job is due again and the next attempt carries the same
 * idempotency key, so a receiver can tell a repeat from a new form. pg-boss would do the same with
 * its own schema and polling; the job here *is* the retry row the console already shows and acts on
 * (retry now marks it due, discard takes it out), so a second queue would have to be kept in step.
 */
export interface OpcoesEntregador {
  /** Waits after each failed attempt, in seconds (agenda.ts). */
  esperasS: number[];
  timeoutMs: number;
  /** How often to look for due jobs when not woken up. */
  intervaloMs: number;
  /** Jobs claimed (and delivered in parallel) at a time. */
  lote: number;
  /** Who the events name as the author. */
  autor?: string;
  /** A claim's lease beyond the timeout: after it, a job whose worker died is due again. */
  margemMs?: number;
  /** Each attempt's outcome once written (the metrics count them). */
  aoResultado?: (r: 'sucesso' | 'falha' | 'esgotada') => void;
}

export const OPCOES_PADRAO: Omit<OpcoesEntregador, 'esperasS'> = { timeoutMs: 10_000, intervaloMs: 1000, lote: 10 };

interface Trabalho extends LinhaSegredos {
  id: string;
  formulario_id: string;
  tentativas: number;
  destino: string;
  codigo_servico: string;
  protocolo: string;
  modelo_versao: number;
  respostas: Record<string, unknown>;
  cpf_requerente: string | null;
  nome_requerente: string | null;
  recebido_em: string;
  idioma: string;
  declaracao: { texto: string; aceitaEm: string } | null;
  /** The fee paid (issue 38): only a paid form is ever delivered. */
  pagamento: { valor: string; txid: string; endToEndId: string; pagoEm: string } | null;
  metodo: string;
  cabecalhos: Record<string, string>;
  /** The ids of the calculated values of the form's model version (issue 43): kept with the answers, delivered apart. */
  calculos?: string[] | null;
  /** The gov.br account it was sent with (issue 44). */
  confiabilidade?: ConfiabilidadeDoCidadao | null;
  /** The citizen's gov.br signature (issue 44): who signed and the PKCS#7 (Base64), or that the model let it go unsigned. */
  assinatura?: Record<string, unknown> | null;
  /** Each party's action of the steps after sending (issue 46): only a form whose last step approved is delivered. */
  partes?: Record<string, unknown>[] | null;
}

export type { Resultado } from './envio';

/** The body a downstream system receives; each attachment with a signed link that downloads it until it expires. */
export function corpoDaEntrega(t: Pick<Trabalho, 'id' | 'protocolo' | 'codigo_servico' | 'modelo_versao' | 'recebido_em' | 'cpf_requerente' | 'nome_requerente' | 'respostas' | 'idioma'> & { declaracao?: Trabalho['declaracao']; pagamento?: Trabalho['pagamento']; calculos?: Trabalho['calculos']; confiabilidade?: Trabalho['confiabilidade']; assinatura?: Trabalho['assinatura']; partes?: Trabalho['partes'] }, links: Pick<LinksAnexos, 'gerar'>) {
  const calculos = new Set(t.calculos ?? []);
  const respostas = calculos.size ? Object.fromEntries(Object.entries(t.respostas).filter(([k]) => !calculos.has(k))) : t.respostas;
  return {
    entregaId: t.id,
    protocolo: t.protocolo,
    codigoServico: t.codigo_servico,
    versaoModelo: t.modelo_versao,
    recebidoEm: new Date(t.recebido_em).toISOString(),
    // The language the citizen filled it in (issue 35): answers' values are the same in every language.
    idioma: t.idioma,
    requerente: t.cpf_requerente ? { cpf: t.cpf_requerente, nome: t.nome_requerente } : null,
    respostas: comLinks(respostas, links),
    // The calculated values (issue 43), as the server computed them when the form arrived: money in centavos.
    ...(calculos.size ? { calculados: Object.fromEntries([...calculos].map((id) => [id, Object.hasOwn(t.respostas, id) ? t.respostas[id] : null])) } : {}),
    // The declaration the citizen accepted (issue 36): its exact text and when.
    ...(t.declaracao ? { declaracao: { texto: t.declaracao.texto, aceitaEm: new Date(t.declaracao.aceitaEm).toISOString() } } : {}),
    // The fee the citizen paid by Pix (issue 38): value, the charge's txid, the bank's endToEndId, when.
    ...(t.pagamento ? { pagamento: t.pagamento } : {}),
    // The citizen's gov.br account when sent (issue 44): level, seals and whether the login used a second factor.
    ...(t.confiabilidade ? { confiabilidade: t.confiabilidade } : {}),
    // The citizen's gov.br signature (issue 44): signer, certificate's issuer, when, and the PKCS#7 over the receipt.
    ...(t.assinatura ? { assinatura: t.assinatura } : {}),
    // The parties of the steps after sending (issue 46): who signed or approved, when, and what they accepted.
    ...(t.partes?.length ? { partes: t.partes } : {}),
  };
}

/**
 * One attempt of a delivery, signed (Standard Webhooks) with a `webhook-id` that is the same on every
 * attempt of it, and the idempotency key receivers already used; never throws.
 */
export async function enviar(t: Trabalho, timeoutMs: number, i: OpcoesIntegracao): Promise<Resultado> {
  let segredos: string[];
  let cabecalhos: Record<string, string>;
  try {
    segredos = segredosVigentes(i, t);
    cabecalhos = cabecalhosEmClaro(i.cofre, t.cabecalhos);
  } catch {
    return { ok: false, statusHttp: null, erro: 'O segredo de assinatura ou um cabeçalho da integração não pôde ser lido: a chave SEGREDOS_CHAVE mudou? Gere um novo segredo e informe os cabeçalhos de novo no construtor.', duracaoMs: 0 };
  }
  return enviarAssinado(i, {
    destino: t.destino,
    metodo: t.metodo,
    cabecalhos,
    corpo: JSON.stringify(corpoDaEntrega(t, i.links)),
    id: `entrega_${t.id}`,
    segredos,
    timeoutMs,
    extras: { 'idempotency-key': `formulario-${t.protocolo}`, 'x-entrega-id': t.id, 'x-tentativa': String(t.tentativas) },
  });
}

export function criarEntregador(db: Banco, o: OpcoesEntregador, integracao: OpcoesIntegracao) {
  const autor = o.autor ?? 'entregador';
  const leaseMs = o.timeoutMs + (o.margemMs ?? 30_000);

  /** Claims up to `lote` due jobs and reads what delivering them needs, in one statement (committed before any HTTP call). */
  async function reivindicar(): Promise<Trabalho[]> {
    return db.query<Trabalho>(
      `with c as (
         update retentativa_integracao r
            set status = 'EXECUTANDO', tentativas = r.tentativas + 1, destino = coalesce(m.integracao_url, r.destino),
                proxima_tentativa_em = now() + make_interval(secs => $2::double precision / 1000), atualizado_em = now()
           from modelo m
          where m.codigo_servico = r.codigo_servico
            and r.id in (select x.id from retentativa_integracao x
                          where x.status in ('PENDENTE', 'EXECUTANDO') and x.proxima_tentativa_em <= now()
                            -- A paused integration's forms wait in the queue (issue 14) until someone resumes it.
                            and not exists (select 1 from modelo p where p.codigo_servico = x.codigo_servico and p.integracao_pausada_em is not null)
                          order by x.proxima_tentativa_em limit $1 for update of x skip locked)
         returning r.id, r.formulario_id, r.tentativas, r.destino, r.codigo_servico)
       select c.id::text as id, c.formulario_id::text as formulario_id, c.tentativas, c.destino, c.codigo_servico,
              f.protocolo, f.modelo_versao, f.respostas, f.cpf_requerente, f.nome_requerente, f.recebido_em, f.idioma, f.declaracao, f.pagamento, f.confiabilidade,
              (select jsonb_agg(jsonb_build_object('etapa', p.etapa, 'titulo', p.titulo, 'tipo', p.tipo, 'situacao', p.situacao, 'nome', p.nome, 'email', p.email, 'cpf', p.cpf, 'autor', p.autor, 'agiuEm', p.agiu_em, 'aceite', p.aceite) order by p.ordem, p.id) from formulario_parte p where p.formulario_id = f.id) as partes,
              f.assinatura || coalesce((select jsonb_build_object('pkcs7', translate(encode(s.pkcs7, 'base64'), E'\n', '')) from comprovante_assinado s where s.formulario_id = f.id), '{}'::jsonb) as assinatura,
              (select jsonb_agg(x->>'id') from modelo_versao v, jsonb_array_elements(case when jsonb_typeof(v.definicao->'calculos') = 'array' then v.definicao->'calculos' else '[]'::jsonb end) x
                where v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao) as calculos,
              m.integracao_metodo as metodo, m.integracao_cabecalhos as cabecalhos,
              m.integracao_segredo, m.integracao_segredo_anterior, m.integracao_segredo_anterior_ate
         from c join formulario f on f.id = c.formulario_id join modelo m on m.codigo_servico = c.codigo_servico`,
      [o.lote, leaseMs],
    );
  }

  const detalhesDe = (t: Trabalho, r: Resultado) => ({ tentativa: t.tentativas, destino: t.destino, statusHttp: r.statusHttp, duracaoMs: r.duracaoMs });

  /**
   * Successes, many at once: the jobs, their forms, their models' exhausted counts and their events in four
   * statements and one transaction, so a busy worker writes (and updates counters) once per group, not per form.
   * A success stands even if someone marked the job due again meanwhile; not over a discard.
   */
  async function registrarSucessos(lote: { t: Trabalho; r: Resultado }[]) {
    await db.transacao(async (tx) => {
      const feitos = await tx.query<{ formulario_id: string }>(
        `update retentativa_integracao r set status = 'SUCESSO', proxima_tentativa_em = null, ultimo_status_http = v.http, ultimo_erro = null, atualizado_em = now(), versao = r.versao + 1
           from unnest($1::bigint[], $2::int[]) as v(id, http)
          where r.id = v.id and r.status <> 'DESCARTADA' returning r.formulario_id::text as formulario_id`,
        [lote.map((x) => x.t.id), lote.map((x) => x.r.statusHttp)],
      );
      if (feitos.length) await tx.query(`update formulario set status = 'INTEGRADO', atualizado_em = now() where id = any($1::bigint[]) and status <> 'DESCARTADO'`, [feitos.map((f) => f.formulario_id)]);
      await tx.query('update modelo set integracao_esgotadas_seguidas = 0 where codigo_servico = any($1) and integracao_esgotadas_seguidas <> 0', [[...new Set(lote.map((x) => x.t.codigo_servico))]]);
      // With the form's group as it is now (its model may have moved mid-delivery).
      await tx.query(
        `insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes)
         select f.id, f.codigo_servico, f.grupo_controle_conteudo_id, 'INTEGRADO', $2, d.detalhes from unnest($1::bigint[], $3::jsonb[]) as d(id, detalhes) join formulario f on f.id = d.id`,
        [lote.map((x) => x.t.formulario_id), autor, lote.map((x) => JSON.stringify(detalhesDe(x.t, x.r)))],
      );
    });
  }

  /**
   * Successes are written as soon as none is being written: one alone when the worker is quiet, all those
   * that arrived meanwhile in one group when it is busy.
   */
  let fila: { t: Trabalho; r: Resultado; ok: () => void; erro: (e: unknown) => void }[] = [];
  let gravando = false;
  async function gravarSucessos() {
    gravando = true;
    while (fila.length) {
      const lote = fila;
      fila = [];
      try {
        await registrarSucessos(lote);
        for (const x of lote) (o.aoResultado?.('sucesso'), x.ok());
      } catch (e) {
        for (const x of lote) x.erro(e);
      }
    }
    gravando = false;
  }

  /** Writes an attempt's outcome: the job, the form's status and the events, in one transaction. */
  async function registrar(t: Trabalho, r: Resultado, aleatorio = Math.random()) {
    if (r.ok) {
      return new Promise<void>((ok, erro) => {
        fila.push({ t, r, ok, erro });
        if (!gravando) void gravarSucessos();
      });
    }
    await db.transacao(async (tx) => {
      const base = detalhesDe(t, r);
      const espera = proximaEspera(t.tentativas, o.esperasS, aleatorio);
      const esgotada = espera === null;
      // Only while the job is still this attempt's (not discarded, not taken again after a lost lease).
      const [ainda] = await tx.query(
        `update retentativa_integracao set status = $3, proxima_tentativa_em = $4, ultimo_status_http = $5, ultimo_erro = $6, atualizado_em = now(), versao = versao + 1
          where id = $1 and status = 'EXECUTANDO' and tentativas = $2 returning id`,
        [t.id, t.tentativas, esgotada ? 'ESGOTADA' : 'PENDENTE', esgotada ? null : new Date(Date.now() + espera), r.statusHttp, r.erro],
      );
      await eventoPorId(tx, t.formulario_id, 'FALHA_INTEGRACAO', autor, { ...base, erro: r.erro, ...(esgotada ? { esgotada: true, limite: limiteTentativas(o.esperasS) } : {}) });
      if (!ainda) return;
      await tx.query(`update formulario set status = 'FALHA_INTEGRACAO', atualizado_em = now() where id = $1 and status <> 'DESCARTADO'`, [t.formulario_id]);
      // Too many exhausted deliveries in a row: the integration is paused (new forms queue) until resumed.
      if (esgotada && integracao.pausaApos > 0)
        await tx.query(
          `update modelo set integracao_esgotadas_seguidas = integracao_esgotadas_seguidas + 1,
                  integracao_pausada_em = case when integracao_pausada_em is null and integracao_esgotadas_seguidas + 1 >= $2 then now() else integracao_pausada_em end
            where codigo_servico = $1`,
          [t.codigo_servico, integracao.pausaApos],
        );
      if (!esgotada) await eventoPorId(tx, t.formulario_id, 'RETENTATIVA_AGENDADA', autor, { tentativa: t.tentativas + 1, em: new Date(Date.now() + espera).toISOString() });
      return esgotada;
    }).then((esgotada) => o.aoResultado?.(esgotada ? 'esgotada' : 'falha'));
  }

  /** One round: claim, deliver in parallel, record. Resolves how many jobs it handled. */
  async function rodada(): Promise<number> {
    const trabalhos = await reivindicar();
    await Promise.all(trabalhos.map(async (t) => registrar(t, await enviar(t, o.timeoutMs, integracao))));
    return trabalhos.length;
  }

  /**
   * The loop's round: the same, but it resolves once the HTTP calls are answered, its outcomes still being
   * written, so the next claim and its calls overlap them (a worker waiting on its own writes between rounds
   * sat half idle: ~1,400 deliveries/s instead of ~2,000 here). At most one round's writes are in flight: the
   * next round waits for them before writing its own, and logs a failed write (its jobs are due again when
   * their lease ends, as with any failed write).
   */
  let escrevendo: Promise<unknown> = Promise.resolve();
  async function rodadaSobreposta(): Promise<number> {
    const trabalhos = await reivindicar();
    const resultados = await Promise.all(trabalhos.map((t) => enviar(t, o.timeoutMs, integracao)));
    // The previous round's writes first (their failure is logged; this round's outcomes are still written).
    await escrevendo.catch((e) => console.error('[entregador]', (e as Error).message));
    escrevendo = Promise.all(trabalhos.map((t, i) => registrar(t, resultados[i])));
    escrevendo.catch(() => undefined); // handled by the next round or by parar
    return trabalhos.length;
  }

  const laco = criarLaco('entregador', rodadaSobreposta, o);
  async function parar() {
    await laco.parar();
    await escrevendo.catch((e) => console.error('[entregador]', (e as Error).message));
  }
  return { rodada, iniciar: laco.iniciar, acordar: laco.acordar, parar };
}

export type Entregador = ReturnType<typeof criarEntregador>;

/** ENTREGAS (on/off), ENTREGA_ESPERAS (seconds), ENTREGA_TIMEOUT_MS, ENTREGA_INTERVALO_MS, ENTREGA_LOTE, ENTREGA_MARGEM_MS. */
export function opcoesEntregasDoAmbiente(env: NodeJS.ProcessEnv): OpcoesEntregador & { ligado: boolean } {
  const num = (nome: string, padrao: number) => numeroDoAmbiente(env, nome, padrao, { minimo: Number.MIN_VALUE });
  return {
    ligado: env.ENTREGAS !== 'off',
    esperasS: lerEsperas(env.ENTREGA_ESPERAS),
    timeoutMs: num('ENTREGA_TIMEOUT_MS', OPCOES_PADRAO.timeoutMs),
    intervaloMs: num('ENTREGA_INTERVALO_MS', OPCOES_PADRAO.intervaloMs),
    lote: num('ENTREGA_LOTE', OPCOES_PADRAO.lote),
    margemMs: num('ENTREGA_MARGEM_MS', 30_000),
  };
}
