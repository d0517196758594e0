#!/usr/bin/env node
/**
 * `npm start`'s build (issue 34): the browser bundles and the compiled service (issue 48) are built only when
 * what they are made of changed since the last build — the sources under src/ and demo/, the Rollup
 * configuration and the installed packages (package-lock.json). A fingerprint of those files is kept in dist/.fontes; when it
 * matches, the start goes on at once (the build took about 70 s here at every start).
 * `npm run build` always builds.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const ENTRADAS = ['src', 'demo/cidadao', 'demo/server', 'rollup.config.mjs', 'package-lock.json', 'tsconfig.json'];
const MARCA = 'dist/.fontes';
const SAIDAS = ['dist/console-formularios.js', 'dist/console-formularios.classic.js', 'dist/formulario-cidadao.js', 'dist/formulario-cidadao.classic.js', 'dist/cidadao.js', 'dist/silent-check-sso.html', 'dist/server/producao.js', 'dist/server/trabalhadorPdf.js', 'dist/demo/demonstracao.js'];

function arquivos(caminho) {
  if (!existsSync(caminho)) return [];
  if (!statSync(caminho).isDirectory()) return [caminho];
  return readdirSync(caminho).sort().flatMap((f) => arquivos(join(caminho, f)));
}

const hash = createHash('sha256');
for (const f of ENTRADAS.flatMap(arquivos)) hash.update(f).update('\0').update(readFileSync(f)).update('\0');
const digital = hash.digest('hex');

if (existsSync(MARCA) && readFileSync(MARCA, 'utf8').trim() === digital && SAIDAS.every(existsSync)) {
  console.log('Bundles em dia (nenhum fonte mudou desde o último build): subindo sem compilar. `npm run build` força.');
  process.exit(0);
}
console.log('Compilando os bundles (os fontes mudaram desde o último build, ou não há build)…');
const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
writeFileSync(MARCA, `${digital}\n`);
