import type { FastifyInstance } from 'fastify';
import { formatarDataHora } from '../../src/i18n/datas';

/**
 * The demo's SMS gateway (issue 45), on loopback, like the mail catcher: it takes what SMS_URL is sent
 * (`POST /demo/sms/mensagens` with `{ to, message }`), keeps the last 200 in memory and lists them at `/demo/sms`
 * (and `/demo/sms.json`). Nothing leaves the machine.
 */
export const CAMINHO_SMS_DEMO = '/demo/sms/mensagens';

export interface SmsDemo {
  id: number;
  para: string;
  texto: string;
  recebidoEm: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function registrarSmsDemo(app: FastifyInstance): SmsDemo[] {
  const mensagens: SmsDemo[] = [];
  let proximo = 1;
  app.post<{ Body: { to?: unknown; message?: unknown } }>(CAMINHO_SMS_DEMO, { schema: { hide: true } }, async (req, rep) => {
    const { to, message } = req.body ?? {};
    if (typeof to !== 'string' || typeof message !== 'string') return rep.code(400).send({ erro: 'to e message (texto)' });
    mensagens.unshift({ id: proximo++, para: to, texto: message, recebidoEm: new Date().toISOString() });
    mensagens.length = Math.min(mensagens.length, 200);
    return rep.code(202).send({ ok: true });
  });
  app.get('/demo/sms.json', { schema: { hide: true } }, async () => mensagens);
  app.get('/demo/sms', { schema: { hide: true } }, async (_req, rep) => {
    const itens = mensagens.map((m) => `<article class="cf-email" data-sms="${m.id}"><p class="cf-email-meta">Para ${esc(m.para)}, em <time datetime="${m.recebidoEm}">${esc(formatarDataHora(m.recebidoEm))}</time></p><pre>${esc(m.texto)}</pre></article>`).join('\n');
    const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SMS da demonstração</title><link rel="stylesheet" href="/portal.css"></head>
<body><main class="cf-emails"><h1>SMS da demonstração</h1><p>Tudo o que a demonstração enviou por SMS (${mensagens.length}), do mais novo ao mais antigo. Nenhuma mensagem sai desta máquina. <a href="/">Voltar ao console</a> · <a href="/cidadao.html">Portal do cidadão</a></p>
${itens || '<p>Nenhum SMS ainda.</p>'}</main></body></html>`;
    return rep.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'").header('cache-control', 'no-store').send(html);
  });
  return mensagens;
}
