import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { pararGrupo } from '../processo';
import { join } from 'node:path';

/**
 * A real Keycloak for development and the Keycloak suite: keycloak-quarkus-dist from Maven Central,
 * fetched once into a cache outside the repository, started in development mode with realm `demo`
 * imported (demo/keycloak/realm-demo.json). 26.5.6 runs on the machine's Java 17.
 */
export const VERSAO_KEYCLOAK = process.env.KEYCLOAK_VERSION ?? '26.5.6';
export const PASTA_CACHE = process.env.KEYCLOAK_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'console-formularios', 'keycloak');
const REALM = new URL('./realm-demo.json', import.meta.url).pathname;

/** The unpacked distribution (downloaded and unzipped on first use). */
export async function garantirKeycloak(): Promise<string> {
  const pasta = join(PASTA_CACHE, `keycloak-${VERSAO_KEYCLOAK}`);
  if (existsSync(join(pasta, 'bin', 'kc.sh'))) return pasta;
  mkdirSync(PASTA_CACHE, { recursive: true });
  const url = `https://repo1.maven.org/maven2/org/keycloak/keycloak-quarkus-dist/${VERSAO_KEYCLOAK}/keycloak-quarkus-dist-${VERSAO_KEYCLOAK}.zip`;
  console.log(`Baixando o Keycloak ${VERSAO_KEYCLOAK} do Maven Central (uma vez, para ${PASTA_CACHE})…`);
  const r = await fetch(url);
  if (!r.ok) throw new Error(`não foi possível baixar ${url}: HTTP ${r.status}`);
  const zip = join(PASTA_CACHE, `keycloak-${VERSAO_KEYCLOAK}.zip`);
  writeFileSync(zip, Buffer.from(await r.arrayBuffer()));
  const tmp = join(PASTA_CACHE, `tmp-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  const u = spawnSync('unzip', ['-q', zip, '-d', tmp], { stdio: 'inherit' });
  if (u.status !== 0) throw new Error('unzip falhou (instale o pacote unzip do Debian)');
  renameSync(join(tmp, `keycloak-${VERSAO_KEYCLOAK}`), pasta);
  rmSync(tmp, { recursive: true, force: true });
  rmSync(zip, { force: true });
  return pasta;
}

export interface KeycloakRodando {
  url: string;
  processo: ChildProcess;
  parar: () => Promise<void>;
}

/** Starts Keycloak in development mode on `porta` with the demo realm, and waits for its discovery document. */
export async function iniciarKeycloak(porta = Number(process.env.KEYCLOAK_PORT ?? 8180), o: { log?: boolean } = {}): Promise<KeycloakRodando> {
  const pasta = await garantirKeycloak();
  const importar = join(pasta, 'data', 'import');
  mkdirSync(importar, { recursive: true });
  copyFileSync(REALM, join(importar, 'realm-demo.json'));
  // Development mode keeps its H2 database in data/: start from the realm file every time.
  rmSync(join(pasta, 'data', 'h2'), { recursive: true, force: true });
  // The JIT's first tier only (as Quarkus' own dev mode runs): this Keycloak (the tests', `npm run keycloak`'s) serves a
  // handful of users, and the optimizing tier spent ~40% of its start's CPU (measured 29/11: 55.8 -> 34.6 s of CPU to
  // answer, the same ~30 s to start).
  const processo = spawn(join(pasta, 'bin', 'kc.sh'), ['start-dev', `--http-port=${porta}`, '--import-realm', '--hostname-strict=false'], {
    env: { ...process.env, KC_BOOTSTRAP_ADMIN_USERNAME: 'admin', KC_BOOTSTRAP_ADMIN_PASSWORD: 'admin', JAVA_OPTS_APPEND: '-Xms256m -Xmx1g -XX:TieredStopAtLevel=1' },
    stdio: ['ignore', o.log ? 'inherit' : 'ignore', o.log ? 'inherit' : 'ignore'],
    detached: true,
  });
  const url = `http://localhost:${porta}`;
  const fim = Date.now() + 180_000;
  for (;;) {
    if (processo.exitCode !== null) throw new Error(`o Keycloak saiu com código ${processo.exitCode}`);
    const ok = await fetch(`${url}/realms/demo/.well-known/openid-configuration`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > fim) throw new Error('o Keycloak não respondeu em 180 s');
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    url,
    processo,
    parar: () => pararGrupo(processo),
  };
}

/** A master-realm admin token, for the suite's use of the admin REST API (ending sessions). */
export async function tokenAdmin(url: string): Promise<string> {
  const r = await fetch(`${url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: 'admin', password: 'admin' }),
  });
  if (!r.ok) throw new Error(`token de administrador recusado: ${r.status}`);
  return ((await r.json()) as { access_token: string }).access_token;
}
