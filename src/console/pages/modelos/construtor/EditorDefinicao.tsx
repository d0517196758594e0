import { EditorConta } from './EditorConta';
import { EditorOrcamentoSms } from './EditorOrcamentoSms';
import { Button, FormGroup, InputGroup, NonIdealState, Switch, Tag, TextArea, type IconName } from '@blueprintjs/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useAmbiente, useT } from '../../../app/contexto';
import { emPortugues } from '../../../../i18n';
import { chaveTipo, type CampoDefinicao, type Definicao, type Secao } from '../../../../forms/definicao';
import { TIPOS_CAMPO, type TipoCampo } from '../../../../forms/vocabulario';
import { type ProblemaLocalizado } from '../../../../forms/problemasDefinicao';
import { definirDeclaracao, adicionarCampo, adicionarSecao, alterarSecao, definirPaginaDaSecao, definirEmailEquipe, definirPaginas, definirRepeticao, campoNovo, duplicarCampo, moverCampo, moverCampoPara, moverSecao, nomeSegueRotulo, novoId, onde, removerCampo, removerSecao, renomearCampo } from '../../../../forms/edicao';
import { confirmar } from '../../../ui/dialogos';
import { PropriedadesCampo, type AoMudarDefinicao } from './PropriedadesCampo';
import { EditorCondicao } from './EditorCondicao';
import { EditorTaxa } from './EditorTaxa';
import { EditorEtapas } from './EditorEtapas';
import { etapasDeAnalise } from '../../../../forms/etapas';
import { camposAnteriores } from '../../../../forms/condicoes';
import { emPaginas } from '../../../../forms/paginas';

/**
 * The definition's structure: sections and their fields, each field a row that opens its properties.
 * Reorder by dragging a row's handle or from the keyboard (Alt+↑/↓ on a row, or its buttons); every
 * move is announced. Rows are memoized so a keystroke redraws only the field being edited.
 */
interface Acoes {
  selecionar: (id: string | null) => void;
  mover: (id: string, delta: -1 | 1) => void;
  duplicar: (id: string) => void;
  remover: (id: string) => void;
  renomear: (de: string, para: string) => void;
  /** On leaving the label: the answer's name follows the new label while it is still the one the old label gave. */
  seguirRotulo: (id: string, rotuloAntes: string) => void;
  /** A field's row (`id`) or a type from the palette (`tipo:texto`) being dragged. */
  arrastar: (id: string | null) => void;
  alvo: (secaoId: string, posicao: number) => void;
  soltar: () => void;
  /** The questions a condition of this field or section may read (those before it, in the current definition). */
  anteriores: (alvo: { campo: string } | { secao: string }) => CampoDefinicao[];
  /** The text questions outside repeating sections: what a CEP field may fill (issue 44). */
  textos: () => CampoDefinicao[];
  /** The model's analysis steps (issue 46): what a question may be reserved to. */
  analises: () => { id: string; titulo: string }[];
}

interface PropsLinha {
  campo: CampoDefinicao;
  indice: number;
  total: number;
  secao: string;
  selecionado: boolean;
  /** This field's problems, one per line (a string, so an unchanged list does not redraw the row). */
  problemas: string | undefined;
  marca: 'antes' | 'depois' | null;
  desabilitado: boolean;
  novo: boolean;
  acoes: Acoes;
  aoMudar: AoMudarDefinicao;
}

