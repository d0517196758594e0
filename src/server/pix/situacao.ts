import { formatarReais, type StatusCobranca } from '../../forms/taxa';
import { formatarDataHoraCompleta } from '../../i18n/datas';
import type { IdiomaCidadao } from '../../i18n/cidadao';
import { textoCidadao } from '../textosCidadao';

/** A form's charge as the citizen's documents need it (the e-mail, the receipt's PDF): null without a fee. */
export interface SituacaoPagamento {
  status: StatusCobranca;
  valor_centavos: number;
  pago_em: string | null;
  expira_em: string;
}

/** The columns to select with `left join cobranca_pix c on c.formulario_id = f.id`, as `pagamento`. */
export const COLUNA_PAGAMENTO = `case when c.formulario_id is null then null else json_build_object('status', c.status, 'valor_centavos', c.valor_centavos, 'pago_em', c.pago_em, 'expira_em', c.expira_em) end as pagamento`;

/** "Taxa de R$ 18,90 paga por Pix em 25/11/26 10:02." — or pending until the deadline, or expired (issue 38). */
export function frasePagamento(idioma: IdiomaCidadao, p: SituacaoPagamento | null): string | null {
  if (!p) return null;
  const valor = formatarReais(p.valor_centavos, idioma);
  if (p.status === 'PAGA') return textoCidadao(idioma, 'doc.taxa-paga', { valor, data: formatarDataHoraCompleta(p.pago_em) });
  if (p.status === 'EXPIRADA') return textoCidadao(idioma, 'doc.taxa-expirada', { valor });
  return textoCidadao(idioma, 'doc.taxa-pendente', { valor, data: formatarDataHoraCompleta(p.expira_em) });
}

/** The receipt's "Situação": received, and what became of the fee. */
export const situacaoDoEnvio = (idioma: IdiomaCidadao, p: SituacaoPagamento | null) => [textoCidadao(idioma, 'doc.recebido'), frasePagamento(idioma, p)].filter(Boolean).join('. ');
