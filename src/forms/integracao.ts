import { emPortugues, type Tradutor } from '../i18n';
/**
 * The integration target's headers as a person edits them: one per line, "Nome: valor", and the rules
 * any header must pass (the builder as one types, the server when a model is saved). Pure.
 */

/** Header names the console sets itself, or that only the HTTP connection may set. */
export const CABECALHOS_RESERVADOS = [
  'host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'proxy-authorization', 'proxy-authenticate', 'proxy-connection',
  'content-type', 'idempotency-key', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-entrega-id', 'x-tentativa',
];
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
// Visible ASCII, Latin-1 and spaces; no control character (a line break would inject a header).
const VALOR = /^[\t\x20-\x7e\x80-\xff]*$/;


/** What is wrong with one header (pt-BR unless told), or null. */
export function problemaCabecalho(nome: string, valor: string, t: Tradutor = emPortugues): string | null {
  if (!TOKEN.test(nome)) return t('cabecalho.nome', { nome: nome.slice(0, 40) });
  if (CABECALHOS_RESERVADOS.includes(nome.toLowerCase())) return t('cabecalho.reservado', { nome });
  if (!VALOR.test(valor)) return t('cabecalho.controle', { nome });
  if (valor.length > 1000) return t('cabecalho.longo', { nome });
  return null;
}
export function lerCabecalhos(texto: string, t: Tradutor = emPortugues): { cabecalhos: Record<string, string>; problema: string | null } {
  const cabecalhos: Record<string, string> = {};
  for (const [i, linha] of texto.split(/\r?\n/).entries()) {
    if (!linha.trim()) continue;
    const m = /^\s*([A-Za-z0-9-]+)\s*:\s*(.*?)\s*$/.exec(linha);
    if (!m) return { cabecalhos, problema: t('cabecalho.linha-formato', { n: i + 1 }) };
    if (m[1].toLowerCase() in Object.fromEntries(Object.keys(cabecalhos).map((k) => [k.toLowerCase(), 1]))) return { cabecalhos, problema: t('cabecalho.linha-repetido', { n: i + 1, nome: m[1] }) };
    const problema = problemaCabecalho(m[1], m[2], t);
    if (problema) return { cabecalhos, problema: t('cabecalho.linha', { n: i + 1, problema }) };
    cabecalhos[m[1]] = m[2];
  }
  if (Object.keys(cabecalhos).length > 20) return { cabecalhos, problema: t('cabecalho.max') };
  return { cabecalhos, problema: null };
}

/**
 * What a save sends (issue 50: the values are credentials the API never shows back): the stored headers
 * still kept, by name with `null` (keep the value), and the ones typed now, which replace a stored one of
 * the same name (names are case-insensitive).
 */
export function cabecalhosDoPedido(guardados: readonly string[], novos: Record<string, string>): Record<string, string | null> {
  const digitados = new Set(Object.keys(novos).map((n) => n.toLowerCase()));
  return { ...Object.fromEntries(guardados.filter((n) => !digitados.has(n.toLowerCase())).map((n) => [n, null])), ...novos };
}
