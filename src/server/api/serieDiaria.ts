import { STATUS_FORMULARIO } from '../../forms/status';

/** One day of the analytics' daily series: its forms, those of each status that has some, and the São Paulo day. */
export interface DiaDaSerie {
  total: number;
  porStatus: Record<string, number>;
  dia: string;
}

/** The statuses a day's `porStatus` names, in this order. */
const STATUS_SERIE: readonly string[] = [...STATUS_FORMULARIO].sort();
const INDICE_STATUS = new Map(STATUS_SERIE.map((st, i) => [st, i]));

/**
 * The daily series from counter rows sent as one text, `"<day> <status> <count>"` joined by commas, the day as days since
 * 2000-01-01 (rows of one day and status may repeat: folded and unfolded counters, negative corrections). Summed per
 * day; a day whose sum is not positive is left out; `porStatus` holds the known statuses with a positive sum. In day order.
 */
export function serieDosContadores(texto: string | null): DiaDaSerie[] {
  if (!texto) return [];
  // Per day, the counts of each status of STATUS_SERIE and, last, of any other (counted in the total only).
  const outro = STATUS_SERIE.length;
  const dias = new Map<number, number[]>();
  for (const linha of texto.split(',')) {
    const a = linha.indexOf(' ');
    const b = linha.lastIndexOf(' ');
    const dia = Number(linha.slice(0, a));
    let contagens = dias.get(dia);
    if (!contagens) dias.set(dia, (contagens = new Array<number>(outro + 1).fill(0)));
    contagens[INDICE_STATUS.get(linha.slice(a + 1, b)) ?? outro] += Number(linha.slice(b + 1));
  }
  const serie: DiaDaSerie[] = [];
  for (const dia of [...dias.keys()].sort((a, b) => a - b)) {
    const contagens = dias.get(dia)!;
    let total = 0;
    for (const n of contagens) total += n;
    if (total <= 0) continue;
    const porStatus: Record<string, number> = {};
    for (let s = 0; s < outro; s++) if (contagens[s] > 0) porStatus[STATUS_SERIE[s]] = contagens[s];
    serie.push({ total, porStatus, dia: dataDoDia(dia) });
  }
  return serie;
}

const doisDigitos = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * `YYYY-MM-DD` of the day `n` days after 2000-01-01, by the civil calendar's arithmetic (H. Hinnant's days_from_civil,
 * inverted): a year's series writes 365 dates, and a Date's toISOString() each took ~1 µs, most of the series' time here.
 */
export function dataDoDia(n: number): string {
  const z = n + 730_425; // days from 0000-03-01 to 2000-01-01
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const ano = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${ano < 1000 ? String(ano).padStart(4, '0') : ano}-${doisDigitos(m)}-${doisDigitos(d)}`;
}
