/**
 * Numbers as the console's language writes them (issue 37: the English console showed "42,9%"): 1.234 or 1,234,
 * 42,9% or 42.9%. A share that is not zero never shows as 0%: under the smallest step it says "< 0,1%".
 */
export const formatarNumero = (n: number, idioma: string): string => n.toLocaleString(idioma);

export function formatarPercentual(fracao: number, idioma: string, o: { casasFixas?: boolean } = {}): string {
  const formato = new Intl.NumberFormat(idioma, { style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: o.casasFixas ? 1 : 0 });
  if (fracao > 0 && fracao < 0.0005) return `< ${formato.format(0.001)}`;
  return formato.format(fracao);
}
