import type { Executor } from '../db';
import type { Filtro } from './lista';

/** Below this offset, skipping rows is cheaper than asking the counters. */
export const SALTO_MINIMO = 1000;

interface Faixa {
  chave: string;
  n: string;
}

/** The first group (in order) holding row number `alvo` (0-based), how many rows come before it, and its own. */
export function acumular(faixas: Faixa[], alvo: number): { chave: string; antes: number; n: number } | null {
  let antes = 0;
  for (const f of faixas) {
    const n = Number(f.n);
    if (antes + n > alvo) return { chave: f.chave, antes, n };
    antes += n;
  }
  return null;
}

const ultimoDiaDoMes = (mes: string) => {
  const [a, m] = mes.split('-').map(Number);
  return new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10);
};

/**
 * Deep pages in received order without reading the rows before them (issue 19): the per-month and
 * per-day counters, exact for the same filters, say on which São Paulo day the page's first row falls and
 * how many rows come before that day; the page query then starts at that day and skips only that day's
 * rows before the page. `contadores(de, ate)` gives the counters' WHERE (alias c) for the list's filters
 * within a period (none: the whole range, read by month first).
 */
export async function saltoPorContadores(
  db: Executor,
  o: { offset: number; desc: boolean; de?: string; ate?: string; contadores: (periodo: { de?: string; ate?: string }) => Filtro },
): Promise<{ dia: string; pular: number; noDia: number } | null> {
  if (o.offset < SALTO_MINIMO) return null;
  const ordem = o.desc ? 'desc' : 'asc';
  let antes = 0;
  let periodo = { de: o.de, ate: o.ate };
  if (!o.de && !o.ate) {
    const c = o.contadores({});
    const meses = await db.query<Faixa>(`select c.mes::text as chave, sum(c.quantidade)::text as n from contador_formulario_mes c ${c.where} group by 1 having sum(c.quantidade) > 0 order by 1 ${ordem}`, c.params);
    const mes = acumular(meses, o.offset);
    if (!mes) return null;
    antes = mes.antes;
    periodo = { de: mes.chave, ate: ultimoDiaDoMes(mes.chave) };
  }
  const c = o.contadores(periodo);
  const dias = await db.query<Faixa>(`select c.dia::text as chave, sum(c.quantidade)::text as n from contador_formulario_dia c ${c.where} group by 1 having sum(c.quantidade) > 0 order by 1 ${ordem}`, c.params);
  const dia = acumular(dias, o.offset - antes);
  return dia && { dia: dia.chave, pular: o.offset - antes - dia.antes, noDia: dia.n };
}

/**
 * How to read a page that starts inside its day: from the day's start skipping `pular` rows; or, when the
 * page ends in the day's second half, from the day's end in the opposite order, skipping only what comes
 * after the page (those rows come reversed); a page that runs past the day's end reads the day's last rows
 * that way and the rest from the days after it, from their start. The last page of a list skips nothing.
 */
export function leituraNoDia(s: { pular: number; noDia: number }, tamanho: number): { deTras: false; offset: number } | { deTras: true; offset: number; limit: number; depoisDoDia: number } {
  const restoDoDia = s.noDia - s.pular;
  if (restoDoDia <= tamanho) return { deTras: true, offset: 0, limit: restoDoDia, depoisDoDia: tamanho - restoDoDia };
  const depois = restoDoDia - tamanho;
  return depois < s.pular ? { deTras: true, offset: depois, limit: tamanho, depoisDoDia: 0 } : { deTras: false, offset: s.pular };
}

/** An ORDER BY read the other way round (`a desc, b asc` → `a asc, b desc`). */
export const ordemInversa = (ordem: string) => ordem.replace(/\b(asc|desc)\b/gi, (x) => (x.toLowerCase() === 'asc' ? 'desc' : 'asc'));

const mais1Dia = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
const menos1Dia = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);

/**
 * The whole calendar months inside a period (no bound: open on that side), as the monthly counters'
 * first and last `mes`, and the days at either edge that the daily counters still answer; null when no
 * whole month fits (the daily counters answer it all).
 */
export function mesesInteiros(de?: string, ate?: string): { primeiro: string; ultimo: string; antes: [string, string] | null; depois: [string, string] | null } | null {
  if (de && de >= '9999-12') return null;
  const primeiro = !de ? '0001-01-01' : de.endsWith('-01') ? de : mais1Dia(ultimoDiaDoMes(de));
  const ultimo = !ate ? '9999-12-01' : ate === ultimoDiaDoMes(ate) ? `${ate.slice(0, 7)}-01` : `${menos1Dia(`${ate.slice(0, 7)}-01`).slice(0, 7)}-01`;
  if (primeiro > ultimo) return null;
  return {
    primeiro,
    ultimo,
    antes: de && de < primeiro ? [de, menos1Dia(primeiro)] : null,
    depois: ate && ate > ultimoDiaDoMes(ultimo) ? [mais1Dia(ultimoDiaDoMes(ultimo)), ate] : null,
  };
}
