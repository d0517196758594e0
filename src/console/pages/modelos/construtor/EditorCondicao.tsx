import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useId } from 'react';
import { chaveOperador, criterioNovo, OPERADORES_POR_TIPO, type Condicao, type Criterio, type Operador } from '../../../../forms/condicoes';
import type { Sujeito } from '../../../../forms/regras';
import { CampoData } from '../../../ui/CampoData';
import { lerNumero } from '../../../../validation/regras';
import { useT } from '../../../app/contexto';

const ehEscolha = (c: Sujeito) => c.tipo === 'escolha-unica' || c.tipo === 'escolha-multipla';

/** The value a criterion compares with, as the referenced field's type asks: an option, a date, a number or text. */
function ValorCriterio({ campo, criterio: c, desabilitado, mudar, rotulo }: { campo: Sujeito; criterio: Criterio; desabilitado?: boolean; mudar: (x: Criterio) => void; rotulo: string }) {
  const id = useId();
  const t = useT();
  if (c.operador === 'preenchido' || c.operador === 'naoPreenchido') return null;
  if (c.operador === 'umDe' && ehEscolha(campo)) {
    const marcados = new Set(c.valores ?? []);
    return (
      <fieldset className="cf-campo-escolha">
        <legend>{rotulo}</legend>
        {(campo.opcoes ?? []).map((o) => (
          <Checkbox key={o.valor} label={o.rotulo} checked={marcados.has(o.valor)} disabled={desabilitado} onChange={(e) => mudar({ ...c, valores: (campo.opcoes ?? []).map((x) => x.valor).filter((v) => (v === o.valor ? e.currentTarget.checked : marcados.has(v))) })} />
        ))}
      </fieldset>
    );
  }
  if (c.operador === 'umDe') {
    return (
      <FormGroup label={rotulo} labelFor={id} helperText={t('condicao.valores-ajuda')}>
        <InputGroup id={id} value={(c.valores ?? []).join('; ')} disabled={desabilitado} onChange={(e) => mudar({ ...c, valores: e.currentTarget.value.split(';').map((x) => x.trim()).filter(Boolean) })} />
      </FormGroup>
    );
  }
  if (ehEscolha(campo)) {
    return (
      <FormGroup label={rotulo} labelFor={id}>
        <HTMLSelect id={id} value={String(c.valor ?? '')} disabled={desabilitado} onChange={(e) => mudar({ ...c, valor: e.currentTarget.value })}>
          {(campo.opcoes ?? []).map((o) => (
            <option key={o.valor} value={o.valor}>
              {o.rotulo}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    );
  }
  if (campo.tipo === 'data') return <CampoData rotulo={rotulo} valor={typeof c.valor === 'string' && c.valor ? c.valor : null} aoMudar={(iso, ok) => ok && mudar({ ...c, valor: iso ?? '' })} />;
  const numero = campo.tipo === 'inteiro' || campo.tipo === 'decimal' || campo.tipo === 'moeda';
  return (
    <FormGroup label={rotulo} labelFor={id}>
      <InputGroup
        id={id}
        inputMode={numero ? 'decimal' : undefined}
        value={c.valor === undefined ? '' : String(c.valor).replace('.', numero ? ',' : '.')}
        disabled={desabilitado}
        onChange={(e) => {
          const v = e.currentTarget.value;
          const n = lerNumero(v);
          mudar({ ...c, valor: numero && v.trim() && Number.isFinite(n) ? n : v });
        }}
      />
    </FormGroup>
  );
}

/**
 * A rule, the one way rules are written (issue 15; issue 43): "todas"/"qualquer" and one row per requirement (an
 * answer or a value, a comparison its type allows, and a value). When a field or a section shows, it comes with
 * a switch; a rule that always exists (`titulo`: a blocking rule, a required-when, a yes/no value) has none.
 * Nothing is typed as code; what does not make sense is reported by `validarDefinicao` beside it.
 */
export function EditorCondicao({ condicao, anteriores, aoMudar, desabilitado, nome, titulo }: { condicao?: Condicao; anteriores: Sujeito[]; aoMudar: (c: Condicao | undefined) => void; desabilitado?: boolean; nome: string; titulo?: string }) {
  const id = useId();
  const t = useT();
  // A rule that always exists (a blocking rule, a required-when, a yes/no value) rather than a question's condition.
  const regra = titulo !== undefined;
  const porId = new Map(anteriores.map((c) => [c.id, c]));
  const ultimo = anteriores[anteriores.length - 1];
  const mudarCriterio = (i: number, c: Criterio) => aoMudar({ ...condicao!, criterios: condicao!.criterios.map((x, j) => (j === i ? c : x)) });
  return (
    <fieldset className="cf-grupo-campos cf-condicao" aria-label={t('condicao.de', { nome })}>
      <legend>{titulo ?? t('condicao.titulo')}</legend>
      {!regra && (
        <Switch
          label={t('condicao.ativar')}
          checked={!!condicao}
          disabled={desabilitado || (!condicao && !ultimo)}
          onChange={(e) => aoMudar(e.currentTarget.checked && ultimo ? { juncao: 'todas', criterios: [criterioNovo(ultimo, 'preenchido')] } : undefined)}
        />
      )}
      {!condicao && !ultimo && <p className="cf-ajuda">{t(regra ? 'regras.sem-sujeitos' : 'condicao.sem-anteriores')}</p>}
      {condicao && (
        <>
          <FormGroup label={t(regra ? 'regras.juncao' : 'condicao.juncao')} labelFor={`${id}-juncao`}>
            <HTMLSelect id={`${id}-juncao`} value={condicao.juncao} disabled={desabilitado} onChange={(e) => aoMudar({ ...condicao, juncao: e.currentTarget.value as Condicao['juncao'] })}>
              <option value="todas">{t('condicao.todas')}</option>
              <option value="qualquer">{t('condicao.qualquer')}</option>
            </HTMLSelect>
          </FormGroup>
          <ol className="cf-criterios">
            {condicao.criterios.map((c, i) => {
              const campo = porId.get(c.campo);
              const n = i + 1;
              return (
                <li key={i} className="cf-criterio" aria-label={t('condicao.exigencia', { n })}>
                  <FormGroup label={t(regra ? 'regras.campo' : 'condicao.campo')} labelFor={`${id}-${i}-campo`}>
                    <HTMLSelect id={`${id}-${i}-campo`} value={c.campo} disabled={desabilitado} onChange={(e) => mudarCriterio(i, criterioNovo(porId.get(e.currentTarget.value)!))}>
                      {!campo && <option value={c.campo}>{t('condicao.campo-ausente', { campo: c.campo })}</option>}
                      {anteriores.map((x) => (
                        <option key={x.id} value={x.id}>
                          {x.rotulo || x.id}
                        </option>
                      ))}
                    </HTMLSelect>
                  </FormGroup>
                  {campo && (
                    <FormGroup label={t('condicao.operador')} labelFor={`${id}-${i}-op`}>
                      <HTMLSelect id={`${id}-${i}-op`} value={c.operador} disabled={desabilitado} onChange={(e) => mudarCriterio(i, criterioNovo(campo, e.currentTarget.value as Operador))}>
                        {OPERADORES_POR_TIPO[campo.tipo].map((o) => (
                          <option key={o} value={o}>
                            {t(chaveOperador(o))}
                          </option>
                        ))}
                      </HTMLSelect>
                    </FormGroup>
                  )}
                  {campo && <ValorCriterio campo={campo} criterio={c} desabilitado={desabilitado} mudar={(x) => mudarCriterio(i, x)} rotulo={t('condicao.valor')} />}
                  {!desabilitado && condicao.criterios.length > 1 && <Button variant="minimal" icon="trash" intent="danger" aria-label={t('condicao.remover', { n })} onClick={() => aoMudar({ ...condicao, criterios: condicao.criterios.filter((_, j) => j !== i) })} />}
                </li>
              );
            })}
          </ol>
          {!desabilitado && ultimo && <Button icon="plus" text={t('condicao.adicionar')} onClick={() => aoMudar({ ...condicao, criterios: [...condicao.criterios, criterioNovo(ultimo, 'preenchido')] })} />}
        </>
      )}
    </fieldset>
  );
}
