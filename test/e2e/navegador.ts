import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, as the tests here run it (root: --no-sandbox; no background network). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function abrirChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Share of pixels of two PNG screenshots that differ by more than 24 in any channel (compared in Chromium, on a canvas); 1 when the sizes differ. */
export async function diferencaPixels(navegador: Browser, a: Buffer, b: Buffer): Promise<number> {
  const p = await navegador.newPage();
  try {
    return (await p.evaluate(`(async () => {
      const carregar = (s) => new Promise((ok) => { const i = new Image(); i.onload = () => ok(i); i.src = 'data:image/png;base64,' + s; });
      const [x, y] = await Promise.all([carregar('${a.toString('base64')}'), carregar('${b.toString('base64')}')]);
      if (x.width !== y.width || x.height !== y.height) return 1;
      const pixels = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height; const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
      const [da, db] = [pixels(x), pixels(y)];
      let n = 0;
      for (let i = 0; i < da.length; i += 4) if (Math.abs(da[i] - db[i]) > 24 || Math.abs(da[i + 1] - db[i + 1]) > 24 || Math.abs(da[i + 2] - db[i + 2]) > 24) n++;
      return n / (da.length / 4);
    })()`)) as number;
  } finally {
    await p.close();
  }
}
