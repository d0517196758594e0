import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { integracaoDoAmbiente, opcoesProducaoDoAmbiente } from '../../src/server/configuracao';
import { ErroConfiguracao } from '../../src/server/ambiente';
import { MSG_PRODUCAO_SEM_IDP, opcoesCidadaoDoAmbiente } from '../../src/server/api/cidadao';

/**
 * Issue 33: production cannot run the demo, by construction. The production entry points' import graphs
 * (static and dynamic imports, followed through every local module) reach none of the demo's parts.
 */
const RAIZ = resolve(import.meta.dirname, '../..');

/** What only the demo may load: the embedded provider, seeds, the receiver, the mail catcher, the citizens' demo tokens, the demo's host pages and entry. */
const SO_DEMONSTRACAO = [
  'demo/server/idp/provedor.ts',
  'demo/server/idp/paginaLogin.ts',
  'demo/server/seed.ts',
  'demo/server/seedModelos.ts',
  'demo/server/usuariosDemo.ts',
  'demo/server/gerarFormularios.ts',
  'demo/server/receptor.ts',
  'demo/server/email/caixaDemo.ts',
  'demo/server/cidadaoDemo.ts',
  'demo/server/app.ts',
  'demo/server/demonstracao.ts',
  'demo/server/portaisCidadao.ts',
  'demo/server/pix/pspDemo.ts',
  'demo/server/pix/simuladorPsp.ts',
  'demo/server/pix/certificados.ts',
];

