#!/usr/bin/env node
/**
 * `npm start`. With NODE_ENV=production: the compiled service (dist/server/producao.js, from `npm run build`),
 * and nothing else — no build, no demo. Otherwise: the bundles and the compiled service brought up to date when
 * a source changed (construir.mjs), then the demonstration (dist/demo/demonstracao.js). Both run as plain
 * JavaScript, so any Node.js README names runs them, worker threads included (issue 48).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';

const RAIZ = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.env.NODE_ENV === 'production') {
  const entrada = join(RAIZ, 'dist/server/producao.js');
  if (!existsSync(entrada)) {
    console.error('dist/server/producao.js não existe: o serviço de produção roda compilado. Rode `npm run build` (numa instalação com as devDependencies) e leve a pasta dist/ junto.');
    process.exit(2);
  }
  await import(pathToFileURL(entrada).href);
} else {
  const r = spawnSync(process.execPath, [join(RAIZ, 'demo/construir.mjs')], { stdio: 'inherit', cwd: RAIZ });
  if (r.status !== 0) process.exit(r.status ?? 1);
  await import(pathToFileURL(join(RAIZ, 'dist/demo/demonstracao.js')).href);
}
