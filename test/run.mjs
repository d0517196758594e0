#!/usr/bin/env node
/**
 * `npm test`: every suite, in order (those that leave a core idle two lanes at a time: FAIXAS below), each failing
 * loudly. Gets what the suites need by itself: Debian's Chromium through apt when it is missing (or says exactly what
 * to install), the element bundle, the test bundles. Suites: arquitetura, typecheck, unit, api, contrato, element,
 * produto, e2e (and `keycloak`, `bench` on request).
 * The contract suite runs against another server with CONTRATO_API_URL (README, "O contrato da API").
 *   node test/run.mjs            all suites
 *   node test/run.mjs unit api   only these
 * PostgreSQL: the api suite also runs on the server at TEST_DATABASE_URL (default: the local one), and the e2e demos
 * on fresh databases there, when it answers; REQUIRE_POSTGRES=1 (set by .ci/run) makes a missing server an error.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { binarioNodeSuportado, NODE_VERSAO } from './apoio/nodeSuportado.mjs';
import { URL_POSTGRES_ADMIN, URL_REPLICA } from './apoio/enderecos.mjs';

// The suites need Node 22 or newer (the tests' runner, dependency-cruiser, the TypeScript sources' workers).
// On an older one (the machine's 20) `npm test` takes the supported Node by itself, as .ci/run does, and runs there.
if (Number(process.versions.node.split('.')[0]) < 22) {
  const bin = binarioNodeSuportado();
  console.log(`Node ${process.version} é antigo para os testes: rodando no Node ${NODE_VERSAO} (${bin}).`);
  const r = spawnSync(join(bin, 'node'), process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}`, NODE_DA_MAQUINA: process.env.NODE_DA_MAQUINA ?? process.execPath } });
  process.exit(r.status ?? 1);
}

const TODAS = ['arquitetura', 'typecheck', 'unit', 'api', 'contrato', 'element', 'produto', 'e2e'];
const pedidas = process.argv.slice(2);
// The real-Keycloak suite downloads Keycloak (once) and takes minutes: with `npm test` when asked
// (KEYCLOAK_TESTS=1, set by .ci/run), or alone with `npm run test:keycloak`.
const suites = pedidas.length ? pedidas : process.env.KEYCLOAK_TESTS === '1' ? [...TODAS, 'keycloak'] : TODAS;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A command in the foreground, named in the log; its exit code (a failure said loudly). */
function executar(titulo, cmd, args, env = {}) {
  console.log(`\n▶ ${titulo}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status === 0) return 0;
  console.error(`\n✖ ${titulo} falhou (código ${r.status ?? r.signal}).`);
  return r.status || 1;
}

/** executar, and the end of `npm test` when it fails. */
function rodar(titulo, cmd, args, env = {}) {
  const codigo = executar(titulo, cmd, args, env);
  if (codigo !== 0) process.exit(codigo);
}

/**
 * V8's own abort under PGlite's WebAssembly churn (nodejs/node#64500, open; electric-sql/pglite#1053): a test file's
 * process dies in V8's JIT page registry (ThreadIsolation), intermittently. Two checks of that registry fail this way:
 * unregistering an allocation it does not have, and looking up a page it does not have (`jit_page.has_value()`,
 * seen on 28/11 in carga.test.ts; the same desync, archestra-ai/archestra#6608). Not gated by the CPU's memory
 * protection keys (this machine has none), so no V8 flag avoids it. Only these signatures count here.
 */
const ABORTOS_V8 = ['Check failed: jit_page_->allocations_.erase(addr) == 1', 'Check failed: jit_page.has_value()'];
const abortouNoV8 = (texto) => ABORTOS_V8.some((a) => texto.includes(a));
/** The arguments that run test files one after the other, each in its own process (after V8's abort; the api files that run alone). */
const cadaArquivoSozinho = (arquivos) => ['--import', 'tsx', '--test', '--test-concurrency=1', ...arquivos];

/**
 * A `node --test` run streamed as it goes and kept. When it fails only because test files' processes died with V8's
 * abort above (every failure a whole file, none a test, and the signature in the output), those files run once more,
 * alone, and must pass; said loudly in the log. Any other failure fails the suite as before.
 * The run has a folder of its own for the copies of the demo's seed its test servers start from (SEMENTE_DE_TESTES,
 * test/apoio/bancos.ts), removed when it ends with the PostgreSQL template database named there.
 */
const rodarTestesNode = (titulo, args) => comSemente((env) => rodarArquivosDeTeste(titulo, args, env));

/** `corpo` with the environment of a run's own seed folder (SEMENTE_DE_TESTES), cleaned up after; its failure ends `npm test`. */
async function comSemente(corpo) {
  const semente = mkdtempSync(join(tmpdir(), `console-formularios-semente-${Date.now()}-`));
  const codigo = await corpo({ ...process.env, SEMENTE_DE_TESTES: semente });
  await limparSemente(semente);
  if (codigo !== 0) process.exit(codigo);
}

async function rodarArquivosDeTeste(titulo, args, env) {
  console.log(`\n▶ ${titulo}: ${process.execPath} ${args.join(' ')}`);
  const saida = await new Promise((ok) => {
    const filho = spawn(process.execPath, args, { stdio: ['inherit', 'pipe', 'pipe'], env });
    let texto = '';
    filho.stdout.on('data', (d) => (process.stdout.write(d), (texto += d)));
    filho.stderr.on('data', (d) => (process.stderr.write(d), (texto += d)));
    filho.on('close', (codigo) => ok({ codigo, texto }));
  });
  if (saida.codigo === 0) return 0;
  const falhas = saida.texto.includes('✖ failing tests:') ? saida.texto.slice(saida.texto.lastIndexOf('✖ failing tests:')) : '';
  const entradas = [...falhas.matchAll(/^test at (\S+?):\d+:\d+\n✖ (.+?) \(/gm)].map((m) => ({ arquivo: m[1], nome: m[2] }));
  const arquivos = [...new Set(entradas.map((e) => e.arquivo.replace(/^.*?(test\/)/, '$1')))];
  const soArquivos = entradas.length > 0 && entradas.every((e) => e.nome.endsWith('.test.ts'));
  if (!soArquivos || !abortouNoV8(saida.texto)) {
    console.error(`\n✖ ${titulo} falhou (código ${saida.codigo}).`);
    return saida.codigo || 1;
  }
  console.log(`\n# ${titulo}: o processo de ${arquivos.join(', ')} abortou no V8 (nodejs/node#64500, com o WebAssembly do PGlite) depois de rodar; de novo, sozinho(s):`);
  return executar(`${titulo}: de novo depois do aborto do V8`, process.execPath, cadaArquivoSozinho(arquivos), env);
}

/**
 * Test files in batches (issue 47, 02/12): each batch one `node --test --test-isolation=none` process, `faixas` batches
 * at a time, each lane taking the next batch when its own ends. A process per file started everything again — tsx, the
 * service and its packages, PGlite's WebAssembly, the seed's tar read back — about 1.4 s of CPU alone and 3 under load:
 * 156 of the 614 lane seconds of the api files went outside their tests (02/12; the phase 307 → 204 s in CI). Batches
 * of `porLote` files in the order given (the longest first), so the heaviest start first and the lightest end the run.
 * A batch's output is printed whole when it ends. A batch that fails only by V8's abort (ABORTOS_V8) runs again with
 * each file in its own process, and must pass; any other failure fails the suite. Files in a batch share a process:
 * hooks go inside a `describe` (top-level ones would apply to every file), and nothing sets `process.env` (the files
 * that do run alone).
 */
const rodarEmLotes = (titulo, arquivos, opcoes) => comSemente((env) => rodarLotes(titulo, arquivos, env, opcoes));

async function rodarLotes(titulo, arquivos, env, { faixas = 2, porLote = 4 } = {}) {
  const lotes = [];
  for (let i = 0; i < arquivos.length; i += porLote) lotes.push(arquivos.slice(i, i + porLote));
  const quantos = `${lotes.length} ${lotes.length === 1 ? 'lote' : 'lotes'}`;
  console.log(`\n▶ ${titulo}: ${quantos} de até ${porLote} arquivos, ${faixas} por vez (${process.execPath} --import tsx --test --test-isolation=none)`);
  const inicio = Date.now();
  let proximo = 0;
  const falhas = [];
  const faixa = async () => {
    while (proximo < lotes.length) {
      const n = proximo++;
      const lote = lotes[n];
      const nome = `lote ${n + 1}/${lotes.length} (${lote.map((f) => f.replace(/^.*\//, '')).join(', ')})`;
      let r = await comSaidaInteira(['--import', 'tsx', '--test', '--test-isolation=none', '--test-concurrency=1', ...lote], env);
      console.log(`\n━━ ${nome}, ${(r.ms / 1000).toFixed(1)} s ━━\n${r.texto}`);
      if (r.codigo !== 0 && abortouNoV8(r.texto)) {
        console.log(`\n# ${nome}: o processo abortou no V8 (nodejs/node#64500, com o WebAssembly do PGlite); de novo, cada arquivo no seu processo:`);
        r = await comSaidaInteira(cadaArquivoSozinho(lote), env);
        console.log(r.texto);
      }
      if (r.codigo !== 0) falhas.push(nome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(faixas, lotes.length) }, faixa));
  if (falhas.length) {
    console.error(`\n✖ ${titulo} falhou: ${falhas.join('; ')}.`);
    return 1;
  }
  console.log(`\n✔ ${titulo}: ${arquivos.length} arquivos em ${quantos}, ${((Date.now() - inicio) / 1000).toFixed(1)} s`);
  return 0;
}

/** A Node process with these arguments, its output (stdout and stderr, as they came) kept whole; `aoVivo`, shown as it goes instead. */
function comSaidaInteira(args, env, aoVivo = false) {
  const inicio = Date.now();
  return new Promise((ok) => {
    const filho = spawn(process.execPath, args, { stdio: aoVivo ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    let texto = '';
    if (!aoVivo) for (const s of [filho.stdout, filho.stderr]) s.on('data', (d) => (texto += d));
    filho.on('close', (codigo) => ok({ codigo, texto, ms: Date.now() - inicio }));
  });
}

/** Removes a run's seed folder and drops the template database it names (test/apoio/bancos.ts), if it made one. */
async function limparSemente(pasta) {
  const arquivo = join(pasta, 'postgres');
  if (existsSync(arquivo)) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: URL_POSTGRES_ADMIN });
    try {
      await c.connect();
      await c.query(`drop database if exists ${readFileSync(arquivo, 'utf8')} with (force)`);
    } catch (e) {
      console.error(`# não consegui apagar o banco-modelo da semente: ${e.message}`);
    } finally {
      await c.end().catch(() => undefined);
    }
  }
  rmSync(pasta, { recursive: true, force: true });
}

