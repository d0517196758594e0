import { isValidCnpj, isValidLandlinePhone, isValidMobilePhone } from '@brazilian-utils/brazilian-utils';

/**
 * Brazilian fields (issue 44): CNPJ (the numeric one and the alphanumeric one the Receita Federal issues from
 * 2026, checked by @brazilian-utils/brazilian-utils) and phone numbers (DDD and number, mobile or landline, kept
 * in E.164). Pure: the citizen's field, the server's check and storage, and every place an answer is read.
 */

/** A CNPJ's 14 characters: digits and, in the new format, capital letters in the first twelve. */
export const cnpjNormalizado = (s: string): string => s.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** A CNPJ whose check digits are right, numeric or alphanumeric, typed with or without its punctuation. */
export const cnpjValido = (s: string): boolean => isValidCnpj(s, { version: 2 } as Parameters<typeof isValidCnpj>[1]);

/** "12.ABC.345/01DE-35": a CNPJ as it is printed (what is not one is left as typed). */
export function formatarCnpj(s: string): string {
  const n = cnpjNormalizado(s);
  return n.length === 14 ? `${n.slice(0, 2)}.${n.slice(2, 5)}.${n.slice(5, 8)}/${n.slice(8, 12)}-${n.slice(12)}` : s;
}

/**
 * A Brazilian phone as typed ("(11) 98765-4321", "11 3234-5678", "+55 11 98765 4321", "011 98765-4321") in E.164
 * ("+5511987654321"); null when it is no valid number with its DDD. With `internacional` (a question that accepts
 * numbers of other countries, issue 45), a number typed with + and another country's code is taken as E.164 when it
 * has E.164's length (8 to 15 digits, no leading zero).
 */
export function telefoneE164(s: string, internacional = false): string | null {
  let d = s.replace(/\D/g, '');
  if (s.trim().startsWith('+')) {
    if (!d.startsWith('55')) return internacional && /^[1-9]\d{7,14}$/.test(d) ? `+${d}` : null;
    d = d.slice(2);
  } else if (d.length > 11 && d.startsWith('0')) d = d.replace(/^0+/, '');
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2);
  if (d.startsWith('0')) d = d.slice(1);
  // Mobile (11 digits) or landline (10): service numbers (0800, 190) are no one's phone.
  return (d.length === 11 ? isValidMobilePhone(d) : d.length === 10 && isValidLandlinePhone(d)) ? `+55${d}` : null;
}

/** "(11) 98765-4321" / "(11) 3234-5678": a phone as Brazilians read it, from E.164 or as typed (else as given). */
export function formatarTelefone(s: string): string {
  const e = telefoneE164(s);
  if (!e) return s;
  const d = e.slice(3);
  const meio = d.length === 11 ? 7 : 6;
  return `(${d.slice(0, 2)}) ${d.slice(2, meio)}-${d.slice(meio)}`;
}

/** A CEP's eight digits, or null when what is typed is no CEP ("01001-000", "01001000"). */
export function cepNormalizado(s: string): string | null {
  const d = s.replace(/[\s.-]/g, '');
  return /^\d{8}$/.test(d) ? d : null;
}

/** "01001-000": a CEP as it is printed (what is not one is left as typed). */
export function formatarCep(s: string): string {
  const d = cepNormalizado(s);
  return d ? `${d.slice(0, 5)}-${d.slice(5)}` : s;
}

/** What a CEP determines, as the API answers it (`GET /api/publico/cep/{cep}`). */
export interface EnderecoCep {
  cep: string;
  logradouro: string;
  bairro: string;
  cidade: string;
  uf: string;
}

/** The parts of an address a CEP fills, in the order a form asks them. */
export const PARTES_ENDERECO = ['logradouro', 'bairro', 'cidade', 'uf'] as const;
export type ParteEndereco = (typeof PARTES_ENDERECO)[number];
