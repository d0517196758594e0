import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../../app/contexto';
import { comItens, comParte, formaDe, itensDe, partes, pecaNova, type Forma, type NomeDisponivel, type nomesDisponiveis } from '../../../../forms/editorExpressao';
import { lerNumero } from '../../../../validation/regras';

type Disponiveis = ReturnType<typeof nomesDisponiveis>;

/** The pieces a designer picks from, in groups. */
const GRUPOS: { chave: string; formas: Forma[] }[] = [
  { chave: 'valores', formas: ['resposta', 'numero', 'hoje'] },
  { chave: 'contas', formas: ['soma', 'subtracao', 'multiplicacao', 'divisao', 'arredondar'] },
  { chave: 'itens', formas: ['somaItens', 'contagem', 'minimoItens', 'maximoItens'] },
  { chave: 'datas', formas: ['idade', 'diasEntre', 'somarDias'] },
];

/** The labels of a piece's parts, in order. */
const PARTES: Partial<Record<Forma, string[]>> = {
  soma: ['primeiro', 'segundo'],
  subtracao: ['primeiro', 'segundo'],
  multiplicacao: ['primeiro', 'segundo'],
  divisao: ['dividendo', 'divisor'],
  arredondar: ['valor'],
  idade: ['nascimento'],
  diasEntre: ['de', 'ate'],
  somarDias: ['data', 'dias'],
};

/** A number typed the Brazilian way ("18,90"): the piece changes when it is one. */
function Numero({ valor, aoMudar, desabilitado }: { valor: number; aoMudar: (n: number) => void; desabilitado: boolean }) {
  const t = useT();
  const id = useId();
  const [texto, setTexto] = useState(String(valor).replace('.', ','));
  useEffect(() => {
    if (lerNumero(texto) !== valor) setTexto(String(valor).replace('.', ','));
  }, [valor]);
  const invalido = !Number.isFinite(lerNumero(texto));
  return (
    <FormGroup label={t('calculos.numero')} labelFor={id} helperText={invalido ? t('calculos.numero-invalido') : undefined} intent={invalido ? 'danger' : 'none'} inline>
      <InputGroup
        id={id}
        inputMode="decimal"
        value={texto}
        disabled={desabilitado}
        intent={invalido ? 'danger' : 'none'}
        onChange={(e) => {
          setTexto(e.currentTarget.value);
          const n = lerNumero(e.currentTarget.value);
          if (Number.isFinite(n)) aoMudar(n);
        }}
      />
    </FormGroup>
  );
}

