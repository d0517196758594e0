import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  // A database in memory (the tests'): one seal per process, made in a temporary folder.
  const emMemoria = pastaDados.startsWith('memory://');
  const ja = feitos.get(emMemoria ? 'memory://' : pastaDados);
  if (ja) return ja;
  const pasta = emMemoria ? mkdtempSync(join(tmpdir(), 'cf-selo-')) : join(pastaDados, 'assinatura');
  const arquivo = (n: string) => join(pasta, n);
  if (!existsSync(arquivo('selo.crt')) || !existsSync(arquivo('selo.key'))) {
    mkdirSync(pasta, { recursive: true });
    const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: pasta, stdio: ['ignore', 'ignore', 'pipe'] });
    openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ac.key', '-out', 'ac.crt', '-days', '3650', '-subj', '/C=BR/O=Governo do Estado/CN=AC Demonstração do Estado', '-utf8']);
    openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'selo.key', '-out', 'selo.csr', '-subj', '/C=BR/O=Governo do Estado/CN=Governo do Estado (demonstração)', '-utf8']);
    writeFileSync(arquivo('selo.ext'), 'keyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=emailProtection\n');
    openssl(['x509', '-req', '-in', 'selo.csr', '-CA', 'ac.crt', '-CAkey', 'ac.key', '-CAcreateserial', '-out', 'selo.crt', '-days', '1825', '-extfile', 'selo.ext']);
  }
  const selo = seloDePem(readFileSync(arquivo('selo.crt'), 'utf8') + readFileSync(arquivo('ac.crt'), 'utf8'), readFileSync(arquivo('selo.key'), 'utf8'));
  feitos.set(emMemoria ? 'memory://' : pastaDados, selo);
  if (emMemoria) rmSync(pasta, { recursive: true, force: true });
  return selo;
}
