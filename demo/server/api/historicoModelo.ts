import type { Executor } from '../db';
import type { Definicao } from '../../../src/forms/definicao';
import { estadoCanonico, mudancasDoModelo, type EstadoModelo } from '../../../src/forms/estadoModelo';

/**
 * Every change of a model on record (issue 36): each create, save, publish, archive, restore, copy and import
 * is a row of `modelo_historico` with who, when, a summary of what changed (pt-BR sentences, as the API writes)
 * and the model as it then was (EstadoModelo: no secret, no group). A save that changes nothing leaves no row.
 */
export type AcaoHistorico = 'CRIADO' | 'SALVO' | 'PUBLICADO' | 'ARQUIVADO' | 'RESTAURADO' | 'DUPLICADO' | 'IMPORTADO' | 'VOLTOU_A';

/** A model row as the routes read it: what its state is made of. */
export interface LinhaEstado {
  nome: string;
  descricao: string;
  definicao: Definicao;
  retencao_dias: number | null;
  abre_em: string | Date | null;
  fecha_em: string | Date | null;
  limite_respostas: number | null;
  mensagem_limite: string | null;
  modelo_base: boolean;
  grupo_acesso_publico_id: number | null;
  integracao_url: string | null;
  integracao_metodo: 'POST' | 'PUT' | 'PATCH';
  integracao_cabecalhos: Record<string, string>;
}

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

export function estadoDe(m: LinhaEstado): EstadoModelo {
  return {
    nome: m.nome,
    descricao: m.descricao,
    definicao: m.definicao,
    retencaoDias: m.retencao_dias,
    abreEm: iso(m.abre_em),
    fechaEm: iso(m.fecha_em),
    limiteRespostas: m.limite_respostas,
    mensagemLimite: m.mensagem_limite,
    modeloBase: m.modelo_base,
    restrito: m.grupo_acesso_publico_id !== null,
    integracao: { url: m.integracao_url, metodo: m.integracao_metodo, cabecalhos: Object.keys(m.integracao_cabecalhos ?? {}).sort() },
  };
}

/**
 * Records `depois` (the model after the change) against the last state on record. `detalhe` adds a sentence of its
 * own first ("Restaurado da alteração de 12/11/2026 10:00 por designer", "Importado de homologação").
 */
export async function registrarHistorico(tx: Executor, codigo: string, autor: string, acao: AcaoHistorico, depois: LinhaEstado, detalhe?: string): Promise<void> {
  const estado = estadoDe(depois);
  const [anterior] = await tx.query<{ estado: EstadoModelo }>('select estado from modelo_historico where codigo_servico = $1 order by id desc limit 1', [codigo]);
  const mudancas = mudancasDoModelo(anterior?.estado ?? null, estado);
  if (acao === 'SALVO' && anterior && estadoCanonico(anterior.estado) === estadoCanonico(estado)) return;
  await tx.query('insert into modelo_historico (codigo_servico, autor, acao, resumo, estado) values ($1, $2, $3, $4, $5)', [codigo, autor, acao, JSON.stringify([...(detalhe ? [detalhe] : []), ...mudancas]), JSON.stringify(estado)]);
}

/**
 * History older than `dias` goes (the retention job), but the newest `manter` entries of each model always stay,
 * so a model untouched for years still shows its last changes. Resolves how many rows went.
 */
export async function apagarHistoricoAntigo(db: Executor, dias: number, manter: number, lote: number): Promise<number> {
  const r = await db.query(
    `delete from modelo_historico where id in (
       select id from (select id, ocorrido_em, row_number() over (partition by codigo_servico order by id desc) as n from modelo_historico) h
        where h.n > $2 and h.ocorrido_em < now() - make_interval(days => $1) limit $3) returning id`,
    [dias, manter, lote],
  );
  return r.length;
}
