import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import { useAmbiente } from '../../../app/contexto';
import type { Definicao } from '../../../../forms/definicao';
import { definirOrcamentoSms } from '../../../../forms/edicao';
import { enviaSms, ORCAMENTO_SMS_PADRAO } from '../../../../forms/verificacao';
import { useTextoDe, type AoMudarDefinicao } from './PropriedadesCampo';

/** A whole number of SMS a month as typed, or null when empty; NaN when it is none. */
const lerOrcamento = (s: string): number | null => (s.trim() === '' ? null : /^\d{1,7}$/.test(s.trim().replace(/\./g, '')) ? Number(s.trim().replace(/\./g, '')) : NaN);

/**
 * The model's SMS budget (issue 45), beside the questions confirmed by code: how many codes its phones may get a month
 * (empty: the default), and how many it sent this month. Shown only when a phone question is confirmed by code.
 */
export function EditorOrcamentoSms({ definicao, smsNoMes, aoMudar, desabilitado }: { definicao: Definicao; smsNoMes: number; aoMudar: AoMudarDefinicao; desabilitado: boolean }) {
  const { t, config } = useAmbiente();
  const id = useId();
  // Kept as typed while it means the model's value; replaced when the value changes elsewhere (undo, redo).
  const [texto, setTexto] = useTextoDe(definicao.verificacao?.smsPorMes ?? null, (v) => (v === null ? '' : String(v)), (t) => {
    const n = lerOrcamento(t);
    return n === null || Number.isNaN(n) ? null : n;
  });
  if (!enviaSms(definicao)) return null;
  const n = lerOrcamento(texto);
  const ruim = n !== null && Number.isNaN(n);
  const ajuda = ruim ? t('orcamento-sms.invalido') : t('orcamento-sms.ajuda', { n: smsNoMes.toLocaleString(config.language), padrao: ORCAMENTO_SMS_PADRAO.toLocaleString(config.language) });
  return (
    <fieldset className="cf-grupo-campos cf-orcamento-sms">
      <legend>{t('analitico.codigos')}</legend>
      <FormGroup label={t('orcamento-sms.rotulo')} labelFor={id} helperText={<span id={`${id}-ajuda`}>{ajuda}</span>} intent={ruim ? 'danger' : 'none'}>
        <InputGroup
          id={id}
          inputMode="numeric"
          value={texto}
          placeholder={String(ORCAMENTO_SMS_PADRAO)}
          disabled={desabilitado}
          intent={ruim ? 'danger' : 'none'}
          aria-invalid={ruim}
          aria-describedby={`${id}-ajuda`}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setTexto(v);
            const x = lerOrcamento(v);
            if (x === null || !Number.isNaN(x)) aoMudar((d) => definirOrcamentoSms(d, x), 'verificacao.smsPorMes');
          }}
        />
      </FormGroup>
    </fieldset>
  );
}
