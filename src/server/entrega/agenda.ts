import { ErroConfiguracao } from '../ambiente';
/**
 * When a failed delivery is tried again (issue 8): an exponential schedule with jitter, from
 * configuration. Pure.
 */

/** Seconds to wait after the 1st, 2nd... failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h; then exhausted. */
export const ESPERAS_PADRAO_S = [60, 300, 1800, 7200, 21600, 43200];

/** Jitter: each wait is drawn within ±20% so failures of many forms do not retry in lockstep. */
export const VARIACAO = 0.2;

/** Reads "60,300,1800" (seconds, fractions allowed); a bad list is a configuration error. */
export function lerEsperas(texto: string | undefined): number[] {
  if (!texto?.trim()) return ESPERAS_PADRAO_S;
  const xs = texto.split(/[\s,]+/).filter(Boolean).map(Number);
  if (!xs.length || xs.some((x) => !Number.isFinite(x) || x < 0)) throw new ErroConfiguracao(`ENTREGA_ESPERAS inválido: "${texto}" (use segundos separados por vírgula, por exemplo 60,300,1800)`);
  return xs;
}

/** The most attempts a form gets: the first, plus one after each wait. */
export const limiteTentativas = (esperas: readonly number[]) => esperas.length + 1;

/**
 * After `feitas` attempts, all failed: milliseconds until the next one, or null when the schedule is
 * exhausted. `aleatorio` in [0, 1).
 */
export function proximaEspera(feitas: number, esperas: readonly number[], aleatorio: number = Math.random()): number | null {
  if (feitas < 1 || feitas > esperas.length) return null;
  const base = esperas[feitas - 1] * 1000;
  return Math.round(base * (1 - VARIACAO + 2 * VARIACAO * aleatorio));
}
