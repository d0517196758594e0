import { FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useAmbiente } from '../../../app/contexto';
import type { Definicao } from '../../../../forms/definicao';
import { definirTaxa, lerReais, reaisDoCampo, type Taxa } from '../../../../forms/taxa';
import { PRAZO_PADRAO_MINUTOS } from '../../../../forms/vocabulario';
import type { AoMudarDefinicao } from './PropriedadesCampo';

/** A value in reais, typed freely ("18,90"): the fee changes when what is typed is a value; otherwise it says so. */
function CampoReais({ id, rotulo, centavos, desabilitado, erro, aoMudar }: { id: string; rotulo: string; centavos: number | undefined; desabilitado: boolean; erro?: string; aoMudar: (c: number) => void }) {
  const { t } = useAmbiente();
  const [texto, setTexto] = useState(reaisDoCampo(centavos));
  const invalido = texto.trim() !== '' && lerReais(texto) === null;
  const mensagem = invalido ? t('taxa.valor-invalido') : erro;
  return (
    <FormGroup label={rotulo} labelFor={id} helperText={mensagem} intent={mensagem ? 'danger' : 'none'} inline>
      <InputGroup
        id={id}
        className="cf-reais"
        leftElement={<span className="cf-prefixo-reais">{t('taxa.moeda')}</span>}
        value={texto}
        inputMode="decimal"
        disabled={desabilitado}
        intent={mensagem ? 'danger' : 'none'}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setTexto(v);
          const c = lerReais(v);
          if (c !== null) aoMudar(c);
        }}
      />
    </FormGroup>
  );
}

/**
 * "Taxa (Pix)" in the builder (issue 38): a fixed value, or a value per option of a single-choice question; the
 * receiving Pix key, the description the bank shows, the QR code's deadline. The problems come from the builder's
 * rules (src/forms/definicao.ts), under each box.
 */