const LinhaCampo = memo(function LinhaCampo({ campo: c, indice, total, secao, selecionado, problemas, marca, desabilitado, novo, acoes, aoMudar }: PropsLinha) {
  const t = useT();
  const nome = c.rotulo || t('editor.sem-rotulo');
  const lista = problemas ? problemas.split('\n') : [];
  const teclas = (ev: KeyboardEvent) => {
    if (desabilitado || !ev.altKey || (ev.key !== 'ArrowUp' && ev.key !== 'ArrowDown')) return;
    ev.preventDefault();
    acoes.mover(c.id, ev.key === 'ArrowUp' ? -1 : 1);
  };
  const sobre = (ev: DragEvent<HTMLLIElement>) => {
    ev.preventDefault();
    ev.stopPropagation();
    const r = ev.currentTarget.getBoundingClientRect();
    acoes.alvo(secao, ev.clientY < r.top + r.height / 2 ? indice : indice + 1);
  };
  return (
    <li className={`cf-linha-campo${selecionado ? ' cf-selecionado' : ''}${marca ? ` cf-soltar-${marca}` : ''}`} data-campo-id={c.id} onDragOver={desabilitado ? undefined : sobre} onDrop={desabilitado ? undefined : (ev) => (ev.preventDefault(), ev.stopPropagation(), acoes.soltar())}>
      <div className="cf-linha-campo-topo">
        {!desabilitado && (
          <span
            className="cf-alca"
            draggable
            title={t('editor.arraste')}
            aria-hidden="true"
            onDragStart={(ev) => {
              ev.dataTransfer.effectAllowed = 'move';
              ev.dataTransfer.setData('text/plain', c.id);
              acoes.arrastar(c.id);
            }}
            onDragEnd={() => acoes.arrastar(null)}
          >
            ⋮⋮
          </span>
        )}
        {/* The name is the visible words; the position is its description (issue 50: a hidden ", posição" in the name was read "Texto , posição"). */}
        <button type="button" className="cf-rotulo-campo" data-foco={c.id} aria-describedby={`cf-posicao-${c.id}`} aria-expanded={selecionado} aria-keyshortcuts={desabilitado ? undefined : 'Alt+ArrowUp Alt+ArrowDown'} onClick={() => acoes.selecionar(selecionado ? null : c.id)} onKeyDown={teclas}>
          <span className="cf-rotulo-texto">{nome}</span>
          <span className="cf-tipo-campo">
            {t(chaveTipo(c.tipo))}
            {c.obrigatorio ? t('editor.obrigatorio') : ''}
          </span>
        </button>
        <span id={`cf-posicao-${c.id}`} className="cf-so-leitor">
          {t('editor.posicao', { i: indice + 1, n: total })}
        </span>
        {lista.length > 0 && (
          <Tag intent="danger" minimal icon="warning-sign">
            {t('editor.problemas', { n: lista.length })}
          </Tag>
        )}
        {!desabilitado && (
          <span className="cf-botoes-campo">
            <Button variant="minimal" size="small" icon="arrow-up" aria-label={t('editor.mover-cima', { nome })} onClick={() => acoes.mover(c.id, -1)} />
            <Button variant="minimal" size="small" icon="arrow-down" aria-label={t('editor.mover-baixo', { nome })} onClick={() => acoes.mover(c.id, 1)} />
            <Button variant="minimal" size="small" icon="duplicate" aria-label={t('editor.duplicar', { nome })} onClick={() => acoes.duplicar(c.id)} />
            <Button variant="minimal" size="small" icon="trash" intent="danger" aria-label={t('editor.remover', { nome })} onClick={() => acoes.remover(c.id)} />
          </span>
        )}
      </div>
      {selecionado && <PropriedadesCampo campo={c} anteriores={acoes.anteriores({ campo: c.id })} textos={c.tipo === 'cep' ? acoes.textos() : undefined} analises={acoes.analises()} problemas={lista} aoMudar={aoMudar} aoRenomear={acoes.renomear} aoSairDoRotulo={acoes.seguirRotulo} desabilitado={desabilitado} focarRotulo={novo} />}
    </li>
  );
});

interface PropsSecao {
  secao: Secao;
  indice: number;
  total: number;
  selecionado: string | null;
  problemas: Map<string, string>;
  alvo: number | null;
  desabilitado: boolean;
  novo: string | null;
  acoes: Acoes;
  aoMudar: AoMudarDefinicao;
  aoRemover: (s: Secao) => void;
  /** A row's React key: stays when the field's name changes, so a rename never redraws the row from scratch. */
  chaveDe: (id: string) => string;
  /** The model is walked page by page. */
  emPaginas: boolean;
}

/**
 * How the section is walked (issue 21): on the first section, whether the model is in pages at all;
 * on the others, while it is, whether the section starts a new page or joins the page before.
 */
