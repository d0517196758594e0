import { createPrivateKey, sign, verify, X509Certificate, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ADOBE_PKCS7_DETACHED, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { ErroConfiguracao } from '../ambiente';
import { assinarCms, lerCms, type Signatario } from './cms';

/**
 * The state's seal on every PDF the server makes (issue 44): a PAdES signature (ETSI.CAdES.detached, SHA-256, the
 * signing time and the signer's certificate in the signed attributes) with the certificate configured —
 * ASSINATURA_CERTIFICADO (the certificate, then its chain, PEM) and ASSINATURA_CHAVE (its private key, PEM;
 * ASSINATURA_SENHA when encrypted), each a file's path or the PEM itself; in production an ICP-Brasil e-CNPJ, in
 * the demo a certificate of the demo's own authority. The placeholder goes in with @signpdf (string operations on
 * pdfkit's output), the CMS is ours (cms.ts). `verificarPdf` says whether a PDF is intact and sealed by this
 * service, and which form it is (the protocol is in the signature's /Reason, which the signature covers).
 */
export interface Selo extends Signatario {
  /** The signer's name (its certificate's CN): what the PDF says it is signed by. */
  nome: string;
}

const PEM_CERTIFICADO = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** A certificate's name as a reader shows it: its subject's CN (the whole subject without one). */
/** A distinguished name's CN, as a reader shows a subject or issuer (the whole name without one). */
export const cnDe = (dn: string) => /(?:^|\n)CN=([^\n]+)/.exec(dn)?.[1] ?? dn;
const nomeDo = (c: X509Certificate) => cnDe(c.subject);

/** A PEM given inline, or read from the file it names. */
function pemOuArquivo(nome: string, v: string): string {
  if (v.includes('-----BEGIN')) return v;
  try {
    return readFileSync(v, 'utf8');
  } catch {
    throw new ErroConfiguracao(`${nome}: não foi possível ler o arquivo "${v}" (informe o caminho de um arquivo PEM ou o próprio PEM).`);
  }
}

/** The seal of a certificate (with its chain) and its key; refused when the key is not the certificate's. */
export function seloDePem(certificados: string, chave: string, senha?: string): Selo {
  const pems = certificados.match(PEM_CERTIFICADO) ?? [];
  if (!pems.length) throw new ErroConfiguracao('ASSINATURA_CERTIFICADO: nenhum certificado PEM ("-----BEGIN CERTIFICATE-----").');
  const cadeia = pems.map((p) => new X509Certificate(p));
  let privada;
  try {
    privada = createPrivateKey({ key: chave, format: 'pem', ...(senha ? { passphrase: senha } : {}) });
  } catch {
    throw new ErroConfiguracao('ASSINATURA_CHAVE: a chave privada não pôde ser lida (PEM; com senha, ASSINATURA_SENHA).');
  }
  const prova = Buffer.from('console-formularios');
  if (!verify('sha256', prova, cadeia[0].publicKey, sign('sha256', prova, privada))) throw new ErroConfiguracao('ASSINATURA_CHAVE não é a chave do primeiro certificado de ASSINATURA_CERTIFICADO.');
  return { certificados: cadeia, chave: privada, nome: nomeDo(cadeia[0]) };
}

/** ASSINATURA_CERTIFICADO, ASSINATURA_CHAVE, ASSINATURA_SENHA; null without a certificate (PDFs unsigned). */
export function seloDoAmbiente(env: NodeJS.ProcessEnv): Selo | null {
  const cert = env.ASSINATURA_CERTIFICADO?.trim();
  const chave = env.ASSINATURA_CHAVE?.trim();
  if (!cert && !chave) return null;
  if (!cert || !chave) throw new ErroConfiguracao('Para assinar os PDFs, defina ASSINATURA_CERTIFICADO e ASSINATURA_CHAVE (os dois).');
  return seloDePem(pemOuArquivo('ASSINATURA_CERTIFICADO', cert), pemOuArquivo('ASSINATURA_CHAVE', chave), env.ASSINATURA_SENHA || undefined);
}

export const MSG_SEM_SELO = 'Aviso: sem ASSINATURA_CERTIFICADO e ASSINATURA_CHAVE, os comprovantes e os PDFs da equipe saem sem a assinatura digital do Estado (README, "Assinatura dos PDFs").';

class SignatarioCms extends Signer {
  constructor(private readonly selo: Selo) {
    super();
  }
  async sign(pdf: Buffer, quando?: Date): Promise<Buffer> {
    return assinarCms(pdf, this.selo, quando ?? new Date());
  }
}

/** The signature's reason: which form the PDF is (ASCII, so any reader shows it as written). */
export const motivoDoPdf = (protocolo: string) => `Formulario ${protocolo}`;

/** `pdf` sealed: its placeholder added, its bytes signed. */
export async function selarPdf(pdf: Buffer, selo: Selo, protocolo: string, quando = new Date()): Promise<Buffer> {
  const comEspaco = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: motivoDoPdf(protocolo),
    contactInfo: '',
    name: selo.nome,
    location: '',
    signingTime: quando,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // The CMS with the chain: a few KB per certificate.
    signatureLength: 4096 + selo.certificados.reduce((n, c) => n + c.raw.length, 0) * 2,
    appName: 'ConsoleDeFormularios',
  });
  return new SignPdf().sign(comEspaco, new SignatarioCms(selo), quando);
}

