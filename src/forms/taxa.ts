import type { Definicao } from './definicao';
import { calcular, semCalculados } from './calculos';
import { centavosDoValor, formatarReais, lerReais, reaisDoCampo } from './dinheiro';

export { centavosDoValor, formatarReais, lerReais, reaisDoCampo };

/**
 * A fee a form charges (issue 38), paid by Pix: a fixed value, or one chosen by the answer of a single-choice
 * question (option → value). Values in centavos, never floats. Pure: the builder, the citizen's page (the amount
 * shown before sending and on the check step) and the server (the charge) use the same rule.
 */
/** The fee's shape is the API contract's (`definicao.taxa`, src/contrato/modelos.ts). */
export type Taxa = NonNullable<Definicao['taxa']>;


/** The fee of these answers, in centavos; null when the form charges nothing or the answer that sets it is missing. */
export function valorDaTaxa(d: Definicao, respostas: Record<string, unknown>): number | null {
  const taxa = d.taxa;
  if (!taxa) return null;
  // A calculated value (issue 43): computed here from the answers, never read from what was sent.
  if (taxa.calculo) {
    const v = calcular(d, semCalculados(d, respostas)).valores[taxa.calculo];
    return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
  }
  if (taxa.porResposta) {
    const v = respostas[taxa.porResposta.campo];
    return typeof v === 'string' && Number.isInteger(taxa.porResposta.valores[v]) ? taxa.porResposta.valores[v] : null;
  }
  return Number.isInteger(taxa.valorCentavos) ? taxa.valorCentavos! : null;
}


/** The life of a charge: not at the PSP yet, payable, paid, expired (renewable once). */
export const STATUS_COBRANCA = ['CRIANDO', 'ATIVA', 'PAGA', 'EXPIRADA'] as const;
export type StatusCobranca = (typeof STATUS_COBRANCA)[number];

/** The charge's amount as the API Pix writes it: "12.50". */
export const valorPix = (centavos: number): string => (centavos / 100).toFixed(2);


/** A Pix key's form: CPF or CNPJ (digits), e-mail, +55 phone, or a random key (EVP, a UUID). */
export function chavePixValida(chave: string): boolean {
  const c = chave.trim();
  return /^\d{11}$/.test(c) || /^\d{14}$/.test(c) || /^\+55\d{10,11}$/.test(c) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c) && c.length <= 77 || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(c);
}

/**
 * The charge's txid from the form's protocol (`[a-zA-Z0-9]{26,35}`, as the API Pix requires): "CF" and the
 * protocol's digits, padded to 26 — one charge per form, found again from its protocol.
 */
export function txidDoProtocolo(protocolo: string): string {
  const digitos = protocolo.replace(/\D/g, '');
  return `CF${digitos.padStart(26, '0')}`;
}



/** The fee set, or taken away (null). */
export function definirTaxa(d: Definicao, taxa: Taxa | null): Definicao {
  const { taxa: _, ...resto } = d;
  return taxa ? { ...resto, taxa } : resto;
}