/**
 * A Debian package a suite needs (`arquivo` is what it installs): installed with apt-get when missing and
 * this is root on Debian, otherwise a clear message naming what to install.
 */
function garantirPacote(arquivo, pacote, para, alternativa = '', opcional = false) {
  if (existsSync(arquivo)) return;
  const root = process.getuid?.() === 0;
  const temApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (root && temApt) {
    console.log(`${arquivo} não encontrado: instalando o pacote Debian "${pacote}" com apt-get…`);
    rodar('apt-get update', 'apt-get', ['update', '-qq']);
    rodar(`apt-get install ${pacote}`, 'apt-get', ['install', '-y', '-qq', pacote], { DEBIAN_FRONTEND: 'noninteractive' });
    if (existsSync(arquivo)) return;
  }
  if (opcional) return console.log(`# ${para}: sem ${arquivo} (instale o pacote Debian ${pacote}); essa parte não roda.`);
  console.error(`\n✖ ${para} precisa(m) de ${arquivo}.\n  Instale o pacote Debian: sudo apt-get install ${pacote}${alternativa}`);
  process.exit(1);
}

const garantirChromium = () => garantirPacote(CHROMIUM, 'chromium', 'Os testes de navegador', '\n  (ou aponte CHROMIUM_PATH para um Chromium/Chrome já instalado).');
/** pdftotext and pdftoppm: the PDF tests read the text back and render the first page. */
const garantirPoppler = () => garantirPacote('/usr/bin/pdftotext', 'poppler-utils', 'Os testes do PDF');