/** Signs the bytes a PDF signature covers, answering the CMS/PKCS#7 (DER). */
class SignatarioExterno extends Signer {
  constructor(private readonly assinar: (conteudo: Buffer) => Promise<Buffer>) {
    super();
  }
  async sign(pdf: Buffer): Promise<Buffer> {
    return this.assinar(pdf);
  }
}

/**
 * `pdf` signed by someone else's key (issue 44: the citizen's, through gov.br's `assinarPKCS7`): a placeholder made
 * for a PKCS#7 with a chain (adbe.pkcs7.detached, as gov.br's manual embeds its signatures), the bytes it covers given
 * to `assinar`, its answer embedded. The state's seal goes after it (`selarPdf`), as a second, incremental signature.
 */
export async function assinarPdfPor(pdf: Buffer, nome: string, assinar: (conteudo: Buffer) => Promise<Buffer>, quando = new Date()): Promise<{ pdf: Buffer; pkcs7: Buffer }> {
  const comEspaco = plainAddPlaceholder({ pdfBuffer: pdf, reason: 'Assinatura gov.br do requerente', contactInfo: '', name: nome, location: '', signingTime: quando, subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED, signatureLength: 16384, appName: 'ConsoleDeFormularios' });
  let pkcs7 = Buffer.alloc(0);
  const assinado = await new SignPdf().sign(comEspaco, new SignatarioExterno(async (c) => (pkcs7 = Buffer.from(await assinar(c)))), quando);
  return { pdf: assinado, pkcs7 };
}

export type SituacaoPdf = 'integro' | 'alterado' | 'sem-assinatura' | 'outro-signatario';

export interface VerificacaoPdf {
  situacao: SituacaoPdf;
  /** The form the PDF is (its signed /Reason), when sealed by this service. */
  protocolo: string | null;
  assinadoEm: string | null;
  /** Who signed (the certificate's subject CN), when a signature is there. */
  signatario: string | null;
}

/** A PDF literal string from `p` (just after its opening parenthesis), with its escapes read. */
function literal(b: Buffer, p: number): string {
  let s = '';
  for (let nivel = 0; p < b.length; p++) {
    const c = String.fromCharCode(b[p]);
    if (c === '\\') s += String.fromCharCode(b[++p]);
    else if (c === '(') (nivel++, (s += c));
    else if (c === ')') {
      if (nivel-- === 0) break;
      s += c;
    } else s += c;
  }
  return s;
}

/**
 * Whether `pdf` is intact and sealed by `selo`'s certificate: its last signature covers the whole file (nothing added
 * after), the digest it signed is the file's, the signature verifies, and the signer is this service.
 */
export function verificarPdf(pdf: Buffer, selo: Selo | null): VerificacaoPdf {
  const nenhuma: VerificacaoPdf = { situacao: 'sem-assinatura', protocolo: null, assinadoEm: null, signatario: null };
  const p = pdf.lastIndexOf('/ByteRange');
  if (p < 0) return nenhuma;
  const m = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.subarray(p, p + 120).toString('latin1'));
  if (!m) return { ...nenhuma, situacao: 'alterado' };
  const [a, b, c, d] = m.slice(1).map(Number);
  const alterado: VerificacaoPdf = { ...nenhuma, situacao: 'alterado' };
  if (a !== 0 || b <= 0 || c <= b || c + d !== pdf.length || pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) return alterado;
  let lido;
  try {
    // The placeholder's zeros after the CMS are ignored: the DER says its own length.
    lido = lerCms(Buffer.from(pdf.subarray(b + 1, c - 1).toString('latin1'), 'hex'));
  } catch {
    return alterado;
  }
  const assinado = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const signatario = lido.certificado ? nomeDo(lido.certificado) : null;
  const confere = !!lido.resumo && lido.resumo.equals(createHash('sha256').update(assinado).digest()) && lido.assinaturaConfere;
  if (!confere) return { ...alterado, signatario };
  if (!selo || !lido.certificado?.raw.equals(selo.certificados[0].raw)) return { situacao: 'outro-signatario', protocolo: null, assinadoEm: lido.quando?.toISOString() ?? null, signatario };
  // The signature dictionary holds the range and the reason; the reason is inside what was signed.
  const inicioDoDicionario = pdf.lastIndexOf('<<', p);
  const r = pdf.indexOf('/Reason', inicioDoDicionario);
  const abre = r >= 0 ? pdf.indexOf('(', r) : -1;
  const motivo = abre >= 0 && abre < c + 400 ? literal(pdf, abre + 1) : '';
  const protocolo = /^Formulario (\d{4}\.\d{9})$/.exec(motivo)?.[1] ?? null;
  return { situacao: 'integro', protocolo, assinadoEm: lido.quando?.toISOString() ?? null, signatario };
}
