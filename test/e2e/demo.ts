import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { Page } from 'playwright-core';
import { abrirChromium } from './navegador';
import { bancoPostgresNovo, usarPostgres } from '../apoio/bancos';
import { portaLivre } from '../apoio/cliente';
import { copiarSementePostgres } from '../apoio/bancos';
import { pastaDoSeloEmMemoria } from '../../demo/server/certificadosDemo';

/**
 * The demo as `npm start` runs it (its own process, compiled, the built bundles, embedded provider), on a free
 * port, with its data in a fresh folder, on a fresh database of the machine's PostgreSQL when it answers (or `env`'s
 * DATABASE_URL), PGlite otherwise or with `pglite`. Measured on one e2e file (28/11): the demo process spends about a
 * third of the CPU on PostgreSQL that it does on PGlite's WebAssembly, and the suite runs two files at a time on two
 * cores. PGlite stays proven through the browser by demo.test.ts (the demo exactly as `npm start` runs it), by the
 * api suite on both databases and by the `produto` suite (`npm start` on each Node).
 */
export async function subirDemo(env: Record<string, string> = {}, o: { dosFontes?: boolean; pglite?: boolean } = {}): Promise<{ base: string; fechar: () => Promise<void>; processo: import('node:child_process').ChildProcess }> {
  const porta = await portaLivre();
  const pasta = mkdtempSync(join(tmpdir(), 'cf-demo-'));
  // The demo's seal made once for the run, not at every demo's start (two RSA keys, ~1 s of openssl): it is where the demo
  // keeps its own, in its data folder.
  cpSync(pastaDoSeloEmMemoria(), join(pasta, 'assinatura'), { recursive: true });
  const base = env.PUBLIC_URL ?? `http://localhost:${porta}`;
  const banco = !env.DATABASE_URL && !o.pglite && (await usarPostgres()) ? await bancoPostgresNovo() : undefined;
  // Under `npm test`, a copy of the run's seeded database (bancos.ts): the demo only points the seed's models at its own
  // receiver, instead of migrating and seeding 4,000 forms at every start (~2 of the ~3 s each e2e file spent starting).
  if (banco) await copiarSementePostgres(banco.url);
  // What `npm start` runs once the build is current (the e2e suite builds first): the compiled demonstration; the
  // api suite, which builds nothing, runs its TypeScript sources (`dosFontes`).
  const entrada = o.dosFontes ? ['--import', 'tsx', 'demo/server/demonstracao.ts'] : ['dist/demo/demonstracao.js'];
  const processo = spawn(process.execPath, entrada, {
    env: { ...process.env, PORT: String(porta), DATA_DIR: pasta, LOG: 'off', ENTREGAS: 'off', INTEGRACAO_DNS: 'local', ...(banco ? { DATABASE_URL: banco.url } : {}), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const saiu = new Promise<void>((ok) => processo.once('exit', () => ok()));
  await new Promise<void>((ok, erro) => {
    const t = setTimeout(() => erro(new Error('o servidor de demonstração não subiu em 90 s')), 90_000);
    processo.stdout!.on('data', (d: Buffer) => d.toString().includes('(demonstração) em') && (clearTimeout(t), ok()));
    processo.once('exit', (c) => (clearTimeout(t), erro(new Error(`o servidor saiu com código ${c}`))));
  }).catch(async (e) => {
    processo.kill('SIGKILL');
    await banco?.descartar();
    throw e;
  });
  return {
    base,
    processo,
    fechar: async () => {
      processo.kill('SIGTERM'); // nothing when it has already exited (and `saiu` has then resolved)
      await saiu;
      rmSync(pasta, { recursive: true, force: true });
      await banco?.descartar();
    },
  };
}

/** Fills the identity provider's sign-in form (Keycloak's field ids) as `usuario`, password = username. */
export async function preencherLogin(p: Page, usuario: string): Promise<void> {
  await p.locator('#username').waitFor({ timeout: 20_000 });
  await p.fill('#username', usuario);
  await p.fill('#password', usuario);
  await p.click('#kc-login');
}

/** Opens the host page, signs in and waits for the menu with the start-up calls done. */
export async function entrarNaDemo(p: Page, base: string, usuario: string): Promise<void> {
  await p.goto(`${base}/`);
  await preencherLogin(p, usuario);
  await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
  await p.waitForFunction(() => !document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-ocupado'));
}

/** A locator inside the element (playwright pierces its open shadow root). */
export const noConsole = (p: Page, seletor: string) => p.locator(`console-formularios ${seletor}`);

/** Waits until the page heading says `texto`. */
export const esperarTitulo = (p: Page, texto: string) =>
  p.waitForFunction((x) => document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-titulo-pagina')?.textContent === x, texto, { timeout: 20_000 });

/** The menu entries as shown, in order. */
export const textosMenu = async (p: Page) => (await noConsole(p, '[data-testid=menu] .bp6-menu-item').allInnerTexts()).map((t) => t.trim());

/**
 * Adds a field from the builder's palette (click, or tap on a touch screen) and waits for its new row: until that render
 * lands the previous field is still the selected one, with its own "Rótulo", so waiting on the selection alone races.
 */
export async function novoCampoNoConstrutor(p: Page, tipo: string, o: { tocar?: boolean } = {}) {
  const antes = await noConsole(p, '.cf-linha-campo').count();
  const botao = noConsole(p, `[role=toolbar][aria-label="Tipos de campo"] button[data-tipo="${tipo}"]`);
  await (o.tocar ? botao.tap() : botao.click());
  await p.waitForFunction((n) => document.querySelector('console-formularios')!.shadowRoot!.querySelectorAll('.cf-linha-campo').length === n + 1, antes);
  return noConsole(p, '.cf-linha-campo.cf-selecionado');
}

/** Goes to a console path through the element's public `navigate`. */
export const irPara = (p: Page, caminho: string) => p.evaluate((c) => (document.querySelector('console-formularios') as unknown as { navigate(x: string): void }).navigate(c), caminho);

/** Signs out with the top bar's button and waits for the sign-in form. */
export async function sairDaDemo(p: Page): Promise<void> {
  await noConsole(p, '[data-testid=sair]').click();
  await p.locator('#username').waitFor({ timeout: 20_000 });
}

/**
 * One demo process and one Chromium for a test file (registered as node:test before/after hooks);
 * `ctx.base` and `ctx.navegador` are set once `before` has run.
 */
export function demoComNavegador(env: Record<string, string> = {}) {
  const ctx = {} as { base: string; navegador: import('playwright-core').Browser; fechar: () => Promise<void> };
  before(async () => {
    const demo = await subirDemo(env);
    ctx.base = demo.base;
    ctx.fechar = demo.fechar;
    ctx.navegador = await abrirChromium();
  });
  after(async () => {
    await ctx.navegador?.close();
    await ctx.fechar?.();
  });
  return Object.assign(ctx, {
    /**
     * A fresh browser context signed in as `usuario`, closed afterwards. Uncaught page errors fail the
     * test; on a failure, the page as it was lands in the temp folder for whoever reads the CI log.
     */
    async comUsuario(usuario: string, corpo: (p: Page) => Promise<void>, opcoes: import('playwright-core').BrowserContextOptions = {}) {
      const contexto = await ctx.navegador.newContext({ viewport: { width: 1366, height: 900 }, ...opcoes });
      const p = await contexto.newPage();
      const erros: string[] = [];
      p.on('pageerror', (e) => erros.push(e.message));
      try {
        await entrarNaDemo(p, ctx.base, usuario);
        await corpo(p);
        assert.deepEqual(erros, [], 'no uncaught errors in the page');
      } catch (e) {
        await p.screenshot({ path: join(tmpdir(), `e2e-${usuario}-${Date.now()}.png`), fullPage: true }).catch(() => undefined);
        throw e;
      } finally {
        await contexto.close();
      }
    },
  });
}

/** Signs in as `usuario`, finds the form of `protocolo` in the list and opens its drawer, its events loaded. */
export async function abrirFormulario(p: Page, base: string, usuario: string, protocolo: string) {
  await entrarNaDemo(p, base, usuario);
  await irPara(p, `/formularios?protocolo=${protocolo}`);
  await esperarTitulo(p, 'Formulários Preenchidos');
  await noConsole(p, `.cf-tabela-dados tbody tr:has-text("${protocolo}")`).click();
  const gaveta = noConsole(p, '.bp6-drawer');
  await gaveta.locator('[data-testid=eventos]').waitFor();
  return gaveta;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core on the whole page, shadow roots included (through the DevTools protocol: the page's strict CSP does not
 * apply): the serious and critical WCAG 2.1 A/AA violations, or with `todas` every violation of WCAG 2.0-2.2 A/AA
 * and best practices.
 */
export async function semViolacoesAxe(p: Page, onde: string, o: { todas?: boolean } = {}) {
  // Once per document: evaluated again, its 550 kB took ~0.2 s at every later check of the same page (01/12).
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(AXE);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(o.todas ? ['wcag22aa', 'best-practice'] : [])];
  const v = await p.evaluate(async ({ tags, todas }) => {
    const r = await (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return r.violations.filter((x) => todas || x.impact === 'serious' || x.impact === 'critical').map((x) => `${x.id} (${x.impact}): ${JSON.stringify(x.nodes.map((n) => n.target))}`);
  }, { tags, todas: !!o.todas });
  assert.deepEqual(v, [], `axe em ${onde}`);
}
