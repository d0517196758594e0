import { createHash, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * The CMS (PKCS#7) SignedData of a PAdES signature (issue 44), written and read with Node's own crypto: a
 * detached SHA-256 signature with the signed attributes PAdES baseline B-B asks for (content type, message
 * digest, signing time and the signer's certificate by hash: ESS signing-certificate-v2), RSA or ECDSA. A small
 * DER writer and reader, enough for this one structure: no ASN.1 library (node-forge cannot write the ESS
 * attribute), nothing else parsed.
 */

// --- DER writing ---------------------------------------------------------------------------------------------

function comprimento(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let x = n; x > 0; x = Math.floor(x / 256)) bytes.unshift(x & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...partes: Buffer[]) => {
  const conteudo = Buffer.concat(partes);
  return Buffer.concat([Buffer.from([tag]), comprimento(conteudo.length), conteudo]);
};
const seq = (...partes: Buffer[]) => tlv(0x30, ...partes);
/** A DER SET OF: its elements in ascending order of their encodings. */
const conjunto = (...partes: Buffer[]) => tlv(0x31, ...[...partes].sort(Buffer.compare));
const inteiro = (n: number) => tlv(0x02, Buffer.from([n]));
const octetos = (b: Buffer) => tlv(0x04, b);
const nulo = () => Buffer.from([0x05, 0x00]);

function oid(texto: string): Buffer {
  const [a, b, ...resto] = texto.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const n of resto) {
    const grupo = [n & 0x7f];
    for (let x = Math.floor(n / 128); x > 0; x = Math.floor(x / 128)) grupo.unshift((x & 0x7f) | 0x80);
    bytes.push(...grupo);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime (YYMMDDHHMMSSZ) up to 2049, GeneralizedTime after, as RFC 5652 asks of signing-time. */
function tempo(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

export const OID = {
  dadosAssinados: '1.2.840.113549.1.7.2',
  dados: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  tipoDeConteudo: '1.2.840.113549.1.9.3',
  resumo: '1.2.840.113549.1.9.4',
  horaDaAssinatura: '1.2.840.113549.1.9.5',
  certificadoDoSignatarioV2: '1.2.840.113549.1.9.16.2.47',
  sha256ComRsa: '1.2.840.113549.1.1.11',
  ecdsaComSha256: '1.2.840.10045.4.3.2',
} as const;

const atributo = (tipo: string, valor: Buffer) => seq(oid(tipo), conjunto(valor));

// --- DER reading ---------------------------------------------------------------------------------------------

interface No {
  tag: number;
  /** Where the element (its tag) starts, where its contents start, where it ends. */
  inicio: number;
  conteudo: number;
  fim: number;
}

function ler(b: Buffer, p: number): No {
  if (p + 2 > b.length) throw new Error('DER truncado');
  const tag = b[p];
  let n = b[p + 1];
  let conteudo = p + 2;
  if (n & 0x80) {
    const k = n & 0x7f;
    if (k === 0 || k > 4 || conteudo + k > b.length) throw new Error('comprimento DER inválido');
    n = 0;
    for (let i = 0; i < k; i++) n = n * 256 + b[conteudo + i];
    conteudo += k;
  }
  if (conteudo + n > b.length) throw new Error('DER truncado');
  return { tag, inicio: p, conteudo, fim: conteudo + n };
}
function filhos(b: Buffer, no: No): No[] {
  const r: No[] = [];
  for (let p = no.conteudo; p < no.fim; ) {
    const f = ler(b, p);
    r.push(f);
    p = f.fim;
  }
  return r;
}
const bytes = (b: Buffer, no: No) => b.subarray(no.inicio, no.fim);
const conteudoDe = (b: Buffer, no: No) => b.subarray(no.conteudo, no.fim);

/** A certificate's issuer (its Name, as encoded) and serial number (the INTEGER element), for the signer's id. */
function emissorESerie(der: Buffer): { emissor: Buffer; serie: Buffer } {
  const tbs = filhos(der, ler(der, 0))[0];
  const campos = filhos(der, tbs);
  const i = campos[0].tag === 0xa0 ? 1 : 0;
  return { serie: bytes(der, campos[i]), emissor: bytes(der, campos[i + 2]) };
}

// --- Signing and reading back --------------------------------------------------------------------------------

export interface Signatario {
  /** The signer's certificate first, then the chain up to (not necessarily including) the root. */
  certificados: X509Certificate[];
  chave: KeyObject;
}

/** The detached CMS SignedData of `conteudo` (the PDF's bytes outside the signature) at `quando`. */
export function assinarCms(conteudo: Buffer, s: Signatario, quando: Date): Buffer {
  return assinarResumo(createHash('sha256').update(conteudo).digest(), s, quando);
}

/** The detached CMS SignedData of content whose SHA-256 is `resumo` (what gov.br's `assinarPKCS7` signs: a hash). */
export function assinarResumo(resumo: Buffer, s: Signatario, quando: Date): Buffer {
  const [certificado] = s.certificados;
  const der = certificado.raw;
  const { emissor, serie } = emissorESerie(der);
  const algoritmoResumo = seq(oid(OID.sha256));
  const atributos = [
    atributo(OID.tipoDeConteudo, oid(OID.dados)),
    atributo(OID.horaDaAssinatura, tempo(quando)),
    atributo(OID.resumo, octetos(resumo)),
    // ESS signing-certificate-v2 (RFC 5035): the signer's certificate by its SHA-256 (the default algorithm, left out).
    atributo(OID.certificadoDoSignatarioV2, seq(seq(seq(octetos(createHash('sha256').update(der).digest()))))),
  ];
  // What is signed is the attributes as a SET; what is written is the same bytes tagged [0] IMPLICIT.
  const assinados = conjunto(...atributos);
  const rsa = s.chave.asymmetricKeyType === 'rsa';
  const assinatura = sign('sha256', assinados, s.chave);
  const infoDoSignatario = seq(
    inteiro(1),
    seq(emissor, serie),
    algoritmoResumo,
    Buffer.concat([Buffer.from([0xa0]), assinados.subarray(1)]),
    rsa ? seq(oid(OID.sha256ComRsa), nulo()) : seq(oid(OID.ecdsaComSha256)),
    octetos(assinatura),
  );
  const dadosAssinados = seq(inteiro(1), conjunto(algoritmoResumo), seq(oid(OID.dados)), tlv(0xa0, ...s.certificados.map((c) => c.raw)), conjunto(infoDoSignatario));
  return seq(oid(OID.dadosAssinados), tlv(0xa0, dadosAssinados));
}

export interface CmsLido {
  /** The signer's certificate, as the signature carries it (matched by issuer and serial). */
  certificado: X509Certificate | null;
  /** The message digest the signer signed. */
  resumo: Buffer | null;
  quando: Date | null;
  /** Whether the signature over the signed attributes verifies with `certificado`'s key. */
  assinaturaConfere: boolean;
}

/** A CMS SignedData read back: who signed (the certificate it names), the digest signed, when, and whether the signature holds. */
export function lerCms(cms: Buffer): CmsLido {
  const raiz = ler(cms, 0);
  const [tipo, explicito] = filhos(cms, raiz);
  if (!bytes(cms, tipo).equals(oid(OID.dadosAssinados))) throw new Error('não é um SignedData');
  const sd = filhos(cms, filhos(cms, explicito)[0]);
  const certs = sd.find((n) => n.tag === 0xa0);
  const infos = sd.at(-1)!;
  const info = filhos(cms, filhos(cms, infos)[0]);
  const certificados = certs ? filhos(cms, certs).map((c) => new X509Certificate(bytes(cms, c))) : [];
  const sid = bytes(cms, info[1]);
  const certificado = certificados.find((c) => {
    const { emissor, serie } = emissorESerie(c.raw);
    return seq(emissor, serie).equals(sid);
  }) ?? null;
  const assinados = info.find((n) => n.tag === 0xa0);
  const assinatura = info.at(-1)!;
  if (!assinados) return { certificado, resumo: null, quando: null, assinaturaConfere: false };
  let resumo: Buffer | null = null;
  let quando: Date | null = null;
  for (const a of filhos(cms, assinados)) {
    const [t, valores] = filhos(cms, a);
    const v = filhos(cms, valores)[0];
    if (bytes(cms, t).equals(oid(OID.resumo))) resumo = Buffer.from(conteudoDe(cms, v));
    if (bytes(cms, t).equals(oid(OID.horaDaAssinatura))) {
      const s = conteudoDe(cms, v).toString('latin1');
      const completo = v.tag === 0x17 ? `${Number(s.slice(0, 2)) < 50 ? '20' : '19'}${s}` : s;
      quando = new Date(`${completo.slice(0, 4)}-${completo.slice(4, 6)}-${completo.slice(6, 8)}T${completo.slice(8, 10)}:${completo.slice(10, 12)}:${completo.slice(12, 14)}Z`);
    }
  }
  const comoConjunto = Buffer.concat([Buffer.from([0x31]), bytes(cms, assinados).subarray(1)]);
  let assinaturaConfere = false;
  try {
    assinaturaConfere = !!certificado && verify('sha256', comoConjunto, certificado.publicKey, conteudoDe(cms, assinatura));
  } catch {
    assinaturaConfere = false;
  }
  return { certificado, resumo, quando, assinaturaConfere };
}
