import { createHash, randomBytes } from 'node:crypto';

/**
 * The codes a citizen holds as a key (a draft's resume link, a co-signer's link): 144 random bits, and only their
 * SHA-256 stored, so a copy of the database opens nothing.
 */
export const novoCodigo = () => randomBytes(18).toString('base64url');
export const hashDoCodigo = (codigo: string) => createHash('sha256').update(codigo, 'utf8').digest();
