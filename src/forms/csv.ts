/**
 * CSV as Brazilian spreadsheets open it: `;` between cells, CRLF lines, UTF-8 with a BOM (added by
 * the caller once). Cells with `;`, quotes or line breaks are quoted; cells that a spreadsheet would
 * run as a formula are quoted and prefixed with an apostrophe, as OWASP's CSV-injection guidance says:
 * those beginning with =, +, -, @, a tab, a carriage return, a pipe, or a full-width ＝ ＋ － ＠ (which
 * some spreadsheets fold to the ASCII ones). Pure: the server's export
 * and the analytics table's export write with it.
 */
export const BOM = '\uFEFF';

/** The first characters that make a cell a formula (the rule above); the export's byte writer reads the same list. */
export const INICIOS_DE_FORMULA: readonly string[] = ['=', '+', '-', '@', '\t', '\r', '|', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
/** The characters that make a cell quoted. */
export const PEDEM_ASPAS: readonly string[] = [';', '"', '\n', '\r'];

const classe = (cs: readonly string[]) => `[${cs.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]`;
const FORMULA = new RegExp(`^${classe(INICIOS_DE_FORMULA)}`);
const ASPAS = new RegExp(classe(PEDEM_ASPAS));

export function celulaCsv(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  if (!ASPAS.test(s) && !FORMULA.test(s)) return s;
  return `"${(FORMULA.test(s) ? "'" : '') + s.replace(/"/g, '""')}"`;
}

export function linhaCsv(celulas: readonly unknown[]): string {
  return celulas.map(celulaCsv).join(';') + '\r\n';
}
