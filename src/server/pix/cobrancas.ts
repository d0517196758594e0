import { X509Certificate } from 'node:crypto';
import type { Banco, Executor } from '../db';
import { eventoPorId } from '../eventos';
import { criarLaco } from '../entrega/laco';
import { numeroDoAmbiente, urlDoAmbiente, ErroConfiguracao } from '../ambiente';
import { valorPix, type StatusCobranca } from '../../forms/taxa';
import { brCodeDaCobranca, type Recebedor } from './brcode';
import { criarClientePsp, opcoesPspDoAmbiente, PspIndisponivel, type CobrancaPsp, type OpcoesPsp } from './psp';

/**
 * The life of a form's charge (issue 38), on the database and the PSP:
 * - created with the form (`cobranca_pix`, CRIANDO) in the submission's own statement, then at the PSP right after
 *   (`PUT /cob/{txid}`): a PSP down at that moment loses nothing, the sweep tries again;
 * - paid only when the PSP says so when asked (`GET /cob/{txid}`: concluded, with the charge's exact value): a
 *   notification is a hint to ask, never a fact, so a forged one changes nothing;
 * - found paid by the sweep when the notification was lost; expired after its deadline plus a margin, the form then
 *   PAGAMENTO_EXPIRADO and never delivered; renewed once by the citizen.
 * Paying releases the delivery: the form goes RECEBIDO with `pagamento` and its delivery job is written then.
 */
export interface OpcoesPix {
  psp: OpcoesPsp;
  recebedor: Recebedor;
  /** Where the PSP notifies (`<PUBLIC_URL>/api/publico/pix/notificacoes`; it appends `/pix`). */
  webhookUrl: string;
  /** How often a pending charge is read again at the PSP (PIX_CONCILIACAO_MS). */
  conciliacaoMs: number;
  /** Past its deadline, how long a charge still waits for a late confirmation before it expires (PIX_MARGEM_S). */
  margemS: number;
  lote: number;
  /**
   * The PSP's client certificate on the notification route, when configured (PIX_WEBHOOK_CERT_SHA256): the TLS
   * proxy in front verifies it and passes it on in a header (`cabecalho`, URL-encoded PEM, as nginx's
   * `$ssl_client_escaped_cert` or HAProxy's `ssl_c_der`); a notification without it, or with another, is refused.
   */
  webhookCertificado?: { cabecalho: string; sha256: string[] };
  /**
   * What one notification may cost the PSP (issue 50: anyone could post 100 predictable txids and make the service ask
   * about each, 12,000 look-ups a minute): at most `porNotificacao` look-ups each, `porMinuto` in all, and none for a
   * txid asked about in the last `intervaloS` seconds. What is left out is read by the sweep anyway.
   */
  consultas?: { porNotificacao: number; porMinuto: number; intervaloS: number };
}

/** "AA:BB:…" or "aabb…": the same fingerprint. */
const impressao = (x: string) => x.replace(/[^0-9a-f]/gi, '').toUpperCase();

/** Whether a notification carries the PSP's certificate, as the proxy passed it on (always, when none is configured). */
export function certificadoDoPspConfere(o: OpcoesPix['webhookCertificado'], valor: string | string[] | undefined): boolean {
  if (!o) return true;
  if (typeof valor !== 'string' || !valor || valor.length > 20_000) return false;
  try {
    const texto = decodeURIComponent(valor.replace(/\+/g, '%2B'));
    const cert = new X509Certificate(/BEGIN CERTIFICATE/.test(texto) ? texto : Buffer.from(texto.replace(/[:\s]/g, ''), /^[0-9a-f]+$/i.test(texto.replace(/[:\s]/g, '')) ? 'hex' : 'base64'));
    const agora = Date.now();
    if (Date.parse(cert.validFrom) > agora || Date.parse(cert.validTo) < agora) return false;
    return o.sha256.includes(impressao(cert.fingerprint256));
  } catch {
    return false;
  }
}