function OpcoesSecao({ secao: s, indice, emPaginas: paginado, desabilitado, aoMudar }: { secao: Secao; indice: number; emPaginas: boolean; desabilitado: boolean; aoMudar: AoMudarDefinicao }) {
  const t = useT();
  const id = `cf-rep-${s.id}`;
  const r = s.repeticao;
  // The limits as typed (a half-typed number stays on screen; the definition gets it once it is one).
  const numero = (campo: 'minimo' | 'maximo') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value.trim();
    if (/^\d{1,3}$/.test(v)) aoMudar((d) => definirRepeticao(d, s.id, { [campo]: Number(v) }), `${s.id}.repeticao.${campo}`);
  };
  return (
    <div className="cf-opcoes-secao">
      {indice === 0 ? (
        <Switch checked={paginado} disabled={desabilitado} label={t('editor.em-paginas')} onChange={(e) => { const v = e.currentTarget.checked; aoMudar((d) => definirPaginas(d, v)); }} />
      ) : paginado ? (
        <Switch checked={!!s.pagina} disabled={desabilitado} label={t('editor.nova-pagina')} onChange={(e) => { const v = e.currentTarget.checked; aoMudar((d) => definirPaginaDaSecao(d, s.id, v)); }} />
      ) : null}
      <Switch checked={!!r} disabled={desabilitado} label={t('editor.repete')} onChange={(e) => { const v = e.currentTarget.checked; aoMudar((d) => definirRepeticao(d, s.id, v ? {} : null)); }} />
      {r && (
        <div className="cf-repeticao-limites">
          <FormGroup label={t('editor.repete-item')} labelFor={`${id}-item`} inline>
            <InputGroup id={`${id}-item`} value={r.item ?? ''} placeholder={t('respostas.item')} disabled={desabilitado} onChange={(e) => { const v = e.currentTarget.value; aoMudar((d) => definirRepeticao(d, s.id, { item: v }), `${s.id}.repeticao.item`); }} />
          </FormGroup>
          <FormGroup label={t('editor.repete-minimo')} labelFor={`${id}-min`} inline>
            <InputGroup id={`${id}-min`} className="cf-numero-curto" inputMode="numeric" defaultValue={String(r.minimo)} disabled={desabilitado} onChange={numero('minimo')} />
          </FormGroup>
          <FormGroup label={t('editor.repete-maximo')} labelFor={`${id}-max`} inline>
            <InputGroup id={`${id}-max`} className="cf-numero-curto" inputMode="numeric" defaultValue={String(r.maximo)} disabled={desabilitado} onChange={numero('maximo')} />
          </FormGroup>
        </div>
      )}
    </div>
  );
}

