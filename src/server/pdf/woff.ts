import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font (W3C, "WOFF File Format 1.0") written back as the TrueType/OpenType font it wraps: each table
 * inflated once, here. fontkit reads a WOFF's compressed table again, in pure JavaScript, every time the layout asks for
 * it, and pdfkit asks for the glyphs' table for each glyph it measures or embeds: measured 01/12, 20 receipts took
 * 2.1–3.1 s of CPU with that inflating and 0.48–1.06 s without (24 s of the api suite's CPU). The font we ship is the
 * WOFF of @fontsource/noto-sans.
 */
export function sfntDoWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('não é uma fonte WOFF 1.0');
  const numTabelas = woff.readUInt16BE(12);
  const tabelas = Array.from({ length: numTabelas }, (_, i) => {
    const e = 44 + i * 20;
    const [offset, comprimido, original] = [woff.readUInt32BE(e + 4), woff.readUInt32BE(e + 8), woff.readUInt32BE(e + 12)];
    const bruto = woff.subarray(offset, offset + comprimido);
    const dados = comprimido < original ? inflateSync(bruto) : bruto;
    if (dados.length !== original) throw new Error(`tabela ${woff.toString('latin1', e, e + 4)} da fonte WOFF com tamanho errado`);
    return { tag: woff.subarray(e, e + 4), soma: woff.readUInt32BE(e + 16), dados };
  });
  // The sfnt's offset table, its table directory (in the WOFF's order: by tag, as both formats require), then each
  // table from a 4-byte boundary.
  const potencia = 2 ** Math.floor(Math.log2(numTabelas));
  const cabecalho = Buffer.alloc(12 + 16 * numTabelas);
  cabecalho.writeUInt32BE(woff.readUInt32BE(4), 0);
  cabecalho.writeUInt16BE(numTabelas, 4);
  cabecalho.writeUInt16BE(potencia * 16, 6);
  cabecalho.writeUInt16BE(Math.log2(potencia), 8);
  cabecalho.writeUInt16BE(numTabelas * 16 - potencia * 16, 10);
  const partes: Buffer[] = [cabecalho];
  let posicao = cabecalho.length;
  tabelas.forEach((t, i) => {
    const e = 12 + i * 16;
    t.tag.copy(cabecalho, e);
    cabecalho.writeUInt32BE(t.soma, e + 4);
    cabecalho.writeUInt32BE(posicao, e + 8);
    cabecalho.writeUInt32BE(t.dados.length, e + 12);
    const preenchimento = (4 - (t.dados.length % 4)) % 4;
    partes.push(t.dados, Buffer.alloc(preenchimento));
    posicao += t.dados.length + preenchimento;
  });
  return Buffer.concat(partes);
}
