import type { Executor } from './db';

/**
 * An event of form `formularioId` written where only its id is at hand (the delivery worker, a signed
 * download link): with the form's model and content-control group as they are now.
 */
export const eventoPorId = (db: Executor, formularioId: string, tipo: string, autor: string, detalhes: Record<string, unknown>) =>
  db.query(
    `insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes)
     select id, codigo_servico, grupo_controle_conteudo_id, $2, $3, $4 from formulario where id = $1`,
    [formularioId, tipo, autor, JSON.stringify(detalhes)],
  );
