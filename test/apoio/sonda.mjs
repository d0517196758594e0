#!/usr/bin/env node
/**
 * A prober in its own process (issue 49): asks `url` one request after another (10 ms apart) until its standard
 * input closes, then prints every answer as JSON lines `{ inicio, ms, status }` (inicio: Date.now()). A server
 * whose event loop is held shows here as held time: this process keeps its own clock and loop, unlike a client
 * in the server's process, which freezes with it and sees nothing.
 *   node test/apoio/sonda.mjs http://127.0.0.1:PORT/caminho
 */
const url = process.argv[2];
const amostras = [];
let parar = false;
process.stdin.on('end', () => (parar = true)).resume();
console.log('pronta');
while (!parar) {
  const inicio = Date.now();
  const t = performance.now();
  let status = 0;
  try {
    const r = await fetch(url);
    await r.arrayBuffer();
    status = r.status;
  } catch {
    status = -1;
  }
  amostras.push({ inicio, ms: performance.now() - t, status });
  await new Promise((ok) => setTimeout(ok, 10));
}
for (const a of amostras) console.log(JSON.stringify(a));
