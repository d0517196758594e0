import { traduzirCidadao as traduzir, type IdiomaCidadao as Idioma } from '../i18n/cidadao';
import { lerData } from '../i18n/datas';
import { mensagemDe } from '../validation/regras';
import { chaveNoItem, itensDe, visiveis } from './condicoes';
import { calcular } from './calculos';
import { centavosDaResposta } from './dinheiro';
import { cnpjNormalizado, formatarCep, telefoneE164 } from './brasileiros';
import { regrasDoCampo, type CampoDefinicao, type Definicao, type Secao } from './definicao';

/**
 * A citizen's answers checked against a definition, with SPEC.md's pt-BR messages. Pure: the builder's
 * live preview checks as one types, and the server checks a submission with this same function.
 * Answers: text as typed; dates as yyyy-MM-dd; multiple choice as a list of option values; a file as
 * `{ anexo: id }` (uploaded first) or, as before uploads existed, `{ nome, tamanho }`.
 */
export type Respostas = Record<string, unknown>;

const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** What the date field sends while what was typed is no date: dd/mm/aaaa or dd/mm/aa, digits in place. */
const FORMA_DIGITADA = /^\s*\d{1,2}\/\d{1,2}\/(\d{2}|\d{4})\s*$/;

/**
 * Why a date answer is refused (issue 35): a date in the right shape that no calendar has (31/02/2020 as
 * typed, 2020-02-31 through the API) "does not exist"; anything else is in the wrong format.
 */
export function problemaData(v: unknown): 'validacao.date' | 'validacao.data-inexistente' {
  if (typeof v !== 'string') return 'validacao.date';
  if (ISO.test(v) || (FORMA_DIGITADA.test(v) && !lerData(v))) return 'validacao.data-inexistente';
  return 'validacao.date';
}

function dataValida(v: string): boolean {
  if (!ISO.test(v)) return false;
  const [a, m, d] = v.split('-').map(Number);
  const x = new Date(Date.UTC(a, m - 1, d));
  return x.getUTCFullYear() === a && x.getUTCMonth() === m - 1 && x.getUTCDate() === d;
}

/** Largest size a file answer may declare (2 GiB): -1, 1e308 or a fraction are no file's size. */
export const TAMANHO_ARQUIVO_MAXIMO = 2 ** 31;

/** An uploaded attachment's id (the upload route's answer), as a file answer refers to it. */
export const ID_ANEXO = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function problemaArquivo(v: unknown): 'validacao.arquivo' | 'validacao.arquivoTamanho' | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'validacao.arquivo';
  // An uploaded file: the server checks the id against what was uploaded to this field.
  if ('anexo' in v) return typeof v.anexo === 'string' && ID_ANEXO.test(v.anexo) ? null : 'validacao.arquivo';
  const { nome, tamanho } = v as { nome?: unknown; tamanho?: unknown };
  if (typeof nome !== 'string' || !nome.trim() || nome.length > 255) return 'validacao.arquivo';
  const ok = tamanho === undefined || (Number.isInteger(tamanho) && (tamanho as number) >= 0 && (tamanho as number) <= TAMANHO_ARQUIVO_MAXIMO);
  return ok ? null : 'validacao.arquivoTamanho';
}

/**
 * What a field says under its label besides the designer's help (issue 35: no placeholders, which vanish
 * as one types and were in pt-BR in every language): a number's range, never a value its own rules refuse
 * (an integer with a minimum of 10 used to show 0), and a date's example with the year in full.
 */
