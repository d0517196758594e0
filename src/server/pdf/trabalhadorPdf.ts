/**
 * One PDF worker thread (issue 33): builds the documents the pool in `gerador.ts` sends it, one at a time,
 * so the layout's CPU never holds the API's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { gerarFichaPdf, type FichaPdf } from './fichaPdf';

parentPort!.on('message', async (m: { id: number; ficha: FichaPdf }) => {
  try {
    const pdf = await gerarFichaPdf(m.ficha);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort!.postMessage({ id: m.id, pdf: bytes }, [bytes.buffer]);
  } catch (e) {
    parentPort!.postMessage({ id: m.id, erro: (e as Error).message });
  }
});
