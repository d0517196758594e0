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
export function numeroDoAmbiente(env: NodeJS.ProcessEnv, nome: string, padrao: number, o: { minimo?: number; maximo?: number; inteiro?: boolean } = {}): number {
  const v = env[nome];
  if (v === undefined || v === '') return padrao;
  const n = Number(v);
  const minimo = o.minimo ?? 0;
  const faixa = o.maximo === undefined ? `a partir de ${minimo}` : `de ${minimo} a ${o.maximo}`;
  if (!Number.isFinite(n) || n < minimo || (o.maximo !== undefined && n > o.maximo) || (o.inteiro && !Number.isInteger(n))) throw new ErroConfiguracao(`${nome} inválido: "${v}" (esperado: um número${o.inteiro ? ' inteiro' : ''} ${faixa})`);
  return n;
}

/** A TCP port from the environment (issue 50: 99999 ended in a stack trace from listen). */
export const portaTcpDoAmbiente = (env: NodeJS.ProcessEnv, nome: string, padrao: number) => numeroDoAmbiente(env, nome, padrao, { inteiro: true, maximo: 65535 });

/** A database address as it may be printed or labelled: its password as ***. */
export const semSenha = (url: string) => url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');

/**
 * The PostgreSQL address (DATABASE_URL): a postgres:// or postgresql:// URL, or the start stops with one line
 * (issue 50: "nao-url" and an http:// address ended in the driver's stack trace). The password is never printed.
 */
export function bancoDoAmbiente(env: NodeJS.ProcessEnv, nome = 'DATABASE_URL'): string | undefined {
  const v = env[nome]?.trim();
  if (!v) return undefined;
  const mostrado = semSenha(v);
  let u: URL | null = null;
  try {
    u = new URL(v);
  } catch {
    /* said below */
  }
  if (!u || (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') || !u.hostname) throw new ErroConfiguracao(`${nome} inválido: "${mostrado}" (esperado: um endereço postgres://usuário@servidor:5432/banco)`);
  return v;
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
