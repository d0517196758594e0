import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The receipt's verification code: 60 random bits as 12 characters of an alphabet without look-alikes
 * (no 0/O, 1/I/L), in three groups: `K7QM-X2RD-9TWH`. It is the receipt's only secret: whoever holds the
 * protocol and the code may download the receipt, and staff check a printed receipt with both.
 */
const ALFABETO = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function novoCodigoVerificacao(): string {
  const bytes = randomBytes(12);
  const letras = [...bytes].map((b) => ALFABETO[b % ALFABETO.length]).join('');
  return `${letras.slice(0, 4)}-${letras.slice(4, 8)}-${letras.slice(8, 12)}`;
}

/** The code as typed (lower case, spaces, without hyphens) in its printed form, or null when it cannot be one. */
export function normalizarCodigo(v: string): string | null {
  const s = v.toUpperCase().replace(/[\s-]/g, '');
  if (s.length !== 12 || [...s].some((c) => !ALFABETO.includes(c))) return null;
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}`;
}

/** Compares in constant time (the code is a secret). */
export function codigoConfere(guardado: string | null, informado: string): boolean {
  const n = normalizarCodigo(informado);
  if (!guardado || !n) return false;
  return timingSafeEqual(Buffer.from(guardado), Buffer.from(n));
}