const EditorSecao = memo(function EditorSecao({ secao: s, indice, total, selecionado, problemas, alvo, desabilitado, novo, acoes, aoMudar, aoRemover, chaveDe, emPaginas: paginado }: PropsSecao) {
  const t = useT();
  const titulo = s.titulo || t('editor.sem-titulo');
  const problemasSecao = problemas.get(`secao:${s.id}`);
  const [comCondicao, setComCondicao] = useState(false);
  return (
    <section className="cf-secao-editor" data-secao-indice={indice} aria-label={t('editor.secao', { n: indice + 1, titulo })} onDragOver={desabilitado ? undefined : (ev) => (ev.preventDefault(), acoes.alvo(s.id, alvo ?? s.campos.length))} onDrop={desabilitado ? undefined : (ev) => (ev.preventDefault(), acoes.soltar())}>
      <div className="cf-secao-topo">
        <InputGroup aria-label={t('editor.titulo-secao', { n: indice + 1 })} value={s.titulo} disabled={desabilitado} intent={problemasSecao ? 'danger' : 'none'} onChange={(e) => { const v = e.currentTarget.value; aoMudar((d) => alterarSecao(d, s.id, { titulo: v }), `${s.id}.titulo`); }} />
        {!desabilitado && (
          <span className="cf-botoes-campo">
            <Button variant="minimal" size="small" icon="arrow-up" disabled={indice === 0} aria-label={t('editor.secao-cima', { titulo })} onClick={() => aoMudar((d) => moverSecao(d, s.id, -1))} />
            <Button variant="minimal" size="small" icon="arrow-down" disabled={indice === total - 1} aria-label={t('editor.secao-baixo', { titulo })} onClick={() => aoMudar((d) => moverSecao(d, s.id, 1))} />
            <Button variant="minimal" size="small" icon="filter" active={!!s.condicao || comCondicao} aria-pressed={!!s.condicao || comCondicao} aria-label={t('condicao.secao-de', { titulo })} onClick={() => setComCondicao((x) => !x)} />
            <Button variant="minimal" size="small" icon="trash" intent="danger" aria-label={t('editor.secao-remover', { titulo })} onClick={() => aoRemover(s)} />
          </span>
        )}
      </div>
      <OpcoesSecao secao={s} indice={indice} emPaginas={paginado} desabilitado={desabilitado} aoMudar={aoMudar} />
      {problemasSecao && <p className="cf-erro-campo">{problemasSecao.replaceAll('\n', ' ')}</p>}
      {(s.condicao || comCondicao) && <EditorCondicao condicao={s.condicao} anteriores={acoes.anteriores({ secao: s.id })} nome={titulo} desabilitado={desabilitado} aoMudar={(condicao) => aoMudar((d) => alterarSecao(d, s.id, { condicao }), `${s.id}.condicao`)} />}
      <ol className="cf-lista-campos" aria-label={t('editor.campos-secao', { titulo })}>
        {s.campos.map((c, i) => (
          <LinhaCampo
            key={chaveDe(c.id)}
            campo={c}
            indice={i}
            total={s.campos.length}
            secao={s.id}
            selecionado={selecionado === c.id}
            problemas={problemas.get(c.id)}
            marca={alvo === i ? 'antes' : alvo === i + 1 && i === s.campos.length - 1 ? 'depois' : null}
            desabilitado={desabilitado}
            novo={novo === c.id}
            acoes={acoes}
            aoMudar={aoMudar}
          />
        ))}
      </ol>
      {!s.campos.length && <p className={`cf-secao-vazia${alvo !== null ? ' cf-soltar-antes' : ''}`}>{t('editor.secao-vazia')}</p>}
    </section>
  );
});

const ICONE_TIPO: Record<TipoCampo, IconName> = {
  texto: 'new-text-box',
  'texto-longo': 'align-left',
  inteiro: 'numerical',
  decimal: 'numerical',
  email: 'envelope',
  url: 'link',
  data: 'calendar',
  cpf: 'id-number',
  cnpj: 'office',
  telefone: 'phone',
  moeda: 'dollar',
  cep: 'map-marker',
  'escolha-unica': 'selection',
  'escolha-multipla': 'multi-select',
  arquivo: 'paperclip',
};

/** The field types, as buttons: a click adds one to the current section, a drag puts one where it is dropped. */
function PaletaCampos({ secao, acoes, aoAdicionar }: { secao: Secao; acoes: Acoes; aoAdicionar: (tipo: TipoCampo) => void }) {
  const tr = useT();
  const titulo = secao.titulo || tr('editor.sem-titulo');
  return (
    <div className="cf-paleta" role="toolbar" aria-label={tr('editor.tipos')} aria-describedby="cf-paleta-dica">
      <p className="cf-paleta-titulo" id="cf-paleta-dica">
        {tr('editor.paleta-dica', { titulo })}
      </p>
      {TIPOS_CAMPO.map((t) => (
        <Button
          key={t}
          size="small"
          icon={ICONE_TIPO[t]}
          text={tr(chaveTipo(t))}
          data-tipo={t}
          draggable
          onDragStart={(ev: DragEvent<HTMLButtonElement>) => {
            ev.dataTransfer.effectAllowed = 'copy';
            ev.dataTransfer.setData('text/plain', t);
            acoes.arrastar(`tipo:${t}`);
          }}
          onDragEnd={() => acoes.arrastar(null)}
          onClick={() => aoAdicionar(t)}
        />
      ))}
    </div>
  );
}

