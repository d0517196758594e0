import type { ChildProcess } from 'node:child_process';

/** Stops a server started `detached` (its own process group: a launcher script and its JVM), and waits for it. */
export function pararGrupo(processo: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (processo.exitCode !== null) return ok();
    processo.once('exit', () => ok());
    try {
      process.kill(-processo.pid!, 'SIGTERM');
    } catch {
      ok();
    }
  });
}
