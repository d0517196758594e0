import { randomBytes, X509Certificate, createPrivateKey } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { assinarResumo } from '../../src/server/pdf/cms';
import { CAMINHO_RETORNO, type OpcoesAssinaturaGovbr } from '../../src/server/assinatura/govbr';
import { emitirCertificadoDemo, pastaDeCertificados } from './certificadosDemo';

/**
 * The demo's gov.br signature API (issue 44), on loopback, as the ITI's manual describes it: `/oauth2.0/authorize`
 * (the citizen picks the demo account — name, CPF, level — and types the SMS code, 12345 as in gov.br's staging),
 * `/oauth2.0/token` (the code once, for a token good for one signature), `/externo/v2/certificadoPublico` and
 * `/externo/v2/assinarPKCS7` (a PKCS#7 over the hash, signed with a certificate of the simulator's own authority,
 * "AC Simulada gov.br", CN "NOME:CPF" as ICP-Brasil writes it). Bronze accounts get gov.br's 403 and its words.
 */
export const CAMINHO_ASSINATURA_DEMO = '/demo/assinatura-govbr';
export const CLIENTE_ASSINATURA_DEMO = { clientId: 'console-formularios-demo', clientSecret: 'demo-assinatura' };
export const CODIGO_SMS_DEMO = '12345';
export const RECUSA_BRONZE = 'Cidadão não possui a identidade (Prata ou Ouro) necessária para uso da assinatura eletrônica digital.';
export const AC_ASSINATURA_DEMO = 'AC Simulada gov.br (demonstração)';

type Nivel = 'bronze' | 'prata' | 'ouro';
interface Conta {
  nome: string;
  cpf: string;
  nivel: Nivel;
}

/** Where the service finds the simulator of the demo at `urlPublica`. */
export function assinaturaGovbrDemo(urlPublica: string): OpcoesAssinaturaGovbr {
  const base = `${urlPublica.replace(/\/+$/, '')}${CAMINHO_ASSINATURA_DEMO}`;
  return { oauthUrl: `${base}/oauth2.0`, apiUrl: `${base}/externo/v2`, ...CLIENTE_ASSINATURA_DEMO, retorno: `${urlPublica.replace(/\/+$/, '')}${CAMINHO_RETORNO}` };
}

// No form-action: the authorisation's redirects go on to the portal, on another origin.
const CSP = "default-src 'none'; style-src 'self'; base-uri 'none'; frame-ancestors 'none'";
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const naMaquina = (u: string) => {
  try {
    const x = new URL(u);
    return (x.protocol === 'http:' || x.protocol === 'https:') && LOOPBACK.has(x.hostname);
  } catch {
    return false;
  }
};

