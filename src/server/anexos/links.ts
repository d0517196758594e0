import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { ehAnexo } from '../../forms/respostas';

/**
 * Signed, expiring download links for a delivery's receiver (issue 15): the receiver gets each
 * attachment's name, type, size and SHA-256 in the delivery, and a URL that downloads it without a
 * staff token until it expires. The signature is an HMAC-SHA256 of the attachment's id and the expiry
 * with a key derived from the operator's secrets key (SEGREDOS_CHAVE): nothing to store, nothing to
 * guess, and a link cannot be stretched or moved to another attachment.
 */
export interface LinksAnexos {
  /** A link for attachment `id`, valid for the configured time from `agora`. */
  gerar(id: string, agora?: number): { url: string; expiraEm: string };
  /** Whether a link's parts are genuine: 'ok', 'invalido' (not ours) or 'expirado'. */
  conferir(id: string, expira: number, assinatura: string, agora?: number): 'ok' | 'invalido' | 'expirado';
}

export const VALIDADE_PADRAO_H = 7 * 24;

export function criarLinksAnexos(o: { urlPublica: string; chaveSegredos: Buffer; validadeS: number }): LinksAnexos {
  const chave = Buffer.from(hkdfSync('sha256', o.chaveSegredos, Buffer.alloc(0), 'console-formularios/links-de-anexos', 32));
  const assinar = (id: string, expira: number) => createHmac('sha256', chave).update(`${id.toLowerCase()}.${expira}`).digest('base64url');
  return {
    gerar(id, agora = Date.now()) {
      const expira = Math.floor(agora / 1000) + o.validadeS;
      return { url: `${o.urlPublica}/api/publico/anexos/${id}?expira=${expira}&assinatura=${assinar(id, expira)}`, expiraEm: new Date(expira * 1000).toISOString() };
    },
    conferir(id, expira, assinatura, agora = Date.now()) {
      const esperada = Buffer.from(assinar(id, expira));
      const dada = Buffer.from(assinatura);
      if (dada.length !== esperada.length || !timingSafeEqual(dada, esperada)) return 'invalido';
      return expira * 1000 < agora ? 'expirado' : 'ok';
    },
  };
}

/** The answers as a receiver gets them: each attachment with its download link (`url`, `urlExpiraEm`). */
export function comLinks(respostas: Record<string, unknown>, links: Pick<LinksAnexos, 'gerar'>, agora = Date.now()): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(respostas).map(([k, v]) => {
      if (!ehAnexo(v)) return [k, v];
      const { url, expiraEm } = links.gerar(v.anexo, agora);
      return [k, { ...v, url, urlExpiraEm: expiraEm }];
    }),
  );
}
