import type { Banco } from '../db';

/**
 * Where attachments' bytes live (issue 15), behind one small interface: PostgreSQL by default (works on
 * PGlite and on the server), an S3-compatible object store for scale. Bytes go in and come out as a
 * stream of parts: never a whole file in memory.
 */
export interface Armazenamento {
  /** Stores the parts of `id` as they come. A failure part way leaves nothing behind (the caller calls `apagar`). */
  gravar(id: string, partes: AsyncIterable<Uint8Array>): Promise<void>;
  ler(id: string): AsyncIterable<Uint8Array>;
  apagar(ids: readonly string[]): Promise<void>;
}

const PARTE = 256 * 1024;

/** Regroups a stream into parts of `tamanho` bytes (the last one shorter). */
export async function* emPartes(fonte: AsyncIterable<Uint8Array>, tamanho = PARTE): AsyncIterable<Buffer> {
  let acumulado: Buffer[] = [];
  let n = 0;
  for await (const pedaco of fonte) {
    let resto = Buffer.from(pedaco.buffer, pedaco.byteOffset, pedaco.byteLength);
    while (n + resto.length >= tamanho) {
      const falta = tamanho - n;
      yield Buffer.concat([...acumulado, resto.subarray(0, falta)]);
      resto = resto.subarray(falta);
      acumulado = [];
      n = 0;
    }
    if (resto.length) {
      acumulado.push(Buffer.from(resto));
      n += resto.length;
    }
  }
  if (n) yield Buffer.concat(acumulado);
}

/** The bytes in `anexo_parte`, 256 KB a row, read back one row at a time. */
export function armazenamentoPostgres(db: Banco): Armazenamento {
  return {
    async gravar(id, partes) {
      let n = 0;
      for await (const parte of emPartes(partes)) await db.query('insert into anexo_parte (anexo_id, n, dados) values ($1, $2, $3)', [id, n++, parte]);
    },
    async *ler(id) {
      for (let n = 0; ; n++) {
        const [p] = await db.query<{ dados: Uint8Array }>('select dados from anexo_parte where anexo_id = $1 and n = $2', [id, n]);
        if (!p) return;
        yield p.dados;
      }
    },
    async apagar(ids) {
      if (ids.length) await db.query('delete from anexo_parte where anexo_id = any($1::uuid[])', [ids]);
    },
  };
}

/** An S3-compatible store (ANEXOS_S3_*), in place of PostgreSQL. */
export interface ConfigS3 {
  bucket: string;
  /** Prepended to each attachment's id to name its object (default `anexos/`). */
  prefixo: string;
  regiao: string;
  /** Another store than AWS (MinIO, Ceph, S3Proxy...): its URL. */
  endpoint?: string;
  /** Path-style addresses (`endpoint/bucket/key`), as most stores other than AWS want. */
  caminho: boolean;
  credenciais?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * ANEXOS_S3_BUCKET (set: attachments go to S3; unset: to PostgreSQL), ANEXOS_S3_PREFIXO, ANEXOS_S3_REGIAO
 * (or AWS_REGION), ANEXOS_S3_ENDPOINT, ANEXOS_S3_PATH_STYLE (`on` by default with an endpoint).
 * Credentials come from the AWS SDK's chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, a profile, a role).
 */
export function configS3DoAmbiente(env: NodeJS.ProcessEnv): ConfigS3 | null {
  const bucket = env.ANEXOS_S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.ANEXOS_S3_ENDPOINT?.trim() || undefined;
  if (endpoint) new URL(endpoint); // a clear error at start-up, not at the first upload
  return {
    bucket,
    prefixo: env.ANEXOS_S3_PREFIXO ?? 'anexos/',
    regiao: env.ANEXOS_S3_REGIAO || env.AWS_REGION || 'us-east-1',
    endpoint,
    caminho: env.ANEXOS_S3_PATH_STYLE ? env.ANEXOS_S3_PATH_STYLE !== 'off' : !!endpoint,
  };
}