interface LinhaCobranca {
  formulario_id: string;
  codigo_servico: string;
  txid: string;
  valor_centavos: number;
  chave: string;
  descricao: string;
  prazo_minutos: number;
  status: StatusCobranca;
  expira_em: string;
  tentativas: number;
}

/** The next try of a charge the PSP did not take: 5 s, 10 s, 20 s… up to 5 minutes. */
const espera = (tentativas: number) => Math.min(300, 5 * 2 ** Math.min(tentativas, 6));

export const CONSULTAS_PADRAO = { porNotificacao: 10, porMinuto: 120, intervaloS: 10 };

export function criarCobrancas(db: Banco, o: OpcoesPix, aoPagar?: () => void) {
  const psp = criarClientePsp(o.psp);
  const webhooks = new Set<string>();
  const limites = o.consultas ?? CONSULTAS_PADRAO;
  /** When each txid was last asked about for a notification (the sweep's own look-ups are not held back), and the notifications' look-ups this minute. */
  const consultadaEm = new Map<string, number>();
  const minuto = { inicio: 0, consultas: 0 };
  function marcarConsulta(txid: string, agora = Date.now()) {
    consultadaEm.delete(txid);
    consultadaEm.set(txid, agora);
    // Oldest first (a Map keeps insertion order): what is older than the interval no longer matters.
    for (const [t, em] of consultadaEm) {
      if (em > agora - limites.intervaloS * 1000) break;
      consultadaEm.delete(t);
    }
  }

  /** Takes the charge to the PSP (or reads it there again, the same txid returns the same charge). */
  async function criarNaPsp(c: LinhaCobranca): Promise<void> {
    try {
      if (!webhooks.has(c.chave)) {
        const w = await psp.registrarWebhook(c.chave, o.webhookUrl);
        if (w.status >= 200 && w.status < 300) webhooks.add(c.chave);
      }
      const restante = Math.max(60, Math.round((Date.parse(c.expira_em) - Date.now()) / 1000));
      const r = await psp.criarCobranca(c.txid, { expiracao: restante, valor: valorPix(c.valor_centavos), chave: c.chave, solicitacaoPagador: c.descricao });
      if (r.status !== 200 && r.status !== 201) throw new PspIndisponivel(`O PSP recusou a cobrança (HTTP ${r.status}).`);
      const location = r.json.loc?.location ?? r.json.location ?? '';
      const brcode = brCodeDaCobranca(location, o.recebedor);
      await db.transacao(async (tx) => {
        const [ok] = await tx.query(`update cobranca_pix set status = 'ATIVA', location = $2, brcode = $3, ultimo_erro = null, proxima_tentativa_em = now() + make_interval(secs => $4), atualizada_em = now() where formulario_id = $1 and status = 'CRIANDO' returning 1`, [c.formulario_id, location, brcode, o.conciliacaoMs / 1000]);
        if (ok) await eventoPorId(tx, c.formulario_id, 'PAGAMENTO_CRIADO', 'pix', { txid: c.txid, valor: valorPix(c.valor_centavos) });
      });
    } catch (e) {
      await db.query(`update cobranca_pix set tentativas = tentativas + 1, proxima_tentativa_em = now() + make_interval(secs => $2), ultimo_erro = $3, atualizada_em = now() where formulario_id = $1`, [c.formulario_id, espera(c.tentativas), (e as Error).message]);
    }
  }

  /**
   * The payment as the PSP tells it when asked: concluded with this charge's exact value, or nothing. A Pix of
   * another value does not pay the fee, but staff must see it (issue 50: it left no trace): an event, once per Pix.
   */
  async function pagamentoNaPsp(c: LinhaCobranca): Promise<NonNullable<CobrancaPsp['pix']>[number] | null> {
    const r = await psp.consultarCobranca(c.txid);
    if (r.status !== 200 || r.json?.status !== 'CONCLUIDA' || r.json.txid !== c.txid) return null;
    const recebidos = (r.json.pix ?? []).filter((p) => p.txid === c.txid && /^[a-zA-Z0-9]{32}$/.test(p.endToEndId));
    const exato = recebidos.find((p) => p.valor === valorPix(c.valor_centavos));
    if (exato) return exato;
    for (const p of recebidos) {
      await db.query(
        `insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes)
         select f.id, f.codigo_servico, f.grupo_controle_conteudo_id, 'PAGAMENTO_DIVERGENTE', 'pix', $2::jsonb from formulario f
          where f.id = $1 and not exists (select 1 from formulario_evento e where e.formulario_id = f.id and e.tipo = 'PAGAMENTO_DIVERGENTE' and e.detalhes->>'endToEndId' = $3)`,
        [c.formulario_id, JSON.stringify({ txid: c.txid, endToEndId: p.endToEndId, esperado: valorPix(c.valor_centavos), recebido: String(p.valor) }), p.endToEndId],
      );
    }
    return null;
  }

  /** Paid: the form goes on (RECEBIDO with `pagamento`), its delivery is written, the event says so. Once. */
  async function registrarPagamento(tx: Executor, c: LinhaCobranca, pix: NonNullable<CobrancaPsp['pix']>[number]): Promise<boolean> {
    const [pago] = await tx.query(`update cobranca_pix set status = 'PAGA', end_to_end_id = $2, pago_em = $3, atualizada_em = now() where formulario_id = $1 and status <> 'PAGA' returning 1`, [c.formulario_id, pix.endToEndId, pix.horario]);
    if (!pago) return false;
    const pagamento = { valor: valorPix(c.valor_centavos), txid: c.txid, endToEndId: pix.endToEndId, pagoEm: new Date(pix.horario).toISOString() };
    const [f] = await tx.query<{ codigo_servico: string; grupo_controle_conteudo_id: number; destino: string | null }>(
      `update formulario f set status = case when f.status in ('AGUARDANDO_PAGAMENTO', 'PAGAMENTO_EXPIRADO') then 'RECEBIDO' else f.status end, pagamento = $2, atualizado_em = now()
        from modelo m where f.id = $1 and m.codigo_servico = f.codigo_servico returning f.codigo_servico, f.grupo_controle_conteudo_id, m.integracao_url as destino`,
      [c.formulario_id, JSON.stringify(pagamento)],
    );
    if (f?.destino) await tx.query('insert into retentativa_integracao (formulario_id, codigo_servico, grupo_controle_conteudo_id, destino, proxima_tentativa_em) values ($1, $2, $3, $4, now()) on conflict do nothing', [c.formulario_id, f.codigo_servico, f.grupo_controle_conteudo_id, f.destino]);
    await eventoPorId(tx, c.formulario_id, 'PAGO', 'pix', pagamento);
    return true;
  }

  /** Asks the PSP about one charge and records what it says; resolves the charge's status after. */
  async function conferir(c: LinhaCobranca): Promise<LinhaCobranca['status']> {
    const pix = await pagamentoNaPsp(c);
    if (pix) {
      const novo = await db.transacao((tx) => registrarPagamento(tx, c, pix));
      if (novo) aoPagar?.();
      return 'PAGA';
    }
    if (Date.parse(c.expira_em) + o.margemS * 1000 < Date.now()) {
      await db.transacao(async (tx) => {
        const [exp] = await tx.query(`update cobranca_pix set status = 'EXPIRADA', atualizada_em = now() where formulario_id = $1 and status = 'ATIVA' returning 1`, [c.formulario_id]);
        if (!exp) return;
        await tx.query(`update formulario set status = 'PAGAMENTO_EXPIRADO', atualizado_em = now() where id = $1 and status = 'AGUARDANDO_PAGAMENTO'`, [c.formulario_id]);
        await eventoPorId(tx, c.formulario_id, 'PAGAMENTO_EXPIRADO', 'pix', { txid: c.txid });
      });
      return 'EXPIRADA';
    }
    await db.query(`update cobranca_pix set proxima_tentativa_em = now() + make_interval(secs => $2) where formulario_id = $1 and status = 'ATIVA'`, [c.formulario_id, o.conciliacaoMs / 1000]);
    return c.status;
  }

  const SELECT = `select formulario_id::text, codigo_servico, txid, valor_centavos, chave, descricao, prazo_minutos, status, expira_em, tentativas from cobranca_pix`;

  /**
   * One round of the sweep: charges the PSP has not taken yet, and active ones due for reading again (a lost
   * notification only delays the confirmation). Claimed with SKIP LOCKED and a lease: several workers share them.
   */
  async function rodada(): Promise<number> {
    const devidas = await db.transacao((tx) =>
      tx.query<LinhaCobranca>(
        `update cobranca_pix c set proxima_tentativa_em = now() + interval '60 seconds'
          where c.formulario_id in (select formulario_id from cobranca_pix where status in ('CRIANDO', 'ATIVA') and proxima_tentativa_em <= now() order by proxima_tentativa_em limit $1 for update skip locked)
          returning c.formulario_id::text, c.codigo_servico, c.txid, c.valor_centavos, c.chave, c.descricao, c.prazo_minutos, c.status, c.expira_em, c.tentativas`,
        [o.lote],
      ),
    );
    for (const c of devidas) {
      try {
        if (c.status === 'CRIANDO') await criarNaPsp(c);
        else await conferir(c);
      } catch (e) {
        if (!(e instanceof PspIndisponivel)) throw e;
      }
    }
    return devidas.length;
  }

  const laco = criarLaco('pix', rodada, { intervaloMs: Math.min(o.conciliacaoMs, 5000), lote: o.lote });

  return {
    /** Whether a notification's request carries the PSP's certificate (see OpcoesPix.webhookCertificado). */
    certificadoConfere: (cabecalhos: Record<string, string | string[] | undefined>) => certificadoDoPspConfere(o.webhookCertificado, o.webhookCertificado && cabecalhos[o.webhookCertificado.cabecalho]),
    rodada,
    iniciar: laco.iniciar,
    acordar: laco.acordar,
    parar: async () => (await laco.parar(), psp.fechar()),
    /** Right after a submission with a fee: its charge at the PSP now (the sweep retries if the PSP is down). */
    async criar(formularioId: string): Promise<void> {
      const [c] = await db.query<LinhaCobranca>(`${SELECT} where formulario_id = $1 and status = 'CRIANDO'`, [formularioId]);
      if (c) await criarNaPsp(c);
    },
    /** A notification from the PSP: each txid it names is asked about; nothing in it is believed by itself. */
    async notificacao(pix: unknown): Promise<number> {
      const agora = Date.now();
      if (agora - minuto.inicio >= 60_000) Object.assign(minuto, { inicio: agora, consultas: 0 });
      const recentes = (t: string) => (consultadaEm.get(t) ?? 0) > agora - limites.intervaloS * 1000;
      const pedidos = Array.isArray(pix) ? [...new Set(pix.map((p) => (p as { txid?: unknown })?.txid).filter((t): t is string => typeof t === 'string' && /^[a-zA-Z0-9]{26,35}$/.test(t) && !recentes(t)))] : [];
      const txids = pedidos.slice(0, Math.max(0, Math.min(limites.porNotificacao, limites.porMinuto - minuto.consultas)));
      if (!txids.length) return 0;
      const cobrancas = await db.query<LinhaCobranca>(`${SELECT} where txid = any($1) and status in ('ATIVA', 'EXPIRADA')`, [txids]);
      minuto.consultas += cobrancas.length;
      for (const c of cobrancas) marcarConsulta(c.txid, agora);
      let pagas = 0;
      for (const c of cobrancas) if ((await conferir({ ...c, status: 'ATIVA' }).catch(() => null)) === 'PAGA') pagas++;
      return pagas;
    },
    /**
     * A refund (devolução) of a paid charge, asked by staff with UPDATE_FORMULARIO_PAGAMENTO: whole or in part, never
     * more than what is left; sent to the PSP (`PUT /pix/{e2eid}/devolucao/{id}`) and recorded only when it takes it.
     * The id follows the refunds already made, so asking twice after a lost answer does not pay back twice.
     */
    async devolver(formularioId: string, centavos: number | null, autor: string, motivo: string): Promise<ResultadoDevolucao> {
      const [c] = await db.query<{ status: string; end_to_end_id: string | null; valor_centavos: number; devolvido_centavos: number; txid: string; devolucoes: number }>(
        `select c.status, c.end_to_end_id, c.valor_centavos, c.devolvido_centavos, c.txid, (select count(*)::int from formulario_evento e where e.formulario_id = c.formulario_id and e.tipo = 'PAGAMENTO_DEVOLVIDO') as devolucoes from cobranca_pix c where c.formulario_id = $1`,
        [formularioId],
      );
      if (!c || c.status !== 'PAGA' || !c.end_to_end_id) return { erro: 'nao-pago' };
      const resta = c.valor_centavos - c.devolvido_centavos;
      const valor = centavos ?? resta;
      if (resta <= 0) return { erro: 'ja-devolvido' };
      if (!Number.isInteger(valor) || valor <= 0 || valor > resta) return { erro: 'valor', resta };
      const id = `DV${c.txid.slice(2, 30)}${String(c.devolucoes + 1).padStart(3, '0')}`;
      let r: Awaited<ReturnType<typeof psp.devolver>>;
      try {
        r = await psp.devolver(c.end_to_end_id, id, valorPix(valor));
      } catch (e) {
        return { erro: 'psp', detalhe: (e as Error).message };
      }
      if (r.status !== 200 && r.status !== 201) return { erro: 'psp', detalhe: `HTTP ${r.status}` };
      await db.transacao(async (tx) => {
        await tx.query('update cobranca_pix set devolvido_centavos = devolvido_centavos + $2, atualizada_em = now() where formulario_id = $1', [formularioId, valor]);
        await eventoPorId(tx, formularioId, 'PAGAMENTO_DEVOLVIDO', autor, { valor: valorPix(valor), id, rtrId: r.json?.rtrId ?? null, status: r.json?.status ?? null, ...(motivo ? { motivo } : {}) });
      });
      return { devolvido: valor };
    },
    /** The citizen asks, once, for a new code for an expired charge: a new txid, the same value and deadline. */
    async renovar(formularioId: string): Promise<boolean> {
      const [c] = await db.transacao(async (tx) => {
        const linhas = await tx.query<LinhaCobranca>(
          `update cobranca_pix set status = 'CRIANDO', renovada = true, txid = 'CR' || substr(txid, 3), expira_em = now() + make_interval(mins => prazo_minutos), tentativas = 0, proxima_tentativa_em = now(), location = null, brcode = null, atualizada_em = now()
            where formulario_id = $1 and status = 'EXPIRADA' and not renovada
            returning formulario_id::text, codigo_servico, txid, valor_centavos, chave, descricao, prazo_minutos, status, expira_em, tentativas`,
          [formularioId],
        );
        if (linhas.length) await tx.query(`update formulario set status = 'AGUARDANDO_PAGAMENTO', atualizado_em = now() where id = $1 and status = 'PAGAMENTO_EXPIRADO'`, [formularioId]);
        return linhas;
      });
      if (!c) return false;
      await criarNaPsp(c);
      return true;
    },
  };
}

