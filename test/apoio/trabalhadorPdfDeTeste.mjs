/**
 * A stand-in for the PDF worker thread (src/server/pdf/trabalhadorPdf.ts), for the queue's unit test: it "builds" a
 * document by waiting `ficha.ms` milliseconds and answers the document's protocol as its bytes, so the test reads who
 * was served in which order; `ficha.falhar` makes it answer an error, `ficha.morrer` makes the thread throw.
 */
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, ficha }) => {
  if (ficha.morrer) throw new Error('o trabalhador caiu');
  setTimeout(() => {
    if (ficha.falhar) parentPort.postMessage({ id, erro: 'falhou' });
    else parentPort.postMessage({ id, pdf: new TextEncoder().encode(ficha.protocolo) });
  }, ficha.ms ?? 5);
});
