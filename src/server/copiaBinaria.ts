/**
 * The rows of `COPY (…) TO STDOUT (FORMAT binary)`, read from its bytes as they arrive (PostgreSQL's "Binary Format"
 * of the COPY page): a 19-byte header (signature, flags, extension length) and its extension, then per row a 16-bit
 * field count and each field as a 32-bit length (-1: NULL) and its bytes, and -1 as the count at the end.
 *
 * Yields, per chunk received, the rows it completed; each row is its fields as views into the bytes received (no
 * copy) or null. Text columns come as their UTF-8 bytes, so a column made as the final text can be written as is.
 * Throws when the bytes stop mid-row or before the end mark (a cut connection must not pass for a short export).
 */
export async function* tuplasDaCopia(pedacos: AsyncIterable<Buffer>): AsyncGenerator<(Buffer | null)[][]> {
  let resto: Buffer | null = null;
  let cabecalhoLido = false;
  let terminou = false;
  for await (const pedaco of pedacos) {
    if (terminou) throw new Error('cópia binária: bytes depois do fim');
    const b: Buffer = resto ? Buffer.concat([resto, pedaco]) : pedaco;
    let i = 0;
    if (!cabecalhoLido) {
      if (b.length >= 11 && !b.subarray(0, 11).equals(ASSINATURA)) throw new Error('cópia binária: assinatura inválida');
      if (b.length < 19 || b.length < 19 + b.readUInt32BE(15)) {
        resto = b;
        continue;
      }
      i = 19 + b.readUInt32BE(15);
      cabecalhoLido = true;
    }
    const linhas: (Buffer | null)[][] = [];
    while (b.length - i >= 2) {
      const n = b.readInt16BE(i);
      if (n === -1) {
        terminou = true;
        i += 2;
        break;
      }
      const campos = new Array<Buffer | null>(n);
      let j = i + 2;
      let k = 0;
      for (; k < n; k++) {
        if (b.length - j < 4) break;
        const tamanho = b.readInt32BE(j);
        j += 4;
        if (tamanho === -1) campos[k] = null;
        else {
          if (b.length - j < tamanho) break;
          campos[k] = b.subarray(j, j + tamanho);
          j += tamanho;
        }
      }
      if (k < n) break; // the row goes on in the next chunk
      linhas.push(campos);
      i = j;
    }
    resto = i < b.length ? b.subarray(i) : null;
    if (terminou && resto) throw new Error('cópia binária: bytes depois do fim');
    if (linhas.length) yield linhas;
  }
  if (!terminou) throw new Error('cópia binária interrompida antes do fim');
}

const ASSINATURA = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * `sql` with each `$n` written as the SQL literal of `params[n-1]` (COPY takes no parameters): strings through the
 * driver's escapeLiteral, arrays as an array literal inside one, numbers and booleans as they are. Only for our own
 * query text, whose placeholders are all `$n` outside string literals.
 */
export function comLiterais(sql: string, params: readonly unknown[], escapar: (s: string) => string): string {
  const literal = (v: unknown): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'bigint') {
      if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`número inválido numa cópia: ${v}`);
      return `(${String(v)})`;
    }
    if (typeof v === 'boolean') return String(v);
    if (v instanceof Date) return escapar(v.toISOString());
    if (Array.isArray(v)) return escapar(`{${v.map((x) => (x === null || x === undefined ? 'NULL' : `"${String(x).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`);
    if (typeof v === 'object') return escapar(JSON.stringify(v));
    return escapar(String(v));
  };
  return sql.replace(/\$(\d+)(?!\d)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`parâmetro $${n} sem valor`);
    return literal(params[i]);
  });
}