export function dicaDoCampo(c: CampoDefinicao, idioma: Idioma = 'pt-BR'): string | undefined {
  if (c.tipo === 'data') return traduzir(idioma, 'preenchimento.exemplo-data');
  if (c.tipo === 'cnpj' || c.tipo === 'telefone' || c.tipo === 'moeda' || c.tipo === 'cep') return traduzir(idioma, `preenchimento.exemplo-${c.tipo}`);
  if (c.tipo !== 'inteiro' && c.tipo !== 'decimal') return undefined;
  const min = (c.regras.find((r) => r.tipo === 'minValue') as { min?: number } | undefined)?.min;
  const max = (c.regras.find((r) => r.tipo === 'maxValue') as { max?: number } | undefined)?.max;
  const n = (v: number) => v.toLocaleString(idioma);
  // A whole number says so (issue 50: "De 1 a 200." and then 3,5 refused).
  const inteiro = c.tipo === 'inteiro';
  if (min !== undefined && max !== undefined) return traduzir(idioma, inteiro ? 'preenchimento.inteiro-de-ate' : 'preenchimento.de-ate', { min: n(min), max: n(max) });
  if (min !== undefined) return traduzir(idioma, inteiro ? 'preenchimento.inteiro-a-partir' : 'preenchimento.a-partir', { min: n(min) });
  if (max !== undefined) return traduzir(idioma, inteiro ? 'preenchimento.inteiro-ate' : 'preenchimento.ate', { max: n(max) });
  return inteiro ? traduzir(idioma, 'preenchimento.inteiro') : undefined;
}

/** The answer to field `id`: own properties only (a field named "constructor" is not Object's). */
export const respostaDe = (r: Respostas, id: string): unknown => (Object.hasOwn(r, id) ? r[id] : undefined);

/** The message for one field's answer, or null when it is acceptable. */
export function erroDoCampo(c: CampoDefinicao, valor: unknown, idioma: Idioma = 'pt-BR'): string | null {
  const regra = mensagemDe(regrasDoCampo(c), valor, idioma);
  if (regra) return regra;
  const vazio = valor === undefined || valor === null || valor === '' || (Array.isArray(valor) && !valor.length);
  if (vazio) return null;
  const opcoes = new Set((c.opcoes ?? []).map((o) => o.valor));
  switch (c.tipo) {
    case 'data':
      return typeof valor === 'string' && dataValida(valor) ? null : traduzir(idioma, problemaData(valor));
    case 'escolha-unica':
      return typeof valor === 'string' && opcoes.has(valor) ? null : traduzir(idioma, 'validacao.opcao');
    case 'escolha-multipla':
      return Array.isArray(valor) && valor.every((v) => typeof v === 'string' && opcoes.has(v)) ? null : traduzir(idioma, 'validacao.opcao');
    case 'arquivo':
      return problemaArquivo(valor) ? traduzir(idioma, problemaArquivo(valor)!) : null;
    default:
      return typeof valor === 'string' || typeof valor === 'number' ? null : traduzir(idioma, 'validacao.texto');
  }
}

/** Every shown field's message, by field id (hidden fields and those without a problem are left out); `v`: what shows, when the caller has it already. */
export function errosDasRespostas(d: Definicao, r: Respostas, idioma: Idioma = 'pt-BR', v = visiveis(d, r), exigidos = calcular(d, r).exigidos): Record<string, string> {
  const erros: Record<string, string> = {};
  // A question a rule makes required for these answers (issue 43) is checked as a required one.
  const comRegra = (c: CampoDefinicao): CampoDefinicao => (exigidos.has(c.id) && !c.obrigatorio ? { ...c, obrigatorio: true } : c);
  for (const s of d.secoes) {
    if (s.repeticao) {
      // A repeating section (issue 21): its number of items, then each item's questions, by `secao[i].campo`.
      const itens = v.entradas.get(s.id);
      if (!itens) continue;
      const e = erroDaRepeticao(s, respostaDe(r, s.id), idioma);
      if (e) erros[s.id] = e;
      const valores = itensDe(r, s.id);
      itens.forEach((mostrados, i) => {
        for (const c of s.campos) {
          if (!mostrados.has(c.id)) continue;
          const x = erroDoCampo(comRegra(c), respostaDe(valores[i], c.id), idioma);
          if (x) erros[chaveNoItem(s.id, i, c.id)] = x;
        }
      });
      continue;
    }
    for (const c of s.campos) {
      if (!v.campos.has(c.id)) continue;
      const e = erroDoCampo(comRegra(c), respostaDe(r, c.id), idioma);
      if (e) erros[c.id] = e;
    }
  }
  return erros;
}

