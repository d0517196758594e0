import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { portaLivre } from '../apoio/servidor';

/**
 * The demo as `npm start` runs it (its own process, the built bundle, embedded provider), on a free
 * port, with its data in a fresh folder unless `env` says otherwise (e.g. DATABASE_URL).
 */
export async function subirDemo(env: Record<string, string> = {}): Promise<{ base: string; fechar: () => void }> {
  const porta = await portaLivre();
  const pasta = mkdtempSync(join(tmpdir(), 'cf-demo-'));
  const base = env.PUBLIC_URL ?? `http://localhost:${porta}`;
  const processo = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], { env: { ...process.env, PORT: String(porta), DATA_DIR: pasta, LOG: 'off', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ok, erro) => {
    const t = setTimeout(() => erro(new Error('o servidor de demonstração não subiu em 90 s')), 90_000);
    processo.stdout!.on('data', (d: Buffer) => d.toString().includes('(demonstração) em') && (clearTimeout(t), ok()));
    processo.once('exit', (c) => (clearTimeout(t), erro(new Error(`o servidor saiu com código ${c}`))));
  });
  return {
    base,
    fechar: () => {
      processo.kill('SIGTERM');
      rmSync(pasta, { recursive: true, force: true });
    },
  };
}

/** Fills the identity provider's sign-in form (Keycloak's field ids) as `usuario`, password = username. */
export async function preencherLogin(p: Page, usuario: string): Promise<void> {
  await p.locator('#username').waitFor({ timeout: 20_000 });
  await p.fill('#username', usuario);
  await p.fill('#password', usuario);
  await p.click('#kc-login');
}

/** Opens the host page, signs in and waits for the menu with the start-up calls done. */
export async function entrarNaDemo(p: Page, base: string, usuario: string): Promise<void> {
  await p.goto(`${base}/`);
  await preencherLogin(p, usuario);
  await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 20_000 });
  await p.waitForFunction(() => !document.querySelector('console-formularios')?.shadowRoot?.querySelector('.cf-ocupado'));
}
