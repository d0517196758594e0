import type { Definicao } from './definicao';
import type { IdiomaCidadao } from '../i18n/cidadao';
import { IDIOMAS_TRADUCAO, type IdiomaTraducao } from './vocabulario';

/**
 * A model in the citizen's language (issue 37). The definition is written in the main language (pt-BR) and may
 * be offered in others (`idiomas`); each text a citizen reads has a value per language in `traducoes`, under a
 * key that names where it is by ids (never by position): `campo.nome.rotulo`, `campo.estado-civil.opcao.casado`,
 * `secao.dependentes.item`. Values and answers never change with the language (an option's `valor` is one), so
 * the integration, the CSV and the analytics see one model. Pure: the builder, the element and the server use it.
 */

export const IDIOMA_PRINCIPAL = 'pt-BR' as const;

/** Each language by its own name (a switch a citizen reads whatever language the page is in). */
export const NOME_IDIOMA: Record<IdiomaCidadao, string> = { 'pt-BR': 'Português', en: 'English', es: 'Español' };

/** What kind of text: says where it is in the builder's "Traduções" view and which length limit it has. */
export type TipoTexto = 'nome' | 'descricao' | 'mensagemLimite' | 'titulo' | 'item' | 'rotulo' | 'ajuda' | 'opcao' | 'declaracao' | 'calculo' | 'bloqueio' | 'confiabilidade' | 'etapa';

/** The model's own texts, kept on the model (not in the definition): translated in the definition with the rest. */
export interface TextosDoModelo {
  nome: string;
  descricao?: string | null;
  mensagemLimite?: string | null;
}

export interface TextoTraduzivel {
  chave: string;
  tipo: TipoTexto;
  /** The text in the main language. */
  original: string;
  secaoId?: string;
  campoId?: string;
  /** For an option: its value (what identifies it). */
  valor?: string;
}

/** The longest a translation may be, by kind (the same as the original's limit). */
export const LIMITE_TRADUCAO: Record<TipoTexto, number> = { nome: 200, descricao: 2000, mensagemLimite: 500, titulo: 200, item: 60, rotulo: 200, ajuda: 1000, opcao: 200, declaracao: 5000, calculo: 200, bloqueio: 500, confiabilidade: 300, etapa: 120 };

/**
 * Every text of a model a citizen reads, in the order of the form, with its key: the model's name, description and
 * limit message, then each section's title and item name, each question's label, help and options, and the
 * declaration. Empty texts are left out (nothing to translate).
 */
export function textosTraduziveis(d: Definicao, m?: TextosDoModelo | null): TextoTraduzivel[] {
  const r: TextoTraduzivel[] = [];
  const por = (t: Omit<TextoTraduzivel, 'original'>, original: string | null | undefined) => original?.trim() && r.push({ ...t, original });
  if (m) {
    por({ chave: 'nome', tipo: 'nome' }, m.nome);
    por({ chave: 'descricao', tipo: 'descricao' }, m.descricao);
    por({ chave: 'mensagemLimite', tipo: 'mensagemLimite' }, m.mensagemLimite);
  }
  for (const s of d.secoes ?? []) {
    por({ chave: `secao.${s.id}.titulo`, tipo: 'titulo', secaoId: s.id }, s.titulo);
    por({ chave: `secao.${s.id}.item`, tipo: 'item', secaoId: s.id }, s.repeticao?.item);
    for (const c of s.campos ?? []) {
      por({ chave: `campo.${c.id}.rotulo`, tipo: 'rotulo', secaoId: s.id, campoId: c.id }, c.rotulo);
      por({ chave: `campo.${c.id}.ajuda`, tipo: 'ajuda', secaoId: s.id, campoId: c.id }, c.ajuda);
      for (const o of c.opcoes ?? []) por({ chave: `campo.${c.id}.opcao.${o.valor}`, tipo: 'opcao', secaoId: s.id, campoId: c.id, valor: o.valor }, o.rotulo);
    }
  }
  // Calculated values' names and blocking rules' messages (issue 43).
  for (const c of d.calculos ?? []) por({ chave: `calculo.${c.id}.rotulo`, tipo: 'calculo', secaoId: c.secao }, c.rotulo);
  for (const b of d.bloqueios ?? []) por({ chave: `bloqueio.${b.id}.mensagem`, tipo: 'bloqueio' }, b.mensagem);
  por({ chave: 'declaracao', tipo: 'declaracao' }, d.declaracao?.texto);
  // Why the model asks for a gov.br level (issue 44).
  por({ chave: 'confiabilidade.motivo', tipo: 'confiabilidade' }, d.confiabilidade?.motivo);
  // The steps after sending (issue 46): the citizen and the co-signers read their titles.
  for (const e of d.etapas ?? []) por({ chave: `etapa.${e.id}.titulo`, tipo: 'etapa' }, e.titulo);
  return r;
}