export type Cobrancas = ReturnType<typeof criarCobrancas>;

/** What a refund came to: the amount, or why not (not paid, already refunded, a value beyond what is left, the PSP). */
export type ResultadoDevolucao = { devolvido: number } | { erro: 'nao-pago' | 'ja-devolvido' } | { erro: 'valor'; resta: number } | { erro: 'psp'; detalhe: string };

/**
 * The charges' options from the environment: PIX_PSP_URL and its credentials (psp.ts), PIX_RECEBEDOR_NOME and
 * PIX_RECEBEDOR_CIDADE (the BR Code's merchant), PIX_WEBHOOK_URL (default: the API's public address),
 * PIX_CONCILIACAO_MS, PIX_MARGEM_S. Null without PIX_PSP_URL: no fee can be charged.
 */
function impressoesDoAmbiente(v: string): string[] {
  const lista = v.split(',').map(impressao).filter(Boolean);
  if (!lista.length || lista.some((x) => !/^[0-9A-F]{64}$/.test(x))) throw new ErroConfiguracao(`PIX_WEBHOOK_CERT_SHA256 inválido: "${v}" (esperado: a impressão SHA-256 do certificado do PSP, 64 dígitos hexadecimais, com ou sem ":"; várias separadas por vírgula).`);
  return lista;
}

