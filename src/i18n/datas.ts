/** Dates as the console shows them: dd/MM/yy (times HH:mm) in America/Sao_Paulo. Pure. */
const FUSO = 'America/Sao_Paulo';

const RELOGIO = new Intl.DateTimeFormat('en-US', { timeZone: FUSO, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
const desvios = new Map<number, number>();
const HORA = 3_600_000;

/**
 * São Paulo's offset from UTC at an instant (ms, `t` in ms since 1970), asked of Intl once per hour (offsets change
 * on the hour): a CSV export formats a million dates, and one Intl call per date was two thirds of its time.
 */
export function desvioSaoPaulo(t: number): number {
  const hora = Math.floor(t / HORA);
  let d = desvios.get(hora);
  if (d === undefined) {
    const p = Object.fromEntries(RELOGIO.formatToParts(new Date(hora * HORA)).map((x) => [x.type, Number(x.value)]));
    d = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - hora * HORA;
    if (desvios.size > 100_000) desvios.clear();
    desvios.set(hora, d);
  }
  return d;
}

const dois = (n: number) => String(n).padStart(2, '0');

/** Day, month, year and time on the wall clocks of São Paulo. */
function partes(d: Date) {
  const r = new Date(d.getTime() + desvioSaoPaulo(d.getTime()));
  return { dia: dois(r.getUTCDate()), mes: dois(r.getUTCMonth() + 1), ano: r.getUTCFullYear(), hora: dois(r.getUTCHours()), minuto: dois(r.getUTCMinutes()) };
}

function comoData(v: string | number | Date): Date | null {
  const d = v instanceof Date ? v : new Date(typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T12:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatarData(v: string | number | Date | null | undefined): string {
  const d = v == null ? null : comoData(v);
  if (!d) return '';
  const p = partes(d);
  return `${p.dia}/${p.mes}/${dois(p.ano % 100)}`;
}

export function formatarDataHora(v: string | number | Date | null | undefined): string {
  const d = v == null ? null : comoData(v);
  if (!d) return '';
  const p = partes(d);
  return `${p.dia}/${p.mes}/${dois(p.ano % 100)} ${p.hora}:${p.minuto}`;
}

const iso = (ano: number, mes: number, dia: number) => `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;

function dataReal(ano: number, mes: number, dia: number): string | null {
  const d = new Date(Date.UTC(ano, mes - 1, dia));
  d.setUTCFullYear(ano);
  return d.getUTCFullYear() === ano && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia ? iso(ano, mes, dia) : null;
}

/**
 * THE two-digit-year rule (issue 13), one for the element and the server: `yy` is the year, among
 * 19yy, 20yy, 21yy…, whose date falls within the 80 years before and the 20 years after today — after
 * today − 80 years, up to today + 20 years inclusive. So on 22/11/2026 "15/03/90" is 1990 (a birth date),
 * "22/11/46" is 2046 and "23/11/46" is 1946. A date that exists in no candidate year (29/02/46) is none.
 */
export function anoDeDoisDigitos(yy: number, mes: number, dia: number, hoje: string = hojeSaoPaulo()): string | null {
  const [a, m, d] = hoje.split('-').map(Number);
  const limite = iso(a + 20, m, d);
  const inicio = iso(a - 80, m, d);
  for (const seculo of [Math.floor((a + 20) / 100) * 100, Math.floor((a + 20) / 100) * 100 - 100]) {
    const data = dataReal(seculo + yy, mes, dia);
    if (data && data > inicio && data <= limite) return data;
    if (!data && seculo + yy <= a + 20 && seculo + yy > a - 80) return null;
  }
  return null;
}

/**
 * Reads what a user typed in a date input: dd/mm/aaaa or dd/mm/aa (the two-digit-year rule above).
 * Returns the calendar date as yyyy-MM-dd, or null when it is not a real date.
 */
export function lerData(texto: string, hoje?: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\s*$/.exec(texto);
  if (!m) return null;
  const [dia, mes] = [Number(m[1]), Number(m[2])];
  return m[3].length === 2 ? anoDeDoisDigitos(Number(m[3]), mes, dia, hoje) : dataReal(Number(m[3]), mes, dia);
}

/** A date field shows what it understood with the four-digit year (dd/MM/yyyy), so "15/03/90" reads 15/03/1990. */
export function formatarDataCompleta(isoData: string): string {
  const [a, m, d] = isoData.slice(0, 10).split('-');
  return `${d}/${m}/${a}`;
}

/** Today's calendar date in São Paulo as yyyy-MM-dd. */
export function hojeSaoPaulo(agora: Date = new Date()): string {
  const p = partes(agora);
  return `${String(p.ano).padStart(4, '0')}-${p.mes}-${p.dia}`;
}

/** Date and time with the year in full (dd/MM/yyyy HH:mm, São Paulo): what a citizen keeps, the receipt, the e-mails (issue 35). */
export function formatarDataHoraCompleta(v: string | number | Date | null | undefined): string {
  const d = v == null ? null : comoData(v);
  if (!d) return '';
  const p = partes(d);
  return `${p.dia}/${p.mes}/${p.ano} ${p.hora}:${p.minuto}`;
}

/**
 * The instant of a wall-clock date and time in São Paulo (issue 36: a model opens at 00:00 and closes at 23:59
 * there), as an ISO string; null when the date or the time is not one. The offset is the one in force at that
 * instant (asked of the same hourly table as `partes`).
 */
export function instanteSaoPaulo(data: string, hora: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(data);
  const h = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hora.trim());
  if (!d || !h) return null;
  const parede = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(h[1]), Number(h[2]));
  if (Number.isNaN(parede) || new Date(parede).getUTCDate() !== Number(d[3])) return null;
  const primeiro = parede - desvioSaoPaulo(parede);
  return new Date(parede - desvioSaoPaulo(primeiro)).toISOString();
}

/** An instant as its São Paulo date (yyyy-MM-dd) and time (HH:mm): what the console's two inputs show. */
export function emSaoPaulo(v: string | Date): { data: string; hora: string } {
  const p = partes(new Date(v));
  return { data: `${String(p.ano).padStart(4, '0')}-${p.mes}-${p.dia}`, hora: `${p.hora}:${p.minuto}` };
}