export interface PropsEditor {
  definicao: Definicao;
  problemas: ProblemaLocalizado[];
  aoMudar: AoMudarDefinicao;
  desabilitado: boolean;
  selecionado: string | null;
  aoSelecionar: (id: string | null) => void;
  /** Answer names that never follow their label by themselves (fields of the published version). */
  nomesFixos?: ReadonlySet<string>;
  /** A section a problem is about, chosen in the list of problems: its title gets the focus (`vez` repeats it). */
  secaoEmFoco?: { id: string; vez: number } | null;
  /** SMS codes the model sent this month (issue 45), beside its budget. */
  smsNoMes?: number;
}

export function EditorDefinicao({ definicao, problemas, aoMudar, desabilitado, selecionado, aoSelecionar, nomesFixos, secaoEmFoco, smsNoMes = 0 }: PropsEditor) {
  const { estado, t } = useAmbiente();
  const raiz = useRef<HTMLDivElement>(null);
  const [aviso, setAviso] = useState('');
  const [novo, setNovo] = useState<string | null>(null);
  const focar = useRef<string | null>(null);
  const [arrastando, setArrastando] = useState<string | null>(null);
  const [alvo, setAlvo] = useState<{ secao: string; posicao: number } | null>(null);
  const def = useRef(definicao);
  def.current = definicao;
  const fixos = useRef(nomesFixos);
  fixos.current = nomesFixos;
  // Each field's React key, made the first time its name is seen and carried over when the name changes.
  const chaves = useRef({ mapa: new Map<string, string>(), seq: 0 });
  const chaveDe = useCallback((id: string) => {
    const c = chaves.current;
    if (!c.mapa.has(id)) c.mapa.set(id, `campo-${++c.seq}`);
    return c.mapa.get(id)!;
  }, []);
  const levarChave = (de: string, para: string) => {
    chaves.current.mapa.set(para, chaveDe(de));
    chaves.current.mapa.delete(de);
  };
  const alvoRef = useRef(alvo);
  alvoRef.current = alvo;
  const arrastandoRef = useRef(arrastando);
  arrastandoRef.current = arrastando;

  useEffect(() => {
    if (!secaoEmFoco) return;
    const i = def.current.secoes.findIndex((s) => s.id === secaoEmFoco.id);
    const titulo = raiz.current?.querySelector<HTMLElement>(`section[data-secao-indice="${i}"] input`);
    titulo?.focus();
    titulo?.scrollIntoView?.({ block: 'center' });
  }, [secaoEmFoco]);

  const porCampo = useMemo(() => {
    const m = new Map<string, string>();
    for (const p of problemas) {
      const k = p.campoId ?? (p.secaoId ? `secao:${p.secaoId}` : p.caminho === 'emailEquipe' || p.caminho === 'declaracao.texto' || p.caminho.startsWith('taxa') ? p.caminho : null);
      if (k) m.set(k, m.has(k) ? `${m.get(k)}\n${p.mensagem}` : p.mensagem);
    }
    return m;
  }, [problemas]);

  // After a keyboard move the row is re-inserted; focus goes back to it.
  useEffect(() => {
    if (!focar.current) return;
    raiz.current?.querySelector<HTMLElement>(`[data-foco="${CSS.escape(focar.current)}"]`)?.focus();
    focar.current = null;
  });

  const anunciarPosicao = (d: Definicao, id: string) => {
    const o = onde(d, id);
    if (!o) return;
    const s = d.secoes[o.secao];
    setAviso(t('editor.posicao-aviso', { rotulo: s.campos[o.campo].rotulo, i: o.campo + 1, n: s.campos.length, secao: s.titulo }));
  };

  const acoes = useMemo<Acoes>(
    () => ({
      selecionar: (id) => (setNovo(null), aoSelecionar(id)),
      mover: (id, delta) => {
        const d = moverCampo(def.current, id, delta);
        if (d === def.current) return setAviso(t('editor.no-limite'));
        focar.current = id;
        aoMudar(() => d);
        anunciarPosicao(d, id);
      },
      duplicar: (id) => {
        const d = duplicarCampo(def.current, id);
        const o = onde(def.current, id)!;
        const copia = d.secoes[o.secao].campos[o.campo + 1];
        aoMudar(() => d);
        setNovo(copia.id);
        aoSelecionar(copia.id);
        setAviso(t('editor.copia', { rotulo: copia.rotulo }));
      },
      remover: (id) => {
        const c = onde(def.current, id);
        const nome = c ? def.current.secoes[c.secao].campos[c.campo].rotulo : id;
        aoMudar((d) => removerCampo(d, id));
        setAviso(t('editor.removido', { nome }));
      },
      renomear: (de, para) => {
        levarChave(de, para);
        aoMudar((d) => renomearCampo(d, de, para));
        aoSelecionar(para);
      },
      seguirRotulo: (id, rotuloAntes) => {
        const r = nomeSegueRotulo(def.current, id, rotuloAntes, fixos.current);
        if (r.nome === id) return;
        levarChave(id, r.nome);
        aoMudar(() => r.definicao);
        aoSelecionar(r.nome);
      },
      arrastar: (id) => {
        arrastandoRef.current = id;
        setArrastando(id);
        if (!id) setAlvo(null);
      },
      alvo: (secao, posicao) => {
        if (!arrastandoRef.current) return;
        const a = alvoRef.current;
        if (!a || a.secao !== secao || a.posicao !== posicao) setAlvo((alvoRef.current = { secao, posicao }));
      },
      soltar: () => {
        const id = arrastandoRef.current;
        const a = alvoRef.current;
        arrastandoRef.current = alvoRef.current = null;
        setArrastando(null);
        setAlvo(null);
        if (!id || !a) return;
        if (id.startsWith('tipo:')) return adicionarRef.current(a.secao, id.slice(5) as TipoCampo, a.posicao);
        const d = moverCampoPara(def.current, id, a.secao, a.posicao);
        aoMudar(() => d);
        anunciarPosicao(d, id);
      },
      anteriores: (alvo) => camposAnteriores(def.current, alvo),
      textos: () => def.current.secoes.filter((s) => !s.repeticao).flatMap((s) => s.campos.filter((c) => c.tipo === 'texto')),
      analises: () => etapasDeAnalise(def.current),
    }),
    [aoMudar, aoSelecionar],
  );

  const removerSecaoConfirmando = useCallback(
    async (s: Secao) => {
      if (s.campos.length && !(await confirmar(estado.dialogos, { titulo: t('editor.remover-secao'), mensagem: t('editor.remover-secao-texto', { titulo: s.titulo, n: s.campos.length }), perigo: true, textoConfirmar: t('editor.remover-confirmar') }))) return;
      aoMudar((d) => removerSecao(d, s.id));
      setAviso(t('editor.secao-removida', { titulo: s.titulo }));
    },
    [aoMudar],
  );

  const adicionar = useCallback(
    (secaoId: string, tipo: TipoCampo, posicao?: number) => {
      const c = campoNovo(def.current, tipo);
      aoMudar((d) => adicionarCampo(d, secaoId, c, posicao));
      setNovo(c.id);
      aoSelecionar(c.id);
      setAviso(t('editor.adicionado', { rotulo: c.rotulo }));
    },
    [aoMudar, aoSelecionar],
  );
  const adicionarRef = useRef(adicionar);
  adicionarRef.current = adicionar;
  // A click on the palette: right after the open field; with none open, at the end of the section added last
  // (issue 36: after "Adicionar seção" new fields still went to the previous one), else of the last section.
  const [destino, setDestino] = useState<string | null>(null);
  const lugar = selecionado ? onde(definicao, selecionado) : null;
  const paginado = emPaginas(definicao);
  const secaoAtual = lugar ? definicao.secoes[lugar.secao] : (definicao.secoes.find((s) => s.id === destino) ?? definicao.secoes.at(-1));
  const adicionarDaPaleta = (tipo: TipoCampo) => secaoAtual && adicionar(secaoAtual.id, tipo, lugar ? lugar.campo + 1 : undefined);

  const novaSecao = () => {
    const id = novoId(def.current, 'secao');
    aoMudar((d) => adicionarSecao(d));
    // The new section is where new fields go now (the palette's hint names it).
    aoSelecionar(null);
    setDestino(id);
    setAviso(t('editor.secao-adicionada'));
    setTimeout(() => raiz.current?.querySelector<HTMLElement>(`section[data-secao-indice="${def.current.secoes.findIndex((s) => s.id === id)}"] input`)?.focus());
  };

  return (
    <div className="cf-editor" ref={raiz} onDragEnd={() => (setArrastando(null), setAlvo(null))}>
      <div className="cf-so-leitor" aria-live="polite">
        {aviso}
      </div>
      {!definicao.secoes.length && <NonIdealState icon="form" title={t('editor.vazio')} description={desabilitado ? t('editor.vazio-leitura') : t('editor.vazio-dica')} />}
      {!desabilitado && secaoAtual && <PaletaCampos secao={secaoAtual} acoes={acoes} aoAdicionar={adicionarDaPaleta} />}
      {definicao.secoes.map((s, i) => (
        <EditorSecao
          key={s.id}
          secao={s}
          indice={i}
          total={definicao.secoes.length}
          selecionado={s.campos.some((c) => c.id === selecionado) ? selecionado : null}
          problemas={porCampo}
          alvo={alvo?.secao === s.id ? alvo.posicao : null}
          desabilitado={desabilitado}
          novo={novo}
          acoes={acoes}
          aoMudar={aoMudar}
          aoRemover={removerSecaoConfirmando}
          chaveDe={chaveDe}
          emPaginas={paginado}
        />
      ))}
      {!desabilitado && <Button icon="plus" text={t('editor.adicionar-secao')} onClick={novaSecao} />}
      <fieldset className="cf-grupo-campos cf-declaracao-editor">
        <legend>{t('editor.declaracao')}</legend>
        <Switch label={t('editor.declaracao-pedir')} checked={!!definicao.declaracao} disabled={desabilitado} onChange={(e) => { const sim = e.currentTarget.checked; aoMudar((d) => definirDeclaracao(d, sim ? (d.declaracao?.texto ?? emPortugues('editor.declaracao-padrao')) : null), 'declaracao'); }} />
        {definicao.declaracao && (
          <FormGroup label={t('editor.declaracao-texto')} labelFor="cf-declaracao" helperText={porCampo.get('declaracao.texto') ?? t('editor.declaracao-ajuda')} intent={porCampo.get('declaracao.texto') ? 'danger' : 'none'}>
            <TextArea id="cf-declaracao" fill rows={3} value={definicao.declaracao.texto} disabled={desabilitado} intent={porCampo.get('declaracao.texto') ? 'danger' : 'none'} onChange={(e) => { const v = e.currentTarget.value; aoMudar((d) => definirDeclaracao(d, v), 'declaracao.texto'); }} />
          </FormGroup>
        )}
      </fieldset>
      <EditorConta definicao={definicao} aoMudar={aoMudar} desabilitado={desabilitado} />
      <EditorOrcamentoSms definicao={definicao} smsNoMes={smsNoMes} aoMudar={aoMudar} desabilitado={desabilitado} />
      <EditorTaxa definicao={definicao} aoMudar={aoMudar} desabilitado={desabilitado} problemas={porCampo} />
      <EditorEtapas definicao={definicao} aoMudar={aoMudar} desabilitado={desabilitado} problemas={porCampo} />
      <FormGroup className="cf-email-equipe" label={t('editor.email-equipe')} labelFor="cf-email-equipe" helperText={porCampo.get('emailEquipe') ?? t('editor.email-equipe-ajuda')} intent={porCampo.get('emailEquipe') ? 'danger' : 'none'}>
        <InputGroup id="cf-email-equipe" type="email" value={definicao.emailEquipe ?? ''} placeholder="equipe@orgao.gov.br" disabled={desabilitado} intent={porCampo.get('emailEquipe') ? 'danger' : 'none'} onChange={(e) => { const v = e.currentTarget.value; aoMudar((d) => definirEmailEquipe(d, v), 'emailEquipe'); }} />
      </FormGroup>
    </div>
  );
}
