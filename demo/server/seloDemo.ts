import { join } from 'node:path';
import { AC_SELO, ASSUNTO_SELO, emitirCertificadoDemo, pastaDoSeloEmMemoria } from './certificadosDemo';
import { seloDePem, type Selo } from '../../src/server/pdf/selo';

/**
 * The demo's seal (issue 44): a certificate authority of the demo's own ("AC Demonstração do Estado") and the
 * certificate that signs every PDF ("Governo do Estado (demonstração)"), RSA 2048 (what PDF readers and ICP-Brasil
 * use), made once with the openssl command and kept in the data folder, so receipts signed yesterday still verify.
 * `ac.crt` there is what a reader trusts to see the signature as trusted. Never in production (ASSINATURA_*).
 */
const feitos = new Map<string, Selo>();

export function seloDemo(pastaDados: string): Selo | null {
  try {
    return fazer(pastaDados);
  } catch (e) {
    // Without the openssl command the demo still runs: its PDFs go out unsigned, and it says why.
    console.warn(`Demonstração: os PDFs saem sem assinatura (não foi possível criar o certificado da demonstração com o openssl: ${(e as Error).message.split('\n')[0]}).`);
    return null;
  }
}

function fazer(pastaDados: string): Selo {
  const emMemoria = pastaDados.startsWith('memory://');
  const ja = feitos.get(emMemoria ? 'memory://' : pastaDados);
  if (ja) return ja;
  const c = emitirCertificadoDemo(emMemoria ? pastaDoSeloEmMemoria() : join(pastaDados, 'assinatura'), AC_SELO, 'selo', ASSUNTO_SELO);
  const selo = seloDePem(c.certificado + c.ac, c.chave);
  feitos.set(emMemoria ? 'memory://' : pastaDados, selo);
  return selo;
}
