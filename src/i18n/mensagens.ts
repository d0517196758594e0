/**
 * The catalogs' message shape, for every catalog (the console's and the citizen's): `{nome}` placeholders
 * and ICU plurals, `{n, plural, one {# item} other {# itens}}`, chosen by the language's own rules
 * (Intl.PluralRules) and `#` written as the language writes numbers. Pure, no catalog in it.
 */
export type Parametros = Record<string, string | number>;

/**
 * The plural category of `n`: Intl.PluralRules, except that zero takes the plural in Portuguese and
 * Spanish too ("0 campos"; CLDR files 0 under "one" for pt, which reads wrong to a Brazilian).
 */
function categoria(n: number, idioma: string): Intl.LDMLPluralRule {
  return n === 0 ? 'other' : new Intl.PluralRules(idioma).select(n);
}

const FORMA = '(?:[^{}]|\\{\\w+\\})*';
const PLURAL = new RegExp(`\\{(\\w+), plural,((?:\\s*(?:=\\d+|zero|one|two|few|many|other)\\s*\\{${FORMA}\\})+)\\s*\\}`, 'g');
const OPCAO = new RegExp(`(=\\d+|zero|one|two|few|many|other)\\s*\\{(${FORMA})\\}`, 'g');

function pluralizar(texto: string, params: Parametros, idioma: string): string {
  return texto.replace(PLURAL, (m, k: string, opcoes: string) => {
    if (!Object.hasOwn(params, k)) return m;
    const n = Number(params[k]);
    const formas = Object.fromEntries([...opcoes.matchAll(OPCAO)].map((o) => [o[1], o[2]]));
    const forma = formas[`=${n}`] ?? formas[categoria(n, idioma)] ?? formas.other ?? '';
    return forma.replace(/#/g, n.toLocaleString(idioma));
  });
}

/**
 * The message with its values. Plural forms may hold plain placeholders ("{n, plural, one {O grupo {grupo}…}}"):
 * the form is chosen and its # written first, the values go in after (a value holding "#" or braces stays as it is).
 */
export function interpolar(texto: string, params: Parametros | undefined, idioma: string): string {
  if (!params) return texto;
  return pluralizar(texto, params, idioma).replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(params, k) ? String(params[k]) : m));
}

/** "1 campo", "0 campos", "2 campos": a count with its noun in the language's singular or plural. */
export function contar(n: number, um: string, varios: string, idioma = 'pt-BR'): string {
  return `${n.toLocaleString(idioma)} ${categoria(n, idioma) === 'one' ? um : varios}`;
}
