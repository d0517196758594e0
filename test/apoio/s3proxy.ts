import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { portaLivre } from './servidor';
import { pararGrupo } from '../../demo/processo';

/**
 * A real S3-compatible server for the S3 storage's tests: S3Proxy (github.com/gaul/s3proxy, Apache 2.0),
 * its jar-with-dependencies from Maven Central, run on the machine's Java 17 with in-memory storage on
 * loopback, SigV4 like AWS. Fetched once into a cache outside the repository.
 */
export const VERSAO_S3PROXY = process.env.S3PROXY_VERSION ?? '4.1.0';
const PASTA = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'console-formularios', 's3proxy');

/** Why the S3 server cannot run here (no Java), or null. */
export function semS3Proxy(): string | null {
  return spawnSync('sh', ['-c', 'command -v java'], { stdio: 'ignore' }).status === 0 ? null : 'o S3Proxy precisa de Java 17+ no PATH (sudo apt-get install default-jre-headless)';
}

async function garantirJar(): Promise<string> {
  const jar = join(PASTA, `s3proxy-${VERSAO_S3PROXY}.jar`);
  if (existsSync(jar)) return jar;
  mkdirSync(PASTA, { recursive: true });
  const url = `https://repo1.maven.org/maven2/org/gaul/s3proxy/${VERSAO_S3PROXY}/s3proxy-${VERSAO_S3PROXY}-jar-with-dependencies.jar`;
  console.log(`Baixando o S3Proxy ${VERSAO_S3PROXY} do Maven Central (uma vez, para ${PASTA})…`);
  const r = await fetch(url);
  if (!r.ok) throw new Error(`não foi possível baixar ${url}: HTTP ${r.status}`);
  const tmp = `${jar}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await r.arrayBuffer()));
  renameSync(tmp, jar);
  return jar;
}

export interface S3ProxyRodando {
  endpoint: string;
  credenciais: { accessKeyId: string; secretAccessKey: string };
  parar: () => Promise<void>;
}

export async function iniciarS3Proxy(): Promise<S3ProxyRodando> {
  const jar = await garantirJar();
  const porta = await portaLivre();
  const credenciais = { accessKeyId: 'console-formularios', secretAccessKey: 'segredo-de-teste-do-s3' };
  const conf = join(mkdtempSync(join(tmpdir(), 'cf-s3proxy-')), 's3proxy.conf');
  writeFileSync(
    conf,
    [`s3proxy.endpoint=http://127.0.0.1:${porta}`, 's3proxy.authorization=aws-v2-or-v4', `s3proxy.identity=${credenciais.accessKeyId}`, `s3proxy.credential=${credenciais.secretAccessKey}`, 'jclouds.provider=transient', 'jclouds.identity=x', 'jclouds.credential=y'].join('\n'),
  );
  const processo = spawn('java', ['-Xmx256m', '-jar', jar, '--properties', conf], { stdio: 'ignore', detached: true });
  const endpoint = `http://127.0.0.1:${porta}`;
  const fim = Date.now() + 60_000;
  for (;;) {
    if (processo.exitCode !== null) throw new Error(`o S3Proxy saiu com código ${processo.exitCode}`);
    // Any S3 answer (403 without a signature) means it listens.
    if (await fetch(endpoint).then(() => true, () => false)) break;
    if (Date.now() > fim) throw new Error('o S3Proxy não respondeu em 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    endpoint,
    credenciais,
    parar: () => pararGrupo(processo),
  };
}
