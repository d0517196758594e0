import type { CampoDefinicao, Definicao } from './definicao';
import { checar } from '../validation/regras';
import { telefoneE164 } from './brasileiros';

/**
 * Verified contact (issue 45): an e-mail or phone question marked `verificado` is proved by a one-time code sent
 * to it before the form is sent. Pure: which questions are verified, the one form of a value that a code and its
 * proof are bound to, and the rules' numbers (FormSG's, with a 10-minute code).
 */
export const REGRAS_VERIFICACAO = {
  digitos: 6,
  /** How long a code is good for. */
  validadeMinutos: 10,
  /** Between two codes to the same question and value. */
  esperaReenvioSegundos: 30,
  /** Codes to the same question and value. */
  enviosPorValor: 10,
  /** Wrong codes before the value needs a new one (counted before the comparison). */
  tentativas: 4,
  /** How long a proof is taken by a submission after the code was confirmed. */
  provaHoras: 24,
} as const;

/** A model's SMS codes a month when its definition does not say (`verificacao.smsPorMes`). */
export const ORCAMENTO_SMS_PADRAO = 1000;

export type CanalVerificacao = 'EMAIL' | 'SMS';

/** The verified questions a submission must prove (not those inside repeated sections: one value each). */
export function camposVerificados(d: Definicao | null | undefined): CampoDefinicao[] {
  return (d?.secoes ?? []).filter((s) => !s.repeticao).flatMap((s) => s.campos).filter((c) => c.verificado && (c.tipo === 'email' || c.tipo === 'telefone'));
}

export const canalDe = (c: Pick<CampoDefinicao, 'tipo'>): CanalVerificacao => (c.tipo === 'telefone' ? 'SMS' : 'EMAIL');

/** Whether the model sends SMS codes (a phone question confirmed by code): its budget then matters. */
export const enviaSms = (d: Definicao | null | undefined): boolean => camposVerificados(d).some((c) => canalDe(c) === 'SMS');

/** The model's SMS codes a month: its `verificacao.smsPorMes`, else ORCAMENTO_SMS_PADRAO. */
export const orcamentoSms = (d: Definicao | null | undefined): number => d?.verificacao?.smsPorMes ?? ORCAMENTO_SMS_PADRAO;

/**
 * Where a code for `valor` goes, in its one form: an e-mail address in lower case, a phone in E.164 (Brazilian
 * numbers, and others only where the question accepts them); null when the value is none.
 */
export function destinoDe(c: Pick<CampoDefinicao, 'tipo' | 'internacional'>, valor: unknown): string | null {
  if (typeof valor !== 'string' || !valor.trim()) return null;
  if (c.tipo === 'telefone') return telefoneE164(valor, c.internacional);
  const s = valor.trim().toLowerCase();
  return checar({ tipo: 'email' }, s) ? null : s;
}

/** A destination as shown to someone who did not type it: "m***@exemplo.gov.br", "+55 11 *****-4321", "+351 *****5678". */
export function destinoMascarado(destino: string): string {
  if (destino.startsWith('+55')) return `${destino.slice(0, 3)} ${destino.slice(3, 5)} *****-${destino.slice(-4)}`;
  if (destino.startsWith('+')) return `${destino.slice(0, 4)} *****${destino.slice(-4)}`;
  const [nome, dominio] = destino.split('@');
  return `${nome.slice(0, 1)}***@${dominio}`;
}
