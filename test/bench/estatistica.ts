import { readFileSync } from 'node:fs';

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

/**
 * The data rows of a CSV download, counted as its bytes arrive (line breaks; a last line without one counts too; the
 * header does not): what an export figure reads, on both sides of a comparison. Made one string and split, a 20 MB
 * body cost the client ~60-100 ms of the two cores (issue 47: a fifth of the project's 30-day export, 2% of Directus's).
 * Rows with a line break inside a quoted cell would count twice; neither side's rows have one.
 */
export async function linhasDoCsv(r: Response, nome: string): Promise<number> {
  if (r.status !== 200 || !r.body) throw new Error(`${nome}: ${r.status} ${(await r.text()).slice(0, 300)}`);
  let quebras = 0;
  let ultimo = 10;
  for await (const pedaco of r.body as unknown as AsyncIterable<Uint8Array>) {
    for (let i = pedaco.indexOf(10); i >= 0; i = pedaco.indexOf(10, i + 1)) quebras++;
    if (pedaco.length) ultimo = pedaco[pedaco.length - 1];
  }
  return quebras + (ultimo === 10 ? 0 : 1) - 1;
}

/** CPU time a process has used so far (user + system, clock ticks of 10 ms), from /proc; null once it has gone. */
function ticks(pid: number): number | null {
  try {
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(campos[11]) + Number(campos[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until every process of `pids` has been quiet for a while (under 10% of a core over 300 ms), or `limiteMs` has
 * passed; answers how long it waited. Between the two sides of a comparison: a side's after-work (the garbage
 * collection of a large answer, a pool closing) would otherwise run on the two cores while the other side is measured.
 */
export async function esperarQuietos(pids: number[], limiteMs = 10_000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const antes = pids.map(ticks);
    await new Promise((ok) => setTimeout(ok, 300));
    const quietos = pids.every((p, i) => antes[i] === null || (ticks(p) ?? 0) - antes[i]! < 3);
    if (quietos || performance.now() - t0 > limiteMs) return Math.round(performance.now() - t0);
  }
}
