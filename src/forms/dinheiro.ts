/**
 * Money as Brazilians write it and as we keep it: integer centavos, never binary floats. Pure, and below every
 * other rule (the validation rules, the fee, the money field and the calculations read it).
 */

/** "R$ 12,50" (pt-BR), "R$12.50" (en): money as the reader's language writes it. */
export const formatarReais = (centavos: number, idioma = 'pt-BR'): string => new Intl.NumberFormat(idioma, { style: 'currency', currency: 'BRL' }).format(centavos / 100);

/** The other way: "12.50" (as the API answers amounts) in centavos. */
export const centavosDoValor = (valor: string): number => Math.round(Number(valor) * 100);

/** A value in reais as typed ("18,90", "18.90", "1.234,50", "R$ 5"), in centavos; null when it is not one. */
export function lerReais(texto: string): number | null {
  let t = texto.replace(/R\$|\s/g, '');
  if (!t) return null;
  // "1.234,50": the comma is the decimal mark; "18.90": a dot with two digits after it is.
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  else if (!/^\d+(\.\d{1,2})?$/.test(t)) t = t.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return centavosDoValor(t);
}

/**
 * A money answer (issue 44) in reais: as typed ("1.234,56", "R$ 5"), or as stored, a whole number of centavos;
 * NaN when it is neither.
 */
export function reaisDaResposta(v: unknown): number {
  if (typeof v === 'number') return Number.isInteger(v) ? v / 100 : NaN;
  const c = typeof v === 'string' ? lerReais(v) : null;
  return c === null ? NaN : c / 100;
}

/** A money answer as stored: integer centavos (null when it is none). */
export function centavosDaResposta(v: unknown): number | null {
  const r = reaisDaResposta(v);
  return Number.isFinite(r) ? Math.round(r * 100) : null;
}

/** Centavos as a builder's box shows them ("18,90"). */
export const reaisDoCampo = (centavos: number | undefined): string => (centavos === undefined ? '' : (centavos / 100).toFixed(2).replace('.', ','));
