import { Button, Callout, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useT } from '../../../app/contexto';
import { calcular, type Bloqueio, type Calculo } from '../../../../forms/calculos';
import type { Definicao } from '../../../../forms/definicao';
import { definirObrigatorioQuando } from '../../../../forms/edicao';
import { nomeDoRotulo, nomesDisponiveis, renomearNasExpressoes } from '../../../../forms/editorExpressao';
import { condicaoDaLogica, regraNova, sujeitosDasRegras } from '../../../../forms/regras';
import { problemasDosCalculos } from '../../../../forms/problemasCalculos';
import { textoCalculado } from '../../../../forms/respostas';
import { TIPOS_CALCULO, type TipoCalculo } from '../../../../forms/vocabulario';
import type { IdiomaCidadao } from '../../../../i18n/cidadao';
import { tradutorCidadao } from '../../../../i18n/cidadao';
import { JsonDaExpressao, Peca } from './EditorExpressao';
import { EditorRegra } from './EditorRegra';
import type { AoMudarDefinicao } from './PropriedadesCampo';

/** What the rules of this definition may read (all but `proprio`), labelled in the builder's language. */
function useSujeitos(d: Definicao, proprio?: string) {
  const t = useT();
  return useMemo(() => sujeitosDasRegras(d, { sim: t('regras.sim'), nao: t('regras.nao'), calculado: (nome) => t('calculos.valor-calculado', { nome }) }, proprio), [d, t, proprio]);
}

export interface PropsEditorCalculos {
  definicao: Definicao;
  aoMudar: AoMudarDefinicao;
  desabilitado: boolean;
  /** Answers typed in the preview beside it: each value and rule shows its result on them. */
  amostra: Record<string, unknown>;
  idioma: IdiomaCidadao;
  /** A publishing problem chosen in the list: the value or rule it is about takes the focus. */
  foco?: { tipo: 'calculo' | 'bloqueio' | 'exigencia'; indice: number; vez: number } | null;
}

/**
 * "Cálculos" in the builder (issue 43): the calculated values (name, type, where the citizen sees it, the
 * calculation built from pieces, its JSON) and the rules that block sending (a condition and its message), each
 * with its result on the answers typed in the preview beside it, and its problems as publishing will report them.
 */