/** Every local module reachable from `entrada` (paths relative to the repository). */
function grafo(entrada: string): Set<string> {
  const vistos = new Set<string>();
  const fila = [resolve(RAIZ, entrada)];
  while (fila.length) {
    const arquivo = fila.pop()!;
    const rel = relative(RAIZ, arquivo);
    if (vistos.has(rel)) continue;
    vistos.add(rel);
    const info = ts.preProcessFile(readFileSync(arquivo, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = resolve(dirname(arquivo), fileName);
      const achado = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((x) => existsSync(x) && !x.endsWith('/'));
      if (achado && /\.tsx?$/.test(achado)) fila.push(achado);
    }
  }
  return vistos;
}

test('the production entry points (API and standalone worker) import nothing of the demo', () => {
  for (const entrada of ['src/server/producao.ts', 'src/server/entrega/main.ts']) {
    const alcancados = grafo(entrada);
    // Not vacuous: the service, the API and the workers are there.
    assert.ok(alcancados.size > 40, `${entrada}: ${alcancados.size} modules`);
    if (entrada.endsWith('producao.ts')) for (const m of ['src/server/servico.ts', 'src/server/api/rotas/envios.ts', 'src/server/pdf/gerador.ts']) assert.ok(alcancados.has(m), m);
    assert.deepEqual(SO_DEMONSTRACAO.filter((m) => alcancados.has(m)), [], entrada);
  }
  // The same reading finds the demo where it is: `npm start`'s entry reaches it (through its dynamic import).
  const inicio = grafo('demo/server/main.ts');
  assert.ok(inicio.has('src/server/producao.ts') && inicio.has('demo/server/app.ts') && inicio.has('demo/server/idp/provedor.ts'));
});

const PRODUCAO = {
  NODE_ENV: 'production',
  KEYCLOAK_URL: 'https://sso.uf.gov.br',
  CIDADAO_JWKS_URL: 'https://sso.acesso.gov.br/jwk',
  CIDADAO_ISSUER: 'https://sso.acesso.gov.br/',
  CIDADAO_AUDIENCE: 'formularios-uf',
  SEGREDOS_CHAVE: Buffer.alloc(32, 7).toString('base64'),
  DATABASE_URL: 'postgres://formularios@db.interno/formularios',
  PUBLIC_URL: 'https://formularios.uf.gov.br',
};

test('production refuses, in one pt-BR line naming it, each missing variable; with all of them, no demo destination or token', () => {
  for (const nome of Object.keys(PRODUCAO).filter((k) => k !== 'NODE_ENV')) {
    const env = { ...PRODUCAO, [nome]: '' };
    assert.throws(() => opcoesProducaoDoAmbiente(env), (e: Error) => e instanceof ErroConfiguracao && e.message.includes(nome) && !e.message.includes('\n'), nome);
  }
  const o = opcoesProducaoDoAmbiente(PRODUCAO);
  assert.deepEqual(o.integracao.permitidos, { origens: [], caminhos: [] }, 'the demo receiver is no destination in production');
  assert.equal(o.cidadao.emitirDemo, undefined);
  assert.equal(o.aoAbrirBanco, undefined, 'no seeds');
  // The demo allows its receiver by path only; production never.
  assert.deepEqual(integracaoDoAmbiente({ PORT: '8080' }).permitidos.caminhos, ['http://localhost:8080/demo/receptor']);
  // Malformed values: the variable and what it expects, never a stack trace.
  for (const [nome, valor, esperado] of [
    ['SEGREDOS_CHAVE', 'curta', /SEGREDOS_CHAVE inválido .*32 bytes em base64/],
    ['SEGREDOS_CHAVE', Buffer.alloc(31).toString('base64'), /SEGREDOS_CHAVE inválido/],
    ['PORT', 'oitenta', /PORT inválido: "oitenta" \(esperado: um número inteiro a partir de 0\)/],
    ['KEYCLOAK_URL', 'sso.uf.gov.br', /KEYCLOAK_URL inválido: "sso\.uf\.gov\.br" \(esperado: um endereço http ou https/],
    ['TRUST_PROXY', 'true', /TRUST_PROXY inválido/],
    ['PUBLICO_LIMITE_ENDERECO', '-1', /PUBLICO_LIMITE_ENDERECO inválido/],
  ] as const) {
    assert.throws(() => opcoesProducaoDoAmbiente({ ...PRODUCAO, [nome]: valor }), (e: Error) => e instanceof ErroConfiguracao && esperado.test(e.message), `${nome}=${valor}`);
  }
});

test('citizens: production needs the key set, the issuer and the audience; the demo has its own tokens', () => {
  const { CIDADAO_AUDIENCE: _, ...semAudiencia } = PRODUCAO;
  assert.throws(() => opcoesCidadaoDoAmbiente(semAudiencia), { message: MSG_PRODUCAO_SEM_IDP });
  assert.deepEqual(opcoesCidadaoDoAmbiente(PRODUCAO), { jwksUrl: PRODUCAO.CIDADAO_JWKS_URL, emissor: PRODUCAO.CIDADAO_ISSUER, audiencia: 'formularios-uf', claimCpf: 'cpf' });
  assert.equal(opcoesCidadaoDoAmbiente({}), undefined);
});

test("every package the production entry points load is a dependency (npm ci --omit=dev is enough to run them)", () => {
  const pacote = JSON.parse(readFileSync(join(RAIZ, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; scripts: Record<string, string> };
  const usados = new Set<string>();
  const modulos = new Set(['src/server/producao.ts', 'src/server/entrega/main.ts'].flatMap((e) => [...grafo(e)]));
  // Worker threads are started from a file, not imported: their own graphs count too.
  for (const m of [...modulos]) for (const w of readFileSync(join(RAIZ, m), 'utf8').matchAll(/new Worker\(new URL\('(\.[^']+)'/g)) for (const x of grafo(relative(RAIZ, resolve(dirname(join(RAIZ, m)), w[1])))) modulos.add(x);
  for (const m of modulos) {
    const fonte = readFileSync(join(RAIZ, m), 'utf8');
    const nomes = [...fonte.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\s+from\s+)?['"]([^'".][^'"]*)['"]/gm), ...fonte.matchAll(/import\(\s*['"]([^'".][^'"]*)['"]\s*\)/g)].map((x) => x[1]);
    for (const n of nomes) if (!n.startsWith('node:')) usados.add(n.startsWith('@') ? n.split('/').slice(0, 2).join('/') : n.split('/')[0]);
  }
  assert.ok(usados.has('fastify') && usados.has('pdfkit'), [...usados].join(', '));
  // Production runs the TypeScript sources through tsx (`node --import tsx src/server/producao.ts`); the embedded
  // database is imported only without DATABASE_URL, which production requires.
  usados.add('tsx');
  usados.delete('@electric-sql/pglite');
  assert.deepEqual([...usados].filter((n) => !pacote.dependencies[n]).sort(), [], 'move these from devDependencies to dependencies');
});
