import { randomUUID, X509Certificate } from 'node:crypto';
import { request as https } from 'node:https';
import { request as http } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Certificados } from './certificados';
import type { CobrancaPsp } from '../../../src/server/pix/psp';

/**
 * A payment service provider on loopback (issue 38, demo and tests only): the subset of the Banco Central's API
 * Pix that a form's fee uses — OAuth2 client credentials, charges, the webhook, refunds — over mutual TLS with a
 * certificate authority of its own (a client without its certificate is refused at the handshake). Like the demo
 * receiver, it has controls for the demo page and the tests: pay a charge (with or without the notification
 * reaching the console), list charges. Notifications go as the API Pix sends them: `POST <webhook>/pix`.
 */
export interface OpcoesSimulador {
  certificados: Certificados;
  clientId: string;
  clientSecret: string;
  porta?: number;
  /** A notification to a plain-http console carries the PSP's certificate in this header, as a TLS proxy in front passes it on. */
  cabecalhoCertificado?: string;
}

interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  status: 'DEVOLVIDO';
  horario: { solicitacao: string; liquidacao: string };
}

interface Cobranca extends CobrancaPsp {
  devolucoes: Record<string, Devolucao>;
}

export async function iniciarSimuladorPsp(o: OpcoesSimulador) {
  const { certificados: c } = o;
  const app: FastifyInstance = Fastify({ https: { key: c.servidor.key, cert: c.servidor.cert, ca: c.ca, requestCert: true, rejectUnauthorized: true }, logger: false });
  const tokens = new Set<string>();
  const cobrancas = new Map<string, Cobranca>();
  const webhooks = new Map<string, string>();
  const notificacoes: { url: string; status: number | null; corpo: unknown }[] = [];
  let url = '';
  /** GET /cob/{txid} calls so far: what the console asked the PSP (issue 50: a notification's cost). */
  let consultas = 0;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, corpo, feito) => feito(null, Object.fromEntries(new URLSearchParams(String(corpo)))));
  app.post<{ Body: { grant_type?: string } }>('/oauth/token', async (req, rep) => {
    const [id, segredo] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic\s+/i, ''), 'base64').toString().split(':');
    if (id !== o.clientId || segredo !== o.clientSecret || req.body?.grant_type !== 'client_credentials') return rep.code(401).send({ error: 'invalid_client' });
    const token = randomUUID();
    tokens.add(token);
    return { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read pix.write pix.read webhook.write' };
  });
  app.addHook('preHandler', async (req, rep) => {
    if (req.url === '/oauth/token') return;
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return rep.code(401).send({ title: 'Não autorizado', status: 401 });
  });

  const semDevolucoes = ({ devolucoes: _, ...resto }: Cobranca): CobrancaPsp => resto;
  app.put<{ Params: { txid: string }; Body: { calendario?: { expiracao?: number }; valor?: { original?: string }; chave?: string; solicitacaoPagador?: string } }>('/cob/:txid', async (req, rep) => {
    const { txid } = req.params;
    const b = req.body ?? {};
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid) || !/^\d{1,10}\.\d{2}$/.test(b.valor?.original ?? '') || !b.chave) return rep.code(400).send({ title: 'Cobrança inválida', status: 400, violacoes: [{ razao: 'txid, valor.original ou chave inválidos' }] });
    const existente = cobrancas.get(txid);
    if (existente) return rep.code(200).send(semDevolucoes(existente));
    const location = `${new URL(url).host}/qr/v2/cob/${randomUUID().replace(/-/g, '')}`;
    const cob: Cobranca = { txid, status: 'ATIVA', calendario: { criacao: new Date().toISOString(), expiracao: b.calendario?.expiracao ?? 3600 }, valor: { original: b.valor!.original! }, chave: b.chave, loc: { location }, location, devolucoes: {} };
    cobrancas.set(txid, cob);
    return rep.code(201).send(semDevolucoes(cob));
  });
  app.get<{ Params: { txid: string } }>('/cob/:txid', async (req, rep) => {
    consultas++;
    const cob = cobrancas.get(req.params.txid);
    return cob ? semDevolucoes(cob) : rep.code(404).send({ title: 'Cobrança não encontrada', status: 404 });
  });
  app.put<{ Params: { chave: string }; Body: { webhookUrl?: string } }>('/webhook/:chave', async (req, rep) => {
    if (!req.body?.webhookUrl) return rep.code(400).send({ title: 'webhookUrl ausente', status: 400 });
    webhooks.set(req.params.chave, req.body.webhookUrl);
    return rep.code(204).send();
  });
  app.put<{ Params: { e2eid: string; id: string }; Body: { valor?: string } }>('/pix/:e2eid/devolucao/:id', async (req, rep) => {
    const cob = [...cobrancas.values()].find((x) => x.pix?.some((p) => p.endToEndId === req.params.e2eid));
    if (!cob) return rep.code(404).send({ title: 'Pix não encontrado', status: 404 });
    const valor = req.body?.valor ?? '';
    const pago = Number(cob.pix![0].valor);
    const devolvido = Object.values(cob.devolucoes).reduce((n, d) => n + Number(d.valor), 0);
    if (!/^\d+\.\d{2}$/.test(valor) || Number(valor) <= 0 || Number(valor) + devolvido > pago + 1e-9) return rep.code(400).send({ title: 'Valor de devolução inválido', status: 400 });
    const agora = new Date().toISOString();
    const d: Devolucao = (cob.devolucoes[req.params.id] ??= { id: req.params.id, rtrId: `D${randomUUID().replace(/-/g, '').slice(0, 31)}`, valor, status: 'DEVOLVIDO', horario: { solicitacao: agora, liquidacao: agora } });
    return rep.code(201).send(d);
  });

  await app.listen({ port: o.porta ?? 0, host: '127.0.0.1' });
  const endereco = app.server.address();
  url = `https://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;

  /** Sends a notification as the PSP does (`POST <webhook>/pix`), with the PSP's client certificate over https. */
  function notificar(chave: string, pix: NonNullable<CobrancaPsp['pix']>): Promise<number | null> {
    const base = webhooks.get(chave);
    if (!base) return Promise.resolve(null);
    const destino = new URL(`${base.replace(/\/+$/, '')}/pix`);
    const corpo = JSON.stringify({ pix });
    return new Promise((ok) => {
      const repasse = o.cabecalhoCertificado && destino.protocol === 'http:' ? { [o.cabecalhoCertificado]: encodeURIComponent(c.psp.cert) } : {};
      const opcoes = { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(corpo), ...repasse }, ...(destino.protocol === 'https:' ? { cert: c.psp.cert, key: c.psp.key, ca: c.ca } : {}) };
      const req = (destino.protocol === 'https:' ? https : http)(destino, opcoes, (res) => {
        res.resume();
        res.on('end', () => (notificacoes.push({ url: destino.href, status: res.statusCode ?? 0, corpo: { pix } }), ok(res.statusCode ?? 0)));
      });
      req.on('error', () => (notificacoes.push({ url: destino.href, status: null, corpo: { pix } }), ok(null)));
      req.end(corpo);
    });
  }

  return {
    url,
    cobrancas: () => [...cobrancas.values()].map(semDevolucoes),
    cobranca: (txid: string) => cobrancas.get(txid),
    webhooks: () => Object.fromEntries(webhooks),
    notificacoes: () => [...notificacoes],
    consultas: () => consultas,
    /**
     * The citizen pays: the charge is concluded with an endToEndId; the notification goes to the webhook unless
     * `perderNotificacao` (a notification lost on the way: the console's reconciliation must find it).
     */
    async pagar(txid: string, o: { perderNotificacao?: boolean; valor?: string } = {}) {
      const cob = cobrancas.get(txid);
      if (!cob || cob.status !== 'ATIVA') return { ok: false as const, motivo: cob ? `a cobrança está ${cob.status}` : 'cobrança não encontrada' };
      if (Date.now() > Date.parse(cob.calendario.criacao) + cob.calendario.expiracao * 1000) return { ok: false as const, motivo: 'a cobrança expirou' };
      // `valor`: a Pix of another amount than the charge's (some banks let the payer change it).
      const pix = { endToEndId: `E${randomUUID().replace(/-/g, '').slice(0, 31)}`, txid, valor: o.valor ?? cob.valor.original, horario: new Date().toISOString() };
      cob.status = 'CONCLUIDA';
      cob.pix = [pix];
      const notificacao = o.perderNotificacao ? null : await notificar(cob.chave, [pix]);
      return { ok: true as const, endToEndId: pix.endToEndId, notificacao };
    },
    /** The charge's deadline passes now (demo): it can no longer be paid. */
    vencer(txid: string): boolean {
      const cob = cobrancas.get(txid);
      if (!cob || cob.status !== 'ATIVA') return false;
      cob.calendario.expiracao = Math.max(0, Math.floor((Date.now() - Date.parse(cob.calendario.criacao)) / 1000) - 1);
      return true;
    },
    /** The SHA-256 fingerprint of the certificate it notifies with (what PIX_WEBHOOK_CERT_SHA256 names). */
    impressaoCertificado: () => new X509Certificate(c.psp.cert).fingerprint256,
    notificar,
    fechar: () => app.close(),
  };
}

export type SimuladorPsp = Awaited<ReturnType<typeof iniciarSimuladorPsp>>;