/** How many items a repeating section has, against its minimum and maximum (null when within them). */
export function erroDaRepeticao(s: Secao, valor: unknown, idioma: Idioma = 'pt-BR'): string | null {
  if (!s.repeticao) return null;
  const { minimo, maximo } = s.repeticao;
  if (valor !== undefined && valor !== null && !(Array.isArray(valor) && valor.every((x) => x && typeof x === 'object' && !Array.isArray(x)))) return traduzir(idioma, 'validacao.itens');
  const n = Array.isArray(valor) ? valor.length : 0;
  if (n < minimo) return traduzir(idioma, 'validacao.itens-minimo', { n: minimo });
  if (n > maximo) return traduzir(idioma, 'validacao.itens-maximo', { n: maximo });
  return null;
}

/**
 * The answers' names the definition does not have: at the top, and inside the items of a repeating
 * section (`dependentes[0].apelido`). The server refuses them with a field error each.
 */
export function chavesDesconhecidas(d: Definicao, r: Respostas): string[] {
  const topo = new Set(d.secoes.flatMap((s) => (s.repeticao ? [s.id] : s.campos.map((c) => c.id))));
  const fora = Object.keys(r).filter((k) => !topo.has(k));
  for (const s of d.secoes) {
    if (!s.repeticao) continue;
    const proprios = new Set(s.campos.map((c) => c.id));
    itensDe(r, s.id).forEach((item, i) => fora.push(...Object.keys(item).filter((k) => !proprios.has(k)).map((k) => chaveNoItem(s.id, i, k))));
  }
  return fora;
}

/**
 * A draft's answers checked as a submission's are, but partial (issue 33): nothing is required and a
 * repeating section may have fewer items than its minimum, yet every answer present must be of its
 * question's type and within its limits (a draft held a 65,000-character "CPF").
 */
export function errosDoRascunho(d: Definicao, r: Respostas, idioma: Idioma = 'pt-BR'): Record<string, string> {
  const parcial: Definicao = { ...d, secoes: d.secoes.map((s) => ({ ...s, ...(s.repeticao ? { repeticao: { ...s.repeticao, minimo: 0 } } : {}), campos: s.campos.map((c) => ({ ...c, obrigatorio: false })) })) };
  // Nor does a rule make anything required in a draft.
  return errosDasRespostas(parcial, r, idioma, undefined, new Set());
}

/**
 * File questions whose answer names no upload (issue 33): a submission's file answer must be `{ anexo: id }`.
 * The shape from before uploads (`{ nome, tamanho }`) created an attachment entry with no file behind it;
 * stored forms keep showing theirs, new submissions are refused. The builder's preview still describes a
 * chosen file that way, locally.
 */
export function arquivosSemEnvio(d: Definicao, r: Respostas): string[] {
  return d.secoes.filter((s) => !s.repeticao).flatMap((s) => s.campos).filter((c) => {
    const v = respostaDe(r, c.id);
    return c.tipo === 'arquivo' && v !== undefined && v !== null && v !== '' && !(typeof v === 'object' && !Array.isArray(v) && 'anexo' in v);
  }).map((c) => c.id);
}

/** One accepted answer as it is kept (issue 44): a phone in E.164, money in integer centavos, a CNPJ's 14 characters. */
function guardada(c: CampoDefinicao, v: unknown): unknown {
  if (typeof v !== 'string' || !v.trim()) return v;
  if (c.tipo === 'telefone') return telefoneE164(v, c.internacional) ?? v;
  if (c.tipo === 'moeda') return centavosDaResposta(v) ?? v;
  if (c.tipo === 'cnpj') return cnpjNormalizado(v);
  if (c.tipo === 'cep') return formatarCep(v);
  return v;
}

/** Accepted answers as they are stored and delivered: each Brazilian field in its one form, inside repeating items too. */
export function respostasGuardadas(d: Definicao, r: Respostas): Respostas {
  const saida: Respostas = { ...r };
  for (const s of d.secoes) {
    if (s.repeticao) {
      if (Array.isArray(r[s.id])) saida[s.id] = itensDe(r, s.id).map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => { const c = s.campos.find((x) => x.id === k); return [k, c ? guardada(c, v) : v]; })));
      continue;
    }
    for (const c of s.campos) if (Object.hasOwn(r, c.id)) saida[c.id] = guardada(c, r[c.id]);
  }
  return saida;
}
