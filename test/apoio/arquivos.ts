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
