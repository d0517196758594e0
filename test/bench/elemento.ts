/**
 * Budgets of DESIGN.md section 10 for the element, measured (not asserted): writes
 * test/bench/resultados/elemento.json and prints it.
 *  - gzip size of everything needed to show the shell after sign-in (entry, its static imports, the
 *    home page chunk; CSS travels inside the JS), and of the classic single-file bundle;
 *  - time from the identity provider's redirect back to the menu being visible, headless Chromium.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { abrirChromium } from '../e2e/navegador';
import { subirServidor } from '../apoio/servidor';

const DIST = 'dist';
const gz = (f: string) => gzipSync(readFileSync(f), { level: 9 }).length;

function importacoesEstaticas(arquivo: string, vistos = new Set<string>()): Set<string> {
  if (vistos.has(arquivo)) return vistos;
  vistos.add(arquivo);
  const codigo = readFileSync(arquivo, 'utf8');
  for (const m of codigo.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) importacoesEstaticas(join(dirname(arquivo), m[1]), vistos);
  return vistos;
}

const shell = importacoesEstaticas(join(DIST, 'console-formularios.js'));
const paginaInicial = readdirSync(join(DIST, 'chunks')).filter((f) => f.startsWith('PaginaInicial-') && f.endsWith('.js')).map((f) => join(DIST, 'chunks', f));
for (const f of paginaInicial) importacoesEstaticas(f, shell);
const bytesShell = [...shell].reduce((n, f) => n + gz(f), 0);
const bytesClassico = gz(join(DIST, 'console-formularios.classic.js'));

const s = await subirServidor();
const navegador = await abrirChromium();
const tempos: number[] = [];
const RODADAS = Number(process.env.RODADAS ?? 9);
for (let i = 0; i < RODADAS; i++) {
  const ctx = await navegador.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await ctx.newPage();
  // In every document: note when the menu first shows inside the element's shadow root.
  // (A string, not a function: tsx would wrap named functions in a helper the page does not have.)
  await p.addInitScript({
    content: `(() => {
      const olhar = () => {
        if (document.querySelector('console-formularios')?.shadowRoot?.querySelector('[data-testid=menu] .bp6-menu-item')) window.__menu = performance.now();
        else requestAnimationFrame(olhar);
      };
      requestAnimationFrame(olhar);
    })();`,
  });
  await p.goto(`${s.url}/`);
  await p.locator('#username').waitFor();
  await p.fill('#username', 'admin');
  await p.fill('#password', 'admin');
  await p.click('#kc-login');
  await p.waitForFunction(() => (window as unknown as { __menu?: number }).__menu !== undefined, undefined, { timeout: 30_000 });
  // performance.now() counts from the start of the navigation the provider's redirect began.
  tempos.push(await p.evaluate(() => (window as unknown as { __menu: number }).__menu));
  await ctx.close();
}
await navegador.close();
await s.fechar();

const ordenados = [...tempos].sort((a, b) => a - b);
const q = (x: number) => ordenados[Math.min(ordenados.length - 1, Math.floor(x * ordenados.length))];
const resultado = {
  medidoEm: new Date().toISOString(),
  maquina: `${(await import('node:os')).cpus().length} núcleos`,
  shellGzipBytes: bytesShell,
  shellGzipKB: +(bytesShell / 1024).toFixed(1),
  metaShellKB: 200,
  arquivosShell: [...shell].map((f) => f.replace(/^dist\//, '')),
  classicoGzipKB: +(bytesClassico / 1024).toFixed(1),
  redirecionamentoAteMenuMs: { rodadas: RODADAS, mediana: +q(0.5).toFixed(0), p95: +q(0.95).toFixed(0), minimo: +ordenados[0].toFixed(0) },
  metaMs: 1000,
};
const saida = 'test/bench/resultados/elemento.json';
mkdirSync(dirname(saida), { recursive: true });
writeFileSync(saida, JSON.stringify(resultado, null, 2) + '\n');
console.log(JSON.stringify(resultado, null, 2));
