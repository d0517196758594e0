/**
 * A configuration the server cannot run with: one pt-BR line naming the variable and what it expects.
 * The entry points print it and exit with code 2, never a stack trace (issue 33).
 */
export class ErroConfiguracao extends Error {}

/** What an entry point reads from the environment, or its one pt-BR line and exit code 2 (anything else is a bug: thrown). */
export function configuracaoOuSair<T>(ler: () => T): T {
  try {
    return ler();
  } catch (e) {
    if (!(e instanceof ErroConfiguracao)) throw e;
    console.error(`Configuração inválida: ${e.message}`);
    process.exit(2);
  }
}

/**
 * A number from the environment (README.md lists the variables): unset or empty gives `padrao`; anything
 * that is not a number in range stops the start with the variable's name, instead of running on a guess.
 */
export function numeroDoAmbiente(env: NodeJS.ProcessEnv, nome: string, padrao: number, o: { minimo?: number; inteiro?: boolean } = {}): number {
  const v = env[nome];
  if (v === undefined || v === '') return padrao;
  const n = Number(v);
  const minimo = o.minimo ?? 0;
  if (!Number.isFinite(n) || n < minimo || (o.inteiro && !Number.isInteger(n))) throw new ErroConfiguracao(`${nome} inválido: "${v}" (esperado: um número${o.inteiro ? ' inteiro' : ''} a partir de ${minimo})`);
  return n;
}

/** A list from the environment: values separated by spaces or commas. */
export const listaDoAmbiente = (v: string | undefined): string[] => (v ?? '').split(/[\s,]+/).filter(Boolean);

/** An http(s) address from the environment, without its final slashes; unset gives undefined. */
export function urlDoAmbiente(env: NodeJS.ProcessEnv, nome: string): string | undefined {
  const v = env[nome]?.trim();
  if (!v) return undefined;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ErroConfiguracao(`${nome} inválido: "${v}" (esperado: um endereço http ou https, como https://sso.uf.gov.br)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ErroConfiguracao(`${nome} inválido: "${v}" (esperado: um endereço http ou https)`);
  return v.replace(/\/+$/, '');
}

/** Whether this process runs as production (NODE_ENV=production): the demo's parts cannot run there. */
export const emProducao = (env: NodeJS.ProcessEnv = process.env) => env.NODE_ENV === 'production';
