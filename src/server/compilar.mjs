#!/usr/bin/env node
/**
 * The service compiled to JavaScript (issue 48): production runs `node dist/server/producao.js` with no run-time
 * transpiler, and `npm start` runs the demonstration from dist/demo/ the same way (so every Node.js README
 * names runs it, the PDF worker thread included). esbuild bundles our modules into one file per entry; packages
 * stay imports (`packages: 'external'`) and are loaded from node_modules as installed. `npm run build` calls this
 * after the browser bundles.
 *   dist/server/producao.js       the API (src/server/producao.ts)
 *   dist/server/entregador.js     the standalone delivery worker (src/server/entrega/main.ts)
 *   dist/server/trabalhadorPdf.js the PDF worker thread (src/server/pdf/trabalhadorPdf.ts)
 *   dist/server/migracoes/        the SQL migrations
 *   dist/demo/demonstracao.js     the demonstration (demo/server/demonstracao.ts): never loaded by production
 */
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RAIZ = join(dirname(fileURLToPath(import.meta.url)), '../..');
const em = (c) => join(RAIZ, c);

rmSync(em('dist/server'), { recursive: true, force: true });
rmSync(em('dist/demo'), { recursive: true, force: true });
await build({
  entryPoints: [
    { in: em('src/server/producao.ts'), out: 'server/producao' },
    { in: em('src/server/entrega/main.ts'), out: 'server/entregador' },
    { in: em('src/server/pdf/trabalhadorPdf.ts'), out: 'server/trabalhadorPdf' },
    { in: em('demo/server/demonstracao.ts'), out: 'demo/demonstracao' },
  ],
  outdir: em('dist'),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  // The oldest Node.js README names (20): nothing newer is emitted.
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // A bundle is an ES module: a package that still calls require() gets one.
  banner: { js: "import { createRequire as __criarRequire } from 'node:module'; const require = __criarRequire(import.meta.url);" },
});
cpSync(em('src/server/migracoes'), em('dist/server/migracoes'), { recursive: true });
console.log('Serviço compilado em dist/server/ (e a demonstração em dist/demo/).');
