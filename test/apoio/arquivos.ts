import { randomBytes } from 'node:crypto';

/** Files for the attachment tests: a PDF of `tamanho` bytes (its signature, then noise). */
export const pdf = (tamanho: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(tamanho - 9)]);

/** `bytes` sent in pieces of `pedaco` (as a request body arrives). */
export async function* emPedacos(bytes: Buffer, pedaco = 65_536): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += pedaco) yield bytes.subarray(i, i + pedaco);
}

/** A stream read whole (tests only: the storages never do this). */
export async function juntar(fonte: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const p of fonte) partes.push(Buffer.from(p));
  return Buffer.concat(partes);
}

/**
 * A real ZIP package (local headers, central directory, end record), each entry deflated: office documents
 * (stored when named `mimetype`), for the upload tests (an OOXML needs `[Content_Types].xml`), a .jar, and a
 * small file that expands a lot.
 */
export async function zip(entradas: [nome: string, conteudo: Buffer | string][]): Promise<Buffer> {
  const { crc32, deflateRawSync } = await import('node:zlib');
  const locais: Buffer[] = [];
  const centrais: Buffer[] = [];
  let deslocamento = 0;
  for (const [nome, conteudo] of entradas) {
    const dados = Buffer.from(conteudo);
    // OpenDocument's "mimetype" entry is stored uncompressed, first (its type readable at a fixed place).
    const guardado = nome === 'mimetype';
    const comprimido = guardado ? dados : deflateRawSync(dados);
    const n = Buffer.from(nome);
    const crc = crc32(dados);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(guardado ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comprimido.length, 18);
    local.writeUInt32LE(dados.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(guardado ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(comprimido.length, 20);
    central.writeUInt32LE(dados.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(deslocamento, 42);
    locais.push(local, n, comprimido);
    centrais.push(central, n);
    deslocamento += 30 + n.length + comprimido.length;
  }
  const diretorio = Buffer.concat(centrais);
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  fim.writeUInt16LE(entradas.length, 8);
  fim.writeUInt16LE(entradas.length, 10);
  fim.writeUInt32LE(diretorio.length, 12);
  fim.writeUInt32LE(deslocamento, 16);
  return Buffer.concat([...locais, diretorio, fim]);
}

/** A minimal Word document (.docx): content types, the main part. */
export const docx = () => zip([['[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'], ['word/document.xml', '<w:document/>']]);
