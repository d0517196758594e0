/**
 * A model's lifecycle as an explicit state machine (STYLE.md: GOV.UK Forms' form_state_machine).
 * RASCUNHO: never published. PUBLICADO: has versions, accepts submissions. ARQUIVADO: kept, closed.
 */
export const STATUS_MODELO = ['RASCUNHO', 'PUBLICADO', 'ARQUIVADO'] as const;
export type StatusModelo = (typeof STATUS_MODELO)[number];

export type Transicao = 'publicar' | 'arquivar' | 'restaurar';

const TRANSICOES: Record<Transicao, { de: StatusModelo[]; para: (temVersoes: boolean) => StatusModelo; recusa: string }> = {
  publicar: { de: ['RASCUNHO', 'PUBLICADO'], para: () => 'PUBLICADO', recusa: 'Um modelo arquivado não pode ser publicado; restaure-o antes.' },
  arquivar: { de: ['RASCUNHO', 'PUBLICADO'], para: () => 'ARQUIVADO', recusa: 'O modelo já está arquivado.' },
  restaurar: { de: ['ARQUIVADO'], para: (v) => (v ? 'PUBLICADO' : 'RASCUNHO'), recusa: 'Só um modelo arquivado pode ser restaurado.' },
};

/** The status after `t`, or the pt-BR reason it is refused. */
export function transicionar(atual: StatusModelo, t: Transicao, temVersoes: boolean): { status: StatusModelo } | { recusa: string } {
  const x = TRANSICOES[t];
  return x.de.includes(atual) ? { status: x.para(temVersoes) } : { recusa: x.recusa };
}

export const podeExcluir = (status: StatusModelo, temVersoes: boolean) => status === 'RASCUNHO' && !temVersoes;
