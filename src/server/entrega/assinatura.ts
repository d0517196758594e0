import { ErroConfiguracao } from '../ambiente';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Signed deliveries as the Standard Webhooks specification defines them (issue 14): `webhook-id`
 * (stable across a delivery's attempts), `webhook-timestamp` (seconds) and `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes; several signatures,
 * space-separated, while a rotated secret overlaps the new one). Each model has its own `whsec_`
 * secret, kept encrypted (AES-256-GCM) with the operator's key.
 */
export const PREFIXO_SEGREDO = 'whsec_';

export function novoSegredo(): string {
  return PREFIXO_SEGREDO + randomBytes(32).toString('base64');
}

export function assinatura(segredo: string, id: string, timestamp: number, corpo: string): string {
  const chave = Buffer.from(segredo.startsWith(PREFIXO_SEGREDO) ? segredo.slice(PREFIXO_SEGREDO.length) : segredo, 'base64');
  return `v1,${createHmac('sha256', chave).update(`${id}.${timestamp}.${corpo}`).digest('base64')}`;
}

/** The three headers of a signed delivery; `segredos`: the current one first, then any still overlapping. */
export function cabecalhosAssinados(segredos: readonly string[], id: string, corpo: string, agora = Date.now()): Record<string, string> {
  const timestamp = Math.floor(agora / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': segredos.map((s) => assinatura(s, id, timestamp, corpo)).join(' ') };
}

/** Encrypts and decrypts the secrets at rest with the operator's 32-byte key. */
export function cofre(chave: Buffer) {
  if (chave.length !== 32) throw new Error('A chave dos segredos (SEGREDOS_CHAVE) deve ter 32 bytes, em base64.');
  return {
    cifrar(texto: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', chave, iv);
      const dados = Buffer.concat([c.update(texto, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), dados]).toString('base64');
    },
    decifrar(cifrado: string): string {
      const b = Buffer.from(cifrado, 'base64');
      const d = createDecipheriv('aes-256-gcm', chave, b.subarray(0, 12));
      d.setAuthTag(b.subarray(12, 28));
      return Buffer.concat([d.update(b.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

export type Cofre = ReturnType<typeof cofre>;

/**
 * The key: SEGREDOS_CHAVE (base64, 32 bytes) when set; otherwise, for the demo, one generated once into
 * `arquivo` (beside the embedded database) and read back on every start; null `arquivo`: a key for this
 * process only (tests on an in-memory database).
 */
export function chaveDosSegredos(env: NodeJS.ProcessEnv, arquivo: string | null): Buffer {
  if (env.SEGREDOS_CHAVE) {
    const texto = env.SEGREDOS_CHAVE.trim();
    const chave = Buffer.from(texto, 'base64');
    // Buffer.from skips what is not base64: a key is accepted only if it reads back exactly as written.
    if (chave.length !== 32 || chave.toString('base64') !== texto) throw new ErroConfiguracao('SEGREDOS_CHAVE inválido (esperado: 32 bytes em base64, 44 caracteres; gere com `openssl rand -base64 32`)');
    return chave;
  }
  if (!arquivo) return randomBytes(32);
  if (existsSync(arquivo)) return Buffer.from(readFileSync(arquivo, 'utf8').trim(), 'base64');
  const chave = randomBytes(32);
  mkdirSync(dirname(arquivo), { recursive: true });
  writeFileSync(arquivo, chave.toString('base64') + '\n', { mode: 0o600 });
  return chave;
}