/** The languages a model is offered in: the main one first, then its others. */
export const idiomasDoModelo = (d: Definicao | null | undefined): IdiomaCidadao[] => [IDIOMA_PRINCIPAL, ...(d?.idiomas ?? [])];

/** A translation of `chave` in `idioma`, or null when missing (blank counts as missing). */
export function traducaoDe(d: Definicao, idioma: IdiomaCidadao, chave: string): string | null {
  if (idioma === IDIOMA_PRINCIPAL) return null;
  const v = d.traducoes?.[idioma]?.[chave];
  return typeof v === 'string' && v.trim() ? v : null;
}

/**
 * The definition as a citizen reads it in `idioma`: every text translated (the main language's where a translation
 * is missing), values untouched. Without translations (and in the main language) the same texts; either way
 * without `traducoes` and `idiomas`, which the page does not need.
 */
export function traduzirDefinicao(d: Definicao, idioma: IdiomaCidadao): Definicao {
  const { traducoes: _t, idiomas: _i, ...resto } = d;
  const oferecido = idioma !== IDIOMA_PRINCIPAL && (d.idiomas ?? []).includes(idioma as IdiomaTraducao);
  if (!oferecido) return resto;
  const em = (chave: string, original: string) => traducaoDe(d, idioma, chave) ?? original;
  return {
    ...resto,
    secoes: d.secoes.map((s) => ({
      ...s,
      titulo: em(`secao.${s.id}.titulo`, s.titulo),
      ...(s.repeticao ? { repeticao: { ...s.repeticao, ...(s.repeticao.item !== undefined ? { item: em(`secao.${s.id}.item`, s.repeticao.item) } : {}) } } : {}),
      campos: s.campos.map((c) => ({
        ...c,
        rotulo: em(`campo.${c.id}.rotulo`, c.rotulo),
        ...(c.ajuda !== undefined ? { ajuda: em(`campo.${c.id}.ajuda`, c.ajuda) } : {}),
        ...(c.opcoes ? { opcoes: c.opcoes.map((o) => ({ ...o, rotulo: em(`campo.${c.id}.opcao.${o.valor}`, o.rotulo) })) } : {}),
      })),
    })),
    ...(d.calculos ? { calculos: d.calculos.map((c) => ({ ...c, rotulo: em(`calculo.${c.id}.rotulo`, c.rotulo) })) } : {}),
    ...(d.bloqueios ? { bloqueios: d.bloqueios.map((b) => ({ ...b, mensagem: em(`bloqueio.${b.id}.mensagem`, b.mensagem) })) } : {}),
    ...(d.declaracao ? { declaracao: { texto: em('declaracao', d.declaracao.texto) } } : {}),
    ...(d.confiabilidade?.motivo ? { confiabilidade: { ...d.confiabilidade, motivo: em('confiabilidade.motivo', d.confiabilidade.motivo) } } : {}),
    ...(d.etapas ? { etapas: d.etapas.map((e) => ({ ...e, titulo: em(`etapa.${e.id}.titulo`, e.titulo) })) } : {}),
  };
}

/** The model's own texts in `idioma` (the main language's where a translation is missing). */
export function traduzirTextos<T extends TextosDoModelo>(d: Definicao, m: T, idioma: IdiomaCidadao): T {
  if (idioma === IDIOMA_PRINCIPAL || !(d.idiomas ?? []).includes(idioma as IdiomaTraducao)) return m;
  const em = (chave: string, original: string | null | undefined) => (original?.trim() ? (traducaoDe(d, idioma, chave) ?? original) : original);
  return { ...m, nome: em('nome', m.nome)!, descricao: em('descricao', m.descricao), mensagemLimite: em('mensagemLimite', m.mensagemLimite) };
}

