/**
 * What a file is, by its content (its first bytes), never by its name (issue 15): the server checks an
 * upload with this before keeping it, so a renamed executable is refused as what it is. The families
 * are what a designer allows on a file field: PDF, images, office documents. Pure.
 */
import type { TradutorCidadao as Tradutor } from '../i18n/cidadao';

export const FAMILIAS_ARQUIVO = ['pdf', 'imagem', 'documento'] as const;
export type FamiliaArquivo = (typeof FAMILIAS_ARQUIVO)[number];

/** A file field's maximum when the designer sets none, and the range the designer may choose from. */
export const TAMANHO_PADRAO_MB = 10;
export const TAMANHO_MAXIMO_MB = 100;

/** What a file field accepts: the designer's choice, or 10 MB and every family. */
export function limitesDoArquivo(a: { tamanhoMaximoMb?: number; tipos?: readonly FamiliaArquivo[] } | undefined): { mb: number; familias: readonly FamiliaArquivo[] } {
  return { mb: a?.tamanhoMaximoMb ?? TAMANHO_PADRAO_MB, familias: a?.tipos?.length ? a.tipos : FAMILIAS_ARQUIVO };
}

/** "PDF ou imagens (PNG, JPEG, GIF, WebP)": the families in words, for messages and hints. */
export function nomesDasFamilias(familias: readonly FamiliaArquivo[], t: Tradutor): string {
  const nomes = familias.map((f) => t(`arquivo.familia.${f}`));
  return nomes.length > 1 ? `${nomes.slice(0, -1).join(', ')}${t('arquivo.ou')}${nomes[nomes.length - 1]}` : nomes.join('');
}

/** What a citizen is told under a file field: "Aceita PDF ou imagens, até 5 MB." */
export function dicaDoArquivo(a: Parameters<typeof limitesDoArquivo>[0], t: Tradutor): string {
  const { mb, familias } = limitesDoArquivo(a);
  return t('arquivo.aceita', { tipos: nomesDasFamilias(familias, t), mb });
}

/** The `accept` of a file input for these families (a hint to the browser's picker; the server checks the content). */
export function aceitarDoNavegador(familias: readonly FamiliaArquivo[]): string {
  const porFamilia: Record<FamiliaArquivo, string> = {
    pdf: '.pdf,application/pdf',
    imagem: '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp',
    documento: '.docx,.xlsx,.pptx,.odt,.ods,.odp',
  };
  return familias.map((f) => porFamilia[f]).join(',');
}

export interface TipoDetectado {
  familia: FamiliaArquivo;
  /** The media type sent back on download. */
  mime: string;
  /** The extension a download is named with. */
  extensao: string;
}

/** Every media type `detectarTipo` can find: what an attachment is served as. */
export const MIMES_ACEITOS = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument',
] as const;

/** How many first bytes `detectarTipo` needs (a ZIP's first entry name may sit a little further in). */
export const BYTES_PARA_DETECTAR = 4096;

const comeca = (b: Uint8Array, assinatura: readonly number[], desde = 0) => assinatura.every((x, i) => b[desde + i] === x);
const ascii = (b: Uint8Array, de: number, ate: number) => String.fromCharCode(...b.subarray(de, Math.min(ate, b.length)));

/** An office document inside a ZIP (OOXML, OpenDocument) by the names of its first entries. */
function documentoZip(b: Uint8Array): TipoDetectado | null {
  const inicio = ascii(b, 0, BYTES_PARA_DETECTAR);
  // OpenDocument puts an uncompressed "mimetype" entry first, with the type as its content.
  const od = /^PK\x03\x04[\s\S]{26}mimetype(application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation))/.exec(inicio);
  if (od) return { familia: 'documento', mime: od[1], extensao: { text: 'odt', spreadsheet: 'ods', presentation: 'odp' }[od[2] as 'text'] };
  if (!inicio.includes('[Content_Types].xml') && !/(word|xl|ppt)\//.test(inicio)) return null;
  if (inicio.includes('word/')) return { familia: 'documento', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensao: 'docx' };
  if (inicio.includes('xl/')) return { familia: 'documento', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensao: 'xlsx' };
  if (inicio.includes('ppt/')) return { familia: 'documento', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensao: 'pptx' };
  // [Content_Types].xml first, the parts after the first 4 KB: an OOXML package all the same.
  return { familia: 'documento', mime: 'application/vnd.openxmlformats-officedocument', extensao: 'docx' };
}

/** The file's type by its first bytes (`BYTES_PARA_DETECTAR` are enough), or null when it is none we accept. */
export function detectarTipo(b: Uint8Array): TipoDetectado | null {
  if (ascii(b, 0, 5) === '%PDF-') return { familia: 'pdf', mime: 'application/pdf', extensao: 'pdf' };
  if (comeca(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { familia: 'imagem', mime: 'image/png', extensao: 'png' };
  if (comeca(b, [0xff, 0xd8, 0xff])) return { familia: 'imagem', mime: 'image/jpeg', extensao: 'jpg' };
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return { familia: 'imagem', mime: 'image/gif', extensao: 'gif' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return { familia: 'imagem', mime: 'image/webp', extensao: 'webp' };
  if (comeca(b, [0x50, 0x4b, 0x03, 0x04])) return documentoZip(b);
  // Not the legacy Office formats (.doc, .xls): they are OLE compound files, as Windows installers (.msi)
  // are, and telling them apart needs the root entry's class id, further in than the first bytes.
  return null;
}
