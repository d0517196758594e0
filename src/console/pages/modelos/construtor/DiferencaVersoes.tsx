import { Switch, Tag, type Intent } from '@blueprintjs/core';
import { Rolagem } from '../../../ui/Rolagem';
import { useState } from 'react';
import { useT } from '../../../app/contexto';
import type { ChaveTexto } from '../../../../i18n';
import { descreverCampo, resumoDiferenca, type Diferenca, type TipoMudanca } from '../../../../forms/diferenca';

const ROTULO_MUDANCA: Record<TipoMudanca, { chave: ChaveTexto; intent: Intent }> = {
  adicionado: { chave: 'mudanca.adicionado', intent: 'success' },
  removido: { chave: 'mudanca.removido', intent: 'danger' },
  alterado: { chave: 'mudanca.alterado', intent: 'warning' },
  igual: { chave: 'mudanca.igual', intent: 'none' },
};

function Lado({ campo }: { campo?: Parameters<typeof descreverCampo>[0] }) {
  const t = useT();
  if (!campo) return <span className="cf-discreto">—</span>;
  return (
    <>
      <strong>{campo.rotulo}</strong>
      {descreverCampo(campo, t).map((l) => (
        <div key={l} className="cf-detalhe-campo">
          {l}
        </div>
      ))}
    </>
  );
}

/** Two versions side by side, field by field: what each has and, for changed fields, what changed. */
/** `semMudanca`: what to say when the questions are the same (by default, that nothing differs). */
export function DiferencaVersoes({ diferenca: d, rotuloA, rotuloB, semMudanca }: { diferenca: Diferenca; rotuloA: string; rotuloB: string; semMudanca?: string }) {
  const t = useT();
  const [iguais, setIguais] = useState(false);
  const entre = t('diferenca.entre', { a: rotuloA, b: rotuloB });
  const resumo = resumoDiferenca(d, t);
  const linhas = d.campos.filter((c) => iguais || c.tipo !== 'igual');
  return (
    <div className="cf-diferenca">
      {resumo.length ? (
        <ul className="cf-resumo-diferenca" aria-label={t('diferenca.resumo')}>
          {resumo.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : (
        <p role="status">{semMudanca ?? t('diferenca.nenhuma', { a: rotuloA, b: rotuloB })}</p>
      )}
      <Switch label={t('diferenca.iguais')} checked={iguais} onChange={(e) => setIguais(e.currentTarget.checked)} />
      {linhas.length > 0 && (
        <Rolagem rotulo={entre}>
          <table className="bp6-html-table bp6-compact cf-tabela-diferenca" aria-label={entre}>
            <thead>
              <tr>
                <th scope="col">{t('diferenca.mudanca')}</th>
                <th scope="col">{rotuloA}</th>
                <th scope="col">{rotuloB}</th>
                <th scope="col">{t('diferenca.o-que-mudou')}</th>
              </tr>
            </thead>
            <tbody>
              {linhas.map((c) => (
                <tr key={c.id} data-mudanca={c.tipo}>
                  <td>
                    <Tag minimal intent={ROTULO_MUDANCA[c.tipo].intent}>
                      {t(ROTULO_MUDANCA[c.tipo].chave)}
                    </Tag>
                  </td>
                  <td>
                    <Lado campo={c.antes} />
                  </td>
                  <td>
                    <Lado campo={c.depois} />
                  </td>
                  <td>{c.detalhes.length ? <ul className="cf-detalhes-mudanca">{c.detalhes.map((x) => <li key={x}>{x}</li>)}</ul> : c.tipo === 'adicionado' ? t('diferenca.campo-novo') : c.tipo === 'removido' ? t('diferenca.campo-retirado') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Rolagem>
      )}
    </div>
  );
}
