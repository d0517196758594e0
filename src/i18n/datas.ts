/** Dates as the console shows them: dd/MM/yy (times HH:mm) in America/Sao_Paulo. Pure. */
const FUSO = 'America/Sao_Paulo';

const partes = (d: Date, opcoes: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO, hourCycle: 'h23', ...opcoes }).formatToParts(d).map((p) => [p.type, p.value]),
  );

function comoData(v: string | number | Date): Date | null {
  const d = v instanceof Date ? v : new Date(typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T12:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatarData(v: string | number | Date | null | undefined): string {
  const d = v == null ? null : comoData(v);
  if (!d) return '';
  const p = partes(d, { day: '2-digit', month: '2-digit', year: '2-digit' });
  return `${p.day}/${p.month}/${p.year}`;
}

export function formatarDataHora(v: string | number | Date | null | undefined): string {
  const d = v == null ? null : comoData(v);
  if (!d) return '';
  const p = partes(d, { day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit' });
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * Reads what a user typed in a date input: dd/MM/yy or dd/MM/yyyy (two-digit years are 20yy).
 * Returns the calendar date as yyyy-MM-dd, or null when it is not a real date.
 */
export function lerData(texto: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\s*$/.exec(texto);
  if (!m) return null;
  const dia = Number(m[1]);
  const mes = Number(m[2]);
  const ano = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const d = new Date(Date.UTC(ano, mes - 1, dia));
  if (d.getUTCFullYear() !== ano || d.getUTCMonth() !== mes - 1 || d.getUTCDate() !== dia) return null;
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/** Today's calendar date in São Paulo as yyyy-MM-dd. */
export function hojeSaoPaulo(agora: Date = new Date()): string {
  const p = partes(agora, { day: '2-digit', month: '2-digit', year: 'numeric' });
  return `${p.year}-${p.month}-${p.day}`;
}
