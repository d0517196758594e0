import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { formatarDataHora } from '../../../src/i18n/datas';

/**
 * The demo's mail catcher (issue 21): a real SMTP server (smtp-server) on loopback that keeps the last
 * messages in memory, parsed back with mailparser, so QA reads every e-mail the demo sends at
 * /demo/emails (and its attachments), with no mail leaving the machine. `npm start` starts it unless
 * SMTP_URL names a real server. Tests start one of their own the same way.
 */
export interface EmailCapturado {
  id: number;
  recebidoEm: string;
  de: string;
  para: string[];
  assunto: string;
  texto: string;
  html: string | null;
  anexos: { nome: string; tipo: string; tamanho: number; conteudo: Buffer }[];
}

const MAXIMO = 200;

export async function abrirCaixaDeEmails(o: { porta?: number } = {}) {
  const emails: EmailCapturado[] = [];
  let proximo = 1;
  const esperando = new Set<() => void>();
  const servidor = new SMTPServer({
    // Loopback only, no TLS, any (or no) login: a catcher, not a mail server.
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 30 * 1024 * 1024,
    onAuth: (_auth, _sessao, feito) => feito(null, { user: 'demo' }),
    onData(fluxo, sessao, feito) {
      simpleParser(fluxo)
        .then((m) => {
          emails.unshift({
            id: proximo++,
            recebidoEm: new Date().toISOString(),
            de: m.from?.text ?? '',
            para: sessao.envelope.rcptTo.map((r) => r.address),
            assunto: m.subject ?? '',
            texto: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : null,
            anexos: m.attachments.map((a) => ({ nome: a.filename ?? 'anexo', tipo: a.contentType, tamanho: a.size, conteudo: a.content })),
          });
          emails.length = Math.min(emails.length, MAXIMO);
          for (const f of esperando) f();
          feito();
        })
        .catch((e: Error) => feito(e));
    },
  });
  await new Promise<void>((ok, falha) => {
    servidor.once('error', falha);
    servidor.listen(o.porta ?? 0, '127.0.0.1', () => ok());
  });
  const porta = (servidor.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${porta}`,
    porta,
    emails,
    /** Resolves when a message for which `condicao` holds has arrived (or rejects after `ms`). */
    esperar(condicao: (e: EmailCapturado) => boolean, ms = 10_000): Promise<EmailCapturado> {
      return new Promise((ok, falha) => {
        const ver = () => {
          const e = emails.find(condicao);
          if (!e) return false;
          esperando.delete(ver);
          clearTimeout(relogio);
          ok(e);
          return true;
        };
        const relogio = setTimeout(() => (esperando.delete(ver), falha(new Error('nenhum e-mail esperado chegou'))), ms);
        if (!ver()) esperando.add(ver);
      });
    },
    fechar: () => new Promise<void>((ok) => servidor.close(() => ok())),
  };
}

export type CaixaDeEmails = Awaited<ReturnType<typeof abrirCaixaDeEmails>>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkar = (texto: string) => esc(texto).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

/** /demo/emails: the messages, newest first (text body; links clickable), and each attachment to download. */
export function registrarCaixaDeEmails(app: FastifyInstance, caixa: CaixaDeEmails) {
  const csp = "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  app.get('/demo/emails', { schema: { hide: true } }, async (_req, rep) => {
    const itens = caixa.emails
      .map(
        (e) => `<article class="cf-email" data-email="${e.id}">
  <h2>${esc(e.assunto)}</h2>
  <p class="cf-email-meta">De ${esc(e.de)} para ${esc(e.para.join(', '))}, recebido em <time datetime="${e.recebidoEm}">${esc(formatarDataHora(e.recebidoEm))}</time></p>
  <pre>${linkar(e.texto)}</pre>
  ${e.anexos.length ? `<ul>${e.anexos.map((a, i) => `<li><a href="/demo/emails/${e.id}/anexos/${i}" download>${esc(a.nome)}</a> (${esc(a.tipo)}, ${Math.max(1, Math.round(a.tamanho / 1024))} KB)</li>`).join('')}</ul>` : ''}
</article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>E-mails da demonstração</title><link rel="stylesheet" href="/portal.css"></head>
<body><main class="cf-emails"><h1>E-mails da demonstração</h1><p>Tudo o que a demonstração enviou por e-mail (${caixa.emails.length}), do mais novo ao mais antigo. Nenhum e-mail sai desta máquina: o servidor SMTP da demonstração os guarda aqui. <a href="/">Voltar ao console</a> · <a href="/cidadao.html">Portal do cidadão</a></p>
${itens || '<p>Nenhum e-mail ainda.</p>'}</main></body></html>`;
    return rep.type('text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-store').send(html);
  });
  app.get('/demo/emails.json', { schema: { hide: true } }, async () => caixa.emails.map(({ anexos, ...e }) => ({ ...e, anexos: anexos.map(({ conteudo: _, ...a }) => a) })));
  app.get<{ Params: { id: string; n: string } }>('/demo/emails/:id/anexos/:n', { schema: { hide: true } }, async (req, rep) => {
    const a = caixa.emails.find((e) => e.id === Number(req.params.id))?.anexos[Number(req.params.n)];
    if (!a) return rep.code(404).type('text/plain; charset=utf-8').send('Anexo não encontrado.');
    return rep.type(a.tipo).header('content-disposition', `attachment; filename="${a.nome.replace(/[^\w.-]/g, '_')}"`).header('x-content-type-options', 'nosniff').send(a.conteudo);
  });
}
