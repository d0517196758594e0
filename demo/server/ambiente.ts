/**
 * A number from the environment (README.md lists the variables): unset or empty gives `padrao`; anything
 * that is not a number in range stops the start with the variable's name, instead of running on a guess.
 */
export function numeroDoAmbiente(env: NodeJS.ProcessEnv, nome: string, padrao: number, o: { minimo?: number; inteiro?: boolean } = {}): number {
  const v = env[nome];
  if (v === undefined || v === '') return padrao;
  const n = Number(v);
  const minimo = o.minimo ?? 0;
  if (!Number.isFinite(n) || n < minimo || (o.inteiro && !Number.isInteger(n))) throw new Error(`${nome} inválido: "${v}"`);
  return n;
}
