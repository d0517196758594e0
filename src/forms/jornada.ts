import { paginasDe } from './paginas';
import type { Definicao } from './definicao';

/**
 * The citizen's journey in numbers (issue 21), from anonymous counters only: forms started, drafts
 * saved, forms sent, the completion rate, and where citizens stop — the page reached by the most people
 * who did not reach the next one (the check step counts as the last; a page conditions skip for some
 * citizens may look like a stop: the figure is an indication, never a person). Pure.
 */
export type EventoJornada = 'INICIADO' | 'RASCUNHO' | 'ENVIADO' | 'PAGINA';
export const EVENTOS_JORNADA: readonly EventoJornada[] = ['INICIADO', 'RASCUNHO', 'ENVIADO', 'PAGINA'];
/** The check step's name among the pages counted. */
export const PAGINA_REVISAO = 'revisao';

export interface ContagemJornada {
  INICIADO: number;
  RASCUNHO: number;
  ENVIADO: number;
  /** Reached, by page id (and 'revisao'). */
  paginas: Record<string, number>;
}

export interface ResumoJornada {
  iniciados: number;
  rascunhos: number;
  enviados: number;
  /** Sent over started (0 to 1), 4 digits; 0 without starts. */
  taxaConclusao: number;
  paginas: { pagina: string; titulo: string; alcancaram: number; pararam: number }[];
  /** The page where most stop (null when nobody stopped, or no pages). */
  paradaMaisComum: { pagina: string; titulo: string; pararam: number } | null;
}

export function resumoDaJornada(d: Definicao | null | undefined, c: ContagemJornada, tituloRevisao = 'Verifique suas respostas'): ResumoJornada {
  const ordem = [...(d ? paginasDe(d).map((p) => ({ pagina: p.id, titulo: p.secoes[0].titulo })) : []), { pagina: PAGINA_REVISAO, titulo: tituloRevisao }];
  const paginas = ordem.map((p, i) => {
    const alcancaram = c.paginas[p.pagina] ?? 0;
    const seguinte = i + 1 < ordem.length ? (c.paginas[ordem[i + 1].pagina] ?? 0) : c.ENVIADO;
    return { ...p, alcancaram, pararam: Math.max(0, alcancaram - seguinte) };
  });
  const pior = paginas.reduce<(typeof paginas)[number] | null>((m, p) => (p.pararam > (m?.pararam ?? 0) ? p : m), null);
  return {
    iniciados: c.INICIADO,
    rascunhos: c.RASCUNHO,
    enviados: c.ENVIADO,
    taxaConclusao: c.INICIADO ? +Math.min(1, c.ENVIADO / c.INICIADO).toFixed(4) : 0,
    paginas,
    paradaMaisComum: pior ? { pagina: pior.pagina, titulo: pior.titulo, pararam: pior.pararam } : null,
  };
}