/** The bundles and the compiled service, built when a source changed since the last build (what `npm start` does). */
const construir = () => rodar('build (bundles e serviço compilado)', process.execPath, ['demo/construir.mjs']);

const testes = (pasta) => readdirSync(pasta).filter((f) => /\.test\.ts$/.test(f)).map((f) => `${pasta}/${f}`);
const nodeTest = (pasta, concorrencia = 1) => ['--import', 'tsx', '--test', `--test-concurrency=${concorrencia}`, ...testes(pasta)];

/**
 * The API files two batches at a time (issue 47: the suite was a third of an idle CI run; rodarEmLotes): each has its
 * own server on a free port, its own PGlite and its own fresh PostgreSQL database, so they do not meet. The longest (by
 * a CI run's durations, 02/12) go first, so the two lanes end together. Alone, after them, the files that measure time or own what is
 * shared: several processes behind HAProxy (nos), connections killed in a loop (caos), the access cache's 1 s bound
 * (cache-acesso), the event loop while a PDF is made (internet), a replica's lag bound (replicas).
 */
const API_SOZINHOS = ['nos', 'caos', 'cache-acesso', 'internet', 'replicas'].map((n) => `test/api/${n}.test.ts`);
function testesDaApi() {
  const todos = longosPrimeiro('test/api', ['acesso', 'paginacao', 'ano-do-modelo', 'exportacao', 'etapas', 'entrega-processos', 'propriedades', 'anexos-entrega', 'carga', 'entrega', 'particoes', 'assinatura-govbr', 'calculos', 'endurecimento', 'brasileiros', 'pdf', 'selo']);
  return { juntos: todos.filter((f) => !API_SOZINHOS.includes(f)), sozinhos: todos.filter((f) => API_SOZINHOS.includes(f)) };
}