export function EditorTaxa({ definicao, aoMudar, desabilitado, problemas }: { definicao: Definicao; aoMudar: AoMudarDefinicao; desabilitado: boolean; problemas: Map<string, string> }) {
  const { t } = useAmbiente();
  const taxa = definicao.taxa;
  const escolhas = definicao.secoes.flatMap((s) => (s.repeticao ? [] : s.campos.filter((c) => c.tipo === 'escolha-unica')));
  const mudar = (f: (x: Taxa) => Taxa, chave: string) => aoMudar((d) => (d.taxa ? definirTaxa(d, f(d.taxa)) : d), `taxa.${chave}`);
  const dinheiro = (definicao.calculos ?? []).filter((c) => c.tipo === 'dinheiro');
  const modo = taxa?.calculo !== undefined ? 'calculado' : taxa?.porResposta ? 'resposta' : 'fixo';
  const campoDoValor = taxa?.porResposta ? escolhas.find((c) => c.id === taxa.porResposta!.campo) : undefined;
  const erro = (k: string) => problemas.get(k);
  return (
    <fieldset className="cf-grupo-campos cf-taxa-editor">
      <legend>{t('taxa.titulo')}</legend>
      <Switch
        label={t('taxa.cobrar')}
        checked={!!taxa}
        disabled={desabilitado}
        onChange={(e) => {
          const sim = e.currentTarget.checked;
          aoMudar((d) => definirTaxa(d, sim ? { valorCentavos: 1000, descricao: '', chavePix: '' } : null), 'taxa');
        }}
      />
      {taxa && (
        <>
          <p className="cf-ajuda">{t('taxa.ajuda')}</p>
          {erro('taxa') && <p className="cf-erro-campo">{erro('taxa')}</p>}
          <RadioGroup
            label={t('taxa.valor')}
            selectedValue={modo}
            disabled={desabilitado}
            onChange={(e) => {
              const novo = e.currentTarget.value;
              mudar(({ valorCentavos: _, porResposta: __, calculo: ___, ...resto }) => (novo === 'resposta' ? { ...resto, porResposta: { campo: escolhas[0]?.id ?? '', valores: {} } } : novo === 'calculado' ? { ...resto, calculo: dinheiro[0]?.id ?? '' } : { ...resto, valorCentavos: 1000 }), 'tipo');
            }}
          >
            <Radio value="fixo" label={t('taxa.fixo')} />
            <Radio value="resposta" label={t('taxa.por-resposta')} disabled={!escolhas.length} />
            {/* A calculated value of type money (issue 43): the charge is the server's own figure. */}
            <Radio value="calculado" label={t('taxa.calculada')} />
          </RadioGroup>
          {modo === 'calculado' ? (
            <FormGroup label={t('taxa.valor-calculado')} labelFor="cf-taxa-calculo" helperText={erro('taxa.calculo') ?? (!dinheiro.length ? t('taxa.sem-calculo') : undefined)} intent={erro('taxa.calculo') ? 'danger' : 'none'}>
              <HTMLSelect id="cf-taxa-calculo" value={taxa.calculo} disabled={desabilitado} onChange={(e) => { const calculo = e.currentTarget.value; mudar((x) => ({ ...x, calculo }), 'calculo'); }}>
                {!dinheiro.some((c) => c.id === taxa.calculo) && <option value={taxa.calculo}>—</option>}
                {dinheiro.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.rotulo}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          ) : !taxa.porResposta ? (
            <CampoReais id="cf-taxa-valor" rotulo={t('taxa.valor-fixo')} centavos={taxa.valorCentavos} desabilitado={desabilitado} erro={erro('taxa.valorCentavos')} aoMudar={(c) => mudar((x) => ({ ...x, valorCentavos: c }), 'valorCentavos')} />
          ) : (
            <>
              <FormGroup label={t('taxa.pergunta')} labelFor="cf-taxa-pergunta" helperText={erro('taxa.porResposta.campo')} intent={erro('taxa.porResposta.campo') ? 'danger' : 'none'}>
                <HTMLSelect id="cf-taxa-pergunta" value={taxa.porResposta.campo} disabled={desabilitado} onChange={(e) => { const campo = e.currentTarget.value; mudar((x) => ({ ...x, porResposta: { campo, valores: {} } }), 'porResposta.campo'); }}>
                  {escolhas.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.rotulo}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              {erro('taxa.porResposta.valores') && <p className="cf-erro-campo">{erro('taxa.porResposta.valores')}</p>}
              {(campoDoValor?.opcoes ?? []).map((o) => (
                <CampoReais
                  key={`${taxa.porResposta!.campo}:${o.valor}`}
                  id={`cf-taxa-opcao-${o.valor}`}
                  rotulo={o.rotulo}
                  centavos={taxa.porResposta!.valores[o.valor]}
                  desabilitado={desabilitado}
                  aoMudar={(c) => mudar((x) => ({ ...x, porResposta: { campo: x.porResposta!.campo, valores: { ...x.porResposta!.valores, [o.valor]: c } } }), `porResposta.valores.${o.valor}`)}
                />
              ))}
            </>
          )}
          <FormGroup label={t('taxa.chave')} labelFor="cf-taxa-chave" helperText={erro('taxa.chavePix') ?? t('taxa.chave-ajuda')} intent={erro('taxa.chavePix') ? 'danger' : 'none'}>
            <InputGroup id="cf-taxa-chave" value={taxa.chavePix} disabled={desabilitado} intent={erro('taxa.chavePix') ? 'danger' : 'none'} onChange={(e) => { const v = e.currentTarget.value; mudar((x) => ({ ...x, chavePix: v.trim() }), 'chavePix'); }} />
          </FormGroup>
          <FormGroup label={t('taxa.descricao')} labelFor="cf-taxa-descricao" helperText={erro('taxa.descricao') ?? t('taxa.descricao-ajuda')} intent={erro('taxa.descricao') ? 'danger' : 'none'}>
            <InputGroup id="cf-taxa-descricao" value={taxa.descricao} maxLength={140} disabled={desabilitado} intent={erro('taxa.descricao') ? 'danger' : 'none'} onChange={(e) => { const v = e.currentTarget.value; mudar((x) => ({ ...x, descricao: v }), 'descricao'); }} />
          </FormGroup>
          <FormGroup label={t('taxa.prazo')} labelFor="cf-taxa-prazo" helperText={erro('taxa.prazoMinutos') ?? t('taxa.prazo-ajuda', { n: PRAZO_PADRAO_MINUTOS })} intent={erro('taxa.prazoMinutos') ? 'danger' : 'none'}>
            <InputGroup id="cf-taxa-prazo" className="cf-numero-curto" inputMode="numeric" value={taxa.prazoMinutos === undefined ? '' : String(taxa.prazoMinutos)} disabled={desabilitado} onChange={(e) => { const v = e.currentTarget.value.trim(); mudar(({ prazoMinutos: _, ...x }) => (v && /^\d+$/.test(v) ? { ...x, prazoMinutos: Number(v) } : x), 'prazoMinutos'); }} />
          </FormGroup>
        </>
      )}
    </fieldset>
  );
}
