import type { Executor } from '../../src/server/db';

/**
 * The events' counters by content-control group (migrations 035 and 036: a scoped caller's deep pages, console-wide
 * events under group 0) against the events themselves, by UTC hour and by São Paulo day: the rows where they differ,
 * by table (none: every table right).
 */
export async function eventosPorGrupoDivergentes(db: Executor): Promise<Record<string, unknown[]>> {
  const divergentes: Record<string, unknown[]> = {};
  for (const [tabela, tempo, doEvento] of [
    ['contador_evento_hora_grupo', 'hora', `date_trunc('hour', ocorrido_em, 'UTC')`],
    ['contador_evento_dia_grupo', 'dia', 'dia_sao_paulo(ocorrido_em)'],
  ]) {
    const linhas = await db.query(
      `select * from (select grupo_controle_conteudo_id as g, ${tempo} as t, sum(quantidade) as n from ${tabela} group by 1, 2 having sum(quantidade) <> 0) c
         full join (select coalesce(grupo_controle_conteudo_id, 0) as g, ${doEvento} as t, count(*) as n from formulario_evento group by 1, 2) r using (g, t)
        where c.n is distinct from r.n`,
    );
    if (linhas.length) divergentes[tabela] = linhas;
  }
  return divergentes;
}
