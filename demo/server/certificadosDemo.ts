import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The demo's certificates made with the openssl command (Debian's): the seal's (seloDemo.ts) and the gov.br signer's. */

/** The demo's folder for its certificates: in the data folder, or a temporary one per process for a database in memory (the tests'). */
export function pastaDeCertificados(pastaDados: string, nome: string): string {
  return pastaDados.startsWith('memory://') ? mkdtempSync(join(tmpdir(), `cf-${nome}-`)) : join(pastaDados, nome);
}

/**
 * A certificate `arquivo`.crt/.key for `assunto` (an openssl -subj), issued by the authority `ac`.crt/.key of `pasta`
 * (made first when missing, named `nomeDaAc`), RSA 2048, with the key usages of a signing certificate. Kept: made once.
 */
export function emitirCertificadoDemo(pasta: string, nomeDaAc: string, arquivo: string, assunto: string): { certificado: string; chave: string; ac: string } {
  const caminho = (n: string) => join(pasta, n);
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: pasta, stdio: ['ignore', 'ignore', 'pipe'] });
  mkdirSync(pasta, { recursive: true });
  if (!existsSync(caminho('ac.crt')) || !existsSync(caminho('ac.key'))) openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ac.key', '-out', 'ac.crt', '-days', '3650', '-subj', `/C=BR/O=Governo do Estado/CN=${nomeDaAc}`, '-utf8']);
  if (!existsSync(caminho(`${arquivo}.crt`)) || !existsSync(caminho(`${arquivo}.key`))) {
    openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${arquivo}.key`, '-out', `${arquivo}.csr`, '-subj', assunto, '-utf8']);
    writeFileSync(caminho('assinatura.ext'), 'keyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=emailProtection\n');
    openssl(['x509', '-req', '-in', `${arquivo}.csr`, '-CA', 'ac.crt', '-CAkey', 'ac.key', '-CAcreateserial', '-out', `${arquivo}.crt`, '-days', '1825', '-extfile', 'assinatura.ext']);
  }
  return { certificado: readFileSync(caminho(`${arquivo}.crt`), 'utf8'), chave: readFileSync(caminho(`${arquivo}.key`), 'utf8'), ac: readFileSync(caminho('ac.crt'), 'utf8') };
}

export const AC_SELO = 'AC Demonstração do Estado';
export const ASSUNTO_SELO = '/C=BR/O=Governo do Estado/CN=Governo do Estado (demonstração)';

/**
 * The seal for a database in memory (the tests' servers: some 150 processes in a run, each paying two RSA keys, ~1 s of
 * openssl): made once in the machine's temp folder and kept there for every such process. It is made in a folder of
 * its own and published whole with one rename, so two processes making it at once keep one whole pair. A demo with a
 * data folder keeps its own there (the e2e suite copies this one in: test/e2e/demo.ts).
 */
export function pastaDoSeloEmMemoria(): string {
  const pasta = join(tmpdir(), 'console-formularios-selo-demo');
  if (!existsSync(join(pasta, 'selo.crt'))) {
    const nova = mkdtempSync(`${pasta}-`);
    try {
      emitirCertificadoDemo(nova, AC_SELO, 'selo', ASSUNTO_SELO);
      renameSync(nova, pasta);
    } catch (e) {
      rmSync(nova, { recursive: true, force: true });
      if (!existsSync(join(pasta, 'selo.crt'))) throw e; // another process published it first: that one serves
    }
  }
  return pasta;
}