function Selecao({ rotulo, valor, opcoes, aoMudar, desabilitado }: { rotulo: string; valor: string; opcoes: { valor: string; rotulo: string }[]; aoMudar: (v: string) => void; desabilitado: boolean }) {
  const id = useId();
  return (
    <FormGroup label={rotulo} labelFor={id} inline>
      <HTMLSelect id={id} value={valor} disabled={desabilitado} onChange={(e) => aoMudar(e.currentTarget.value)}>
        {!opcoes.some((o) => o.valor === valor) && <option value={valor}>{valor ? valor : '—'}</option>}
        {opcoes.map((o) => (
          <option key={o.valor} value={o.valor}>
            {o.rotulo}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/**
 * One piece of a calculation (issue 43), and its parts inside it: what a designer builds without writing JSON. A
 * piece the editor cannot show (written as JSON) says so and keeps its JSON.
 */
export function Peca({ valor, aoMudar, disponiveis, rotulo, desabilitado, nivel = 0 }: { valor: unknown; aoMudar: (v: unknown) => void; disponiveis: Disponiveis; rotulo: string; desabilitado: boolean; nivel?: number }) {
  const t = useT();
  const forma = formaDe(valor);
  const { nomes, repetidas } = disponiveis;
  const primeiroNome = (tipo?: NomeDisponivel['tipo']) => nomes.find((n) => !tipo || n.tipo === tipo)?.nome;
  const trocar = (f: Forma) => {
    const secao = repetidas[0];
    aoMudar(pecaNova(f, valor, { nome: f === 'idade' || f === 'diasEntre' || f === 'somarDias' ? primeiroNome('data') : primeiroNome('numero') ?? primeiroNome(), secao: secao && { id: secao.id, campo: secao.campos[0]?.id } }));
  };
  const opcoesNomes = nomes.map((n) => ({ valor: n.nome, rotulo: n.calculo ? t('calculos.valor-calculado', { nome: n.rotulo }) : n.rotulo }));
  const filhas = partes(valor);
  const idForma = useId();
  return (
    <fieldset className={`cf-peca cf-peca-${nivel % 2 ? 'impar' : 'par'}`}>
      <legend>{rotulo}</legend>
      <FormGroup label={t('calculos.peca')} labelFor={idForma} inline>
        <HTMLSelect id={idForma} value={forma} disabled={desabilitado || nivel > 6} onChange={(e) => trocar(e.currentTarget.value as Forma)}>
          {GRUPOS.map((g) => (
            <optgroup key={g.chave} label={t(`calculos.grupo.${g.chave}` as never)}>
              {g.formas.map((f) => (
                <option key={f} value={f}>
                  {t(`calculos.forma.${f}` as never)}
                </option>
              ))}
            </optgroup>
          ))}
          {forma === 'avancada' && <option value="avancada">{t('calculos.forma.avancada')}</option>}
        </HTMLSelect>
      </FormGroup>
      {forma === 'resposta' && <Selecao rotulo={t('calculos.resposta')} valor={(valor as { var: string }).var} opcoes={opcoesNomes} desabilitado={desabilitado} aoMudar={(v) => aoMudar({ var: v })} />}
      {forma === 'numero' && <Numero valor={valor as number} desabilitado={desabilitado} aoMudar={aoMudar} />}
      {forma === 'avancada' && <p className="cf-ajuda">{t('calculos.avancada-ajuda')}</p>}
      {(forma === 'somaItens' || forma === 'minimoItens' || forma === 'maximoItens' || forma === 'contagem') && (
        <>
          {!repetidas.length && <p className="cf-erro-campo">{t('calculos.sem-repeticao')}</p>}
          <Selecao
            rotulo={t('calculos.secao-itens')}
            valor={forma === 'contagem' ? String((partesContagem(valor) ?? '')) : (itensDe(valor)?.secao ?? '')}
            opcoes={repetidas.map((r) => ({ valor: r.id, rotulo: r.titulo }))}
            desabilitado={desabilitado}
            aoMudar={(v) => aoMudar(comItens(valor, v, repetidas.find((r) => r.id === v)?.campos[0]?.id))}
          />
          {forma !== 'contagem' && (
            <Selecao
              rotulo={t('calculos.pergunta-itens')}
              valor={itensDe(valor)?.campo ?? ''}
              opcoes={(repetidas.find((r) => r.id === itensDe(valor)?.secao)?.campos ?? []).map((c) => ({ valor: c.id, rotulo: c.rotulo }))}
              desabilitado={desabilitado}
              aoMudar={(v) => aoMudar(comItens(valor, itensDe(valor)!.secao, v))}
            />
          )}
        </>
      )}
      {PARTES[forma]?.map((p, i) => <Peca key={p} valor={filhas[i]} aoMudar={(v) => aoMudar(comParte(valor, i, v))} disponiveis={disponiveis} rotulo={t(`calculos.parte.${p}` as never)} desabilitado={desabilitado} nivel={nivel + 1} />)}
    </fieldset>
  );
}

/** The section a count reads (`{contagem: {var}}` or `{contagem: [{var}]}`). */
function partesContagem(e: unknown): string | null {
  const v = (e as { contagem: unknown }).contagem;
  const alvo = Array.isArray(v) ? v[0] : v;
  return alvo && typeof alvo === 'object' && typeof (alvo as { var?: unknown }).var === 'string' ? (alvo as { var: string }).var : null;
}

/** The expression as JSON, for those who want it: edited as text, applied when it parses. */
export function JsonDaExpressao({ valor, aoMudar, desabilitado, rotulo, aberto }: { valor: unknown; aoMudar: (v: unknown) => void; desabilitado: boolean; rotulo: string; aberto?: boolean }) {
  const t = useT();
  const id = useId();
  const [texto, setTexto] = useState(() => JSON.stringify(valor, null, 2));
  const [erro, setErro] = useState(false);
  useEffect(() => {
    let igual = false;
    try {
      igual = JSON.stringify(JSON.parse(texto)) === JSON.stringify(valor);
    } catch {
      /* what is typed is not JSON yet */
    }
    if (!igual && !erro) setTexto(JSON.stringify(valor, null, 2));
  }, [valor]);
  return (
    <details className="cf-json-expressao" open={aberto}>
      <summary>{t('calculos.json')}</summary>
      <FormGroup label={rotulo} labelFor={id} helperText={erro ? t('calculos.json-invalido') : t('calculos.json-ajuda')} intent={erro ? 'danger' : 'none'}>
        <textarea
          id={id}
          className="bp6-input cf-json-texto"
          spellCheck={false}
          rows={6}
          value={texto}
          disabled={desabilitado}
          aria-invalid={erro}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setTexto(v);
            try {
              const x = JSON.parse(v);
              setErro(false);
              aoMudar(x);
            } catch {
              setErro(true);
            }
          }}
        />
      </FormGroup>
    </details>
  );
}
