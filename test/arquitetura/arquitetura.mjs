#!/usr/bin/env node
/**
 * The architecture, checked and drawn from one graph (issue 48). dependency-cruiser reads src, demo and test
 * with the rules of dependencias.cjs:
 *   node test/arquitetura/arquitetura.mjs            checks: any violation or cycle fails, and so does a README
 *                                                   whose picture is not the graph's (run with --desenhar)
 *   node test/arquitetura/arquitetura.mjs --desenhar  writes the picture (Mermaid) into README.md
 * `npm test` runs the check first; `npm run arquitetura` draws.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RAIZ = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(RAIZ, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const r = spawnSync(process.execPath, [CLI, '--config', 'test/arquitetura/dependencias.cjs', '--output-type', 'json', 'src', 'demo', 'test'], { cwd: RAIZ, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (r.status !== 0 && !r.stdout.startsWith('{')) {
  console.error(r.stderr || r.stdout);
  process.exit(1);
}
const grafo = JSON.parse(r.stdout);
const PACOTE = JSON.parse(readFileSync(join(RAIZ, 'package.json'), 'utf8'));

/** The layers the picture shows, in the order they are drawn; a module's layer is the first whose pattern matches. */
const CAMADAS = [
  ['demo', 'Demonstração<br/>demo/: provedor embutido, sementes,<br/>receptor, caixa de e-mail, PSP simulado', /^demo\//],
  ['console', '&lt;console-formularios&gt;<br/>src/console/', /^src\/console\//],
  ['cidadao', '&lt;formulario-cidadao&gt;<br/>src/cidadao/', /^src\/cidadao\//],
  ['servico', 'Serviço (produção)<br/>src/server/', /^src\/server\//],
  ['regras', 'Regras compartilhadas<br/>src/forms · validation · access · i18n · contrato', /^src\/(forms|validation|access|i18n|contrato)\//],
];
const camada = (caminho) => CAMADAS.find(([, , p]) => p.test(caminho))?.[0];
const pacote = (caminho) => {
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(caminho);
  return m ? m[1] : null;
};

function desenho() {
  const setas = new Set();
  const pacotes = new Map(CAMADAS.map(([id]) => [id, new Set()]));
  for (const m of grafo.modules) {
    const de = camada(m.source);
    // The service's build script (esbuild) is not the service.
    if (!de || m.source === 'src/server/compilar.mjs') continue;
    for (const d of m.dependencies) {
      const para = camada(d.resolved);
      if (para && para !== de) setas.add(`${de} --> ${para}`);
      const p = pacote(d.resolved);
      if (p && (PACOTE.dependencies?.[p] || PACOTE.devDependencies?.[p]) && !/^@types\//.test(p)) pacotes.get(de).add(p);
    }
  }
  const linhas = ['```mermaid', 'flowchart TD'];
  for (const [id, rotulo] of CAMADAS) {
    const ps = [...pacotes.get(id)].sort();
    linhas.push(`  ${id}["${rotulo}${ps.length ? `<br/><small>${ps.join(' · ')}</small>` : ''}"]`);
  }
  linhas.push(...[...setas].sort().map((s) => `  ${s}`), '```');
  return linhas.join('\n');
}

const INICIO = '<!-- arquitetura: gerado por `npm run arquitetura` (test/arquitetura/arquitetura.mjs); não edite à mão -->';
const FIM = '<!-- /arquitetura -->';
const readme = readFileSync(join(RAIZ, 'README.md'), 'utf8');
const [antes, resto] = readme.split(INICIO);
const atual = resto?.split(FIM)[0];
const novo = `\n${desenho()}\n`;

if (process.argv.includes('--desenhar')) {
  if (atual === undefined) throw new Error(`README.md não tem a marca ${INICIO}`);
  writeFileSync(join(RAIZ, 'README.md'), `${antes}${INICIO}${novo}${FIM}${resto.split(FIM)[1]}`);
  console.log('README.md: a figura da arquitetura foi redesenhada.');
}

/**
 * Production's packages are exactly package.json's `dependencies` (issue 48): every package the service's entry
 * points load — imported (a dynamic import too: pg is loaded only with DATABASE_URL) or resolved by name at run
 * time (the PDF's fonts) — and nothing else. What only the demo loads (the embedded database, the mail catcher)
 * is a devDependency; `npm ci --omit=dev` then installs what production runs and no more.
 */
function pacotesDaProducao() {
  const porFonte = new Map(grafo.modules.map((m) => [m.source, m]));
  const fila = ['src/server/producao.ts', 'src/server/entrega/main.ts', 'src/server/pdf/trabalhadorPdf.ts'];
  const vistos = new Set();
  const pacotes = new Set();
  while (fila.length) {
    const fonte = fila.pop();
    if (vistos.has(fonte)) continue;
    vistos.add(fonte);
    for (const n of readFileSync(join(RAIZ, fonte), 'utf8').matchAll(/\.resolve\(\s*[`'"]((?:@[\w.-]+\/)?[\w.-]+)\//g)) pacotes.add(n[1]);
    for (const d of porFonte.get(fonte)?.dependencies ?? []) {
      const p = pacote(d.resolved);
      // The embedded database is loaded only without DATABASE_URL, which production requires.
      if (p) p !== '@electric-sql/pglite' || !d.dynamic ? pacotes.add(p) : null;
      else if (!d.coreModule && /^src\//.test(d.resolved)) fila.push(d.resolved);
    }
  }
  return pacotes;
}
const dependencias = Object.keys(PACOTE.dependencies ?? {});
const usados = pacotesDaProducao();
const problemasPacotes = [
  ...[...usados].filter((p) => !dependencias.includes(p)).map((p) => `a produção carrega ${p}, que não está em dependencies (npm ci --omit=dev não o instalaria)`),
  ...dependencias.filter((p) => !usados.has(p)).map((p) => `${p} está em dependencies mas a produção não o carrega (vá para devDependencies)`),
];
for (const p of problemasPacotes) console.error(`✖ ${p}`);

const violacoes = grafo.summary.violations;
for (const v of violacoes) console.error(`✖ ${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (ciclo: ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`);
console.log(`dependency-cruiser: ${grafo.summary.totalCruised} módulos, ${grafo.summary.totalDependenciesCruised} dependências, ${violacoes.length} violações`);
if (violacoes.length || problemasPacotes.length) process.exit(1);
if (!process.argv.includes('--desenhar') && atual !== novo) {
  console.error('✖ A figura da arquitetura em README.md não é a do grafo atual: rode `npm run arquitetura` e faça o commit.');
  process.exit(1);
}