/** A folder's test files, the longest (named, in that order) first and the rest by name: two lanes end together. */
function longosPrimeiro(pasta, longos) {
  const ordem = (f) => { const i = longos.indexOf(f.slice(pasta.length + 1, -'.test.ts'.length)); return i < 0 ? longos.length : i; };
  return testes(pasta).sort((a, b) => ordem(a) - ordem(b) || a.localeCompare(b));
}

/**
 * Suites that leave a core idle when alone (28/11, vmstat through a CI run: the first three 31 % idle together, contrato
 * 38 %, element 40 %, produto 37 %, keycloak 36 %) run in lanes, each lane its own `node test/run.mjs …` in order: the
 * first lane's output as it goes, the others' kept and printed whole when they end; all must pass. Not the api or
 * e2e suites (both cores busy alone), nor the api files that measure time. FAIXAS=0 runs them one after the other.
 * Two lanes, balanced (28/11, alone: contrato 29 s, element 125 with its bundles, produto 44, keycloak 131): a third
 * lane (produto alone) made all three slower on two cores, and the phase longer (218 s against 204).
 */
const FAIXAS = [
  [['unit'], ['arquitetura', 'typecheck']],
  [['element', 'produto'], ['contrato', 'keycloak']],
];
const feitas = new Set();
async function rodarEmFaixas(s) {
  const faixas = FAIXAS.find((g) => g.flat().includes(s)).map((f) => f.filter((x) => suites.includes(x) && !feitas.has(x))).filter((f) => f.length);
  if (process.env.FAIXAS === '0' || faixas.length < 2) return false;
  // What the lanes need from Debian, installed here once (two apt-get at once would fight over dpkg's lock).
  if (faixas.flat().some((x) => ['element', 'keycloak'].includes(x))) garantirChromium();
  if (faixas.flat().includes('produto')) garantirPoppler();
  console.log(`\n▶ em ${faixas.length} faixas ao mesmo tempo: ${faixas.map((f) => f.join(' → ')).join('  ‖  ')} (a saída das outras, inteira, quando cada uma terminar)`);
  const env = { ...process.env, FAIXAS: '0', RESUMO: '0' };
  const resultados = await Promise.all(faixas.map((f, i) => comSaidaInteira(['test/run.mjs', ...f], env, i === 0).then((r) => ({ f, codigo: r.codigo, saida: r.texto }))));
  for (const { f, saida } of resultados.slice(1)) console.log(`\n━━ faixa ${f.join(' → ')}: a saída inteira ━━\n${saida}━━ fim da faixa ${f.join(' → ')} ━━`);
  const falhas = resultados.filter((r) => r.codigo !== 0);
  if (falhas.length) {
    console.error(`\n✖ falhou na(s) faixa(s): ${falhas.map((r) => `${r.f.join(' → ')} (código ${r.codigo})`).join('; ')}.`);
    process.exit(1);
  }
  for (const f of faixas) for (const x of f) feitas.add(x);
  return true;
}