export function EditorCalculos({ definicao: d, aoMudar, desabilitado, amostra, idioma, foco }: PropsEditorCalculos) {
  const t = useT();
  const calculos = d.calculos ?? [];
  const bloqueios = d.bloqueios ?? [];
  const problemas = useMemo(() => problemasDosCalculos(d, t), [d, t]);
  const resultado = useMemo(() => calcular(d, amostra), [d, amostra]);
  const tc = useMemo(() => tradutorCidadao(idioma), [idioma]);
  const raiz = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!foco) return;
    const alvo = raiz.current?.querySelector<HTMLElement>(`[data-${foco.tipo}="${foco.indice}"] input, [data-${foco.tipo}="${foco.indice}"] select`);
    alvo?.focus();
    alvo?.scrollIntoView?.({ block: 'center' });
  }, [foco]);
  const doCaminho = (prefixo: string) => problemas.filter((p) => p.caminho === prefixo || p.caminho.startsWith(`${prefixo}.`)).map((p) => p.mensagem);
  const mudarCalculo = (i: number, f: (c: Calculo) => Calculo, chave: string) => aoMudar((x) => ({ ...x, calculos: (x.calculos ?? []).map((c, k) => (k === i ? f(c) : c)) }), `calculos.${i}.${chave}`);
  const mudarBloqueio = (i: number, f: (b: Bloqueio) => Bloqueio, chave: string) => aoMudar((x) => ({ ...x, bloqueios: (x.bloqueios ?? []).map((b, k) => (k === i ? f(b) : b)) }), `bloqueios.${i}.${chave}`);
  const secoes = d.secoes.filter((s) => !s.repeticao);
  const sujeitos = useSujeitos(d);
  return (
    <div className="cf-calculos" ref={raiz}>
      <p className="cf-ajuda">{t('calculos.ajuda')}</p>
      <h3>{t('calculos.valores')}</h3>
      {!calculos.length && <p className="cf-ajuda">{t('calculos.nenhum-valor')}</p>}
      {calculos.map((c, i) => (
        <CartaoCalculo
          key={i}
          indice={i}
          calculo={c}
          d={d}
          secoes={secoes}
          desabilitado={desabilitado}
          problemas={doCaminho(`calculos[${i}]`)}
          resultado={textoCalculado(c, resultado.valores[c.id], tc)}
          aoMudar={(f, chave) => mudarCalculo(i, f, chave)}
          aoRenomear={(para) => aoMudar((x) => renomearNasExpressoes(x, c.id, para), `calculos.${i}.id`)}
          aoRemover={() => aoMudar((x) => ({ ...x, calculos: (x.calculos ?? []).filter((_, k) => k !== i) }), `calculos.${i}`)}
        />
      ))}
      <Button
        icon="plus"
        text={t('calculos.adicionar-valor')}
        disabled={desabilitado}
        onClick={() =>
          aoMudar((x) => {
            const rotulo = t('calculos.novo-valor', { n: (x.calculos?.length ?? 0) + 1 });
            return { ...x, calculos: [...(x.calculos ?? []), { id: nomeDoRotulo(rotulo, x), rotulo, tipo: 'numero', expressao: 0 }] };
          }, 'calculos')
        }
      />
      <h3>{t('calculos.bloqueios')}</h3>
      <p className="cf-ajuda">{t('calculos.bloqueios-ajuda')}</p>
      {!bloqueios.length && <p className="cf-ajuda">{t('calculos.nenhum-bloqueio')}</p>}
      {bloqueios.map((b, i) => (
        <CartaoBloqueio
          key={i}
          indice={i}
          bloqueio={b}
          d={d}
          desabilitado={desabilitado}
          problemas={doCaminho(`bloqueios[${i}]`)}
          bloqueia={resultado.bloqueios.some((x) => x.id === b.id)}
          aoMudar={(f, chave) => mudarBloqueio(i, f, chave)}
          aoRemover={() => aoMudar((x) => ({ ...x, bloqueios: (x.bloqueios ?? []).filter((_, k) => k !== i) }), `bloqueios.${i}`)}
        />
      ))}
      <Button
        icon="plus"
        text={t('calculos.adicionar-bloqueio')}
        disabled={desabilitado}
        onClick={() =>
          aoMudar((x) => {
            const usados = new Set((x.bloqueios ?? []).map((b) => b.id));
            let n = (x.bloqueios?.length ?? 0) + 1;
            while (usados.has(`regra-${n}`)) n++;
            return { ...x, bloqueios: [...(x.bloqueios ?? []), { id: `regra-${n}`, quando: regraNova(sujeitos, 'menor'), mensagem: '' }] };
          }, 'bloqueios')
        }
      />
      <Exigencias d={d} aoMudar={aoMudar} desabilitado={desabilitado} exigidos={resultado.exigidos} problemas={problemas} />
    </div>
  );
}

/**
 * "Perguntas obrigatórias por regra" (issue 43): an optional question made required when a condition holds. The rule
 * is kept on the question (`obrigatorioQuando`); here is where a designer writes rules, all of them.
 */
