import { Fragment, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Verificacao, type Prova, type Verificador } from './Verificacao';
import type { CampoDefinicao, Definicao, Secao } from '../forms/definicao';
import { errosDasRespostas, type Respostas } from '../forms/preenchimento';
import { chaveNoItem, itensDe, respostasVisiveis, visiveis } from '../forms/condicoes';
import { emPaginas, errosDaPagina, type ErroNaPagina, paginaDoCampo, paginasDe, passoAnterior, passoAposAlterar, passoSeguinte, primeiroPasso, progresso, type Passo } from '../forms/paginas';
import { linhasCalculadas, nomeDoItem } from '../forms/respostas';
import { calcular, chaveDoBloqueio, errosDosBloqueios, secaoDoBloqueio } from '../forms/calculos';
import { cepNormalizado, PARTES_ENDERECO, type EnderecoCep } from '../forms/brasileiros';
import { adicionarItem, alterarItem, comItensMinimos, lerChaveNoItem, removerItem } from '../forms/repeticao';
import { tradutorCidadao, type IdiomaCidadao } from '../i18n/cidadao';
import { formatarReais, valorDaTaxa } from '../forms/taxa';
import { Campo, type EnviarArquivo } from './Campo';
import { Revisao, Titulo, type Nivel } from './Revisao';

export type { EnviarArquivo };

/**
 * A form as a citizen fills it, from a definition: the one renderer of `<formulario-cidadao>`, the builder's
 * live preview and the published version the console shows (issue 35). Plain HTML and one stylesheet
 * (formulario.css), the pure rules of src/forms (pages, conditions, repeating sets, the messages the server
 * answers with), and GOV.UK's accessibility patterns: each step's heading takes the focus after a move; an
 * error summary, focused at every failed "Continuar" and kept up to date as answers are corrected, links to
 * each field; adding and removing an item moves the focus to the next sensible control and says what
 * happened.
 */
export interface PropsFormulario {
  definicao: Definicao;
  idioma?: IdiomaCidadao;
  /** The step heading's level: 1 in the citizen's element, lower inside a console page. */
  nivel?: Nivel;
  /** The heading of a form of one page (the model's name); a form in pages titles each step by its page. */
  titulo?: string;
  /** Read-only (a published version opened to look at): every page at once, no buttons. */
  somenteLeitura?: boolean;
  /** Called with the answers that show, when they pass every rule; without it, the button only checks. */
  aoEnviar?: (r: Respostas, alternativo?: boolean, verificacoes?: Record<string, string>) => void | Promise<void>;
  /** The API calls of verified questions (issue 45: the element's); without it, they show no code step (the preview). */
  verificar?: Verificador;
  textoEnviar?: string;
  /** A second way to send from the check step (issue 44: without the gov.br signature); `aoEnviar` gets `alternativo`. */
  textoAlternativo?: string;
  /** Answers the citizen's login gives: shown, read-only, with `notaFixas` under them. */
  fixas?: Respostas;
  notaFixas?: string;
  /** Answers to start from (a draft, or this visit's answers after a reload). */
  iniciais?: Respostas;
  /** The builder's preview: the question being edited, marked (and its page opened). */
  destaque?: string | null;
  enviarArquivo?: EnviarArquivo;
  /** A model in pages: the step, when the host keeps it (the browser's history); kept inside otherwise. */
  passo?: Passo;
  aoMudarPasso?: (p: Passo) => void;
  /** "Salvar e continuar depois" (shown only with it). */
  /** "Salvar e continuar depois": the answers and the proofs of verified questions (issue 45). */
  aoSalvar?: (r: Respostas, verificacoes: Record<string, string>) => void | Promise<void>;
  /** Every change of the answers (the element keeps them in the tab's sessionStorage). */
  aoMudarRespostas?: (r: Respostas) => void;
  /** A message over the step (why the citizen is here, what was kept). */
  aviso?: string | null;
  /** Sending: the send button says so and does not send twice. */
  ocupado?: boolean;
  /** The address of a CEP (issue 44): found, or why not (said under the field; the citizen types the address). */
  buscarCep?: (cep: string) => Promise<EnderecoCep | { falha: string }>;
}

/** The declaration's key in the error summary (no question's id starts with '#'). */
const CHAVE_DECLARACAO = '#declaracao';