for (const s of suites) {
  if (feitas.has(s)) continue;
  if (FAIXAS.flat(2).includes(s) && (await rodarEmFaixas(s))) continue;
  feitas.add(s);
  if (s === 'arquitetura') rodar('arquitetura (dependency-cruiser: camadas, nenhum ciclo, a figura do README em dia)', process.execPath, ['test/arquitetura/arquitetura.mjs']);
  else if (s === 'typecheck') rodar('tipos', 'npx', ['tsc', '--noEmit']);
  // One process for every file (02/12: 22 → 13 s alone, the first phase of CI 34 → 17–20 s; no file has a hook outside a `describe`).
  else if (s === 'unit') rodar('unitários', process.execPath, ['--import', 'tsx', '--test', '--test-isolation=none', ...testes('test/unit')]);
  else if (s === 'api') {
    garantirPoppler();
    // The multi-node suite's balancer (issue 34); without it (and not root) that part says so and does not run.
    garantirPacote('/usr/sbin/haproxy', 'haproxy', 'A suíte de vários nós', '', process.env.REQUIRE_HAPROXY !== '1');
    const { juntos, sozinhos } = testesDaApi();
    await rodarEmLotes('API e provedor de identidade', juntos, { faixas: Number(process.env.API_ARQUIVOS_POR_VEZ ?? 2) });
    await rodarTestesNode('API: vários nós, caos, cache de acesso, laço de eventos e réplica (um por vez)', cadaArquivoSozinho(sozinhos));
  }
  else if (s === 'contrato') await rodarTestesNode(`contrato da API (OpenAPI, ajv, Redocly)${process.env.CONTRATO_API_URL ? ` em ${process.env.CONTRATO_API_URL}` : ''}`, nodeTest('test/contrato'));
  else if (s === 'element') {
    garantirChromium();
    rodar('bundles de teste', 'npx', ['rollup', '-c', '--silent'], { BUILD_TESTES: '1' });
    rodar('elemento no Chromium (@web/test-runner)', process.execPath, ['--import', 'tsx', 'test/element/executar.ts']);
  } else if (s === 'produto') {
    garantirPoppler();
    construir();
    rodar('o produto como o README o roda (npm start em cada Node; produção de dist/ após npm ci --omit=dev)', process.execPath, nodeTest('test/produto'));
  } else if (s === 'e2e') {
    garantirChromium();
    garantirPoppler(); // the citizen's receipt and the form's PDF are read back as text
    construir();
    // Two files at a time (issue 47): each has its own demo server, data folder (or database) and browser.
    const e2e = longosPrimeiro('test/e2e', ['ano-do-modelo', 'formulario-cidadao', 'demo', 'etapas', 'confiabilidade', 'gestao']);
    // Each demo on PostgreSQL starts from a copy of the run's seeded database (rodarTestesNode's SEMENTE_DE_TESTES).
    await rodarTestesNode('ponta a ponta (playwright-core + Chromium, dois arquivos por vez)', ['--import', 'tsx', '--test', '--test-concurrency=2', ...e2e]);
  } else if (s === 'keycloak') {
    garantirChromium();
    if (spawnSync('sh', ['-c', 'command -v java && command -v unzip'], { stdio: 'ignore' }).status !== 0) {
      console.error('\n✖ A suíte keycloak precisa de Java 17+ (java no PATH) e do unzip (sudo apt-get install default-jre-headless unzip).');
      process.exit(1);
    }
    construir();
    rodar('Keycloak de verdade (keycloak-quarkus-dist + playwright-core)', process.execPath, nodeTest('test/keycloak'));
  } else if (s === 'bench') {
    garantirChromium();
    construir();
    rodar('benchmarks do elemento', process.execPath, ['--import', 'tsx', 'test/bench/elemento.ts']);
    rodar('benchmark do construtor (200 campos)', process.execPath, ['--import', 'tsx', 'test/bench/construtor.ts']);
    rodar('benchmark do formulário do cidadão (tamanho, celular emulado, Lighthouse)', process.execPath, ['--import', 'tsx', 'test/bench/cidadao.ts']);
  } else if (s === 'bench-api') {
    construir(); // the API it measures runs as production runs it, compiled (dist/), in its own process
    const volumes = (process.env.BENCH_VOLUMES ?? '1000000').split(',').map((n) => Number(n).toLocaleString('pt-BR')).join(' e ');
    rodar(`benchmark da API (PostgreSQL, ${volumes} formulários)`, process.execPath, ['--import', 'tsx', 'test/bench/api.ts']);
  } else if (s === 'bench-entrega') {
    construir(); // its API runs compiled, in its own process, like bench-api's
    rodar('benchmark de envios e entregas (PostgreSQL)', process.execPath, ['--import', 'tsx', 'test/bench/entrega.ts']);
  } else {
    console.error(`Suíte desconhecida: ${s}. Use: ${[...TODAS, 'bench', 'bench-api', 'bench-entrega'].join(', ')}`);
    process.exit(2);
  }
}
console.log(`\n✔ Suítes aprovadas: ${suites.join(', ')}`);

