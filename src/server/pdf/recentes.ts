import { createHash } from 'node:crypto';
import type { FichaPdf } from './fichaPdf';

/**
 * Receipts already built (issue 50: 70 requests for one receipt built it 70 times, and held the PDF queue):
 * the same document asked again while it is being built waits for that one build, and one built a moment
 * ago is served again. The key is the document's content (answers, language, payment state), so a receipt
 * whose payment is confirmed meanwhile is built anew. Per process, bounded in count and age.
 */
export function criarRecentes(o: { max: number; validadeMs: number }) {
  const prontos = new Map<string, { pdf: Buffer; ate: number }>();
  const emConstrucao = new Map<string, Promise<Buffer>>();
  return {
    obter(ficha: FichaPdf, construir: () => Promise<Buffer>): Promise<Buffer> {
      const chave = createHash('sha256').update(JSON.stringify(ficha)).digest('base64url');
      const pronto = prontos.get(chave);
      if (pronto && pronto.ate > Date.now()) return Promise.resolve(pronto.pdf);
      const atual = emConstrucao.get(chave);
      if (atual) return atual;
      const nova = construir()
        .then((pdf) => {
          prontos.delete(chave);
          prontos.set(chave, { pdf, ate: Date.now() + o.validadeMs });
          for (const velha of prontos.keys()) {
            if (prontos.size <= o.max) break;
            prontos.delete(velha);
          }
          return pdf;
        })
        .finally(() => emConstrucao.delete(chave));
      emConstrucao.set(chave, nova);
      return nova;
    },
  };
}