/**
 * The language a citizen gets the model's texts in: the first of `preferidos` the model is offered in, else the
 * main one. `preferidos` in order (an attribute, the browser's languages, an Accept-Language read in order).
 */
export function idiomaDoConteudo(d: Definicao | null | undefined, preferidos: readonly (IdiomaCidadao | null)[]): IdiomaCidadao {
  const oferecidos = idiomasDoModelo(d);
  return preferidos.find((i): i is IdiomaCidadao => !!i && oferecidos.includes(i)) ?? IDIOMA_PRINCIPAL;
}

/** Each text with no translation in a language the model is offered in. */
export function traducoesQueFaltam(d: Definicao, m?: TextosDoModelo | null): { idioma: IdiomaTraducao; texto: TextoTraduzivel }[] {
  const textos = textosTraduziveis(d, m);
  return (d.idiomas ?? []).flatMap((idioma) => textos.filter((x) => !traducaoDe(d, idioma, x.chave)).map((texto) => ({ idioma, texto })));
}

/**
 * Only the translations of texts that still exist: a removed question takes its own away. A language no longer
 * offered keeps its translations (offering it again brings them back).
 */
export function podarTraducoes(d: Definicao, m?: TextosDoModelo | null): Definicao {
  if (!d.traducoes && !d.idiomas) return d;
  const chaves = new Set(textosTraduziveis(d, m).map((x) => x.chave));
  const traducoes: NonNullable<Definicao['traducoes']> = {};
  for (const idioma of IDIOMAS_TRADUCAO) {
    const deste = Object.entries(d.traducoes?.[idioma] ?? {}).filter(([k, v]) => chaves.has(k) && typeof v === 'string' && v.trim());
    if (deste.length) traducoes[idioma] = Object.fromEntries(deste);
  }
  const { traducoes: _t, idiomas, ...resto } = d;
  return { ...resto, ...(idiomas?.length ? { idiomas } : {}), ...(Object.keys(traducoes).length ? { traducoes } : {}) };
}

/** A translation set (or cleared, with an empty text) in `idioma`. */
export function definirTraducao(d: Definicao, idioma: IdiomaTraducao, chave: string, texto: string): Definicao {
  const { [chave]: _, ...outras } = d.traducoes?.[idioma] ?? {};
  const deste = texto.trim() ? { ...outras, [chave]: texto } : outras;
  return { ...d, traducoes: { ...d.traducoes, [idioma]: deste } };
}

/** A language offered or no longer (its translations are kept). */
export function oferecerIdioma(d: Definicao, idioma: IdiomaTraducao, sim: boolean): Definicao {
  const atuais = d.idiomas ?? [];
  const idiomas = sim ? IDIOMAS_TRADUCAO.filter((i) => i === idioma || atuais.includes(i)) : atuais.filter((i) => i !== idioma);
  const { idiomas: _, ...resto } = d;
  return idiomas.length ? { ...resto, idiomas } : resto;
}

/**
 * A model as a citizen reads it: the language of its texts (the first of `preferidos` it is offered in, else the
 * main one), the languages it is offered in, and its definition and own texts in that language.
 */
export function modeloNoIdioma<T extends TextosDoModelo>(d: Definicao, textos: T, preferidos: readonly IdiomaCidadao[]) {
  const idioma = idiomaDoConteudo(d, preferidos);
  return { idioma, idiomas: idiomasDoModelo(d), definicao: traduzirDefinicao(d, idioma), textos: traduzirTextos(d, textos, idioma) };
}

/** A stored form's model in the language it was filled in (the receipt, the confirmation e-mail). */
export function formularioNoIdioma<T extends { definicao: Definicao | null; modelo: string; idioma: IdiomaCidadao }>(f: T): T {
  if (!f.definicao) return f;
  return { ...f, definicao: traduzirDefinicao(f.definicao, f.idioma), modelo: traduzirTextos(f.definicao, { nome: f.modelo }, f.idioma).nome };
}
