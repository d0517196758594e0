import type { TipoDetectado } from '../../forms/tiposArquivo';

/**
 * Office documents are ZIP packages (issue 33): the first bytes only said "a ZIP whose first entry is
 * word/", so a .jar passed as a Word document and a 194 KB ZIP that expands to 200 MB passed too. Here the
 * package's central directory (at its end: the upload keeps its last bytes) is read: an OOXML package has
 * its content-types part, an OpenDocument one its manifest, and what the entries expand to is bounded in
 * total and in ratio. Pure; reads no entry's content.
 */
export const CAUDA_ZIP_BYTES = 1024 * 1024;
export const DESCOMPRIMIDO_MAXIMO = 100 * 1024 * 1024;
export const TAXA_MAXIMA = 100;
export const ENTRADAS_MAXIMAS = 5000;

const OOXML: [RegExp, TipoDetectado][] = [
  [/^word\//, { familia: 'documento', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensao: 'docx' }],
  [/^xl\//, { familia: 'documento', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensao: 'xlsx' }],
  [/^ppt\//, { familia: 'documento', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensao: 'pptx' }],
];

const RECUSA = 'Este arquivo não é um documento de escritório válido (o pacote está incompleto ou corrompido).';

/**
 * The package's real type, or a pt-BR refusal. `cauda`: the file's last bytes (up to CAUDA_ZIP_BYTES);
 * `tamanho`: the whole file's size; `inicio`: what its first bytes said (an ODF type, or OOXML).
 */
export function conferirPacote(cauda: Buffer, tamanho: number, inicio: TipoDetectado): TipoDetectado | { recusa: string } {
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535.
  let fim = -1;
  for (let i = cauda.length - 22; i >= Math.max(0, cauda.length - 22 - 65535); i--) {
    if (cauda.readUInt32LE(i) === 0x06054b50) {
      fim = i;
      break;
    }
  }
  if (fim < 0) return { recusa: RECUSA };
  const entradas = cauda.readUInt16LE(fim + 10);
  const tamanhoDiretorio = cauda.readUInt32LE(fim + 12);
  const inicioDiretorio = cauda.readUInt32LE(fim + 16);
  // ZIP64 (sizes past 4 GB, or more than 65,535 entries) is no document a citizen attaches.
  if (entradas === 0xffff || inicioDiretorio === 0xffffffff || tamanhoDiretorio === 0xffffffff) return { recusa: 'Este documento é grande demais depois de descompactado.' };
  if (entradas > ENTRADAS_MAXIMAS) return { recusa: 'Este documento tem partes demais.' };
  let p = cauda.length - (tamanho - inicioDiretorio);
  if (p < 0 || inicioDiretorio + tamanhoDiretorio > tamanho) return { recusa: RECUSA };
  const nomes: string[] = [];
  let total = 0;
  for (let n = 0; n < entradas; n++) {
    if (p + 46 > cauda.length || cauda.readUInt32LE(p) !== 0x02014b50) return { recusa: RECUSA };
    const descomprimido = cauda.readUInt32LE(p + 24);
    const nome = cauda.readUInt16LE(p + 28);
    const extra = cauda.readUInt16LE(p + 30);
    const comentario = cauda.readUInt16LE(p + 32);
    if (descomprimido === 0xffffffff) return { recusa: 'Este documento é grande demais depois de descompactado.' };
    total += descomprimido;
    nomes.push(cauda.toString('utf8', p + 46, Math.min(cauda.length, p + 46 + nome)));
    p += 46 + nome + extra + comentario;
  }
  if (total > DESCOMPRIMIDO_MAXIMO || total > TAXA_MAXIMA * Math.max(tamanho, 1)) return { recusa: 'Este documento é grande demais depois de descompactado (um arquivo compactado assim pode derrubar quem o abre).' };
  if (inicio.mime.startsWith('application/vnd.oasis.opendocument.')) return nomes.includes('META-INF/manifest.xml') ? inicio : { recusa: RECUSA };
  if (!nomes.includes('[Content_Types].xml')) return { recusa: RECUSA };
  for (const [parte, tipo] of OOXML) if (nomes.some((x) => parte.test(x))) return tipo;
  return { recusa: RECUSA };
}
