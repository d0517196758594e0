import type { TRegra } from '../contrato/modelos';
import { traduzirCidadao, type ChaveCidadao, type IdiomaCidadao } from '../i18n/cidadao';
import { cpfValido } from '../forms/cpf';
import { cepNormalizado, cnpjValido, telefoneE164 } from '../forms/brasileiros';
import { lerReais } from '../forms/dinheiro';
import { formatarDataCompleta, hojeSaoPaulo } from '../i18n/datas';

const ISO_DATA = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The validation rules of SPEC.md section 5 and their messages. Pure: the element's fields, the
 * form builder's preview and the server all validate with this module, so the words match everywhere.
 */
/**
 * A rule with its parameters; the shape is the API contract's (src/contrato/modelos.ts). Date rules
 * take yyyy-MM-dd and use today in São Paulo, checked alike by the preview and the server; `protocolo`
 * is a form's protocol as the citizen's receipt shows it (year, dot, nine digits).
 */
export type Regra = TRegra;

export type TipoRegra = Regra['tipo'];

export interface Falha {
  regra: TipoRegra;
  chave: ChaveCidadao;
  params?: Record<string, number | string>;
}

type Valor = unknown;

function vazio(v: Valor): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/**
 * An e-mail address as people write it: no quoted or escaped local part (issue 50: `"victim"@x` and `"v\\ictim"@x`
 * reach victim@x and were counted apart by the per-recipient limits), no spaces, brackets or separators.
 */
const EMAIL = /^[^\s@"\\(),:;<>[\]]+@[^\s@"\\(),:;<>[\]]+\.[^\s@"\\(),:;<>[\]]+$/;
const INTEIRO = /^[-+]?\d+$/;
const DECIMAL = /^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/;

/** Reads "1.234,5", "1234.5" or a number as a number; NaN when it is not one. */
export function lerNumero(v: Valor): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return NaN;
  // Money typed with its sign ("R$ 1.234,56", issue 44) is a number too.
  const s = v.trim().replace(/^R\$\s*/, '');
  // A point before groups of three digits is a thousands separator ("2.000" is two thousand, as the decimal rule reads it).
  const normal = /,/.test(s) || /^[-+]?\d{1,3}(\.\d{3})+$/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s;
  return /^[-+]?(\d+(\.\d+)?|\.\d+)$/.test(normal) ? Number(normal) : NaN;
}

function urlValida(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

const texto = (v: Valor) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '');

/** Checks one rule. Rules other than `required` pass on an empty value: "optional but well-formed". */
export function checar(regra: Regra, v: Valor, hoje: string = hojeSaoPaulo()): Falha | null {
  const falha = (params?: Record<string, number | string>): Falha => ({ regra: regra.tipo, chave: `validacao.${regra.tipo}` as ChaveCidadao, params });
  if (regra.tipo === 'required') return vazio(v) ? falha() : null;
  if (vazio(v)) return null;
  const s = texto(v);
  switch (regra.tipo) {
    case 'email':
      return EMAIL.test(s) ? null : falha();
    case 'integer':
      return typeof v === 'number' ? (Number.isInteger(v) ? null : falha()) : INTEIRO.test(s) ? null : falha();
    case 'decimal':
      return typeof v === 'number' ? (Number.isFinite(v) ? null : falha()) : DECIMAL.test(s.replace(/\.(?=\d{3}(\D|$))/g, '')) ? null : falha();
    case 'url':
      return urlValida(s) ? null : falha();
    case 'cpf':
      return cpfValido(s) ? null : falha();
    case 'cnpj':
      return cnpjValido(s) ? null : falha();
    case 'telefone':
      return telefoneE164(s, regra.internacional) ? null : regra.internacional ? { ...falha(), chave: 'validacao.telefone-internacional' } : falha();
    case 'cep':
      return cepNormalizado(s) ? null : falha();
    // Money: as typed ("1.234,56", "R$ 5"), or a whole number of centavos as stored.
    case 'moeda':
      return (typeof v === 'number' ? Number.isInteger(v) && v >= 0 : lerReais(s) !== null) ? null : falha();
    case 'protocolo':
      return /^\d{4}\.\d{9}$/.test(s) ? null : falha();
    case 'minValue': {
      const n = lerNumero(v);
      return !Number.isNaN(n) && n < regra.min ? falha({ min: regra.min }) : null;
    }
    case 'maxValue': {
      const n = lerNumero(v);
      return !Number.isNaN(n) && n > regra.max ? falha({ max: regra.max }) : null;
    }
    case 'minLength':
      return [...s].length < regra.min ? falha({ min: regra.min }) : null;
    case 'maxLength':
      return [...(typeof v === 'string' ? v : s)].length > regra.max ? falha({ max: regra.max }) : null;
    // A date that is not yyyy-MM-dd fails the field's own type check; these compare only real dates.
    case 'dataNaoFutura':
      return ISO_DATA.test(s) && s > hoje ? falha() : null;
    case 'dataNaoPassada':
      return ISO_DATA.test(s) && s < hoje ? falha() : null;
    case 'dataMinima':
      return ISO_DATA.test(s) && s < regra.min ? falha({ min: formatarDataCompleta(regra.min) }) : null;
    case 'dataMaxima':
      return ISO_DATA.test(s) && s > regra.max ? falha({ max: formatarDataCompleta(regra.max) }) : null;
  }
}

/** The first failing rule, in the order given (put `required` first). */
export function validar(regras: readonly Regra[], v: Valor): Falha | null {
  for (const r of regras) {
    const f = checar(r, v);
    if (f) return f;
  }
  return null;
}

export function mensagem(falha: Falha, idioma: IdiomaCidadao = 'pt-BR'): string {
  return traduzirCidadao(idioma, falha.chave, falha.params);
}

/** Validates and returns the message in one step, or null when the value is acceptable. */
export function mensagemDe(regras: readonly Regra[], v: Valor, idioma: IdiomaCidadao = 'pt-BR'): string | null {
  const f = validar(regras, v);
  return f ? mensagem(f, idioma) : null;
}
