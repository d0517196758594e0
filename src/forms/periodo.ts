/**
 * When a model takes answers (issue 36): its opening and closing instants and its limit of answers. Pure:
 * the public routes, the citizen's element and the console read the same rule.
 */
export type SituacaoModelo = 'EM_BREVE' | 'ABERTO' | 'ENCERRADO' | 'ESGOTADO';

export interface PeriodoModelo {
  abreEm: string | null;
  fechaEm: string | null;
  limiteRespostas: number | null;
  /** Forms received (while the model has a limit, the count it is checked against). */
  respostas: number;
}

/** Where a model stands at `agora`: before its opening, after its closing, its places taken, or open. */
export function situacaoDoModelo(p: PeriodoModelo, agora: Date = new Date()): SituacaoModelo {
  const t = agora.getTime();
  if (p.abreEm && t < Date.parse(p.abreEm)) return 'EM_BREVE';
  if (p.fechaEm && t >= Date.parse(p.fechaEm)) return 'ENCERRADO';
  if (p.limiteRespostas !== null && p.respostas >= p.limiteRespostas) return 'ESGOTADO';
  return 'ABERTO';
}

/** What is wrong with a period and a limit as a designer typed them, by field (the console's keys); empty when none. */
export function problemasDoPeriodo(p: { abreEm: string | null; fechaEm: string | null; limiteRespostas: number | null; mensagemLimite?: string | null }): Record<string, 'periodo.invertido' | 'periodo.limite' | 'periodo.mensagem-longa'> {
  const erros: Record<string, 'periodo.invertido' | 'periodo.limite' | 'periodo.mensagem-longa'> = {};
  if (p.abreEm && p.fechaEm && Date.parse(p.abreEm) >= Date.parse(p.fechaEm)) erros.fechaEm = 'periodo.invertido';
  if (p.limiteRespostas !== null && !(Number.isInteger(p.limiteRespostas) && p.limiteRespostas > 0 && p.limiteRespostas <= 100_000_000)) erros.limiteRespostas = 'periodo.limite';
  if ((p.mensagemLimite ?? '').length > 500) erros.mensagemLimite = 'periodo.mensagem-longa';
  return erros;
}
