import type { FastifyInstance } from 'fastify';

/**
 * The demo's gov.br trust catalogue (issue 44), on loopback, as `confiabilidades.acesso.gov.br` receives a citizen:
 * `client_id`, `niveis` ("(2/3)": prata or ouro; "3": ouro) and `redirect_uri`. The citizen "validates" the account
 * (by a bank: prata; by a digital certificate: ouro) and goes back to the page they came from, which signs in again
 * at that level (`nivel-govbr` in its address: the demo portal's login reads it). Only loopback pages come back.
 */
export const CAMINHO_CATALOGO_DEMO = '/demo/confiabilidades';

const CSP = "default-src 'none'; style-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function volta(redirect: string, nivel: 'prata' | 'ouro'): string | null {
  try {
    const u = new URL(redirect);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !LOOPBACK.has(u.hostname)) return null;
    u.searchParams.set('nivel-govbr', nivel);
    return u.toString();
  } catch {
    return null;
  }
}

export function registrarConfiabilidadesDemo(app: FastifyInstance) {
  app.get<{ Querystring: { client_id?: string; niveis?: string; redirect_uri?: string } }>(CAMINHO_CATALOGO_DEMO, (req, rep) => {
    const { client_id: cliente, niveis = '(2/3)', redirect_uri: redirect = '' } = req.query;
    const opcoes = (niveis.includes('2') ? (['prata', 'ouro'] as const) : (['ouro'] as const)).map((n) => ({ n, url: volta(redirect, n) }));
    if (!cliente || opcoes.some((o) => !o.url)) return rep.code(400).type('text/plain; charset=utf-8').send('Pedido inválido: informe client_id e um redirect_uri desta máquina.');
    const rotulo = { prata: 'Validar pelo banco (nível prata)', ouro: 'Usar um certificado digital (nível ouro)' };
    const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Catálogo de confiabilidades — demonstração</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/portal.css"></head>
<body class="portal-do-cidadao"><header class="portal-topo"><strong>gov.br — Catálogo de confiabilidades (demonstração)</strong></header><main class="portal-principal">
<h1>Aumente o nível da sua conta</h1><p>O serviço <strong>${esc(cliente)}</strong> pede uma conta gov.br ${niveis.includes('2') ? 'nível prata ou ouro' : 'nível ouro'}. Escolha como validar a sua conta: depois, você volta ao serviço.</p>
<ul class="portal-opcoes">${opcoes.map((o) => `<li><a href="${esc(o.url!)}" data-nivel="${o.n}">${rotulo[o.n]}</a></li>`).join('')}</ul>
<p>Página de demonstração: nada é validado de verdade.</p></main></body></html>`;
    return rep.type('text/html; charset=utf-8').header('content-security-policy', CSP).header('cache-control', 'no-store').send(html);
  });
}
