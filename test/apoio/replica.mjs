#!/usr/bin/env node
/**
 * A real streaming replica of this machine's PostgreSQL for the read-replica tests (issue 47), as an operator makes
 * one: `pg_basebackup -R` of the server at 127.0.0.1:5432 into a folder, started on 127.0.0.1:5433 (hot standby).
 * Idempotent: a replica already answering there is kept. Needs root on a Debian-style install (the server's files
 * belong to the `postgres` user, and pg_hba.conf must allow a replication connection from loopback: the line is added
 * and the configuration reloaded). Prints the replica's base URL. `.ci/run` runs it; locally:
 *   sudo node test/apoio/replica.mjs
 * `--parar` stops the replica in that folder (`.ci/run` does it at the end when it started one: left running, it replays
 * every later write of the server, a benchmark's load included).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync, chownSync, chmodSync, appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PORTA = Number(process.env.REPLICA_PORTA ?? 5433);
const PASTA = process.env.REPLICA_PASTA ?? '/tmp/console-formularios-replica';
const URL_REPLICA = `postgres://postgres@127.0.0.1:${PORTA}/postgres`;

const psql = (porta, sql) => spawnSync('psql', ['-h', '127.0.0.1', '-p', String(porta), '-U', 'postgres', '-d', 'postgres', '-Atc', sql], { encoding: 'utf8' });

const versoes = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
const bin = (nome) => (versoes.length ? join('/usr/lib/postgresql', versoes[0], 'bin', nome) : nome);
if (process.argv.includes('--parar')) {
  if (existsSync(join(PASTA, 'postmaster.pid'))) execFileSync('runuser', ['-u', 'postgres', '--', bin('pg_ctl'), '-D', PASTA, '-m', 'fast', '-w', 'stop'], { stdio: 'ignore' });
  process.exit(0);
}
if (psql(PORTA, 'select pg_is_in_recovery()').stdout?.trim() === 't') {
  console.log(URL_REPLICA);
  process.exit(0);
}
const hba = psql(5432, 'show hba_file').stdout?.trim();
if (!hba) {
  console.error('✖ O PostgreSQL em 127.0.0.1:5432 não responde: a réplica é feita a partir dele.');
  process.exit(1);
}
// A physical replication connection is matched only by `replication` in pg_hba.conf, never by `all`.
const LINHA = 'host replication all 127.0.0.1/32 trust';
if (!readFileSync(hba, 'utf8').split('\n').some((l) => l.trim() === LINHA)) {
  appendFileSync(hba, `\n# console-formularios: a réplica de leitura dos testes (test/apoio/replica.mjs)\n${LINHA}\n`);
  psql(5432, 'select pg_reload_conf()');
}
const usuario = (args) => execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
// A folder left by a replica that is not running (an earlier machine's) is made again.
if (existsSync(join(PASTA, 'postmaster.pid'))) spawnSync('runuser', ['-u', 'postgres', '--', bin('pg_ctl'), '-D', PASTA, '-m', 'immediate', 'stop'], { stdio: 'ignore' });
rmSync(PASTA, { recursive: true, force: true });
mkdirSync(PASTA, { recursive: true });
const { uid, gid } = (() => {
  const [, , u, g] = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:')).split(':');
  return { uid: Number(u), gid: Number(g) };
})();
chownSync(PASTA, uid, gid);
chmodSync(PASTA, 0o700);
// --checkpoint=fast: the backup starts at an immediate checkpoint. The default (spread) paces that checkpoint over
// checkpoint_completion_target of checkpoint_timeout: on a freshly started server that was ~100 s of an idle CI run.
usuario([bin('pg_basebackup'), '-h', '127.0.0.1', '-p', '5432', '-U', 'postgres', '-D', PASTA, '-R', '-X', 'stream', '--checkpoint=fast']);
// Debian keeps the server's configuration in /etc: the replica gets its own, minimal one.
const arquivos = {
  'postgresql.conf': [`port = ${PORTA}`, "listen_addresses = '127.0.0.1'", "unix_socket_directories = '/tmp'", 'hot_standby = on', `hba_file = '${PASTA}/pg_hba.conf'`, `ident_file = '${PASTA}/pg_ident.conf'`, ''].join('\n'),
  'pg_hba.conf': 'local all all trust\nhost all all 127.0.0.1/32 trust\n',
  'pg_ident.conf': '',
};
for (const [nome, texto] of Object.entries(arquivos)) {
  writeFileSync(join(PASTA, nome), texto);
  chownSync(join(PASTA, nome), uid, gid);
}
usuario([bin('pg_ctl'), '-D', PASTA, '-l', join(PASTA, 'log'), '-w', 'start']);
if (psql(PORTA, 'select pg_is_in_recovery()').stdout?.trim() !== 't') {
  console.error(`✖ A réplica em 127.0.0.1:${PORTA} não subiu (veja ${join(PASTA, 'log')}).`);
  process.exit(1);
}
console.log(URL_REPLICA);
