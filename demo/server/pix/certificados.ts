import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A certificate authority of its own for the demo's payment service provider and the tests (issue 38): the PSP
 * simulator's server certificate, the console's client certificate (the API Pix is mutual TLS) and the PSP's own
 * client certificate for its notifications. Made with the openssl command (Debian's), EC P-256, valid 30 days,
 * for loopback only. Never used in production, where the PSP's certificates come from its onboarding.
 */
export interface ParPem {
  cert: string;
  key: string;
}

export interface Certificados {
  ca: string;
  servidor: ParPem;
  cliente: ParPem;
  psp: ParPem;
}

function openssl(pasta: string, args: string[]) {
  execFileSync('openssl', args, { cwd: pasta, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function gerarCertificados(): Certificados {
  const pasta = mkdtempSync(join(tmpdir(), 'cf-pix-ca-'));
  try {
    const chave = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    openssl(pasta, ['req', '-x509', ...chave, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '30', '-subj', '/CN=PSP simulado (demonstração) CA']);
    const par = (nome: string, cn: string, extensoes: string): ParPem => {
      writeFileSync(join(pasta, `${nome}.ext`), extensoes);
      openssl(pasta, ['req', ...chave, '-keyout', `${nome}.key`, '-out', `${nome}.csr`, '-subj', `/CN=${cn}`]);
      openssl(pasta, ['x509', '-req', '-in', `${nome}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${nome}.crt`, '-days', '30', '-extfile', `${nome}.ext`]);
      return { cert: readFileSync(join(pasta, `${nome}.crt`), 'utf8'), key: readFileSync(join(pasta, `${nome}.key`), 'utf8') };
    };
    return {
      ca: readFileSync(join(pasta, 'ca.crt'), 'utf8'),
      servidor: par('servidor', 'localhost', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n'),
      cliente: par('cliente', 'console-formularios', 'extendedKeyUsage=clientAuth\n'),
      psp: par('psp', 'psp-simulado', 'extendedKeyUsage=clientAuth\n'),
    };
  } finally {
    rmSync(pasta, { recursive: true, force: true });
  }
}
