import { createServer, type Server } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

/**
 * A third-party portal on an origin of its own (issue 4): host pages styled by a real design system
 * (Bootstrap 5, GOV.UK Frontend) plus aggressive global rules, under a strict CSP, loading the
 * console's bundles with a plain <script> tag from the portal's own origin, with the API and the
 * identity provider on two other origins.
 */
export type Estilo = 'simples' | 'bootstrap' | 'govuk';

const FOLHAS: Record<Estilo, string[]> = {
  simples: [],
  bootstrap: ['/vendor/bootstrap.min.css', '/agressivo.css'],
  govuk: ['/vendor/govuk-frontend.min.css', '/agressivo.css'],
};

const CORPO: Record<Estilo, string> = {
  simples: '<p class="portal-texto" id="texto-host">Portal simples.</p><button id="botao-host">Botão do portal</button>',
  bootstrap: '<nav class="navbar navbar-expand bg-body-tertiary"><div class="container-fluid"><a class="navbar-brand" href="#">Portal Bootstrap</a><button id="botao-host" class="btn btn-primary">Botão do portal</button></div></nav><p class="portal-texto lead" id="texto-host">Página de um portal com Bootstrap 5.</p>',
  govuk: '<header class="govuk-header"><div class="govuk-header__container govuk-width-container"><a href="#" class="govuk-header__link">Portal GOV.UK</a></div></header><div class="govuk-width-container"><p class="govuk-body portal-texto" id="texto-host">Página de um portal com GOV.UK Frontend.</p><button id="botao-host" class="govuk-button">Botão do portal</button></div>',
};

const TIPOS: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.map': 'application/json' };

export interface OpcoesPortal {
  porta: number;
  keycloak: string;
  api: string;
}

/** Where the page takes a bundle from: the portal's own copy (/dist/ here), or the API's /dist/ (`?bundles=api`, as README suggests). */
const origemBundles = (o: OpcoesPortal, q: URLSearchParams) => (q.get('bundles') === 'api' ? o.api : '');

/** The <script> of an element's bundle: the module (default) or the classic one (`?bundle=classico`). */
function scriptDoBundle(o: OpcoesPortal, q: URLSearchParams, nome: string): string {
  const de = origemBundles(o, q);
  return q.get('bundle') === 'classico' ? `<script defer src="${de}/dist/${nome}.classic.js"></script>` : `<script type="module" src="${de}/dist/${nome}.js"></script>`;
}

export function paginaPortal(o: OpcoesPortal, estilo: Estilo, q: URLSearchParams): string {
  const semConsole = q.has('sem-console');
  const script = scriptDoBundle(o, q, 'console-formularios');
  const folhas = ['/base.css', ...FOLHAS[estilo]].map((f) => `<link rel="stylesheet" href="${f}">`).join('');
  const elemento = `<console-formularios keycloak-url="${o.keycloak}" realm="demo" client-id="console-formularios" api-url="${o.api}"></console-formularios>`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Portal ${estilo}</title><link rel="icon" href="data:,">${folhas}${semConsole ? '' : script}</head><body class="${estilo === 'govuk' ? 'govuk-template__body' : ''}">${CORPO[estilo]}${semConsole ? '' : elemento}</body></html>`;
}

/** A citizens' page of the portal: <formulario-cidadao> for `?modelo=` (the API on its own origin). */
export function paginaCidadao(o: OpcoesPortal, q: URLSearchParams): string {
  const elemento = `<formulario-cidadao codigo-servico="${q.get('modelo') ?? ''}" api-url="${o.api}" language="pt-BR"></formulario-cidadao>`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Portal do cidadão</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/base.css">${scriptDoBundle(o, q, 'formulario-cidadao')}</head><body><p class="portal-texto">Portal do cidadão.</p>${elemento}</body></html>`;
}

/** The CSP lines README.md tells a portal to allow, and nothing more (the API's origin in script-src when the bundles come from it). */
export const cspPortal = (o: OpcoesPortal, q = new URLSearchParams()) =>
  ["default-src 'self'", `script-src 'self'${origemBundles(o, q) ? ` ${o.api}` : ''}`, "style-src 'self'", "img-src 'self' data:", `connect-src 'self' ${o.api} ${o.keycloak}`, `frame-src ${o.keycloak}`, "object-src 'none'", "base-uri 'self'"].join('; ');

export async function subirPortal(o: OpcoesPortal): Promise<{ url: string; fechar: () => Promise<void> }> {
  const raiz = process.cwd();
  const arquivos: Record<string, string> = {
    '/vendor/bootstrap.min.css': 'node_modules/bootstrap/dist/css/bootstrap.min.css',
    '/vendor/govuk-frontend.min.css': 'node_modules/govuk-frontend/dist/govuk/govuk-frontend.min.css',
    '/base.css': 'demo/portais/base.css',
    '/agressivo.css': 'demo/portais/agressivo.css',
    '/silent-check-sso.html': 'dist/silent-check-sso.html',
  };
  const servidor: Server = createServer((req, res) => {
    const u = new URL(req.url!, `http://localhost:${o.porta}`);
    const estilo = /^\/(simples|bootstrap|govuk)\.html$/.exec(u.pathname)?.[1] as Estilo | undefined;
    if (estilo) return res.writeHead(200, { 'content-type': TIPOS['.html'], 'content-security-policy': cspPortal(o, u.searchParams), 'cache-control': 'no-store' }).end(paginaPortal(o, estilo, u.searchParams));
    if (u.pathname === '/cidadao.html') return res.writeHead(200, { 'content-type': TIPOS['.html'], 'content-security-policy': cspPortal(o, u.searchParams), 'cache-control': 'no-store' }).end(paginaCidadao(o, u.searchParams));
    const relativo = arquivos[u.pathname] ?? (u.pathname.startsWith('/dist/') ? normalize(u.pathname.slice(1)) : null);
    const caminho = relativo && !relativo.includes('..') ? join(raiz, relativo) : null;
    if (!caminho || !existsSync(caminho)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TIPOS[extname(caminho)] ?? 'application/octet-stream' }).end(readFileSync(caminho));
  });
  await new Promise<void>((ok) => servidor.listen(o.porta, '127.0.0.1', ok));
  return { url: `http://localhost:${o.porta}`, fechar: () => new Promise((ok) => (servidor.closeAllConnections(), servidor.close(() => ok()))) };
}
