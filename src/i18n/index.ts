import { en } from './en';
import { ptBR, type ChaveTexto } from './pt-BR';

export type { ChaveTexto };
export type Parametros = Record<string, string | number>;
export type Idioma = 'pt-BR' | 'en';

const CATALOGOS: Record<Idioma, Partial<Record<ChaveTexto, string>>> = { 'pt-BR': ptBR, en };

/** Reads an attribute value ("pt-BR", "pt", "en-US"...) as one of the catalogs; pt-BR by default. */
export function idiomaDe(valor: string | undefined | null): Idioma {
  return valor && /^en\b/i.test(valor) ? 'en' : 'pt-BR';
}

/**
 * The plural category of `n`: Intl.PluralRules, except that zero takes the plural in Portuguese too
 * ("0 campos"; CLDR files 0 under "one" for pt, which reads wrong to a Brazilian).
 */
function categoria(n: number, idioma: Idioma): Intl.LDMLPluralRule {
  return n === 0 ? 'other' : new Intl.PluralRules(idioma).select(n);
}

const FORMA = '(?:[^{}]|\\{\\w+\\})*';
const PLURAL = new RegExp(`\\{(\\w+), plural,((?:\\s*(?:=\\d+|zero|one|two|few|many|other)\\s*\\{${FORMA}\\})+)\\s*\\}`, 'g');
const OPCAO = new RegExp(`(=\\d+|zero|one|two|few|many|other)\\s*\\{(${FORMA})\\}`, 'g');

/**
 * Singular and plural by the language's own rules (Intl.PluralRules), in the ICU message shape the
 * catalogs use: `{total, plural, =0 {Nenhum registro} one {# registro} other {# registros}}`; `#` is the
 * number as the language writes it.
 */
function pluralizar(texto: string, params: Parametros, idioma: Idioma): string {
  return texto.replace(PLURAL, (m, k: string, opcoes: string) => {
    if (!Object.hasOwn(params, k)) return m;
    const n = Number(params[k]);
    const formas = Object.fromEntries([...opcoes.matchAll(OPCAO)].map((o) => [o[1], o[2]]));
    const forma = formas[`=${n}`] ?? formas[categoria(n, idioma)] ?? formas.other ?? '';
    return forma.replace(/#/g, n.toLocaleString(idioma));
  });
}

function interpolar(texto: string, params: Parametros | undefined, idioma: Idioma): string {
  if (!params) return texto;
  // Plural forms may hold plain placeholders ("{n, plural, one {O grupo {grupo}…}}"): the form is chosen
  // and its # written first, the values go in after (a value holding "#" or braces stays as it is).
  return pluralizar(texto, params, idioma).replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(params, k) ? String(params[k]) : m));
}

/** "1 campo", "0 campos", "2 campos": a count with its noun in the language's singular or plural. */
export function contar(n: number, um: string, varios: string, idioma: Idioma = 'pt-BR'): string {
  return `${n.toLocaleString(idioma)} ${categoria(n, idioma) === 'one' ? um : varios}`;
}

/**
 * The text of `chave` in `idioma`. SPEC.md: default pt-BR, fallback en; a key missing from the chosen
 * catalog falls back key by key (en -> pt-BR, pt-BR -> en), then to the key itself.
 */
export function traduzir(idioma: Idioma, chave: ChaveTexto, params?: Parametros): string {
  const outro: Idioma = idioma === 'en' ? 'pt-BR' : 'en';
  const texto = CATALOGOS[idioma][chave] ?? CATALOGOS[outro][chave] ?? chave;
  return interpolar(texto, params, idioma);
}

export type Tradutor = (chave: ChaveTexto, params?: Parametros) => string;

export function tradutor(idioma: Idioma): Tradutor {
  return (chave, params) => traduzir(idioma, chave, params);
}

/** pt-BR: the API's language, and the default of every pure module that writes sentences. */
export const emPortugues: Tradutor = tradutor('pt-BR');
