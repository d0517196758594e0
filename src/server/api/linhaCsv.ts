import { celulaCsv, INICIOS_DE_FORMULA, PEDEM_ASPAS } from '../../forms/csv';
import { formatarCpf } from '../../forms/cpf';
import { desvioSaoPaulo, formatarDataHora } from '../../i18n/datas';

/**
 * The export's lines written from the bytes a binary COPY gives (issue 47), without making a string of each field
 * (the masked export's kept cells copied as they are; the clear one's cells, and the date, made here): the same bytes
 * as celulaCsv, formatarCpf, jsonCompacto (below) and formatarDataHora would write, which
 * test/unit/linha-csv.test.ts checks on arbitrary input. What is not plain (a cell to quote, a CPF not of 11 digits,
 * a number JavaScript would print otherwise) takes those functions' own path.
 */
export class EscritorCsv {
  private buf: Buffer;
  private pos = 0;

  constructor(capacidade = 1 << 16) {
    this.buf = Buffer.allocUnsafe(capacidade);
  }

  private garantir(n: number) {
    if (this.pos + n <= this.buf.length) return;
    const maior = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(maior, 0, 0, this.pos);
    this.buf = maior;
  }

  byte(x: number) {
    this.garantir(1);
    this.buf[this.pos++] = x;
  }

  bytes(b: Buffer) {
    this.garantir(b.length);
    this.pos += b.copy(this.buf, this.pos);
  }

  texto(s: string) {
    this.garantir(Buffer.byteLength(s));
    this.pos += this.buf.write(s, this.pos);
  }

  /** What was written, taken: the writer starts again on a new buffer (the one given away is never written again). */
  tirar(): Buffer {
    const feito = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(Math.max(1 << 16, this.pos));
    this.pos = 0;
    return feito;
  }

  /**
   * formatarDataHora (dd/MM/yy HH:mm in São Paulo) of a binary COPY's timestamptz: microseconds since 2000-01-01 UTC,
   * 8 bytes. Rows come in time order, so formatarDataHora itself is asked once per local hour (its `dd/MM/yy HH:`),
   * and only the minutes are written here.
   */
  dataHora(b: Buffer) {
    const t = Math.floor((b.readInt32BE(0) * 4294967296 + b.readUInt32BE(4)) / 1000) + EPOCA_POSTGRES;
    const local = t + desvioSaoPaulo(t);
    const hora = Math.floor(local / HORA);
    if (hora !== this.horaDoPrefixo) {
      this.prefixo.write(formatarDataHora(t).slice(0, 12), 'latin1');
      this.horaDoPrefixo = hora;
    }
    const minuto = Math.floor((local - hora * HORA) / 60_000);
    this.garantir(14);
    this.pos += this.prefixo.copy(this.buf, this.pos);
    this.buf[this.pos++] = 48 + Math.floor(minuto / 10);
    this.buf[this.pos++] = 48 + (minuto % 10);
  }

  private horaDoPrefixo = NaN;
  private readonly prefixo = Buffer.alloc(12);

  /** celulaCsv of the text `b` (null: empty). */
  celula(b: Buffer | null) {
    if (b === null) return;
    if (celulaSimples(b)) this.bytes(b);
    else this.texto(celulaCsv(b.toString()));
  }

  /** celulaCsv(formatarCpf(cpf)) of a requester's CPF (null: empty). */
  cpf(b: Buffer | null) {
    if (b === null) return;
    if (b.length !== 11 || !soDigitos(b)) return this.texto(celulaCsv(formatarCpf(b.toString())));
    this.garantir(14);
    const p = this.pos;
    b.copy(this.buf, p, 0, 3);
    this.buf[p + 3] = 46;
    b.copy(this.buf, p + 4, 3, 6);
    this.buf[p + 7] = 46;
    b.copy(this.buf, p + 8, 6, 9);
    this.buf[p + 11] = 45;
    b.copy(this.buf, p + 12, 9, 11);
    this.pos += 14;
  }