/**
 * PIX_WEBHOOK_CERT_SHA256 (and PIX_WEBHOOK_CERT_CABECALHO): the notifications' certificate check, the same in the demo
 * and in production. In production with a PSP reached over mTLS (PIX_CERT), the check is required (issue 50: without it,
 * anyone may post notifications): PIX_WEBHOOK_CERTIFICADO=desligado turns it off on purpose.
 */
export function certificadoDoWebhookDoAmbiente(env: NodeJS.ProcessEnv, pspComMtls: boolean): OpcoesPix['webhookCertificado'] {
  if (env.PIX_WEBHOOK_CERT_SHA256?.trim()) return { cabecalho: (env.PIX_WEBHOOK_CERT_CABECALHO?.trim() || 'x-ssl-client-cert').toLowerCase(), sha256: impressoesDoAmbiente(env.PIX_WEBHOOK_CERT_SHA256) };
  if (env.NODE_ENV === 'production' && pspComMtls && env.PIX_WEBHOOK_CERTIFICADO?.trim() !== 'desligado') {
    throw new ErroConfiguracao('Com o PSP em mTLS (PIX_CERT), defina PIX_WEBHOOK_CERT_SHA256 (a impressão SHA-256 do certificado com que o PSP notifica, conferido pelo proxy TLS): sem ela, qualquer um posta notificações. Para aceitá-las sem certificado, de propósito, PIX_WEBHOOK_CERTIFICADO=desligado.');
  }
  return undefined;
}