function Exigencias({ d, aoMudar, desabilitado, exigidos, problemas }: { d: Definicao; aoMudar: AoMudarDefinicao; desabilitado: boolean; exigidos: Set<string>; problemas: { caminho: string; mensagem: string }[] }) {
  const t = useT();
  const id = useId();
  const sujeitos = useSujeitos(d);
  const todas = d.secoes.flatMap((s, i) => s.campos.map((c, j) => ({ c, caminho: `secoes[${i}].campos[${j}].obrigatorioQuando` })));
  const comRegra = todas.filter((x) => x.c.obrigatorioQuando !== undefined);
  const opcionais = todas.filter((x) => !x.c.obrigatorio && x.c.obrigatorioQuando === undefined);
  const definir = (campo: string, regra: unknown) => aoMudar((x) => definirObrigatorioQuando(x, campo, regra), `exigencia.${campo}`);
  return (
    <>
      <h3>{t('calculos.exigencias')}</h3>
      <p className="cf-ajuda">{t('calculos.exigencias-ajuda')}</p>
      {!comRegra.length && <p className="cf-ajuda">{t('calculos.nenhuma-exigencia')}</p>}
      {comRegra.map(({ c, caminho }, i) => (
        <section key={c.id} className="cf-cartao-calculo" data-exigencia={i} aria-labelledby={`${id}-${i}`}>
          <h4 id={`${id}-${i}`}>{c.rotulo || c.id}</h4>
          <EditorRegra valor={c.obrigatorioQuando} aoMudar={(v) => definir(c.id, v)} sujeitos={sujeitos.filter((s) => s.id !== c.id)} rotulo={t('calculos.exigencia-quando')} nome={c.rotulo || c.id} desabilitado={desabilitado} />
          <p className="cf-ajuda">{t(exigidos.has(c.id) ? 'calculos.exigida-amostra' : 'calculos.nao-exigida-amostra')}</p>
          <Problemas lista={problemas.filter((p) => p.caminho === caminho).map((p) => p.mensagem)} />
          <JsonDaExpressao valor={c.obrigatorioQuando} rotulo={t('calculos.json-rotulo', { nome: c.rotulo || c.id })} desabilitado={desabilitado} aoMudar={(v) => definir(c.id, v)} />
          <Button intent="danger" variant="minimal" icon="trash" text={t('calculos.remover-exigencia', { campo: c.rotulo || c.id })} disabled={desabilitado} onClick={() => definir(c.id, undefined)} />
        </section>
      ))}
      {opcionais.length ? (
        <FormGroup label={t('calculos.adicionar-exigencia')} labelFor={`${id}-nova`}>
          <HTMLSelect
            id={`${id}-nova`}
            value=""
            disabled={desabilitado}
            onChange={(e) => {
              const campo = e.currentTarget.value;
              if (campo) definir(campo, regraNova(sujeitos.filter((s) => s.id !== campo), 'maior'));
            }}
          >
            <option value="">{t('calculos.pergunta')}…</option>
            {opcionais.map(({ c }) => (
              <option key={c.id} value={c.id}>
                {c.rotulo || c.id}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : (
        <p className="cf-ajuda">{t('calculos.sem-opcionais')}</p>
      )}
    </>
  );
}

function Problemas({ lista }: { lista: string[] }) {
  return lista.length ? (
    <ul className="cf-erro-campo cf-problemas-calculo">
      {lista.map((m, i) => (
        <li key={i}>{m}</li>
      ))}
    </ul>
  ) : null;
}

function CartaoCalculo(p: {
  indice: number;
  calculo: Calculo;
  d: Definicao;
  secoes: Definicao['secoes'];
  desabilitado: boolean;
  problemas: string[];
  resultado: string;
  aoMudar: (f: (c: Calculo) => Calculo, chave: string) => void;
  aoRenomear: (para: string) => void;
  aoRemover: () => void;
}) {
  const t = useT();
  const { calculo: c, d, desabilitado } = p;
  const id = useId();
  const disponiveis = useMemo(() => nomesDisponiveis(d, c.id), [d, c.id]);
  const sujeitos = useSujeitos(d, c.id);
  const [nomeDigitado, setNomeDigitado] = useState(c.id);
  useEffect(() => setNomeDigitado(c.id), [c.id]);
  const titulo = c.rotulo.trim() || t('calculos.sem-nome');
  return (
    <section className="cf-cartao-calculo" data-calculo={p.indice} aria-labelledby={`${id}-titulo`}>
      <h4 id={`${id}-titulo`}>{titulo}</h4>
      <div className="cf-linha-calculo">
        <FormGroup label={t('calculos.rotulo')} labelFor={`${id}-rotulo`}>
          <InputGroup
            id={`${id}-rotulo`}
            value={c.rotulo}
            disabled={desabilitado}
            onChange={(e) => {
              const rotulo = e.currentTarget.value;
              // A name still made from the label follows it (and every calculation that reads it).
              const seguir = c.id === nomeDoRotulo(c.rotulo, d, c.id);
              p.aoMudar((x) => ({ ...x, rotulo }), 'rotulo');
              if (seguir && rotulo.trim()) p.aoRenomear(nomeDoRotulo(rotulo, d, c.id));
            }}
          />
        </FormGroup>
        <FormGroup label={t('calculos.nome')} labelFor={`${id}-nome`} helperText={t('calculos.nome-ajuda')}>
          <InputGroup id={`${id}-nome`} value={nomeDigitado} disabled={desabilitado} onChange={(e) => setNomeDigitado(e.currentTarget.value)} onBlur={() => nomeDigitado !== c.id && nomeDigitado.trim() && p.aoRenomear(nomeDigitado.trim())} />
        </FormGroup>
        <FormGroup label={t('calculos.tipo')} labelFor={`${id}-tipo`}>
          <HTMLSelect id={`${id}-tipo`} value={c.tipo} disabled={desabilitado} onChange={(e) => {
              const tipo = e.currentTarget.value as TipoCalculo;
              // A yes/no value is a rule (written as requirements); another type starts from a number again.
              const regra = condicaoDaLogica(c.expressao) !== null;
              const expressao = tipo === 'simNao' && !regra ? regraNova(sujeitos, 'maior') : tipo !== 'simNao' && regra ? 0 : c.expressao;
              p.aoMudar((x) => ({ ...x, tipo, expressao }), 'tipo');
            }}>
            {TIPOS_CALCULO.map((tipo) => (
              <option key={tipo} value={tipo}>
                {t(`calculos.tipo.${tipo}` as never)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('calculos.onde')} labelFor={`${id}-onde`}>
          <HTMLSelect
            id={`${id}-onde`}
            value={c.secao ?? ''}
            disabled={desabilitado}
            onChange={(e) => {
              const secao = e.currentTarget.value;
              p.aoMudar(({ secao: _, ...x }) => (secao ? { ...x, secao } : x), 'secao');
            }}
          >
            <option value="">{t('calculos.oculto')}</option>
            {p.secoes.map((s) => (
              <option key={s.id} value={s.id}>
                {t('calculos.no-fim-de', { secao: s.titulo || s.id })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      {c.tipo === 'simNao' ? (
        <EditorRegra valor={c.expressao} aoMudar={(v) => p.aoMudar((x) => ({ ...x, expressao: v }), 'expressao')} sujeitos={sujeitos} rotulo={t('calculos.sim-quando')} nome={titulo} desabilitado={desabilitado} />
      ) : (
        <Peca valor={c.expressao} aoMudar={(v) => p.aoMudar((x) => ({ ...x, expressao: v }), 'expressao')} disponiveis={disponiveis} rotulo={t('calculos.calculo')} desabilitado={desabilitado} />
      )}
      <p className="cf-resultado-calculo" data-resultado={c.id}>
        <strong>{t('calculos.resultado')}</strong> <output>{p.resultado}</output>
      </p>
      <Problemas lista={p.problemas} />
      <JsonDaExpressao valor={c.expressao} rotulo={t('calculos.json-rotulo', { nome: titulo })} desabilitado={desabilitado} aoMudar={(v) => p.aoMudar((x) => ({ ...x, expressao: v }), 'expressao')} />
      <Button intent="danger" variant="minimal" icon="trash" text={t('calculos.remover-valor', { nome: titulo })} disabled={desabilitado} onClick={p.aoRemover} />
    </section>
  );
}

function CartaoBloqueio(p: { indice: number; bloqueio: Bloqueio; d: Definicao; desabilitado: boolean; problemas: string[]; bloqueia: boolean; aoMudar: (f: (b: Bloqueio) => Bloqueio, chave: string) => void; aoRemover: () => void }) {
  const t = useT();
  const { bloqueio: b, d, desabilitado } = p;
  const id = useId();
  const sujeitos = useSujeitos(d);
  const titulo = t('calculos.regra', { n: p.indice + 1 });
  return (
    <section className="cf-cartao-calculo" data-bloqueio={p.indice} aria-labelledby={`${id}-titulo`}>
      <h4 id={`${id}-titulo`}>{titulo}</h4>
      <EditorRegra valor={b.quando} aoMudar={(v) => p.aoMudar((x) => ({ ...x, quando: v }), 'quando')} sujeitos={sujeitos} rotulo={t('calculos.quando')} nome={titulo} desabilitado={desabilitado} />
      <FormGroup label={t('calculos.mensagem')} labelFor={`${id}-mensagem`} helperText={t('calculos.mensagem-ajuda')}>
        <TextArea id={`${id}-mensagem`} fill value={b.mensagem} disabled={desabilitado} onChange={(e) => p.aoMudar((x) => ({ ...x, mensagem: e.currentTarget.value }), 'mensagem')} />
      </FormGroup>
      {p.bloqueia ? (
        <Callout intent="warning" compact>
          {t('calculos.bloqueia-amostra')}
        </Callout>
      ) : (
        <p className="cf-ajuda">{t('calculos.nao-bloqueia-amostra')}</p>
      )}
      <Problemas lista={p.problemas} />
      <JsonDaExpressao valor={b.quando} rotulo={t('calculos.json-rotulo', { nome: titulo })} desabilitado={desabilitado} aoMudar={(v) => p.aoMudar((x) => ({ ...x, quando: v }), 'quando')} />
      <Button intent="danger" variant="minimal" icon="trash" text={t('calculos.remover-regra', { n: p.indice + 1 })} disabled={desabilitado} onClick={p.aoRemover} />
    </section>
  );
}