  /**
   * celulaCsv(jsonCompacto(t)) of jsonb's text `b`: the spaces outside strings dropped, numbers as JavaScript prints
   * them, and the cell quoted (its quotes doubled) when it has a quote or a semicolon.
   */
  json(b: Buffer) {
    const aspas = b.indexOf(34) >= 0 || b.indexOf(59) >= 0;
    if (!aspas && b.length && COMECA_FORMULA[b[0]]) return this.texto(celulaCsv(jsonCompacto(b.toString())));
    this.garantir(b.length * 2 + 2);
    if (aspas) this.buf[this.pos++] = 34;
    for (let i = 0; i < b.length; ) {
      const c = b[i];
      if (c === 34) {
        // A string, to its closing quote; a backslash takes the next byte with it.
        this.aspa(aspas);
        for (i++; i < b.length; i++) {
          const x = b[i];
          if (x === 92) {
            this.buf[this.pos++] = 92;
            i++;
            if (b[i] === 34) this.aspa(aspas);
            else this.buf[this.pos++] = b[i];
          } else if (x === 34) {
            this.aspa(aspas);
            i++;
            break;
          } else this.buf[this.pos++] = x;
        }
      } else if (c === 32) i++;
      else if (c === 45 || (c >= 48 && c <= 57)) {
        let fim = i + 1;
        while (fim < b.length && NUMERICO[b[fim]]) fim++;
        if (numeroComoOJs(b, i, fim)) {
          b.copy(this.buf, this.pos, i, fim);
          this.pos += fim - i;
        } else {
          const n = Number(b.toString('latin1', i, fim));
          const js = Number.isFinite(n) ? String(n) : 'null';
          this.garantir(js.length + (b.length - fim) * 2 + 1);
          this.pos += this.buf.write(js, this.pos, 'latin1');
        }
        i = fim;
      } else {
        this.buf[this.pos++] = c;
        i++;
      }
    }
    if (aspas) this.buf[this.pos++] = 34;
  }

  private aspa(dobrar: boolean) {
    this.buf[this.pos++] = 34;
    if (dobrar) this.buf[this.pos++] = 34;
  }
}

/** PostgreSQL's epoch (2000-01-01 UTC) in ms since 1970. */
const EPOCA_POSTGRES = Date.UTC(2000, 0, 1);
const HORA = 3_600_000;

/** By first byte: a cell that may begin a formula (celulaCsv's INICIOS_DE_FORMULA; for the full-width ones, the first byte of their UTF-8). */
const COMECA_FORMULA = porByte(INICIOS_DE_FORMULA.map((c) => Buffer.from(c)[0]));
/** By byte: celulaCsv's PEDEM_ASPAS (all ASCII). */
const PEDE_ASPAS = porByte(PEDEM_ASPAS.map((c) => c.charCodeAt(0)));

function porByte(bytes: number[]): Uint8Array {
  const t = new Uint8Array(256);
  for (const x of bytes) t[x] = 1;
  return t;
}

/** Whether celulaCsv leaves the text of `b` as it is (a first byte a full-width formula start may have goes the long way). */
function celulaSimples(b: Buffer): boolean {
  if (b.length && COMECA_FORMULA[b[0]]) return false;
  for (let i = 0; i < b.length; i++) if (PEDE_ASPAS[b[i]]) return false;
  return true;
}

function soDigitos(b: Buffer): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] < 48 || b[i] > 57) return false;
  return true;
}

/**
 * JSON text as JSON.stringify writes it: jsonb's text without the space after `,` and `:` outside strings,
 * and numbers as JavaScript prints them (jsonb keeps `1.50`; JSON.stringify wrote `1.5`). Strings are
 * escaped the same way by both.
 */
export function jsonCompacto(t: string): string {
  let saida = '';
  let de = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 34) {
      // a string: to its closing quote
      for (i++; i < t.length; i++) {
        const x = t.charCodeAt(i);
        if (x === 92) i++;
        else if (x === 34) break;
      }
    } else if (c === 32) {
      saida += t.slice(de, i);
      de = i + 1;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let fim = i + 1;
      while (fim < t.length && /[0-9.eE+-]/.test(t[fim])) fim++;
      const numero = t.slice(i, fim);
      const n = Number(numero);
      const js = Number.isFinite(n) ? String(n) : 'null';
      if (js !== numero) {
        saida += t.slice(de, i) + js;
        de = fim;
      }
      i = fim - 1;
    }
  }
  return de === 0 ? t : saida + t.slice(de);
}

const NUMERICO = new Uint8Array(256);
for (const c of '0123456789.eE+-') NUMERICO[c.charCodeAt(0)] = 1;

/** An integer JavaScript prints the same (no leading zero, no fraction or exponent, at most 15 digits). */
function numeroComoOJs(b: Buffer, i: number, fim: number): boolean {
  const inicio = b[i] === 45 ? i + 1 : i;
  const digitos = fim - inicio;
  if (digitos < 1 || digitos > 15 || (b[inicio] === 48 && (digitos > 1 || inicio > i))) return false;
  for (let k = inicio; k < fim; k++) if (b[k] < 48 || b[k] > 57) return false;
  return true;
}
