import { chromium } from 'playwright-core';
import { subirDemo, entrarNaDemo, irPara } from './test/e2e/demo';
const demo = await subirDemo({});
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [lang, w] of [['pt-BR', 1280], ['en', 1280], ['pt-BR', 390], ['en', 390]] as const) {
    const ctx = await b.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    await entrarNaDemo(p, demo.base, 'designer');
    if (lang === 'en') { await p.goto(`${demo.base}/?language=en`); await p.locator('console-formularios').waitFor(); await p.waitForTimeout(3000); }
    await p.setViewportSize({ width: w, height: 900 });
    await irPara(p, '/modelos/educacao-historico');
    const ed = p.locator('console-formularios .cf-taxa-editor');
    await ed.waitFor({ timeout: 20000 });
    await ed.scrollIntoViewIfNeeded();
    await ed.screenshot({ path: `/tmp/taxa-${lang}-${w}.png` });
    await ctx.close();
  }
  // analytics with no payments: nothing shown; drawer English
} finally {
  await b.close();
  demo.fechar();
}
