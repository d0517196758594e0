import { createDynamicPix, hasError, isDynamicPix, parsePix } from 'pix-utils';
import QRCode from 'qrcode';

/**
 * The citizen's side of a charge (issue 38): the dynamic BR Code ("Pix copia e cola") that points to the charge's
 * location at the payment service provider, made and read back with pix-utils (CRC16 and every field checked),
 * and its QR code as a matrix the page draws (no image, no script: an SVG of squares).
 */
export interface Recebedor {
  /** The receiver's name as the BR Code carries it (up to 25 characters). */
  nome: string;
  /** Its city (up to 15). */
  cidade: string;
}

/** The BR Code of the charge at `location` (the PSP's `loc.location`, without the scheme). */
export function brCodeDaCobranca(location: string, recebedor: Recebedor): string {
  const pix = createDynamicPix({ merchantName: recebedor.nome.slice(0, 25), merchantCity: recebedor.cidade.slice(0, 15), url: location.replace(/^https?:\/\//, '') });
  if (hasError(pix)) throw new Error(`BR Code inválido: ${JSON.stringify(pix)}`);
  const codigo = pix.toBRCode();
  if (brCodeLido(codigo)?.location !== location.replace(/^https?:\/\//, '')) throw new Error('O BR Code gerado não se lê de volta.');
  return codigo;
}

/** A BR Code read back: the charge's location and the receiver, or null when it is not a valid dynamic one. */
export function brCodeLido(codigo: string): { location: string; nome: string; cidade: string } | null {
  const pix = parsePix(codigo);
  if (hasError(pix) || !isDynamicPix(pix)) return null;
  return { location: pix.url, nome: pix.merchantName, cidade: pix.merchantCity };
}

/** The QR code of `texto` as rows of '1' (dark) and '0' (light), error correction M. */
export function matrizQr(texto: string): string[] {
  const qr = QRCode.create(texto, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  return Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => (data[y * size + x] ? '1' : '0')).join(''));
}
