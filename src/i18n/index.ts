import { en } from './en';
import { ptBR, type ChaveTexto } from './pt-BR';

export type { ChaveTexto };
import { interpolar, type Parametros } from './mensagens';

export type { Parametros };
export { contar } from './mensagens';
export type Idioma = 'pt-BR' | 'en';

const CATALOGOS: Record<Idioma, Partial<Record<ChaveTexto, string>>> = { 'pt-BR': ptBR, en };

/** Reads an attribute value ("pt-BR", "pt", "en-US"...) as one of the catalogs; pt-BR by default. */
export function idiomaDe(valor: string | undefined | null): Idioma {
  return valor && /^en\b/i.test(valor) ? 'en' : 'pt-BR';
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
export const emPortugues: Tradutor = /* @__PURE__ */ tradutor('pt-BR');
