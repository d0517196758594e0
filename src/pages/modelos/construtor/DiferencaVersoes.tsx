import { Switch, Tag, type Intent } from '@blueprintjs/core';
import { Rolagem } from '../../../ui/Rolagem';
import { useState } from 'react';
import { descreverCampo, resumoDiferenca, type Diferenca, type TipoMudanca } from '../../../forms/diferenca';

const ROTULO_MUDANCA: Record<TipoMudanca, { rotulo: string; intent: Intent }> = {
  adicionado: { rotulo: 'Adicionado', intent: 'success' },
  removido: { rotulo: 'Removido', intent: 'danger' },
  alterado: { rotulo: 'Alterado', intent: 'warning' },
  igual: { rotulo: 'Igual', intent: 'none' },
};

function Lado({ campo }: { campo?: Parameters<typeof descreverCampo>[0] }) {
  if (!campo) return <span className="cf-discreto">—</span>;
  return (
    <>
      <strong>{campo.rotulo}</strong>
      {descreverCampo(campo).map((l) => (
        <div key={l} className="cf-detalhe-campo">
          {l}
        </div>
      ))}
    </>
  );
}

/** Two versions side by side, field by field: what each has and, for changed fields, what changed. */
export function DiferencaVersoes({ diferenca: d, rotuloA, rotuloB }: { diferenca: Diferenca; rotuloA: string; rotuloB: string }) {
  const [iguais, setIguais] = useState(false);
  const resumo = resumoDiferenca(d);
  const linhas = d.campos.filter((c) => iguais || c.tipo !== 'igual');
  return (
    <div className="cf-diferenca">
      {resumo.length ? (
        <ul className="cf-resumo-diferenca" aria-label="Resumo das diferenças">
          {resumo.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : (
        <p role="status">Nenhuma diferença entre {rotuloA} e {rotuloB}.</p>
      )}
      <Switch label="Mostrar também os campos iguais" checked={iguais} onChange={(e) => setIguais(e.currentTarget.checked)} />
      {linhas.length > 0 && (
        <Rolagem rotulo={`Diferenças entre ${rotuloA} e ${rotuloB}`}>
          <table className="bp6-html-table bp6-compact cf-tabela-diferenca" aria-label={`Diferenças entre ${rotuloA} e ${rotuloB}`}>
            <thead>
              <tr>
                <th scope="col">Mudança</th>
                <th scope="col">{rotuloA}</th>
                <th scope="col">{rotuloB}</th>
                <th scope="col">O que mudou</th>
              </tr>
            </thead>
            <tbody>
              {linhas.map((c) => (
                <tr key={c.id} data-mudanca={c.tipo}>
                  <td>
                    <Tag minimal intent={ROTULO_MUDANCA[c.tipo].intent}>
                      {ROTULO_MUDANCA[c.tipo].rotulo}
                    </Tag>
                  </td>
                  <td>
                    <Lado campo={c.antes} />
                  </td>
                  <td>
                    <Lado campo={c.depois} />
                  </td>
                  <td>{c.detalhes.length ? <ul className="cf-detalhes-mudanca">{c.detalhes.map((x) => <li key={x}>{x}</li>)}</ul> : c.tipo === 'adicionado' ? 'Campo novo' : c.tipo === 'removido' ? 'Campo retirado' : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Rolagem>
      )}
    </div>
  );
}
