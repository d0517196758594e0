import { Checkbox, FormGroup, HTMLSelect, Switch, TextArea } from '@blueprintjs/core';
import { useId } from 'react';
import { useT } from '../../../app/contexto';
import type { Definicao } from '../../../../forms/definicao';
import { definirAssinatura, definirConfiabilidade } from '../../../../forms/edicao';
import { NIVEIS, SELOS, type Exigencia } from '../../../../forms/confiabilidade';
import type { AoMudarDefinicao } from './PropriedadesCampo';

/**
 * "Conta gov.br exigida" (issue 44): the minimum level of the citizen's gov.br account, the seals (any one of them)
 * and the second factor a model asks for, and why, as the citizen reads it. Asking anything makes the form ask for
 * the citizen's login; the server refuses an account that does not serve, and the element sends the citizen to the
 * trust catalogue. Beside it, whether the citizen signs the form with the gov.br advanced signature.
 */
export function EditorConta({ definicao, aoMudar, desabilitado }: { definicao: Definicao; aoMudar: AoMudarDefinicao; desabilitado: boolean }) {
  const t = useT();
  const id = useId();
  const e: Exigencia = definicao.confiabilidade ?? {};
  const mudar = (x: Partial<Exigencia>, chave: string) => aoMudar((d) => definirConfiabilidade(d, { ...(d.confiabilidade ?? {}), ...x }), `confiabilidade.${chave}`);
  const selos = new Set(e.selos ?? []);
  const exige = !!definicao.confiabilidade;
  return (
    <fieldset className="cf-grupo-campos cf-conta-editor">
      <legend>{t('conta.titulo')}</legend>
      <p className="cf-ajuda">{t('conta.ajuda')}</p>
      <FormGroup label={t('conta.nivel')} labelFor={`${id}-nivel`}>
        <HTMLSelect id={`${id}-nivel`} value={e.nivel ?? ''} disabled={desabilitado} onChange={(x) => mudar({ nivel: (x.currentTarget.value || undefined) as Exigencia['nivel'] }, 'nivel')}>
          <option value="">{t('conta.nivel.qualquer')}</option>
          <option value="prata">{t('conta.nivel.prata')}</option>
          <option value="ouro">{t('conta.nivel.ouro')}</option>
        </HTMLSelect>
      </FormGroup>
      <Switch label={t('conta.segundo-fator')} checked={!!e.segundoFator} disabled={desabilitado} onChange={(x) => mudar({ segundoFator: x.currentTarget.checked }, 'segundoFator')} />
      <details className="cf-conta-selos" open={selos.size > 0}>
        <summary>{t('conta.selos', { n: selos.size })}</summary>
        <p className="cf-ajuda">{t('conta.selos-ajuda')}</p>
        {NIVEIS.map((nivel) => (
          <fieldset key={nivel} className="cf-campo-escolha">
            <legend>{t(`conta.selos-${nivel}`)}</legend>
            {SELOS.filter((s) => s.nivel === nivel).map((s) => (
              <Checkbox
                key={s.id}
                label={`${s.nome} (${s.id})`}
                checked={selos.has(s.id)}
                disabled={desabilitado}
                onChange={(x) => mudar({ selos: SELOS.map((y) => y.id).filter((y) => (y === s.id ? x.currentTarget.checked : selos.has(y))) }, 'selos')}
              />
            ))}
          </fieldset>
        ))}
      </details>
      {exige && (
        <FormGroup label={t('conta.motivo')} labelFor={`${id}-motivo`} helperText={t('conta.motivo-ajuda')}>
          <TextArea id={`${id}-motivo`} fill rows={2} maxLength={300} value={e.motivo ?? ''} disabled={desabilitado} onChange={(x) => mudar({ motivo: x.currentTarget.value }, 'motivo')} />
        </FormGroup>
      )}
      <FormGroup label={t('assinatura.rotulo')} labelFor={`${id}-assinatura`} helperText={t('assinatura.ajuda')}>
        <HTMLSelect id={`${id}-assinatura`} value={definicao.assinatura ?? ''} disabled={desabilitado} onChange={(x) => {
            // Read now: the event is gone when the change is applied.
            const a = (x.currentTarget.value || null) as Definicao['assinatura'] | null;
            aoMudar((d) => definirAssinatura(d, a), 'assinatura');
          }}>
          <option value="">{t('assinatura.nenhuma')}</option>
          <option value="exigida">{t('assinatura.exigida')}</option>
          <option value="opcional">{t('assinatura.opcional')}</option>
        </HTMLSelect>
      </FormGroup>
    </fieldset>
  );
}
