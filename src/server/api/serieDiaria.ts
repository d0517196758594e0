import { STATUS_FORMULARIO } from '../../forms/status';

/** One day of the analytics' daily series: its forms, those of each status that has some, and the São Paulo day. */
export interface DiaDaSerie {
  total: number;
  porStatus: Record<string, number>;
  dia: string;
}

/** The statuses a day's `porStatus` names, in this order. */
const STATUS_SERIE: readonly string[] = [...STATUS_FORMULARIO].sort();
/** STATUS_SERIE's indexes by the length of the status's name (a few each). */
const POR_TAMANHO = new Map<number, number[]>();
STATUS_SERIE.forEach((st, i) => POR_TAMANHO.set(st.length, [...(POR_TAMANHO.get(st.length) ?? []), i]));

/** The index in STATUS_SERIE of the status written in `t` from `inicio` to `fim`, or STATUS_SERIE.length (another), without a string of it. */
function indiceDoStatus(t: string, inicio: number, fim: number): number {
  for (const i of POR_TAMANHO.get(fim - inicio) ?? []) if (t.startsWith(STATUS_SERIE[i], inicio)) return i;
  return STATUS_SERIE.length;
}

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
  // Read by character codes: a year of a scoped caller is thousands of rows, and split, slices and Number per row
  // were most of this function's time (~0.4 ms a call).
  let i = 0;
  /** The integer (maybe negative) at `i`; `i` ends after it, on the space or comma that follows. */
  const inteiro = () => {
    const negativo = texto.charCodeAt(i) === 45;
    if (negativo) i++;
    let n = 0;
    for (let c = texto.charCodeAt(i); c >= 48 && c <= 57; c = texto.charCodeAt(++i)) n = n * 10 + (c - 48);
    return negativo ? -n : n;
  };
  for (; i < texto.length; i++) {
    const dia = inteiro();
    const inicio = i + 1;
    i = texto.indexOf(' ', inicio);
    if (i < 0) throw new Error(`série diária: linha malformada em ${inicio}`);
    const indice = indiceDoStatus(texto, inicio, i++);
    const quantidade = inteiro();
    let contagens = dias.get(dia);
    if (!contagens) dias.set(dia, (contagens = new Array<number>(outro + 1).fill(0)));
    contagens[indice] += quantidade;
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
