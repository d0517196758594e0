import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { sfntDoWoff } from '../../src/server/pdf/woff';

const woff = (peso: number) => readFileSync(createRequire(import.meta.url).resolve(`@fontsource/noto-sans/files/noto-sans-latin-${peso}-normal.woff`));
const TEXTOS = ['Comprovante de envio', 'Ação, coração e pão: é ótimo!', 'Protocolo 2026-000123 · R$ 1.234,56', 'ÇÃÕÉÍÚÂÊÔÀ çãõéíúâêôà'];

test('a fonte WOFF vira a TrueType que ela embrulha: as mesmas larguras e alturas no pdfkit, cada tabela no lugar', () => {
  for (const peso of [400, 700]) {
    const original = woff(peso);
    const sfnt = sfntDoWoff(original);
    // TrueType's version tag, then the WOFF's tables, each at a 4-byte boundary, none past the end.
    assert.equal(sfnt.readUInt32BE(0), original.readUInt32BE(4));
    const n = sfnt.readUInt16BE(4);
    assert.equal(n, original.readUInt16BE(12));
    for (let i = 0; i < n; i++) {
      const [offset, tamanho] = [sfnt.readUInt32BE(12 + i * 16 + 8), sfnt.readUInt32BE(12 + i * 16 + 12)];
      assert.equal(offset % 4, 0);
      assert.ok(offset + tamanho <= sfnt.length);
      assert.equal(sfnt.toString('latin1', 12 + i * 16, 12 + i * 16 + 4), original.toString('latin1', 44 + i * 20, 44 + i * 20 + 4));
    }
    const doc = new PDFDocument();
    doc.registerFont('woff', original);
    doc.registerFont('sfnt', sfnt);
    for (const t of TEXTOS) {
      for (const tamanho of [9, 12]) {
        const largura = doc.font('woff').fontSize(tamanho).widthOfString(t);
        assert.ok(largura > 0);
        assert.equal(doc.font('sfnt').fontSize(tamanho).widthOfString(t), largura, `${peso} ${tamanho}: ${t}`);
        assert.equal(doc.font('sfnt').heightOfString(t, { width: 100 }), doc.font('woff').heightOfString(t, { width: 100 }));
      }
    }
  }
});

test('o que não é WOFF 1.0 é recusado, e uma tabela cortada também', () => {
  assert.throws(() => sfntDoWoff(Buffer.from('OTTO00000000')), /não é uma fonte WOFF 1\.0/);
  const cortada = Buffer.from(woff(400));
  // The first table's stored length made one byte shorter than its data: its inflated size no longer matches.
  const e = 44;
  const [comprimido, original] = [cortada.readUInt32BE(e + 8), cortada.readUInt32BE(e + 12)];
  if (comprimido < original) cortada.writeUInt32BE(comprimido - 1, e + 8);
  else cortada.writeUInt32BE(original + 1, e + 12);
  assert.throws(() => sfntDoWoff(cortada));
});
