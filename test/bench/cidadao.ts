/**
 * <formulario-cidadao>'s budgets (issue 35), measured (not asserted), written to
 * test/bench/resultados/cidadao.json and printed:
 *  - the gzip size of everything the first page needs (the module bundle; its CSS travels inside it) and of
 *    the classic one, against 100 KB;
 *  - on Chromium's mobile emulation (a 412 px phone, 4x CPU slowdown, Lighthouse's "slow 4G": 150 ms RTT,
 *    1.6 Mbps down, 750 kbps up, no cache), the time from navigating to the demo's gov.br-looking portal until
 *    the first question of "Auxílio Família na Escola" is visible, against 2 s; the bundle is served as the
 *    service serves it (its .br beside it);
 * *  - Lighthouse 12.2.3's accessibility score of that page's first step in each language (mobile form factor;
 *    every step is checked with axe-core by the end-to-end suite).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname } from 'node:path';
import lighthouse from 'lighthouse';
import { abrirChromium, CHROMIUM } from '../e2e/navegador';
import { subirDemo } from '../e2e/demo';
import { launch } from 'chrome-launcher';

const gz = (f: string) => gzipSync(readFileSync(f), { level: 9 }).length;
const modulo = gz('dist/formulario-cidadao.js');
const classico = gz('dist/formulario-cidadao.classic.js');

const demo = await subirDemo({}, { pglite: true }); // the demo as `npm start` runs it: figures comparable with earlier runs
const pagina = `${demo.base}/cidadao/portal-govbr.html?modelo=educacao-auxilio-familia`;
const RODADAS = Number(process.env.RODADAS ?? 7);
const tempos: number[] = [];
const transferidos: number[] = [];
const navegador = await abrirChromium();
try {
  for (let i = 0; i < RODADAS; i++) {
    const ctx = await navegador.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
    const p = await ctx.newPage();
    const cdp = await ctx.newCDPSession(p);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => void (bytes += e.encodedDataLength));
    await p.addInitScript({
      content: `(() => {
        const olhar = () => {
          const c = document.querySelector('formulario-cidadao')?.shadowRoot?.querySelector('.fc-entrada');
          if (c && c.getBoundingClientRect().height > 0) window.__pergunta = performance.now();
          else requestAnimationFrame(olhar);
        };
        requestAnimationFrame(olhar);
      })();`,
    });
    await p.goto(pagina);
    await p.waitForFunction(() => (window as unknown as { __pergunta?: number }).__pergunta !== undefined, undefined, { timeout: 60_000 });
    tempos.push(await p.evaluate(() => (window as unknown as { __pergunta: number }).__pergunta));
    transferidos.push(bytes);
    await ctx.close();
  }
} finally {
  await navegador.close();
}

// Lighthouse on its own Chromium (it drives it through chrome-launcher): the accessibility category, mobile.
const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
const acessibilidade: Record<string, { nota: number; falhas: string[] }> = {};
try {
  for (const [nome, url] of [
    ['etapa 1 (pt-BR)', pagina],
    ['etapa 1 (en)', `${pagina}&language=en`],
    ['etapa 1 (es)', `${pagina}&language=es`],
  ] as const) {
    const r = await lighthouse(url, { port: chrome.port, onlyCategories: ['accessibility'], formFactor: 'mobile', output: 'json', logLevel: 'error' });
    const lhr = r!.lhr;
    acessibilidade[nome] = {
      nota: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      falhas: Object.values(lhr.audits).filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary').map((a) => a.id),
    };
  }
} finally {
  chrome.kill();
  await demo.fechar();
}

const ordenados = [...tempos].sort((a, b) => a - b);
const q = (x: number) => ordenados[Math.min(ordenados.length - 1, Math.floor(x * ordenados.length))];
const resultado = {
  medidoEm: new Date().toISOString(),
  maquina: `${(await import('node:os')).cpus().length} núcleos`,
  primeiraPaginaGzipKB: +(modulo / 1024).toFixed(1),
  classicoGzipKB: +(classico / 1024).toFixed(1),
  metaKB: 100,
  celular: {
    emulacao: '412 px, CPU 4x mais lenta, 4G lento (150 ms, 1,6 Mbps / 750 kbps), sem cache',
    rodadas: RODADAS,
    primeiraPerguntaMs: { mediana: +q(0.5).toFixed(0), p95: +q(0.95).toFixed(0), minimo: +ordenados[0].toFixed(0) },
    bytesTransferidos: transferidos[0],
    metaMs: 2000,
  },
  lighthouse: { versao: '12.2.3', acessibilidade, meta: 100 },
};
const saida = 'test/bench/resultados/cidadao.json';
mkdirSync(dirname(saida), { recursive: true });
writeFileSync(saida, JSON.stringify(resultado, null, 2) + '\n');
console.log(JSON.stringify(resultado, null, 2));
