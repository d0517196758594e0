/**
 * The supported Node.js (issue 17): 24 LTS, tested in CI; 22 LTS also works. Node 20 reached its end of
 * life on 30 April 2026: the servers still start on it (a fresh machine here ships it), saying so in one
 * line, because a government deployment on an unsupported runtime fails its security review.
 */
export const NODE_SUPORTADO = 24;

export function avisoDoNode(versao: string = process.versions.node): string | null {
  const maior = Number(versao.split('.')[0]);
  if (maior >= 22) return null;
  return `AVISO: o Node.js ${versao} passou do fim do suporte (o 20 em 30/04/2026); use o Node.js ${NODE_SUPORTADO} LTS (ou o 22 LTS).`;
}