/**
 * What did not run, said where it is seen (issue 39): the suites left out and the parts of the api and
 * contrato suites that skip without their servers (.ci/run requires them all, so there a missing one fails).
 */
function naoRodou() {
  const faltas = [];
  const ok = (cmd) => spawnSync('sh', ['-c', cmd], { stdio: 'ignore' }).status === 0;
  if (!suites.includes('keycloak') && !pedidas.length) faltas.push('a suíte keycloak (KEYCLOAK_TESTS=1 npm test, ou npm run test:keycloak; precisa de Java 17+)');
  if (suites.some((x) => x === 'api' || x === 'contrato')) {
    const pg = spawnSync(process.execPath, ['-e', `const {Client}=require('pg');const c=new Client({connectionString:${JSON.stringify(URL_POSTGRES_ADMIN)},connectionTimeoutMillis:2000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`], { stdio: 'ignore' });
    if (pg.status !== 0) faltas.push('tudo o que precisa do PostgreSQL (só rodou no PGlite: os testes entre processos, o caos, a carga por COPY, vários nós)');
    if (suites.includes('api')) {
      if (!ok('redis-cli -h 127.0.0.1 -p 6379 ping')) faltas.push('os limites no Redis e a suíte de vários nós (Redis em 127.0.0.1:6379)');
      if (!ok('command -v haproxy')) faltas.push('a suíte de vários nós atrás do HAProxy (apt-get install haproxy)');
      if (!ok('command -v java')) faltas.push('os anexos no S3 de verdade (S3Proxy, precisa de Java)');
      if (!ok(`psql "${URL_REPLICA}" -Atc "select pg_is_in_recovery()" | grep -q t`)) faltas.push('as réplicas de leitura (uma réplica de verdade em 127.0.0.1:5433: sudo node test/apoio/replica.mjs)');
    }
  }
  if (faltas.length) console.log(`\n⚠ Não rodaram nesta execução:\n${faltas.map((f) => `  - ${f}`).join('\n')}`);
}
if (process.env.RESUMO !== '0') naoRodou();
