import type { Static } from 'typebox';
import type { Regra, TipoRegra } from '../validation/regras';
import type { Campo, Definicao as EsquemaDefinicao, Opcao as EsquemaOpcao, Secao as EsquemaSecao } from '../contrato/modelos';
import { emPortugues, type Tradutor } from '../i18n';


import { mensagemDe } from '../validation/regras';

import type { TipoCampo } from './vocabulario';

/**
 * A model's definition (DESIGN.md section 7): sections of fields, each with its type, label, help,
 * required flag, SPEC.md section 5 rules with their parameters, and options. Pure: the builder, the
 * preview, the citizen page and the server (saving, publishing, accepting answers) all use this module.
 */

/** A type's name as staff read it, in the catalogs (src/i18n): the palette, the type select, the rows. */
export const chaveTipo = (t: TipoCampo) => `tipo.${t}` as const;
export const chaveRequerente = (p: PapelRequerente) => `requerente.${p}` as const;

/** A new field's default label (the form's own content, written in pt-BR as the designer writes it). */
export const ROTULO_TIPO: Record<TipoCampo, string> = {
  texto: 'Texto',
  'texto-longo': 'Texto longo',
  inteiro: 'Número inteiro',
  decimal: 'Número decimal',
  email: 'E-mail',
  url: 'Endereço (URL)',
  data: 'Data',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  telefone: 'Telefone',
  moeda: 'Valor (R$)',
  cep: 'CEP',
  'escolha-unica': 'Escolha única',
  'escolha-multipla': 'Escolha múltipla',
  arquivo: 'Arquivo',
};

/** The definition's shape is the API contract's (src/contrato/modelos.ts): these are its types. */
export type Opcao = Static<typeof EsquemaOpcao>;

/** A question: `regras` are the rules besides `required` (which `obrigatorio` says) and the type's own check. */
export type CampoDefinicao = Static<typeof Campo>;

export type PapelRequerente = 'cpf' | 'nome' | 'email';

/** What a citizen's login tells (issue 21), and the field type each fills. */
export type DadoDoLogin = 'nome' | 'cpf' | 'email' | 'nascimento';
export const DADOS_DO_LOGIN: readonly DadoDoLogin[] = ['nome', 'cpf', 'email', 'nascimento'];
export const TIPO_DO_LOGIN: Record<DadoDoLogin, TipoCampo> = { nome: 'texto', cpf: 'cpf', email: 'email', nascimento: 'data' };

/** Which field type may say which part of who the requester is. */
export const TIPO_DO_REQUERENTE: Record<PapelRequerente, TipoCampo> = { cpf: 'cpf', nome: 'texto', email: 'email' };
export const ROTULO_REQUERENTE: Record<PapelRequerente, string> = { cpf: 'CPF do requerente', nome: 'Nome do requerente', email: 'E-mail do requerente' };

/** The field that holds each part of who the requester is. */
export function camposDoRequerente(d: Definicao | null | undefined): Partial<Record<PapelRequerente, CampoDefinicao>> {
  const r: Partial<Record<PapelRequerente, CampoDefinicao>> = {};
  for (const s of d?.secoes ?? []) for (const c of s.campos) if (c.requerente && !r[c.requerente]) r[c.requerente] = c;
  return r;
}

/** Where the citizen's confirmation goes (issue 21): the answer of the e-mail question marked for it, when valid. */
export function enderecoDeConfirmacao(d: Definicao | null | undefined, respostas: Record<string, unknown>): string | null {
  const c = d?.secoes.flatMap((s) => s.campos).find((x) => x.confirmacao && x.tipo === 'email');
  const v = c && Object.hasOwn(respostas, c.id) ? respostas[c.id] : undefined;
  return typeof v === 'string' && v.trim() && !mensagemDe([{ tipo: 'email' }], v.trim()) ? v.trim() : null;
}

export type Secao = Static<typeof EsquemaSecao>;
export type Definicao = Static<typeof EsquemaDefinicao>;

export const DEFINICAO_VAZIA: Definicao = { secoes: [] };

/** Which parameterised rules make sense on which field types. */
export const REGRAS_POR_TIPO: Record<TipoCampo, TipoRegra[]> = {
  texto: ['minLength', 'maxLength'],
  'texto-longo': ['minLength', 'maxLength'],
  inteiro: ['minValue', 'maxValue'],
  decimal: ['minValue', 'maxValue'],
  email: ['maxLength'],
  url: ['maxLength'],
  data: ['dataNaoFutura', 'dataNaoPassada', 'dataMinima', 'dataMaxima'],
  cpf: [],
  cnpj: [],
  telefone: [],
  moeda: ['minValue', 'maxValue'],
  cep: [],
  'escolha-unica': [],
  'escolha-multipla': [],
  arquivo: [],
};

/** The rule a type implies by itself (an e-mail field checks e-mails). */
const REGRA_DO_TIPO: Partial<Record<TipoCampo, Regra>> = {
  inteiro: { tipo: 'integer' },
  decimal: { tipo: 'decimal' },
  email: { tipo: 'email' },
  url: { tipo: 'url' },
  cpf: { tipo: 'cpf' },
  cnpj: { tipo: 'cnpj' },
  telefone: { tipo: 'telefone' },
  moeda: { tipo: 'moeda' },
  cep: { tipo: 'cep' },
};




export interface ProblemaDefinicao {
  /** Where, as a JSON-ish path: `secoes[0].campos[2].regras`. */
  caminho: string;
  mensagem: string;
}


/**
 * The maximum length of a text answer when the designer sets none (issue 33): an answer of any length was
 * accepted, stored, mailed and laid out in PDFs. GOV.UK Forms' limits, near enough: a line of text 500
 * characters, a long text 5,000; an e-mail address 254 (RFC 5321), an address 2,000.
 */
export const TAMANHO_MAXIMO_PADRAO: Partial<Record<TipoCampo, number>> = { texto: 500, 'texto-longo': 5000, email: 254, url: 2000 };

/** Every rule a field's answer is checked with, in order: required, the type's own, then its rules (and the default maximum length when it has none). */
export function regrasDoCampo(c: CampoDefinicao): Regra[] {
  const proprias = c.tipo === 'telefone' && c.internacional ? ({ tipo: 'telefone', internacional: true } as Regra) : REGRA_DO_TIPO[c.tipo];
  const padrao = TAMANHO_MAXIMO_PADRAO[c.tipo];
  const maximo = padrao !== undefined && !c.regras.some((r) => r.tipo === 'maxLength') ? [{ tipo: 'maxLength', max: padrao } as Regra] : [];
  return [...(c.obrigatorio ? [{ tipo: 'required' } as Regra] : []), ...(proprias ? [proprias] : []), ...c.regras, ...maximo];
}

export function problemaCodigoServico(codigo: string, t: Tradutor = emPortugues): string | null {
  if (!/^[A-Za-z0-9-]{3,40}$/.test(codigo)) return t('def.codigo-formato');
  if (codigo.toLowerCase() === 'novo') return t('def.codigo-reservado');
  return null;
}