export function opcoesPixDoAmbiente(env: NodeJS.ProcessEnv, urlPublica: string): OpcoesPix | null {
  const psp = opcoesPspDoAmbiente(env);
  if (!psp) return null;
  const webhookCertificado = certificadoDoWebhookDoAmbiente(env, !!psp.cert);
  const nome = env.PIX_RECEBEDOR_NOME?.trim();
  const cidade = env.PIX_RECEBEDOR_CIDADE?.trim();
  if (!nome || !cidade) throw new ErroConfiguracao('Com PIX_PSP_URL, defina também PIX_RECEBEDOR_NOME e PIX_RECEBEDOR_CIDADE (o recebedor que o app do banco mostra).');
  return {
    psp,
    recebedor: { nome, cidade },
    webhookUrl: urlDoAmbiente(env, 'PIX_WEBHOOK_URL') ?? `${urlPublica}/api/publico/pix/notificacoes`,
    conciliacaoMs: numeroDoAmbiente(env, 'PIX_CONCILIACAO_MS', 60_000, { minimo: 100, inteiro: true }),
    margemS: numeroDoAmbiente(env, 'PIX_MARGEM_S', 300, { minimo: 0, inteiro: true }),
    lote: 100,
    ...(webhookCertificado ? { webhookCertificado } : {}),
    consultas: {
      porNotificacao: numeroDoAmbiente(env, 'PIX_CONSULTAS_POR_NOTIFICACAO', CONSULTAS_PADRAO.porNotificacao, { minimo: 1, inteiro: true }),
      porMinuto: numeroDoAmbiente(env, 'PIX_CONSULTAS_POR_MINUTO', CONSULTAS_PADRAO.porMinuto, { minimo: 1, inteiro: true }),
      intervaloS: CONSULTAS_PADRAO.intervaloS,
    },
  };
}