export function registrarAssinaturaGovbrDemo(app: FastifyInstance, pastaDados: string) {
  const codigos = new Map<string, { conta: Conta; redirect: string; ate: number }>();
  const tokens = new Map<string, { conta: Conta; ate: number; usado: boolean }>();
  const certificados = new Map<string, { certificado: X509Certificate; ac: X509Certificate; chave: ReturnType<typeof createPrivateKey> }>();
  const pasta = pastaDeCertificados(pastaDados, 'assinatura-govbr');
  if (pastaDados.startsWith('memory://')) app.addHook('onClose', async () => rmSync(pasta, { recursive: true, force: true }));

  /** The account's certificate from the simulator's authority, made once per CPF. */
  function certificadoDe(c: Conta) {
    const chave = `${c.cpf}:${c.nome}`;
    let feito = certificados.get(chave);
    if (!feito) {
      const nome = c.nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z ]/g, '').trim() || 'CIDADAO';
      const e = emitirCertificadoDemo(pasta, AC_ASSINATURA_DEMO, `cidadao-${c.cpf}-${Buffer.from(c.nome).toString('hex').slice(0, 24)}`, `/C=BR/O=ICP-Brasil (demonstração)/OU=Assinatura gov.br/CN=${nome}:${c.cpf}`);
      feito = { certificado: new X509Certificate(e.certificado), ac: new X509Certificate(e.ac), chave: createPrivateKey(e.chave) };
      certificados.set(chave, feito);
    }
    return feito;
  }
  const contaDoToken = (autorizacao?: string) => {
    const t = tokens.get((autorizacao ?? '').replace(/^Bearer\s+/i, ''));
    return t && t.ate > Date.now() ? t : null;
  };

  app.register(
    async (s) => {

      s.get<{ Querystring: Record<string, string | undefined> }>('/oauth2.0/authorize', (req, rep) => {
        const q = req.query;
        if (q.response_type !== 'code' || q.scope !== 'sign' || q.client_id !== CLIENTE_ASSINATURA_DEMO.clientId || !q.redirect_uri || !naMaquina(q.redirect_uri)) return rep.code(400).type('text/plain; charset=utf-8').send('Pedido inválido: response_type=code, scope=sign, o client_id da demonstração e um redirect_uri desta máquina.');
        const oculto = (n: string) => `<input type="hidden" name="${n}" value="${esc(q[n] ?? '')}">`;
        const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Assinatura gov.br — demonstração</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/portal.css"></head>
<body class="portal-do-cidadao"><header class="portal-topo"><strong>gov.br — Assinatura eletrônica (demonstração)</strong></header><main class="portal-principal">
<h1>Autorizar a assinatura</h1><p>O serviço <strong>${esc(q.client_id)}</strong> pede para assinar um documento em seu nome com a sua conta gov.br (assinatura eletrônica avançada).</p>
<form method="post" action="${CAMINHO_ASSINATURA_DEMO}/oauth2.0/authorize" class="portal-login">
${['redirect_uri', 'state', 'client_id'].map(oculto).join('')}
<p><label for="nome">Nome</label><br><input id="nome" name="nome" value="Maria Cidadã" required></p>
<p><label for="cpf">CPF</label><br><input id="cpf" name="cpf" value="529.982.247-25" inputmode="numeric" required></p>
<p><label for="nivel">Nível da conta</label><br><select id="nivel" name="nivel"><option value="bronze">Bronze</option><option value="prata" selected>Prata</option><option value="ouro">Ouro</option></select></p>
<p><label for="codigo">Código enviado por SMS</label><br><input id="codigo" name="codigo" inputmode="numeric" autocomplete="one-time-code" required aria-describedby="codigo-dica"><span id="codigo-dica"> Na demonstração, ${CODIGO_SMS_DEMO}.</span></p>
<p><button type="submit" name="decisao" value="autorizar">Autorizar</button> <button type="submit" name="decisao" value="negar" formnovalidate>Não autorizar</button></p>
</form><p>Página de demonstração: o certificado é de uma autoridade simulada.</p></main></body></html>`;
        return rep.type('text/html; charset=utf-8').header('content-security-policy', CSP).header('cache-control', 'no-store').send(html);
      });

      s.post<{ Body: Record<string, string | undefined> }>('/oauth2.0/authorize', (req, rep) => {
        const b = req.body ?? {};
        if (!b.redirect_uri || !naMaquina(b.redirect_uri)) return rep.code(400).type('text/plain; charset=utf-8').send('redirect_uri inválido.');
        const volta = new URL(b.redirect_uri);
        if (b.state) volta.searchParams.set('state', b.state);
        if (b.decisao === 'negar') {
          volta.searchParams.set('error', 'access_denied');
          return rep.redirect(volta.toString(), 303);
        }
        const cpf = (b.cpf ?? '').replace(/\D/g, '');
        if (b.codigo?.trim() !== CODIGO_SMS_DEMO || cpf.length !== 11) return rep.code(400).type('text/plain; charset=utf-8').send(`Código ou CPF inválido (na demonstração, o código é ${CODIGO_SMS_DEMO}). Volte e tente de novo.`);
        const nivel: Nivel = b.nivel === 'bronze' || b.nivel === 'ouro' ? b.nivel : 'prata';
        const codigo = randomBytes(18).toString('base64url');
        codigos.set(codigo, { conta: { nome: (b.nome ?? '').trim() || 'Cidadão', cpf, nivel }, redirect: b.redirect_uri, ate: Date.now() + 5 * 60_000 });
        volta.searchParams.set('code', codigo);
        return rep.redirect(volta.toString(), 303);
      });

      s.post<{ Body: Record<string, string | undefined> }>('/oauth2.0/token', (req, rep) => {
        const b = req.body ?? {};
        const c = b.code ? codigos.get(b.code) : undefined;
        if (b.code) codigos.delete(b.code);
        if (b.client_id !== CLIENTE_ASSINATURA_DEMO.clientId || b.client_secret !== CLIENTE_ASSINATURA_DEMO.clientSecret) return rep.code(401).send({ status: 401, error: 'Unauthorized', message: 'No message available', path: '/oauth2.0/token' });
        if (!c || c.ate < Date.now() || b.grant_type !== 'authorization_code' || b.redirect_uri !== c.redirect) return rep.code(400).type('text/plain').send('error=invalid_request');
        const token = `AT-${randomBytes(18).toString('base64url')}`;
        tokens.set(token, { conta: c.conta, ate: Date.now() + 10 * 60_000, usado: false });
        return { access_token: token, token_type: 'bearer', expires_in: 600 };
      });

      s.get('/externo/v2/certificadoPublico', (req, rep) => {
        const t = contaDoToken(req.headers.authorization);
        if (!t) return rep.code(401).type('text/plain; charset=utf-8').send('Token inválido ou expirado.');
        if (t.conta.nivel === 'bronze') return rep.code(403).type('text/plain; charset=utf-8').send(RECUSA_BRONZE);
        return rep.type('text/plain').send(certificadoDe(t.conta).certificado.toString());
      });

      s.post<{ Body: { hashBase64?: string } }>('/externo/v2/assinarPKCS7', (req, rep) => {
        const t = contaDoToken(req.headers.authorization);
        if (!t || t.usado) return rep.code(401).type('text/plain; charset=utf-8').send('Token inválido, expirado ou já usado (scope sign: uma assinatura por token).');
        if (t.conta.nivel === 'bronze') return rep.code(403).type('text/plain; charset=utf-8').send(RECUSA_BRONZE);
        const resumo = Buffer.from(req.body?.hashBase64 ?? '', 'base64');
        if (resumo.length !== 32) return rep.code(400).type('text/plain; charset=utf-8').send('hashBase64: um SHA-256 em Base64.');
        t.usado = true;
        const c = certificadoDe(t.conta);
        return rep.type('application/octet-stream').send(assinarResumo(resumo, { certificados: [c.certificado, c.ac], chave: c.chave }, new Date()));
      });
    },
    { prefix: CAMINHO_ASSINATURA_DEMO },
  );
}
