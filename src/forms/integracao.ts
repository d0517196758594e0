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

/** What is wrong with one header, in pt-BR, or null. */
export function problemaCabecalho(nome: string, valor: string): string | null {
  if (!TOKEN.test(nome)) return `O nome do cabeçalho "${nome.slice(0, 40)}" só pode ter letras, números e hífens.`;
  if (CABECALHOS_RESERVADOS.includes(nome.toLowerCase())) return `O cabeçalho ${nome} é definido pelo próprio console ou pela conexão HTTP e não pode ser configurado.`;
  if (!VALOR.test(valor)) return `O valor do cabeçalho ${nome} tem quebra de linha ou caractere de controle.`;
  if (valor.length > 1000) return `O valor do cabeçalho ${nome} deve ter no máximo 1000 caracteres.`;
  return null;
}
export function lerCabecalhos(texto: string): { cabecalhos: Record<string, string>; problema: string | null } {
  const cabecalhos: Record<string, string> = {};
  for (const [i, linha] of texto.split(/\r?\n/).entries()) {
    if (!linha.trim()) continue;
    const m = /^\s*([A-Za-z0-9-]+)\s*:\s*(.*?)\s*$/.exec(linha);
    if (!m) return { cabecalhos, problema: `Linha ${i + 1}: use "Nome: valor" (o nome só com letras, números e hífens).` };
    if (m[1].toLowerCase() in Object.fromEntries(Object.keys(cabecalhos).map((k) => [k.toLowerCase(), 1]))) return { cabecalhos, problema: `Linha ${i + 1}: o cabeçalho ${m[1]} aparece mais de uma vez.` };
    const problema = problemaCabecalho(m[1], m[2]);
    if (problema) return { cabecalhos, problema: `Linha ${i + 1}: ${problema}` };
    cabecalhos[m[1]] = m[2];
  }
  if (Object.keys(cabecalhos).length > 20) return { cabecalhos, problema: 'No máximo 20 cabeçalhos.' };
  return { cabecalhos, problema: null };
}

export function textoCabecalhos(c: Record<string, string> = {}): string {
  return Object.entries(c)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}
