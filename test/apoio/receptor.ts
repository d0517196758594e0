import { createServer, type IncomingMessage } from 'node:http';
import { portaLivre } from './cliente';

/**
 * A real local HTTP receiver for delivery tests: it answers each request as `responder` says (a status,
 * or 'travar' to never answer) and keeps what it received.
 */
export interface Recebida {
  em: number;
  cabecalhos: IncomingMessage['headers'];
  corpo: { protocolo: string; entregaId: string; respostas: Record<string, unknown> } & Record<string, unknown>;
  /** The body exactly as it arrived (what a signature covers). */
  texto: string;
}

export async function subirReceptor(responder: (r: Recebida, todas: Recebida[]) => number | 'travar' | { status: number; corpo: string } | Promise<number> = () => 200) {
  const recebidas: Recebida[] = [];
  const porta = await portaLivre();
  const servidor = createServer((req, res) => {
    let texto = '';
    req.on('data', (d) => (texto += d));
    req.on('end', async () => {
      const r: Recebida = { em: Date.now(), cabecalhos: req.headers, corpo: texto ? JSON.parse(texto) : {}, texto };
      recebidas.push(r);
      const s = await o.responder(r, recebidas);
      if (s === 'travar') return;
      if (typeof s === 'object') return void res.writeHead(s.status, { 'content-type': 'text/plain' }).end(s.corpo);
      res.writeHead(s, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: s < 300 }));
    });
  });
  const o = { responder };
  await new Promise<void>((ok) => servidor.listen(porta, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${porta}/recebe`,
    /** Its origin, for the destination allowlist (a loopback address is refused unless the operator allows it). */
    origem: `http://127.0.0.1:${porta}`,
    recebidas,
    /** Changes how it answers from now on. */
    responder: (f: typeof responder) => void (o.responder = f),
    doProtocolo: (p: string) => recebidas.filter((r) => r.corpo.protocolo === p),
    fechar: () => new Promise<void>((ok) => (servidor.closeAllConnections(), servidor.close(() => ok()))),
  };
}

/** Polls until `f` is truthy (or fails after `ms`). */
export async function esperarAte<T>(f: () => Promise<T> | T, ms = 10_000, oQue = 'condição'): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > fim) throw new Error(`não aconteceu em ${ms} ms: ${oQue}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A definite later event instead of a fixed wait (issue 39): a sentinel form sent to `codigo` and delivered to
 * `receptor` proves the delivery worker has made its rounds since; what did not arrive before it was not sent.
 * (Due jobs are claimed in the order they became due, and the sentinel became due last.)
 */
export async function esperarSentinela(base: string, codigo: string, receptor: { doProtocolo: (p: string) => unknown[] }, ms = 15_000): Promise<void> {
  const { enviarFormulario, RESPOSTAS_VALIDAS } = await import('./entregas');
  const r = await enviarFormulario(base, codigo, { ...RESPOSTAS_VALIDAS, nome: 'Sentinela' });
  if (r.status !== 201) throw new Error(`sentinela recusada: ${r.status} ${JSON.stringify(r.json)}`);
  await esperarAte(() => receptor.doProtocolo(r.json.protocolo).length > 0, ms, `a sentinela ${r.json.protocolo} entregue`);
}

/**
 * A server whose real workers are seen where their work arrives (issue 49): the delivery worker posts to a local
 * HTTP receiver, the mailer sends to an SMTP server (the demo's catcher: smtp-server, parsed with mailparser).
 */
export async function subirComReceptorECaixa(extra: Partial<import('../../demo/server/app').OpcoesServidor> = {}) {
  const { abrirCaixaDeEmails } = await import('../../demo/server/email/caixaDemo');
  const { opcoesEmailDoAmbiente } = await import('../../src/server/email/mensageiro');
  const { subirServidor } = await import('./servidor');
  const caixa = await abrirCaixaDeEmails();
  const receptor = await subirReceptor();
  const s = await subirServidor({
    entregas: { ligado: true, esperasS: [0.3], timeoutMs: 2000, intervaloMs: 50, lote: 10 },
    email: { ...opcoesEmailDoAmbiente({}), caixaDemo: false, smtpUrl: caixa.url, esperasS: [0.3, 0.3], intervaloMs: 50 },
    integracao: { permitidos: { origens: [receptor.origem] } },
    ...extra,
  });
  return { s, caixa, receptor, fechar: async () => (await s.fechar(), await caixa.fechar(), await receptor.fechar()) };
}
