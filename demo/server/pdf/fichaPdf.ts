import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { BlocoRespostas } from '../../../src/forms/respostas';
import { formatarDataHora } from '../../../src/i18n/datas';

/**
 * A filled form as a PDF (issue 15), laid out as the drawer lays it out: the model's name and version,
 * the protocol, when it was received and its status, then each section with its questions and answers
 * (already masked, or not, by the caller; already without what the citizen never saw). Noto Sans is
 * embedded (a subset), so accents and "ç" render in any reader.
 */
export interface FichaPdf {
  modelo: string;
  versao: number | null;
  protocolo: string;
  recebidoEm: string;
  status: string;
  blocos: BlocoRespostas[];
  /** Who asked for it (staff) and when: the footer of every page. */
  geradoPor?: string;
  geradoEm?: Date;
  /** A line under the header (e.g. that personal data is masked). */
  aviso?: string;
  /** The citizen's receipt: its title and verification code. */
  comprovante?: { codigo: string };
}

const fonte = (() => {
  const exigir = createRequire(import.meta.url);
  const arquivo = (peso: number) => readFileSync(exigir.resolve(`@fontsource/noto-sans/files/noto-sans-latin-${peso}-normal.woff`));
  let cache: { normal: Buffer; negrito: Buffer } | null = null;
  return () => (cache ??= { normal: arquivo(400), negrito: arquivo(700) });
})();

const CINZA = '#404854';
const MARGEM = 56;

/**
 * A word wider than the line broken into pieces that fit, one per line. pdfkit's own wrapper measures a
 * too-wide word again for every character it tries, so a 20,000-character word took seconds (issue 33):
 * here each character is measured once, so layout stays linear in the text. `medir` is the width of a
 * string in the current font and size.
 */
export function quebrarPalavrasLongas(texto: string, medir: (t: string) => number, largura: number): string {
  return texto.replace(/\S{24,}/g, (palavra) => {
    if (medir(palavra) <= largura) return palavra;
    const pedacos: string[] = [];
    let atual = '';
    let ocupado = 0;
    for (const c of palavra) {
      const w = medir(c);
      if (atual && ocupado + w > largura) {
        pedacos.push(atual);
        atual = '';
        ocupado = 0;
      }
      atual += c;
      ocupado += w;
    }
    if (atual) pedacos.push(atual);
    return pedacos.join('\n');
  });
}

/** The PDF's bytes. Small documents: built in memory, then sent with their length. */
export function gerarFichaPdf(f: FichaPdf): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGEM, bufferPages: true, info: { Title: `${f.modelo} — ${f.protocolo}`, Author: 'Console de Formulários', Subject: `Formulário ${f.protocolo}` }, lang: 'pt-BR' });
  const { normal, negrito } = fonte();
  doc.registerFont('normal', normal);
  doc.registerFont('negrito', negrito);
  const partes: Buffer[] = [];
  doc.on('data', (p: Buffer) => partes.push(p));
  const pronto = new Promise<Buffer>((ok, erro) => {
    doc.on('end', () => ok(Buffer.concat(partes)));
    doc.on('error', erro);
  });
  const largura = doc.page.width - 2 * MARGEM;

  doc.font('normal').fontSize(9).fillColor(CINZA).text(f.comprovante ? 'Comprovante de envio' : 'Formulário preenchido');
  doc.font('negrito').fontSize(16).fillColor('#1c2127').text(f.modelo, { width: largura });
  doc.moveDown(0.3);
  const linhaCabecalho = (rotulo: string, valor: string) => doc.font('negrito').fontSize(10).fillColor(CINZA).text(`${rotulo}: `, { continued: true }).font('normal').fillColor('#1c2127').text(valor);
  linhaCabecalho('Protocolo', f.protocolo);
  if (f.versao !== null) linhaCabecalho('Versão do modelo', String(f.versao));
  linhaCabecalho('Recebido em', formatarDataHora(f.recebidoEm));
  linhaCabecalho('Situação', f.status);
  if (f.comprovante) {
    linhaCabecalho('Código de verificação', f.comprovante.codigo);
    doc.font('normal').fontSize(9).fillColor(CINZA).text('Os servidores conferem este comprovante com o protocolo e o código de verificação.', { width: largura });
  }
  if (f.aviso) doc.moveDown(0.3).font('normal').fontSize(9).fillColor(CINZA).text(f.aviso, { width: largura });

  for (const b of f.blocos) {
    doc.moveDown(1);
    doc.font('negrito').fontSize(12).fillColor('#1c2127').text(b.titulo, { width: largura });
    const y = doc.y + 2;
    doc.moveTo(MARGEM, y).lineTo(MARGEM + largura, y).lineWidth(0.5).strokeColor('#dce0e5').stroke();
    doc.moveDown(0.4);
    for (const l of b.linhas) {
      doc.font('negrito').fontSize(9).fillColor(CINZA).text(quebrarPalavrasLongas(l.rotulo, (t) => doc.widthOfString(t), largura), { width: largura });
      doc.font('normal').fontSize(10).fillColor('#1c2127');
      doc.text(quebrarPalavrasLongas(l.valor, (t) => doc.widthOfString(t), largura), { width: largura });
      doc.moveDown(0.35);
    }
  }

  const gerado = `Gerado em ${formatarDataHora(f.geradoEm ?? new Date())}${f.geradoPor ? ` por ${f.geradoPor}` : ''}`;
  const paginas = doc.bufferedPageRange();
  for (let i = 0; i < paginas.count; i++) {
    doc.switchToPage(paginas.start + i);
    // Writing below the bottom margin would open a new page: lift it for the footer line.
    const margemAntes = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('normal').fontSize(8).fillColor(CINZA).text(`${gerado} · página ${i + 1} de ${paginas.count}`, MARGEM, doc.page.height - MARGEM / 2 - 8, { width: largura, align: 'center', lineBreak: false });
    doc.page.margins.bottom = margemAntes;
  }
  doc.end();
  return pronto;
}
