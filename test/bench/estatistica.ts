/** The median and the 95th percentile of a bench's timings (ms, two decimals), and how many there were. */
export interface Medida {
  mediana: number;
  p95: number;
  rodadas: number;
}

export function estatistica(t: number[]): Medida {
  const o = [...t].sort((a, b) => a - b);
  return { mediana: +o[Math.floor(o.length / 2)].toFixed(2), p95: +o[Math.min(o.length - 1, Math.floor(o.length * 0.95))].toFixed(2), rodadas: o.length };
}
