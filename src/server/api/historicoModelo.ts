import type { Executor } from '../db';
import type { Definicao } from '../../forms/definicao';
import { estadoCanonico, mudancasDoModelo, type EstadoModelo } from '../../forms/estadoModelo';
import type { ChaveTexto, Parametros, Tradutor } from '../../i18n';

/**
 * Every change of a model on record (issue 36): each create, save, publish, archive, restore, copy and import
 * is a row of `modelo_historico` with who, when, a sentence of its own when it has one (a catalog key, said in the
 * reader's language) and the model as it then was (EstadoModelo: no secret, no group). What changed is read from
 * the state before, in the reader's language. A save that changes nothing leaves no row.
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

/** A change's own sentence: a key of the console's catalogs and its values. */
export interface DetalheHistorico {
  chave: ChaveTexto;
  params?: Parametros;
}

/**
 * Records `depois` (the model after the change) against the last state on record. `detalhe` is a sentence of its
 * own, said first ("Rascunho restaurado da mudança de 12/11/2026 10:00 por designer.").
 */
export async function registrarHistorico(tx: Executor, codigo: string, autor: string, acao: AcaoHistorico, depois: LinhaEstado, detalhe?: DetalheHistorico): Promise<void> {
  const estado = estadoDe(depois);
  const [anterior] = await tx.query<{ estado: EstadoModelo }>('select estado from modelo_historico where codigo_servico = $1 order by id desc limit 1', [codigo]);
  if (acao === 'SALVO' && anterior && estadoCanonico(anterior.estado) === estadoCanonico(estado)) return;
  await tx.query('insert into modelo_historico (codigo_servico, autor, acao, detalhe, estado) values ($1, $2, $3, $4, $5)', [codigo, autor, acao, detalhe ? JSON.stringify(detalhe) : null, JSON.stringify(estado)]);
}

/** What an entry says, in `t`'s language: its own sentence, then what changed since `anterior` (none for the oldest kept). */
export const resumoDaEntrada = (h: { detalhe: DetalheHistorico | null; estado: EstadoModelo; anterior: EstadoModelo | null }, t: Tradutor): string[] => [...(h.detalhe ? [t(h.detalhe.chave, h.detalhe.params)] : []), ...mudancasDoModelo(h.anterior, h.estado, t)];

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