/** The control's id of an answer's key (`dependentes[1].nome` has brackets and dots). */
const idDe = (prefixo: string, chave: string) => `${prefixo}-${chave.replace(/[^\w-]/g, '_')}`;

function focar(raiz: HTMLElement | null, seletor: string) {
  const alvo = raiz?.querySelector<HTMLElement>(seletor);
  alvo?.focus();
  alvo?.scrollIntoView?.({ block: 'center' });
}

/** The control of an answer's key (the first radio of a group), or the key's own element (a repeating set's count). */
const doCampo = (chave: string) => `[data-chave="${CSS.escape(chave)}"]`;
function focarCampo(raiz: HTMLElement | null, chave: string) {
  const caixa = raiz?.querySelector<HTMLElement>(doCampo(chave));
  const alvo = caixa?.querySelector<HTMLElement>('input, textarea, select, button') ?? caixa;
  alvo?.focus();
  alvo?.scrollIntoView?.({ block: 'center' });
}

/** The GOV.UK error summary: what is wrong on this step, each linked to its field. */
function ResumoErros({ erros, prefixo, raiz, nivel, vez, focada, t }: { erros: ErroNaPagina[]; prefixo: string; raiz: React.RefObject<HTMLElement | null>; nivel: Nivel; vez: number; focada: React.RefObject<number>; t: ReturnType<typeof tradutorCidadao> }) {
  const caixa = useRef<HTMLDivElement>(null);
  // Focused at every failed attempt (not only the first), never while the citizen is correcting: the summary goes
  // and comes back as the answers change, and coming back is no attempt (issue 50: it took the focus mid-typing and
  // a keystroke was lost). The attempt already focused is remembered by the form, across those remounts.
  // Focus moves in layout effects (Preact runs plain ones after the next paint: a keystroke could land meanwhile).
  useLayoutEffect(() => {
    if (focada.current === vez) return;
    focada.current = vez;
    caixa.current?.focus();
  }, [vez, focada]);
  return (
    <div ref={caixa} className="fc-resumo-erros" role="alert" tabIndex={-1} aria-labelledby={`${prefixo}-problemas`}>
      <Titulo nivel={nivel} id={`${prefixo}-problemas`}>
        {t('preenchimento.ha-problema')}
      </Titulo>
      <ul>
        {erros.map((e) => (
          <li key={e.chave}>
            <a
              href={`#${idDe(prefixo, e.chave)}`}
              onClick={(ev) => {
                ev.preventDefault();
                focarCampo(raiz.current, e.chave);
              }}
            >
              {e.rotulo}: {e.mensagem}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Formulario(props: PropsFormulario) {
  const { definicao, somenteLeitura, aoEnviar, textoEnviar, textoAlternativo, fixas, notaFixas, iniciais, destaque, enviarArquivo, aoSalvar, aoMudarRespostas, aviso, ocupado } = props;
  const idioma = props.idioma ?? 'pt-BR';
  const nivel = props.nivel ?? 1;
  const t = useMemo(() => tradutorCidadao(idioma), [idioma]);
  const prefixo = `fc${useId().replace(/[^\w-]/g, '')}`;
  const [respostas, setRespostas] = useState<Respostas>(() => comItensMinimos(definicao, { ...iniciais, ...fixas }));
  const [tocados, setTocados] = useState<ReadonlySet<string>>(new Set());
  const [enviado, setEnviado] = useState(false);
  const [pronto, setPronto] = useState(false);
  const [salvando, setSalvando] = useState(false);
  // The error summary: shown after a failed attempt; `vez` counts attempts, so each one focuses it.
  const [resumo, setResumo] = useState(false);
  const [vez, setVez] = useState(0);
  const vezFocada = useRef(0);
  const [anuncio, setAnuncio] = useState('');
  // The declaration (issue 36): accepted with one required checkbox on the check step, just before "Enviar".
  const [aceite, setAceite] = useState(false);
  /** Verified questions (issue 45): the value each was confirmed for, and its proof. */
  const [provas, setProvas] = useState<Record<string, Prova>>({});
  const provasDadas = () => Object.fromEntries(Object.entries(provas).map(([k, p]) => [k, p.prova]));
  const raiz = useRef<HTMLFormElement>(null);
  const visivel = useMemo(() => visiveis(definicao, respostas), [definicao, respostas]);
  // Calculated values and blocking rules (issue 43), as one types; a rule that holds is an error of its step.
  const calculo = useMemo(() => calcular(definicao, respostas), [definicao, respostas]);
  const erros = useMemo(() => ({ ...errosDasRespostas(definicao, respostas, idioma, visivel, calculo.exigidos), ...errosDosBloqueios(calculo.bloqueios) }), [definicao, respostas, idioma, visivel, calculo]);
  // A question a rule makes required for these answers reads as required (no "(opcional)").
  const comoMostrado = (c: CampoDefinicao): CampoDefinicao => (calculo.exigidos.has(c.id) && !c.obrigatorio ? { ...c, obrigatorio: true } : c);
  const primeira = useRef(true);
  // Told in a layout effect, right after the render of the change and before the next event: Preact runs plain
  // effects after the next paint, so under load "Continuar" could be handled first and the step kept for a reload
  // (sessionStorage) was the previous one, with the answers before the last keystroke.
  useLayoutEffect(() => {
    if (primeira.current) primeira.current = false;
    else aoMudarRespostas?.(respostas);
  }, [respostas]);

  // A CEP typed in full fills the address questions tied to it (issue 44), once per CEP: a CEP kept from a draft
  // or typed again is not looked up again over what the citizen corrected.
  const camposCep = useMemo(() => definicao.secoes.filter((s) => !s.repeticao).flatMap((s) => s.campos.filter((c) => c.tipo === 'cep' && c.endereco)), [definicao]);
  const cepsBuscados = useRef<Record<string, string | null>>(Object.fromEntries(camposCep.map((c) => [c.id, cepNormalizado(String(iniciais?.[c.id] ?? ''))])));
  const [notasCep, setNotasCep] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!props.buscarCep || somenteLeitura) return;
    for (const c of camposCep) {
      const v = respostas[c.id];
      const cep = typeof v === 'string' ? cepNormalizado(v) : null;
      if (!cep || cepsBuscados.current[c.id] === cep) continue;
      cepsBuscados.current[c.id] = cep;
      setNotasCep((n) => ({ ...n, [c.id]: t('preenchimento.cep-buscando') }));
      void props.buscarCep(cep).then((r) => {
        if (cepsBuscados.current[c.id] !== cep) return;
        const nota = 'falha' in r ? r.falha : t('preenchimento.cep-preenchido');
        if (!('falha' in r))
          setRespostas((x) => {
            const y = { ...x };
            for (const parte of PARTES_ENDERECO) if (c.endereco?.[parte] && r[parte]) y[c.endereco[parte]!] = r[parte];
            return y;
          });
        setNotasCep((n) => ({ ...n, [c.id]: nota }));
        setAnuncio(nota);
      });
    }
  }, [respostas]);

  const aoMudar = useCallback((chave: string, v: unknown) => {
    const noItem = lerChaveNoItem(chave);
    setRespostas((r) => (noItem ? alterarItem(r, noItem.secao, noItem.indice, noItem.campo, v) : { ...r, [chave]: v }));
    setTocados((x) => (x.has(chave) ? x : new Set(x).add(chave)));
    setPronto(false);
  }, []);

  // What to focus once the next render is on screen: a step's heading, a button (a selector), or an answer's field.
  const focoDepois = useRef<string | { chave: string } | null>(null);
  useLayoutEffect(() => {
    const alvo = focoDepois.current;
    if (!alvo) return;
    focoDepois.current = null;
    if (typeof alvo === 'string') focar(raiz.current, alvo);
    else focarCampo(raiz.current, alvo.chave);
  });

  const paginado = emPaginas(definicao) && !somenteLeitura;
  const [passoProprio, setPassoProprio] = useState<Passo | null>(null);
  const pedido = props.aoMudarPasso ? props.passo : passoProprio;
  const passo = pedido && ('revisao' in pedido || paginasDe(definicao).some((p) => p.id === pedido.pagina)) ? pedido : primeiroPasso(definicao, respostas);
  const [alterando, setAlterando] = useState(false);
  // The step this form asked its host for: coming back as `props.passo`, it is no move of the host's.
  const pedidoAqui = useRef<Passo | null>(null);
  const irPara = useCallback(
    (p: Passo, foco: string | { chave: string } | null = '[data-titulo-passo]') => {
      focoDepois.current = foco;
      pedidoAqui.current = p;
      setResumo(false);
      setPassoProprio(p);
      props.aoMudarPasso?.(p);
    },
    [props.aoMudarPasso],
  );
  // A step changed by the host (the browser's back and forward) takes the focus to its heading too.
  const hospedeiro = useRef(props.passo);
  useLayoutEffect(() => {
    if (hospedeiro.current !== props.passo && props.passo !== pedidoAqui.current) {
      focar(raiz.current, '[data-titulo-passo]');
      setResumo(false);
    }
    hospedeiro.current = props.passo;
  }, [props.passo]);
  // The builder's preview opens the page of the question being edited (without taking the focus).
  useEffect(() => {
    if (!paginado || !destaque) return;
    const p = paginaDoCampo(definicao, destaque);
    if (p && ('revisao' in passo || p.id !== passo.pagina)) irPara({ pagina: p.id }, null);
  }, [destaque]);

  const erroDe = (chave: string) => (enviado || tocados.has(chave) ? (erros[chave] ?? null) : null);
  const fixo = (c: CampoDefinicao) => !!fixas && Object.hasOwn(fixas, c.id);
  const Hs = (nivel + 1) as Nivel;

  const mudarItens = (s: Secao, r: Respostas, foco: string | { chave: string }, texto = '') => {
    setRespostas(r);
    setTocados((x) => new Set(x).add(s.id));
    setPronto(false);
    setAnuncio(texto);
    focoDepois.current = foco;
  };
  const primeiroDoItem = (s: Secao, i: number, r: Respostas) => {
    const mostrados = visiveis(definicao, r).entradas.get(s.id)?.[i];
    const c = s.campos.find((x) => mostrados?.has(x.id));
    return c ? { chave: chaveNoItem(s.id, i, c.id) } : `[data-adicionar="${s.id}"]`;
  };

  /**
   * What closes a section (issue 43): its calculated values, read-only, updated as one types; and the message of
   * each blocking rule that holds for its answers, where the error summary's link takes the focus.
   */
  const fimDaSecao = (s: Secao) => {
    const linhas = linhasCalculadas(definicao, s.id, calculo.valores, t);
    const bloqueios = calculo.bloqueios.filter((b) => secaoDoBloqueio(definicao, b) === s.id);
    return (
      <>
        {linhas.length > 0 && (
          <dl className="fc-calculados">
            {linhas.map((l) => (
              <div key={l.id} className="fc-calculado" data-calculo={l.id}>
                <dt>{l.rotulo}</dt>
                <dd>
                  <output>{l.valor}</output>
                </dd>
              </div>
            ))}
          </dl>
        )}
        <div role="status" className="fc-bloqueios">
          {bloqueios.map((b) => (
            <p key={b.id} className="fc-bloqueio" data-chave={chaveDoBloqueio(b.id)} id={idDe(prefixo, chaveDoBloqueio(b.id))} tabIndex={-1}>
              {b.mensagem}
            </p>
          ))}
        </div>
      </>
    );
  };

  /** A section; `comTitulo` false when the step's heading already is its title (the first section of a page). */
  const secao = (s: Secao, H: Nivel, comTitulo = true) => {
    const titulo = comTitulo ? (
      <Titulo nivel={H} id={`${prefixo}-s-${s.id}`}>
        {s.titulo}
      </Titulo>
    ) : null;
    const rotulada = comTitulo ? `${prefixo}-s-${s.id}` : `${prefixo}-passo`;
    if (s.repeticao) {
      const rep = s.repeticao;
      const itens = itensDe(respostas, s.id);
      const mostrados = visivel.entradas.get(s.id) ?? [];
      const nome = (rep.item?.trim() || t('respostas.item')).toLocaleLowerCase(idioma);
      const erroContagem = erroDe(s.id);
      return (
        <section key={s.id} className="fc-secao fc-repeticao" aria-labelledby={rotulada}>
          {titulo}
          {erroContagem && (
            <p className="fc-erro" id={idDe(prefixo, s.id)} data-chave={s.id} tabIndex={-1}>
              <span className="fc-so-leitor">{t('preenchimento.erro-prefixo')} </span>
              {erroContagem}
            </p>
          )}
          {itens.map((item, i) => (
            <fieldset key={`${i}-${itens.length}`} className="fc-item" disabled={somenteLeitura}>
              <legend className="fc-item-titulo">{nomeDoItem(s, i, t)}</legend>
              {s.campos.filter((c) => mostrados[i]?.has(c.id)).map((c) => {
                const chave = chaveNoItem(s.id, i, c.id);
                return <Campo key={c.id} campo={comoMostrado(c)} chave={chave} id={idDe(prefixo, chave)} valor={item[c.id]} erro={erroDe(chave)} destacado={destaque === c.id} somenteLeitura={somenteLeitura} aoMudar={aoMudar} enviarArquivo={enviarArquivo} t={t} idioma={idioma} />;
              })}
              {!somenteLeitura && itens.length > rep.minimo && (
                <button
                  type="button"
                  className="fc-botao fc-botao-aviso"
                  onClick={() => {
                    const r = removerItem(respostas, s, i);
                    // The item that takes its place, else "Adicionar": the next thing to do after removing.
                    mudarItens(s, r, i < itensDe(r, s.id).length ? primeiroDoItem(s, i, r) : `[data-adicionar="${s.id}"]`, t('preenchimento.item-removido', { item: nomeDoItem(s, i, t) }));
                  }}
                >
                  {t('preenchimento.remover-item', { item: nomeDoItem(s, i, t) })}
                </button>
              )}
            </fieldset>
          ))}
          {!somenteLeitura && itens.length < rep.maximo && (
            <p className="fc-adicionar">
              <button
                type="button"
                className="fc-botao fc-botao-secundario"
                data-adicionar={s.id}
                onClick={() => {
                  const r = adicionarItem(respostas, s);
                  mudarItens(s, r, primeiroDoItem(s, itens.length, r));
                }}
              >
                {t(itens.length ? 'preenchimento.adicionar-outro' : 'preenchimento.adicionar-item', { item: nome })}
              </button>
            </p>
          )}
          {fimDaSecao(s)}
        </section>
      );
    }
    return (
      <section key={s.id} className="fc-secao" aria-labelledby={rotulada}>
        {titulo}
        {s.campos.filter((c) => visivel.campos.has(c.id)).map((c) => (
          <Fragment key={c.id}>
            <Campo campo={comoMostrado(c)} chave={c.id} id={idDe(prefixo, c.id)} valor={respostas[c.id]} erro={erroDe(c.id)} fixo={fixo(c)} destacado={destaque === c.id} somenteLeitura={somenteLeitura} nota={fixo(c) ? notaFixas : notasCep[c.id]} aoMudar={aoMudar} enviarArquivo={enviarArquivo} t={t} idioma={idioma} />
            {c.verificado && props.verificar && !fixo(c) && <Verificacao campo={c} id={idDe(prefixo, c.id)} valor={respostas[c.id]} prova={provas[c.id]} verificar={props.verificar} aoProvar={(p) => setProvas((x) => ({ ...x, [c.id]: p }))} t={t} />}
          </Fragment>
        ))}
        {fimDaSecao(s)}
      </section>
    );
  };

  const declaracao = definicao.declaracao;
  const erroDeclaracao = declaracao && !aceite && enviado ? t('validacao.declaracao') : null;
  const problemaDeclaracao: ErroNaPagina[] = erroDeclaracao ? [{ chave: CHAVE_DECLARACAO, rotulo: t('preenchimento.declaracao'), mensagem: erroDeclaracao }] : [];
  const blocoDeclaracao = declaracao && (
    <section className="fc-secao fc-declaracao" aria-labelledby={`${prefixo}-declaracao`}>
      <Titulo nivel={Hs} id={`${prefixo}-declaracao`}>
        {t('preenchimento.declaracao')}
      </Titulo>
      <p className="fc-declaracao-texto">{declaracao.texto}</p>
      <div className={`fc-grupo${erroDeclaracao ? ' fc-grupo-erro' : ''}`} data-chave={CHAVE_DECLARACAO}>
        {erroDeclaracao && (
          <p className="fc-erro" id={`${prefixo}-declaracao-erro`}>
            <span className="fc-so-leitor">{t('preenchimento.erro-prefixo')} </span>
            {erroDeclaracao}
          </p>
        )}
        <div className="fc-opcao">
          <input id={idDe(prefixo, CHAVE_DECLARACAO)} type="checkbox" checked={aceite} disabled={somenteLeitura} required aria-invalid={erroDeclaracao ? true : undefined} aria-describedby={erroDeclaracao ? `${prefixo}-declaracao-erro` : undefined} onChange={(e) => setAceite(e.currentTarget.checked)} />
          <label htmlFor={idDe(prefixo, CHAVE_DECLARACAO)}>{t('preenchimento.declaracao-aceite')}</label>
        </div>
      </div>
    </section>
  );

  // The fee (issue 38): what the answers cost, said before sending (on the check step, or above "Enviar").
  const taxa = valorDaTaxa(definicao, respostasVisiveis(definicao, respostas));
  const blocoTaxa = taxa ? (
    <section className="fc-secao fc-taxa" aria-labelledby={`${prefixo}-taxa`}>
      <Titulo nivel={Hs} id={`${prefixo}-taxa`}>
        {t('preenchimento.taxa-titulo')}
      </Titulo>
      <p>{t('preenchimento.taxa', { valor: formatarReais(taxa, idioma) })}</p>
    </section>
  ) : null;

  /** A failed attempt: every question of the step shows its problem, and the summary takes the focus. */
  const falhou = (chaves: string[]) => {
    setTocados((x) => new Set([...x, ...chaves]));
    setResumo(true);
    setVez((n) => n + 1);
  };
  const enviar = async (ev: { nativeEvent: Event }) => {
    setEnviado(true);
    if (Object.keys(erros).length || (declaracao && !aceite)) return falhou(Object.keys(erros));
    setResumo(false);
    setPronto(true);
    await aoEnviar?.(respostasVisiveis(definicao, respostas), ((ev.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value === 'alternativo', provasDadas());
  };
  const alternativo = textoAlternativo && !ocupado && (
    <button type="submit" value="alternativo" className="fc-botao fc-botao-secundario">
      {textoAlternativo}
    </button>
  );
  const salvar = aoSalvar && !somenteLeitura && (
    <button
      type="button"
      className="fc-botao fc-botao-secundario"
      disabled={salvando}
      onClick={async () => {
        setSalvando(true);
        try {
          await aoSalvar(respostas, provasDadas());
        } finally {
          setSalvando(false);
        }
      }}
    >
      {salvando ? t('preenchimento.salvando') : t('preenchimento.salvar-depois')}
    </button>
  );
  const textoDoEnvio = ocupado ? t('cidadao.enviando') : (textoEnviar ?? t('preenchimento.enviar'));
  const vivo = (
    <div className="fc-so-leitor" role="status" aria-live="polite">
      {anuncio}
    </div>
  );
  const avisoTopo = aviso ? (
    <p className="fc-aviso" role="status">
      {aviso}
    </p>
  ) : null;

  if (paginado) {
    const naRevisao = 'revisao' in passo;
    const prog = naRevisao ? null : progresso(definicao, passo.pagina, respostas, visivel);
    const pagina = naRevisao ? null : paginasDe(definicao).find((p) => p.id === passo.pagina);
    const secoes = (pagina?.secoes ?? []).filter((s) => visivel.secoes.has(s.id));
    const anterior = passoAnterior(definicao, passo, respostas);
    const problemas = resumo ? (naRevisao ? problemaDeclaracao : errosDaPagina(definicao, passo.pagina, erros, respostas, visivel, t)) : [];
    const continuar = () => {
      if (naRevisao) return;
      const daPagina = errosDaPagina(definicao, passo.pagina, erros, respostas, visivel, t);
      if (daPagina.length) return falhou(daPagina.map((e) => e.chave));
      const seguinte = alterando ? passoAposAlterar(definicao, respostas, erros) : passoSeguinte(definicao, passo.pagina, respostas);
      if ('revisao' in seguinte) setAlterando(false);
      irPara(seguinte);
    };
    // The step's heading is its first section's title (the page's name); the other sections are under it.
    const [primeiraSecao, ...outras] = secoes;
    return (
      <form
        ref={raiz}
        className="fc-formulario fc-em-paginas"
        noValidate
        onSubmit={async (ev) => {
          ev.preventDefault();
          if (ocupado) return;
          if (!naRevisao) return continuar();
          // Sent only from the check step; a page still wrong (answers changed meanwhile) is opened.
          const volta = passoAposAlterar(definicao, respostas, erros);
          if (!('revisao' in volta)) {
            setEnviado(true);
            return irPara(volta);
          }
          await enviar(ev);
        }}
      >
        {vivo}
        <Titulo nivel={nivel} className="fc-titulo-passo" tabIndex={-1} data-titulo-passo="" id={`${prefixo}-passo`}>
          {prog && <span className="fc-etapa">{t('preenchimento.etapa', { i: prog.etapa, n: prog.total })}</span>}
          {naRevisao ? t('preenchimento.revisao') : (primeiraSecao?.titulo ?? '')}
        </Titulo>
        {avisoTopo}
        {problemas.length > 0 && <ResumoErros erros={problemas} prefixo={prefixo} raiz={raiz} nivel={Hs} vez={vez} focada={vezFocada} t={t} />}
        {naRevisao ? (
          <Revisao
            definicao={definicao}
            respostas={respostas}
            calculados={calculo.valores}
            t={t}
            nivel={Hs}
            aoAlterar={(chave) => {
              const p = paginaDoCampo(definicao, chave);
              if (!p) return;
              setAlterando(true);
              irPara({ pagina: p.id }, { chave });
            }}
          />
        ) : (
          <>
            {primeiraSecao && secao(primeiraSecao, Hs, false)}
            {outras.map((s) => secao(s, Hs))}
          </>
        )}
        {naRevisao && blocoTaxa}
        {naRevisao && blocoDeclaracao}
        <div className="fc-acoes">
          <button type="submit" className="fc-botao" aria-disabled={ocupado || undefined}>
            {naRevisao ? textoDoEnvio : t('preenchimento.continuar')}
          </button>
          {naRevisao && alternativo}
          {anterior && (
            <button type="button" className="fc-botao fc-botao-secundario" onClick={() => (setAlterando(false), irPara(anterior))}>
              {t('preenchimento.voltar')}
            </button>
          )}
          {salvar}
        </div>
        {pronto && !aoEnviar && naRevisao && (
          <p className="fc-aviso" role="status">
            {t('preenchimento.ok')}
          </p>
        )}
      </form>
    );
  }

  // A form of one page (no section starts a page) is that one page: its errors are the page's.
  const unica = paginasDe(definicao)[0];
  const problemas = resumo ? [...(unica ? errosDaPagina(definicao, unica.id, erros, respostas, visivel, t) : []), ...problemaDeclaracao] : [];
  return (
    <form
      ref={raiz}
      className="fc-formulario"
      noValidate
      onSubmit={async (ev) => {
        ev.preventDefault();
        if (!ocupado) await enviar(ev);
      }}
    >
      {vivo}
      {props.titulo && (
        <Titulo nivel={nivel} className="fc-titulo-passo" tabIndex={-1} data-titulo-passo="" id={`${prefixo}-passo`}>
          {props.titulo}
        </Titulo>
      )}
      {avisoTopo}
      {problemas.length > 0 && <ResumoErros erros={problemas} prefixo={prefixo} raiz={raiz} nivel={Hs} vez={vez} focada={vezFocada} t={t} />}
      {definicao.secoes.filter((s) => visivel.secoes.has(s.id)).map((s) => secao(s, props.titulo ? Hs : nivel))}
      {!definicao.secoes.some((s) => s.campos.length) && <p className="fc-dica">{t('preenchimento.sem-campos')}</p>}
      {blocoTaxa}
      {blocoDeclaracao}
      {!somenteLeitura && (
        <div className="fc-acoes">
          <button type="submit" className="fc-botao" aria-disabled={ocupado || undefined}>
            {textoDoEnvio}
          </button>
          {alternativo}
          {salvar}
        </div>
      )}
      {pronto && !aoEnviar && (
        <p className="fc-aviso" role="status">
          {t('preenchimento.ok')}
        </p>
      )}
    </form>
  );
}
