import { formatarDataHoraCompleta } from '../../i18n/datas';
import type { IdiomaCidadao } from '../../i18n/cidadao';
import type { SituacaoModelo } from '../../forms/periodo';
import { ErroHttp } from './erros';
import type { Definicao } from '../../forms/definicao';
import { traduzirTextos } from '../../forms/traducoes';
import { textoCidadao } from '../textosCidadao';

/**
 * Whether a model takes answers now (issue 36), as SQL on the database's clock — the clock of the statement that
 * writes a form — and the refusal a citizen reads. The same rule as src/forms/periodo.ts.
 */

/** A model's situation now, in SQL (alias m). */
export const SITUACAO_SQL = `case when m.abre_em is not null and now() < m.abre_em then 'EM_BREVE'
    when m.fecha_em is not null and now() >= m.fecha_em then 'ENCERRADO'
    when m.limite_respostas is not null and m.respostas_recebidas >= m.limite_respostas then 'ESGOTADO'
    else 'ABERTO' end`;

/** The refusal of a model that does not take answers now (issue 36), in the citizen's language: 403 before its opening, 410 closed or full. */
export function recusaDaSituacao(m: { situacao: SituacaoModelo; abre_em: string | null; fecha_em: string | null; mensagem_limite: string | null; definicao?: Definicao | null }, idioma: IdiomaCidadao): ErroHttp | null {
  const quando = (v: string | null) => formatarDataHoraCompleta(v);
  if (m.situacao === 'EM_BREVE') return new ErroHttp(403, textoCidadao(idioma, 'api.abre-em', { data: quando(m.abre_em) }));
  if (m.situacao === 'ENCERRADO') return new ErroHttp(410, textoCidadao(idioma, 'api.encerrado-em', { data: quando(m.fecha_em) }));
  // The designer's own message, translated when the model is offered in the citizen's language (issue 37).
  const mensagem = m.definicao ? traduzirTextos(m.definicao, { nome: '', mensagemLimite: m.mensagem_limite }, idioma).mensagemLimite : m.mensagem_limite;
  if (m.situacao === 'ESGOTADO') return new ErroHttp(410, mensagem?.trim() || textoCidadao(idioma, 'api.limite'));
  return null;
}

/**
 * A model taking answers now, in SQL (alias m), on the clock of the statement that writes the form (issue 36): a
 * submission arriving at the closing second is decided by the insert itself, never by a read a moment before.
 */
export const ABERTO_AGORA_SQL = `(m.abre_em is null or now() >= m.abre_em) and (m.fecha_em is null or now() < m.fecha_em)`;

