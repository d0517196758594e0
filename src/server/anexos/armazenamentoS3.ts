import { DeleteObjectsCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { Armazenamento, ConfigS3 } from './armazenamento';

/**
 * Attachments in an S3-compatible object store (AWS S3, MinIO, Ceph, S3Proxy...), with the maintained
 * AWS SDK: one object per attachment under `prefixo`, written by a streamed multipart upload (5 MB parts,
 * one in flight: memory stays flat whatever the file's size) and read back as a stream.
 * Credentials: `credenciais` when given, otherwise the SDK's usual chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export function armazenamentoS3(c: ConfigS3): Armazenamento & { cliente: S3Client } {
  const cliente = new S3Client({
    region: c.regiao,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    forcePathStyle: c.caminho,
    ...(c.credenciais ? { credentials: c.credenciais } : {}),
    // Checksums only where S3 requires them: stores other than AWS do not all take the SDK's trailing CRC32.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const chave = (id: string) => `${c.prefixo}${id}`;
  return {
    cliente,
    async gravar(id, partes) {
      await new Upload({ client: cliente, params: { Bucket: c.bucket, Key: chave(id), Body: Readable.from(partes) }, partSize: 5 * 1024 * 1024, queueSize: 1, leavePartsOnError: false }).done();
    },
    async *ler(id) {
      let r;
      try {
        r = await cliente.send(new GetObjectCommand({ Bucket: c.bucket, Key: chave(id) }));
      } catch (e) {
        // Gone (removed, or never there): no bytes, as the PostgreSQL storage answers.
        if ((e as { name?: string }).name === 'NoSuchKey') return;
        throw e;
      }
      yield* r.Body as AsyncIterable<Uint8Array>;
    },
    async apagar(ids) {
      for (let i = 0; i < ids.length; i += 1000) {
        const r = await cliente.send(new DeleteObjectsCommand({ Bucket: c.bucket, Delete: { Objects: ids.slice(i, i + 1000).map((id) => ({ Key: chave(id) })), Quiet: true } }));
        if (r.Errors?.length) throw new Error(`O armazenamento S3 não apagou ${r.Errors.length} anexo(s): ${r.Errors[0].Code} ${r.Errors[0].Message ?? ''}`);
      }
    },
  };
}
