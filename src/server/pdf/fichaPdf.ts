import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { BlocoRespostas } from '../../forms/respostas';
import { formatarDataHoraCompleta } from '../../i18n/datas';
import type { IdiomaCidadao } from '../../i18n/cidadao';
import { textoCidadao } from '../textosCidadao';
import { sfntDoWoff } from './woff';

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
  /** The language it is written in (issue 35: the receipt in the language the form was filled in); pt-BR by default. */
  idioma?: IdiomaCidadao;
  /** The declaration the citizen accepted (issue 36): its text and when. */
  declaracao?: { texto: string; aceitaEm: string } | null;
  /** Who seals it (issue 44): the document says it is digitally signed, and by whom. */
  selo?: { nome: string };
  /** The citizen's gov.br signature (issue 44): who signs it, or `sem` when the model let it go unsigned. */
  assinaturaCidadao?: { nome: string } | 'sem';
}

const fonte = (() => {
  const exigir = createRequire(import.meta.url);
  const arquivo = (peso: number) => sfntDoWoff(readFileSync(exigir.resolve(`@fontsource/noto-sans/files/noto-sans-latin-${peso}-normal.woff`)));
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
  const idioma = f.idioma ?? 'pt-BR';
  const tx = (chave: Parameters<typeof textoCidadao>[1], params?: Record<string, string | number>) => textoCidadao(idioma, chave, params);
  const doc = new PDFDocument({ size: 'A4', margin: MARGEM, bufferPages: true, info: { Title: `${f.modelo} — ${f.protocolo}`, Author: 'Console de Formulários', Subject: `${tx('doc.protocolo')} ${f.protocolo}` }, lang: idioma });
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

  doc.font('normal').fontSize(9).fillColor(CINZA).text(f.comprovante ? tx('doc.comprovante') : 'Formulário preenchido');
  doc.font('negrito').fontSize(16).fillColor('#1c2127').text(f.modelo, { width: largura });
  doc.moveDown(0.3);
  const linhaCabecalho = (rotulo: string, valor: string) => doc.font('negrito').fontSize(10).fillColor(CINZA).text(`${rotulo}: `, { continued: true }).font('normal').fillColor('#1c2127').text(valor);
  linhaCabecalho(tx('doc.protocolo'), f.protocolo);
  if (f.versao !== null) linhaCabecalho(tx('doc.versao'), String(f.versao));
  linhaCabecalho(tx('doc.recebido-em'), formatarDataHoraCompleta(f.recebidoEm));
  linhaCabecalho(tx('doc.situacao'), f.status);
  if (f.comprovante) {
    linhaCabecalho(tx('doc.codigo'), f.comprovante.codigo);
    doc.font('normal').fontSize(9).fillColor(CINZA).text(tx('doc.confere'), { width: largura });
  }
  if (f.assinaturaCidadao) doc.moveDown(0.3).font('negrito').fontSize(9).fillColor(CINZA).text(f.assinaturaCidadao === 'sem' ? tx('doc.sem-assinatura-cidadao') : tx('doc.assinado-cidadao', { nome: f.assinaturaCidadao.nome }), { width: largura });
  if (f.selo) doc.moveDown(0.3).font('normal').fontSize(9).fillColor(CINZA).text(tx('doc.assinado', { nome: f.selo.nome }), { width: largura });
  if (f.aviso) doc.moveDown(0.3).font('normal').fontSize(9).fillColor(CINZA).text(f.aviso, { width: largura });

  const fimDaPagina = () => doc.page.height - doc.page.margins.bottom;
  /** A new page when `altura` does not fit below (never at the top of a page already). */
  const caber = (altura: number) => {
    if (doc.y + altura > fimDaPagina() && doc.y > doc.page.margins.top + 1) doc.addPage();
  };
  // A question and its answer as laid out, and the height of the question with the answer's first line:
  // what must fit on the page for the two to stay together (issue 35: "Sim" started page 2 alone).
  const linhas = (b: FichaPdf['blocos'][number]) =>
    b.linhas.map((l) => {
      const rotulo = quebrarPalavrasLongas(l.rotulo, (t) => doc.font('negrito').fontSize(9).widthOfString(t), largura);
      const valor = quebrarPalavrasLongas(l.valor, (t) => doc.font('normal').fontSize(10).widthOfString(t), largura);
      const altura = doc.font('negrito').fontSize(9).heightOfString(rotulo, { width: largura }) + doc.font('normal').fontSize(10).currentLineHeight(true);
      return { rotulo, valor, altura };
    });
  for (const b of f.blocos) {
    const ls = linhas(b);
    doc.moveDown(1);
    // A section's (or a repeated item's) heading stays with its first question and that question's answer.
    const titulo = doc.font('negrito').fontSize(12).heightOfString(b.titulo, { width: largura }) + 8;
    caber(titulo + (ls[0]?.altura ?? 0));
    doc.font('negrito').fontSize(12).fillColor('#1c2127').text(b.titulo, { width: largura });
    const y = doc.y + 2;
    doc.moveTo(MARGEM, y).lineTo(MARGEM + largura, y).lineWidth(0.5).strokeColor('#dce0e5').stroke();
    doc.moveDown(0.4);
    for (const l of ls) {
      caber(l.altura);
      doc.font('negrito').fontSize(9).fillColor(CINZA).text(l.rotulo, { width: largura });
      doc.font('normal').fontSize(10).fillColor('#1c2127');
      doc.text(l.valor, { width: largura });
      doc.moveDown(0.35);
    }
  }

  if (f.declaracao) {
    doc.moveDown(1);
    caber(doc.font('negrito').fontSize(12).heightOfString(tx('doc.declaracao'), { width: largura }) + 30);
    doc.font('negrito').fontSize(12).fillColor('#1c2127').text(tx('doc.declaracao'), { width: largura });
    doc.moveDown(0.4);
    doc.font('normal').fontSize(10).fillColor('#1c2127').text(quebrarPalavrasLongas(f.declaracao.texto, (t) => doc.widthOfString(t), largura), { width: largura });
    doc.moveDown(0.3);
    doc.font('negrito').fontSize(9).fillColor(CINZA).text(tx('doc.aceita-em', { data: formatarDataHoraCompleta(f.declaracao.aceitaEm) }), { width: largura });
  }

  const quando = formatarDataHoraCompleta(f.geradoEm ?? new Date());
  const gerado = f.geradoPor ? `Gerado em ${quando} por ${f.geradoPor}` : tx('doc.gerado', { data: quando });
  const paginas = doc.bufferedPageRange();
  for (let i = 0; i < paginas.count; i++) {
    doc.switchToPage(paginas.start + i);
    // Writing below the bottom margin would open a new page: lift it for the footer line.
    const margemAntes = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('normal').fontSize(8).fillColor(CINZA).text(`${gerado} · ${tx('doc.pagina', { i: i + 1, n: paginas.count })}`, MARGEM, doc.page.height - MARGEM / 2 - 8, { width: largura, align: 'center', lineBreak: false });
    doc.page.margins.bottom = margemAntes;
  }
  doc.end();
  return pronto;
}
