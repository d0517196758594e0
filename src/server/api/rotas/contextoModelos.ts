import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Definicao } from '../../../forms/definicao';
import type { StatusModelo } from '../../../forms/ciclo';
import type { Banco, Executor } from '../../db';
import { documentarComo, parametros } from '../contrato';
import type { TCorpoModelo, TModelo } from '../../../contrato/modelos';
import type { ErroCampo } from '../../../contrato/problema';
import type { OpcoesIntegracao } from '../../entrega/integracao';
import type { AcaoHistorico, DetalheHistorico } from '../historicoModelo';

/** What the routes of models (modelos.ts), their copies (modelosCopias.ts) and their history (modelosHistorico.ts) share. */
export interface LinhaModelo {
  codigo_servico: string;
  nome: string;
  descricao: string;
  status: StatusModelo;
  definicao: Definicao;
  grupo_controle_conteudo_id: number;
  grupo_nome: string;
  grupo_acesso_publico_id: number | null;
  retencao_dias: number | null;
  abre_em: string | null;
  fecha_em: string | null;
  limite_respostas: number | null;
  mensagem_limite: string | null;
  modelo_base: boolean;
  integracao_url: string | null;
  integracao_metodo: 'POST' | 'PUT' | 'PATCH';
  integracao_cabecalhos: Record<string, string>;
  integracao_segredo: string | null;
  integracao_segredo_anterior: string | null;
  integracao_segredo_criado_em: string | null;
  integracao_segredo_anterior_ate: string | null;
  integracao_esgotadas_seguidas: number;
  integracao_pausada_em: string | null;
  ultima_versao: number;
  versao: number;
  criado_em: string;
  criado_por: string;
  atualizado_em: string;
  atualizado_por: string;
}

export const params = parametros({ codigoServico: Type.String({ minLength: 1, maxLength: 40 }) });

export type CorpoModelo = Omit<TCorpoModelo, 'codigoServico'> & { codigoServico?: string; descricao: string; grupoAcessoPublicoId: number | null; definicao?: Definicao; versao?: number };

/** What the routes of a model share with its copies, exports, imports and history (modelosCopias.ts, modelosHistorico.ts). */
export interface ContextoModelos {
  db: Banco;
  integracao: OpcoesIntegracao;
  /** The model, if the caller's content-control groups reach it: 404 when missing, 403 outside them. */
  modeloDoChamador(tx: Executor, req: FastifyRequest, codigo: string, bloquear?: boolean): Promise<LinhaModelo>;
  /** The model as the API answers a create or a save (with a new signing secret once, when it first has a destination). */
  completoComSegredo(tx: Executor, req: FastifyRequest, codigo: string): Promise<TModelo & { segredoNovo?: string }>;
  /** The model as it now is, on record. */
  historico(tx: Executor, req: FastifyRequest, codigo: string, acao: AcaoHistorico, detalhe?: DetalheHistorico): Promise<void>;
  /** Groups in the caller's scope, the period and the integration, as field errors (400). */
  conferirGrupos(tx: Executor, req: FastifyRequest, b: CorpoModelo, errosIntegracao: ErroCampo[]): Promise<void>;
  problemasIntegracao(i: CorpoModelo['integracao'], o: OpcoesIntegracao): Promise<ErroCampo[]>;
}

export const doc = documentarComo('Modelos');

/**
 * The count a limit of answers is checked against, taken from the monthly counters (exact) while the model's row
 * is locked for the save: no submission writes meanwhile (theirs lock it for key share), so count and forms agree
 * when the limit starts being enforced, and each submission then takes its place in its own statement.
 */
export async function contarParaLimite(tx: Executor, codigo: string): Promise<void> {
  await tx.query('update modelo set respostas_recebidas = (select coalesce(sum(quantidade), 0) from contador_formulario_mes where codigo_servico = $1) where codigo_servico = $1', [codigo]);
}
