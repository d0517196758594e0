import type { Executor } from '../../src/server/db';

/** Each counter of the deep pages' jump by hour: its table, whether it has the group, its time column, the rows it counts. */
const CONTADORES = {
  formulario: [
    // Migration 037: every form by UTC hour, and by group and hour.
    ['contador_formulario_hora', false, 'hora', `date_trunc('hour', recebido_em, 'UTC')`],
    ['contador_formulario_hora_grupo', true, 'hora', `date_trunc('hour', recebido_em, 'UTC')`],
  ],
  formulario_evento: [
    // Migrations 034 to 036: every event by hour; by group and hour, and by group and São Paulo day (console-wide
    // events under group 0).
    ['contador_evento_hora', false, 'hora', `date_trunc('hour', ocorrido_em, 'UTC')`],
    ['contador_evento_hora_grupo', true, 'hora', `date_trunc('hour', ocorrido_em, 'UTC')`],
    ['contador_evento_dia_grupo', true, 'dia', 'dia_sao_paulo(ocorrido_em)'],
  ],
} as const;

/**
 * The hour counters of the forms or of the events (and the events' days by group) against the rows themselves: the
 * rows where they differ, by table (none: every table right).
 */
export async function contadoresPorHoraDivergentes(db: Executor, tabela: keyof typeof CONTADORES): Promise<Record<string, unknown[]>> {
  const divergentes: Record<string, unknown[]> = {};
  for (const [contador, porGrupo, tempo, daLinha] of CONTADORES[tabela]) {
    const g = porGrupo ? 'grupo_controle_conteudo_id' : '0';
    const linhas = await db.query(
      `select * from (select ${g} as g, ${tempo} as t, sum(quantidade) as n from ${contador} group by 1, 2 having sum(quantidade) <> 0) c
         full join (select ${porGrupo ? 'coalesce(grupo_controle_conteudo_id, 0)' : '0'} as g, ${daLinha} as t, count(*) as n from ${tabela} group by 1, 2) r using (g, t)
        where c.n is distinct from r.n`,
    );
    if (linhas.length) divergentes[contador] = linhas;
  }
  return divergentes;
}
