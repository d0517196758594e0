/** CPF (Brazilian taxpayer id): check digits, normalisation and masking. Pure; shared with the server. */

export function soDigitos(v: string): string {
  return v.replace(/\D/g, '');
}

function digito(base: string): number {
  let soma = 0;
  for (let i = 0; i < base.length; i++) soma += Number(base[i]) * (base.length + 1 - i);
  const resto = (soma * 10) % 11;
  return resto === 10 ? 0 : resto;
}

/** True for 11 digits (punctuation allowed) with both check digits right and not all digits equal. */
export function cpfValido(v: string): boolean {
  if (!/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(v.trim())) return false;
  const d = soDigitos(v);
  if (/^(\d)\1{10}$/.test(d)) return false;
  return digito(d.slice(0, 9)) === Number(d[9]) && digito(d.slice(0, 10)) === Number(d[10]);
}

/** 12345678909 -> 123.456.789-09 */
export function formatarCpf(v: string): string {
  const d = soDigitos(v);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : v;
}

/** Masked for lists (LGPD): only the middle digits show. 12345678909 -> ***.456.789-** */
export function mascararCpf(v: string): string {
  const d = soDigitos(v);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '***.***.***-**';
}

/** Builds a valid CPF from 9 base digits (for seeds and tests). */
export function completarCpf(base9: string): string {
  const b = soDigitos(base9).padStart(9, '0').slice(0, 9);
  const d1 = digito(b);
  return b + d1 + digito(b + d1);
}

export interface LeituraCpfs {
  /** Valid CPFs, digits only, without repetitions, in the order read. */
  validos: string[];
  /** What could not be read as a CPF, with its line (1-based). */
  invalidos: { linha: number; valor: string }[];
  repetidos: number;
}

/**
 * Reads a pasted list or a CSV file of CPFs: one per line, or cells separated by `;`, `,` or tabs.
 * Cells without any digit (headers like "CPF", names) are ignored; cells with digits must be CPFs.
 */
export function lerListaCpfs(texto: string): LeituraCpfs {
  const vistos = new Set<string>();
  const r: LeituraCpfs = { validos: [], invalidos: [], repetidos: 0 };
  texto.split(/\r?\n/).forEach((linha, i) => {
    for (const celula of linha.split(/[;,\t]/).map((c) => c.trim().replace(/^"|"$/g, ''))) {
      if (!/\d/.test(celula)) continue;
      if (!cpfValido(celula)) {
        r.invalidos.push({ linha: i + 1, valor: celula });
        continue;
      }
      const d = soDigitos(celula);
      if (vistos.has(d)) r.repetidos++;
      else (vistos.add(d), r.validos.push(d));
    }
  });
  return r;
}
