import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { idiomaCidadaoDe } from '../../src/i18n/cidadao';

/**
 * <formulario-cidadao> in other portals (issue 35), for QA and for the end-to-end suite: a host page in the
 * look of gov.br (the element themed through its custom properties), and the two design systems the console
 * is proved against (Bootstrap 5 and GOV.UK Frontend, from npm), each optionally with aggressive global rules
 * (`?agressivo=1`) to show that nothing leaks either way. Demo only: production serves no page.
 *   /cidadao/portais.html                     the list
 *   /cidadao/portal-<govbr|bootstrap|govuk|simples>.html?modelo=…&language=…&agressivo=1&sem-elemento=1
 */
export const PORTAIS = ['govbr', 'bootstrap', 'govuk', 'simples'] as const;
export type Portal = (typeof PORTAIS)[number];

const RAIZ = join(import.meta.dirname, '../..');
const exigir = createRequire(import.meta.url);
const ARQUIVOS: Record<string, () => string> = {
  '/vendor/bootstrap.min.css': () => exigir.resolve('bootstrap/dist/css/bootstrap.min.css'),
  '/vendor/govuk-frontend.min.css': () => exigir.resolve('govuk-frontend/dist/govuk/govuk-frontend.min.css'),
  '/cidadao/agressivo.css': () => join(RAIZ, 'demo/portais/agressivo.css'),
  '/cidadao/base.css': () => join(RAIZ, 'demo/portais/base.css'),
  '/cidadao/govbr.css': () => join(RAIZ, 'demo/portais/govbr.css'),
};

const FOLHAS: Record<Portal, string[]> = {
  govbr: ['/cidadao/govbr.css'],
  bootstrap: ['/vendor/bootstrap.min.css', '/cidadao/base.css'],
  govuk: ['/vendor/govuk-frontend.min.css', '/cidadao/base.css'],
  simples: ['/cidadao/base.css'],
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function corpo(portal: Portal, elemento: string): string {
  switch (portal) {
    case 'govbr':
      return `<header class="govbr-cabecalho"><div class="govbr-marca"><span class="govbr-logo">gov<span>.</span>br</span><span class="govbr-sistema">Governo do Estado · Serviços</span></div><nav aria-label="Portal"><a href="#">Serviços</a><a href="#">Acessibilidade</a></nav></header>
<main class="govbr-conteudo"><nav class="govbr-trilha" aria-label="Você está aqui"><a href="#">Início</a> › <a href="#">Educação</a> › Solicitar</nav><div class="govbr-cartao">${elemento}</div></main>
<footer class="govbr-rodape"><p>Portal de demonstração com a aparência do padrão digital do governo. <a href="/cidadao.html">Voltar à página de QA</a></p></footer>`;
    case 'bootstrap':
      return `<nav class="navbar navbar-expand bg-body-tertiary"><div class="container-fluid"><a class="navbar-brand" href="#">Portal Bootstrap</a><button id="botao-host" class="btn btn-primary">Botão do portal</button></div></nav><main><p class="portal-texto lead" id="texto-host">Página de um portal com Bootstrap 5.</p>${elemento}</main>`;
    case 'govuk':
      return `<header class="govuk-header"><div class="govuk-header__container govuk-width-container"><a href="#" class="govuk-header__link">Portal GOV.UK</a></div></header><main class="govuk-width-container"><p class="govuk-body portal-texto" id="texto-host">Página de um portal com GOV.UK Frontend.</p><button id="botao-host" class="govuk-button">Botão do portal</button>${elemento}</main>`;
    default:
      return `<main><p class="portal-texto" id="texto-host">Portal simples.</p><button id="botao-host">Botão do portal</button>${elemento}</main>`;
  }
}

export function paginaPortalCidadao(portal: Portal, q: URLSearchParams): string {
  const modelo = q.get('modelo') || 'educacao-auxilio-familia';
  const idioma = idiomaCidadaoDe(q.get('language')) ?? 'pt-BR';
  const folhas = [...FOLHAS[portal], ...(q.get('agressivo') === '1' ? ['/cidadao/agressivo.css'] : [])].map((f) => `<link rel="stylesheet" href="${f}">`).join('');
  const elemento = q.has('sem-elemento') ? '' : `<formulario-cidadao codigo-servico="${esc(modelo)}" language="${idioma}"></formulario-cidadao>`;
  const classe = portal === 'govuk' ? ' class="govuk-template__body"' : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Portal ${portal} — formulário do cidadão</title><link rel="icon" href="data:,">${folhas}<script type="module" src="/dist/formulario-cidadao.js"></script></head><body${classe}>${corpo(portal, elemento)}</body></html>`;
}

const LISTA = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>O formulário do cidadão em outros portais</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/portal.css"></head><body class="portal-do-cidadao"><header class="portal-topo"><strong>Portal de Serviços do Estado</strong></header><main class="portal-principal"><h1>O formulário do cidadão em outros portais</h1><p>O mesmo elemento <code>&lt;formulario-cidadao&gt;</code>, com "Auxílio Família na Escola", em portais de aparências diferentes:</p><ul>${PORTAIS.map((p) => `<li><a href="/cidadao/portal-${p}.html">${{ govbr: 'com a aparência do gov.br (cores e fonte pelas propriedades --fc-*)', bootstrap: 'num portal com Bootstrap 5', govuk: 'num portal com GOV.UK Frontend', simples: 'numa página simples' }[p]}</a> (<a href="/cidadao/portal-${p}.html?agressivo=1">com regras globais agressivas</a>)</li>`).join('')}</ul><p><a href="/cidadao.html">Voltar à página de QA</a></p></main></body></html>`;

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";

export function registrarPortaisCidadao(app: FastifyInstance) {
  app.get('/cidadao/portais.html', (_req, rep) => rep.type('text/html; charset=utf-8').header('content-security-policy', CSP).send(LISTA));
  for (const portal of PORTAIS) {
    app.get(`/cidadao/portal-${portal}.html`, (req, rep) => {
      const q = new URLSearchParams(req.url.split('?')[1] ?? '');
      return rep.type('text/html; charset=utf-8').header('content-security-policy', CSP).header('cache-control', 'no-store').send(paginaPortalCidadao(portal, q));
    });
  }
  for (const [caminho, arquivo] of Object.entries(ARQUIVOS)) app.get(caminho, (_req, rep) => rep.type('text/css; charset=utf-8').send(readFileSync(arquivo())));
  // GOV.UK Frontend's CSS asks for its fonts at /assets/fonts/ (issue 50: the GOV.UK portal page got 404 on them).
  const fontes = dirname(exigir.resolve('govuk-frontend/dist/govuk/govuk-frontend.min.css')) + '/assets/fonts';
  const nomes = new Set(readdirSync(fontes));
  app.get<{ Params: { arquivo: string } }>('/assets/fonts/:arquivo', (req, rep) => {
    if (!nomes.has(req.params.arquivo)) return rep.code(404).send();
    return rep.type(req.params.arquivo.endsWith('.woff2') ? 'font/woff2' : 'font/woff').header('cache-control', 'public, max-age=86400').send(readFileSync(join(fontes, req.params.arquivo)));
  });
}
