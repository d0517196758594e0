/**
 * The integration target's headers as a person edits them: one per line, "Nome: valor". Pure.
 */
export function lerCabecalhos(texto: string): { cabecalhos: Record<string, string>; problema: string | null } {
  const cabecalhos: Record<string, string> = {};
  for (const [i, linha] of texto.split(/\r?\n/).entries()) {
    if (!linha.trim()) continue;
    const m = /^\s*([A-Za-z0-9-]+)\s*:\s*(.*?)\s*$/.exec(linha);
    if (!m) return { cabecalhos, problema: `Linha ${i + 1}: use "Nome: valor" (o nome só com letras, números e hífens).` };
    if (m[1].toLowerCase() in Object.fromEntries(Object.keys(cabecalhos).map((k) => [k.toLowerCase(), 1]))) return { cabecalhos, problema: `Linha ${i + 1}: o cabeçalho ${m[1]} aparece mais de uma vez.` };
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
