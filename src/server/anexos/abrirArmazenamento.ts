import type { Banco } from '../db';
import { armazenamentoPostgres, type Armazenamento, type ConfigS3 } from './armazenamento';

/** The storage configured: S3 when `s3` is given (its SDK loaded only then), PostgreSQL otherwise. */
export async function abrirArmazenamento(db: Banco, s3: ConfigS3 | null | undefined): Promise<Armazenamento> {
  if (!s3) return armazenamentoPostgres(db);
  const { armazenamentoS3 } = await import('./armazenamentoS3');
  return armazenamentoS3(s3);
}
