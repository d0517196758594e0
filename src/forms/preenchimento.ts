import { traduzir, type Idioma } from '../i18n';
import { mensagemDe } from '../validation/regras';
import { regrasDoCampo, type CampoDefinicao, type Definicao } from './definicao';

/**
 * A citizen's answers checked against a definition, with SPEC.md's pt-BR messages. Pure: the builder's
 * live preview checks as one types, and the server checks a submission with this same function.
 * Answers: text as typed; dates as yyyy-MM-dd; multiple choice as a list of option values; a file as
 * `{ nome, tamanho }`.
 */
export type Respostas = Record<string, unknown>;

const ISO = /^\d{4}-\d{2}-\d{2}$/;

function dataValida(v: string): boolean {
  if (!ISO.test(v)) return false;
  const [a, m, d] = v.split('-').map(Number);
  const x = new Date(Date.UTC(a, m - 1, d));
  return x.getUTCFullYear() === a && x.getUTCMonth() === m - 1 && x.getUTCDate() === d;
}

/** The message for one field's answer, or null when it is acceptable. */
export function erroDoCampo(c: CampoDefinicao, valor: unknown, idioma: Idioma = 'pt-BR'): string | null {
  const regra = mensagemDe(regrasDoCampo(c), valor, idioma);
  if (regra) return regra;
  const vazio = valor === undefined || valor === null || valor === '' || (Array.isArray(valor) && !valor.length);
  if (vazio) return null;
  const opcoes = new Set((c.opcoes ?? []).map((o) => o.valor));
  switch (c.tipo) {
    case 'data':
      return typeof valor === 'string' && dataValida(valor) ? null : traduzir(idioma, 'validacao.date');
    case 'escolha-unica':
      return typeof valor === 'string' && opcoes.has(valor) ? null : traduzir(idioma, 'validacao.opcao');
    case 'escolha-multipla':
      return Array.isArray(valor) && valor.every((v) => typeof v === 'string' && opcoes.has(v)) ? null : traduzir(idioma, 'validacao.opcao');
    case 'arquivo':
      return typeof valor === 'object' && typeof (valor as { nome?: unknown }).nome === 'string' ? null : traduzir(idioma, 'validacao.arquivo');
    default:
      return typeof valor === 'string' || typeof valor === 'number' ? null : traduzir(idioma, 'validacao.texto');
  }
}

/** Every field's message, by field id (fields without a problem are left out). */
export function errosDasRespostas(d: Definicao, r: Respostas, idioma: Idioma = 'pt-BR'): Record<string, string> {
  const erros: Record<string, string> = {};
  for (const s of d.secoes) for (const c of s.campos) {
    const e = erroDoCampo(c, r[c.id], idioma);
    if (e) erros[c.id] = e;
  }
  return erros;
}
