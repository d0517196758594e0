import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { gerarCertificados } from './certificados';
import { iniciarSimuladorPsp, type SimuladorPsp } from './simuladorPsp';
import type { OpcoesPix } from '../../../src/server/pix/cobrancas';

/**
 * The demo's payment service provider (issue 38): the simulator on loopback, started with the demo server unless
 * PIX_PSP_URL names a real one (or PSP_DEMO=off), and a page for QA to "pay" a pending charge — with or without its
 * notification reaching the console — as the receiver's page does for deliveries:
 *   GET  /demo/pix                      the charges (JSON with `Accept: application/json`, else a page)
 *   POST /demo/pix/{txid}/pagar         {"perderNotificacao": true} pays without notifying
 * Development and QA only, like the embedded identity provider.
 */
export async function iniciarPspDemo(urlPublica: string, webhookCertificado?: OpcoesPix['webhookCertificado']): Promise<{ psp: SimuladorPsp; pix: OpcoesPix }> {
  const certificados = gerarCertificados();
  // With PIX_WEBHOOK_CERT_SHA256 the simulator passes its certificate on as the TLS proxy would, and the console checks it.
  const psp = await iniciarSimuladorPsp({ certificados, clientId: 'console-formularios', clientSecret: 'segredo-do-psp-de-demonstracao', cabecalhoCertificado: webhookCertificado?.cabecalho });
  return {
    psp,
    pix: {
      psp: { url: psp.url, clientId: 'console-formularios', clientSecret: 'segredo-do-psp-de-demonstracao', cert: certificados.cliente.cert, key: certificados.cliente.key, ca: certificados.ca },
      recebedor: { nome: 'Governo do Estado (demo)', cidade: 'Capital' },
      webhookUrl: `${urlPublica}/api/publico/pix/notificacoes`,
      conciliacaoMs: 10_000,
      margemS: 30,
      lote: 50,
      ...(webhookCertificado ? { webhookCertificado } : {}),
    },
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's one style, allowed by its hash: no 'unsafe-inline' (issue 49's header check found it here). */
const ESTILO = 'body{font-family:sans-serif;margin:2rem;color:#1c2127}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem .6rem;text-align:left}form{display:inline}';
const CSP_PIX = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(ESTILO).digest('base64')}'; form-action 'self'; frame-ancestors 'self'`;

const metade = (valor: string) => (Math.max(1, Math.round(Number(valor) * 50)) / 100).toFixed(2);

export function registrarPaginaPix(app: FastifyInstance, psp: SimuladorPsp, aoVencer: (txid: string) => Promise<void>) {
  app.get('/demo/pix', async (req, rep) => {
    const cobrancas = psp.cobrancas().reverse();
    if ((req.headers.accept ?? '').includes('application/json')) return { cobrancas, notificacoes: psp.notificacoes() };
    const linhas = cobrancas
      .map((c) => {
        const acao = (caminho: string, texto: string) => `<form method="post" action="/demo/pix/${esc(c.txid)}/${caminho}"><button>${texto}</button></form>`;
        const acoes = c.status === 'ATIVA' ? [acao('pagar', 'Pagar'), acao('pagar?perder=1', 'Pagar sem avisar o console'), acao('pagar?outro=1', `Pagar outro valor (R$ ${metade(c.valor.original).replace('.', ',')})`), acao('vencer', 'Deixar vencer')].join(' ') : '';
        return `<tr><td><code>${esc(c.txid)}</code></td><td>R$ ${esc(c.valor.original.replace('.', ','))}</td><td>${esc(c.status)}</td><td>${acoes}</td></tr>`;
      })
      .join('');
    return rep
      .type('text/html; charset=utf-8')
      .header('content-security-policy', CSP_PIX)
      .send(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>PSP simulado (demonstração)</title><style>${ESTILO}</style></head><body><h1>PSP simulado (demonstração)</h1><p>As cobranças Pix dos formulários com taxa. "Pagar" conclui a cobrança e avisa o console (webhook da API Pix); "Pagar sem avisar" simula um aviso perdido: a conciliação do console acha o pagamento depois; "Pagar outro valor" paga a metade (o formulário continua esperando, e a gaveta mostra o Pix divergente); "Deixar vencer" faz o prazo passar agora (o formulário fica com o pagamento expirado).</p><p>O PSP simulado notifica com o certificado de impressão SHA-256 <code>${esc(psp.impressaoCertificado())}</code> (com <code>PIX_WEBHOOK_CERT_SHA256</code> igual a ela, a demonstração confere as notificações como a produção).</p><table><thead><tr><th>txid</th><th>Valor</th><th>Situação</th><th>Ações</th></tr></thead><tbody>${linhas || '<tr><td colspan="4">Nenhuma cobrança ainda.</td></tr>'}</tbody></table></body></html>`);
  });
  app.post<{ Params: { txid: string } }>('/demo/pix/:txid/vencer', async (req, rep) => {
    const ok = psp.vencer(req.params.txid);
    if (ok) await aoVencer(req.params.txid);
    if ((req.headers.accept ?? '').includes('application/json')) return rep.code(ok ? 200 : 409).send({ ok });
    return rep.redirect('/demo/pix', 303);
  });
  app.post<{ Params: { txid: string }; Querystring: { perder?: string; outro?: string }; Body: { perderNotificacao?: boolean; valor?: string } | null }>('/demo/pix/:txid/pagar', async (req, rep) => {
    const cob = psp.cobranca(req.params.txid);
    const valor = req.body?.valor ?? (req.query.outro === '1' && cob ? metade(cob.valor.original) : undefined);
    const r = await psp.pagar(req.params.txid, { perderNotificacao: req.query.perder === '1' || req.body?.perderNotificacao === true, valor });
    if ((req.headers.accept ?? '').includes('application/json') || req.headers['content-type']?.includes('json')) return rep.code(r.ok ? 200 : 409).send(r);
    return rep.redirect('/demo/pix', 303);
  });
}
