import { Button, Checkbox, FileInput, FormGroup, InputGroup, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CampoDefinicao, Definicao, Secao } from '../../forms/definicao';
import { errosDasRespostas, exemploDoCampo, type Respostas } from '../../forms/preenchimento';
import { formatarDataCompleta, lerData } from '../../i18n/datas';
import { useT } from '../../app/contexto';
import '../../styles/preenchimento';
import { chaveNoItem, itensDe, respostasVisiveis, visiveis } from '../../forms/condicoes';
import { emPaginas, errosDaPagina, type ErroNaPagina, paginaDoCampo, paginasDe, passoAnterior, passoAposAlterar, passoSeguinte, primeiroPasso, progresso, revisao, type Passo } from '../../forms/paginas';
import { nomeDoItem, textoResposta } from '../../forms/respostas';
import { adicionarItem, alterarItem, comItensMinimos, lerChaveNoItem, removerItem } from '../../forms/repeticao';
import { aceitarDoNavegador, dicaDoArquivo, limitesDoArquivo } from '../../forms/tiposArquivo';

/**
 * A form as a citizen sees it, from a definition: every field type, labels, help, required marks, and
 * SPEC.md's pt-BR messages as one types (after a field is touched) and on submit. The builder's live
 * preview and the demo's citizen page draw forms with it.
 */
interface PropsCampo {
  campo: CampoDefinicao;
  valor: unknown;
  erro: string | null;
  desabilitado?: boolean;
  /** The builder's preview: the field being edited is marked (and scrolled into view). */
  destacado?: boolean;
  aoMudar: (id: string, valor: unknown) => void;
  /** Uploads a chosen file (the citizen's page) and resolves with the answer, or rejects with a message to show. */
  enviarArquivo?: EnviarArquivo;
  /** The answer's key when it is not the question's id: `dependentes[1].nome` in an item of a repeating section. */
  chave?: string;
  /** A note after the help ("Informado pelo gov.br" on a question the login filled). */
  nota?: string;
}

export type EnviarArquivo = (campo: CampoDefinicao, arquivo: File) => Promise<unknown>;


/** dd/mm/aaaa or dd/mm/aa (the one two-digit-year rule); on leaving, it shows the date it understood, year in full. */
function CampoData({ id, valor, aoMudar, ...resto }: { id: string; valor: unknown; aoMudar: (v: string) => void } & Record<string, unknown>) {
  const [texto, setTexto] = useState(typeof valor === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(valor) ? formatarDataCompleta(valor) : String(valor ?? ''));
  const sair = () => {
    const data = lerData(texto);
    if (data) setTexto(formatarDataCompleta(data));
  };
  return <InputGroup id={id} {...resto} value={texto} onBlur={sair} onChange={(e) => (setTexto(e.currentTarget.value), aoMudar(lerData(e.currentTarget.value) ?? e.currentTarget.value))} />;
}

/** One field; memoized so typing in one field redraws only that field (a 200-field form stays quick). */
export const CampoPreenchimento = memo(function CampoPreenchimento({ campo: c, valor, erro: erroDasRegras, desabilitado, destacado, aoMudar, enviarArquivo, chave = c.id, nota }: PropsCampo) {
  const id = useId();
  const t = useT();
  // A file being sent, and what the server said when it refused one.
  const [enviando, setEnviando] = useState(false);
  const [erroEnvio, setErroEnvio] = useState<string | null>(null);
  const erro = erroEnvio ?? erroDasRegras;
  const caixa = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (destacado) caixa.current?.querySelector('[data-campo]')?.scrollIntoView?.({ block: 'nearest' });
  }, [destacado]);
  const marca = destacado ? ' cf-destacado' : '';
  const idMsg = `${id}-msg`;
  const intent = erro ? 'danger' : 'none';
  const aria = { 'aria-invalid': !!erro, 'aria-required': c.obrigatorio, 'aria-describedby': idMsg };
  // A file field tells what it takes ("Aceita PDF ou imagens, até 5 MB."), after the designer's help.
  const ajuda = <span id={idMsg}>{erro ?? ([c.ajuda, c.tipo === 'arquivo' ? dicaDoArquivo(c.arquivo, t) : null, nota].filter(Boolean).join(' ') || undefined)}</span>;
  const mudar = (v: unknown) => aoMudar(chave, v);
  const rotulo = c.rotulo || t('preenchimento.sem-rotulo');

  if (c.tipo === 'escolha-unica' || c.tipo === 'escolha-multipla') {
    const marcados = Array.isArray(valor) ? (valor as string[]) : [];
    return (
      <div ref={caixa} className={`cf-caixa-campo${marca}`} data-chave={chave}>
      <fieldset className={`cf-campo-escolha${erro ? ' cf-com-erro' : ''}`} data-campo={c.id} aria-describedby={idMsg} aria-invalid={!!erro} disabled={desabilitado}>
        <legend>
          {rotulo}
          {c.obrigatorio && <span className="cf-obrigatorio"> *</span>}
        </legend>
        {c.tipo === 'escolha-unica' ? (
          <RadioGroup selectedValue={typeof valor === 'string' ? valor : undefined} onChange={(e) => mudar(e.currentTarget.value)} disabled={desabilitado}>
            {(c.opcoes ?? []).map((o) => (
              <Radio key={o.valor} value={o.valor} label={o.rotulo} />
            ))}
          </RadioGroup>
        ) : (
          (c.opcoes ?? []).map((o) => (
            <Checkbox key={o.valor} label={o.rotulo} checked={marcados.includes(o.valor)} disabled={desabilitado} onChange={(e) => mudar(e.currentTarget.checked ? [...marcados, o.valor] : marcados.filter((v) => v !== o.valor))} />
          ))
        )}
        <div className={`bp6-form-helper-text${erro ? ' cf-erro-campo' : ''}`}>{ajuda}</div>
      </fieldset>
      </div>
    );
  }

  let controle;
  switch (c.tipo) {
    case 'texto-longo':
      controle = <TextArea id={id} fill rows={3} value={String(valor ?? '')} disabled={desabilitado} intent={intent} {...aria} onChange={(e) => mudar(e.currentTarget.value)} />;
      break;
    case 'data':
      controle = <CampoData id={id} valor={valor} disabled={desabilitado} intent={intent} placeholder={exemploDoCampo(c)} {...aria} aoMudar={mudar} />;
      break;
    case 'arquivo': {
      const nome = (valor as { nome?: string } | null)?.nome;
      controle = (
        <FileInput
          fill
          disabled={desabilitado}
          text={enviando ? t('preenchimento.enviando-arquivo') : (nome ?? t('preenchimento.escolha-arquivo'))}
          buttonText={t('preenchimento.procurar')}
          inputProps={{ id, accept: aceitarDoNavegador(limitesDoArquivo(c.arquivo).familias), ...aria }}
          onInputChange={async (e) => {
            const f = (e.currentTarget as HTMLInputElement).files?.[0];
            setErroEnvio(null);
            if (!f || !enviarArquivo) return mudar(f ? { nome: f.name, tamanho: f.size } : null);
            // The citizen's page sends the file at once; the answer is the server's id for it.
            setEnviando(true);
            mudar(null);
            try {
              mudar(await enviarArquivo(c, f));
            } catch (falha) {
              setErroEnvio(falha instanceof Error ? falha.message : String(falha));
            } finally {
              setEnviando(false);
            }
          }}
        />
      );
      break;
    }
    default:
      controle = (
        <InputGroup
          id={id}
          type={c.tipo === 'email' ? 'email' : c.tipo === 'url' ? 'url' : 'text'}
          inputMode={c.tipo === 'inteiro' ? 'numeric' : c.tipo === 'decimal' ? 'decimal' : undefined}
          value={String(valor ?? '')}
          placeholder={exemploDoCampo(c)}
          disabled={desabilitado}
          intent={intent}
          {...aria}
          onChange={(e) => mudar(e.currentTarget.value)}
        />
      );
  }
  return (
    <div ref={caixa} className={`cf-caixa-campo${marca}`} data-chave={chave}>
      <FormGroup label={rotulo} labelFor={id} labelInfo={c.obrigatorio ? '*' : undefined} helperText={ajuda} intent={intent} data-campo={c.id}>
        {controle}
      </FormGroup>
    </div>
  );
});

export interface PropsPreenchimento {
  definicao: Definicao;
  /** Read-only (a published version opened to look at): every page at once. */
  somenteLeitura?: boolean;
  /** Called with the answers when they pass every rule; without it, the button only checks. */
  aoEnviar?: (r: Respostas) => void | Promise<void>;
  textoEnviar?: string;
  /** Answers the citizen's login already gives (the requester CPF, questions mapped to the login): shown filled in and locked. */
  fixas?: Respostas;
  /** Said under each of those ("Informado pelo gov.br"). */
  notaFixas?: string;
  /** Answers to start from (a draft being resumed). */
  iniciais?: Respostas;
  /** The builder's preview: the id of the field being edited, marked in the form (and its page opened). */
  destaque?: string | null;
  /** The citizen's page: files are uploaded as they are chosen (the preview keeps only name and size). */
  enviarArquivo?: EnviarArquivo;
  /**
   * A model in pages: where the citizen is, when the host keeps it (the citizen page puts it in the
   * browser's history, so back and forward move between pages); kept inside otherwise.
   */
  passo?: Passo;
  aoMudarPasso?: (p: Passo) => void;
  /** "Salvar e continuar depois" (shown only with it): stores the answers so far. */
  aoSalvar?: (r: Respostas) => void | Promise<void>;
}

/** The field's first control, to focus from the error summary or from "Alterar". */
function focarCampo(raiz: HTMLElement | null, chave: string) {
  const caixa = raiz?.querySelector(`[data-chave="${CSS.escape(chave)}"]`);
  const alvo = caixa?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select, button') ?? (caixa as HTMLElement | null);
  alvo?.focus();
  alvo?.scrollIntoView?.({ block: 'center' });
}

/** The GOV.UK error summary: what is wrong on this page, each linked to its field. */
function ResumoErros({ erros, raiz }: { erros: ErroNaPagina[]; raiz: React.RefObject<HTMLElement | null> }) {
  const t = useT();
  const caixa = useRef<HTMLDivElement>(null);
  useEffect(() => caixa.current?.focus(), []);
  return (
    <div ref={caixa} className="cf-resumo-problemas" role="alert" tabIndex={-1} aria-labelledby="cf-titulo-problemas">
      <h3 id="cf-titulo-problemas">{t('preenchimento.ha-problema')}</h3>
      <ul>
        {erros.map((e) => (
          <li key={e.chave}>
            <a
              href={`#${e.chave}`}
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

/** "Verifique suas respostas": every answer that applies, by page, each with "Alterar". */
function Revisao({ definicao, respostas, aoAlterar }: { definicao: Definicao; respostas: Respostas; aoAlterar: (campoId: string) => void }) {
  const t = useT();
  return (
    <>
      <p className="cf-ajuda">{t('preenchimento.revisao-ajuda')}</p>
      {revisao(definicao, respostas).map(({ pagina, secoes }) => (
        <section key={pagina.id} className="cf-revisao-pagina" aria-label={secoes[0]?.secao.titulo}>
          {secoes.map(({ secao, campos, itens }) => {
            const linha = (c: CampoDefinicao, chave: string, valor: unknown, rotulo = c.rotulo) => (
              <div key={chave} className="cf-revisao-linha" data-revisao={chave}>
                <dt>{c.rotulo}</dt>
                <dd>{textoResposta(c, valor, t)}</dd>
                <dd>
                  <Button variant="minimal" intent="primary" text={t('preenchimento.alterar')} aria-label={t('preenchimento.alterar-campo', { rotulo })} onClick={() => aoAlterar(chave)} />
                </dd>
              </div>
            );
            if (itens) {
              const valores = itensDe(respostas, secao.id);
              return (
                <div key={secao.id}>
                  <h4>{secao.titulo}</h4>
                  {!itens.length && (
                    <dl className="cf-revisao-lista">
                      <div className="cf-revisao-linha" data-revisao={secao.id}>
                        <dt>{secao.titulo}</dt>
                        <dd>{t('respostas.sem-itens')}</dd>
                        <dd>
                          <Button variant="minimal" intent="primary" text={t('preenchimento.alterar')} aria-label={t('preenchimento.alterar-campo', { rotulo: secao.titulo })} onClick={() => aoAlterar(secao.id)} />
                        </dd>
                      </div>
                    </dl>
                  )}
                  {itens.map((cs, i) => (
                    <div key={i} className="cf-revisao-item">
                      <h5>{nomeDoItem(secao, i, t)}</h5>
                      <dl className="cf-revisao-lista">{cs.map((c) => linha(c, chaveNoItem(secao.id, i, c.id), valores[i]?.[c.id], `${nomeDoItem(secao, i, t)}: ${c.rotulo}`))}</dl>
                    </div>
                  ))}
                </div>
              );
            }
            return (
              <div key={secao.id}>
                <h4>{secao.titulo}</h4>
                <dl className="cf-revisao-lista">{campos.map((c) => linha(c, c.id, respostas[c.id]))}</dl>
              </div>
            );
          })}
        </section>
      ))}
    </>
  );
}

export function Preenchimento(props: PropsPreenchimento) {
  const { definicao, somenteLeitura, aoEnviar, textoEnviar, fixas, notaFixas, iniciais, destaque, enviarArquivo, aoSalvar } = props;
  const t = useT();
  const [respostas, setRespostas] = useState<Respostas>(() => comItensMinimos(definicao, { ...iniciais, ...fixas }));
  const [tocados, setTocados] = useState<ReadonlySet<string>>(new Set());
  const [enviado, setEnviado] = useState(false);
  const [pronto, setPronto] = useState(false);
  const [salvando, setSalvando] = useState(false);
  const raiz = useRef<HTMLFormElement>(null);
  // Conditional questions show and hide as the answers change; what is sent holds only what shows.
  const visivel = useMemo(() => visiveis(definicao, respostas), [definicao, respostas]);
  const erros = useMemo(() => errosDasRespostas(definicao, respostas, 'pt-BR', visivel), [definicao, respostas, visivel]);
  // `chave`: a question's id, or `secao[i].campo` in an item of a repeating section.
  const aoMudar = useCallback((chave: string, v: unknown) => {
    const noItem = lerChaveNoItem(chave);
    setRespostas((r) => (noItem ? alterarItem(r, noItem.secao, noItem.indice, noItem.campo, v) : { ...r, [chave]: v }));
    setTocados((t) => (t.has(chave) ? t : new Set(t).add(chave)));
    setPronto(false);
  }, []);
  const mudarItens = (s: Secao, r: Respostas) => {
    setRespostas(r);
    setTocados((t) => new Set(t).add(s.id));
    setPronto(false);
  };

  // Pages (issue 21): where the citizen is, kept by the host when it gives `passo`, here otherwise.
  const paginado = emPaginas(definicao) && !somenteLeitura;
  const [passoProprio, setPassoProprio] = useState<Passo | null>(null);
  // A host that keeps the step (the browser's history) and has none yet is on the first page; so is a
  // form whose step is gone (the builder's preview after a section is removed) or not yet taken.
  const pedido = props.aoMudarPasso ? props.passo : passoProprio;
  const passo = pedido && ('revisao' in pedido || paginasDe(definicao).some((p) => p.id === pedido.pagina)) ? pedido : primeiroPasso(definicao, respostas);
  const [problemas, setProblemas] = useState<ErroNaPagina[] | null>(null);
  // After "Alterar", "Continuar" returns to the check step; the field to focus once its page shows.
  const [alterando, setAlterando] = useState(false);
  const [focar, setFocar] = useState<string | null>(null);
  const titulo = useRef<HTMLHeadingElement>(null);
  // Focus follows the citizen to the new step after a navigation (Continuar, Voltar, Alterar, the browser's
  // back and forward) — not when the form first shows, nor when the step changes by itself (the builder's
  // preview following the field being edited, a first page appearing as the designer adds fields).
  const focoPendente = useRef(false);
  const irPara = useCallback(
    (p: Passo, focar = true) => {
      focoPendente.current = focar;
      setProblemas(null);
      setPassoProprio(p);
      props.aoMudarPasso?.(p);
    },
    [props.aoMudarPasso],
  );
  const chavePasso = 'revisao' in passo ? 'revisao' : passo.pagina;
  const hospedeiro = useRef(props.passo);
  useEffect(() => {
    if (hospedeiro.current !== props.passo) focoPendente.current = true;
    hospedeiro.current = props.passo;
  }, [props.passo]);
  useEffect(() => {
    if (!paginado || !focoPendente.current) return;
    focoPendente.current = false;
    if (focar) {
      focarCampo(raiz.current, focar);
      setFocar(null);
    } else titulo.current?.focus();
  }, [chavePasso]);
  // The builder's preview opens the page of the field being edited.
  useEffect(() => {
    if (!paginado || !destaque) return;
    const p = paginaDoCampo(definicao, destaque);
    if (p && ('revisao' in passo || p.id !== passo.pagina)) irPara({ pagina: p.id }, false);
  }, [destaque]);

  const nErros = Object.keys(erros).length;
  const desabilitado = (c: CampoDefinicao) => somenteLeitura || (!!fixas && Object.hasOwn(fixas, c.id));
  const erroDe = (chave: string) => (enviado || tocados.has(chave) ? (erros[chave] ?? null) : null);
  const secao = (s: Secao, Titulo: 'h3' | 'h4' = 'h3') => {
    if (s.repeticao) {
      // A repeating section: each item a group of its own, "Remover" above the minimum, "Adicionar" below the maximum.
      const itens = itensDe(respostas, s.id);
      const mostrados = visivel.entradas.get(s.id) ?? [];
      const nome = (s.repeticao.item?.trim() || t('respostas.item')).toLocaleLowerCase('pt-BR');
      const erroContagem = erroDe(s.id);
      return (
        <section key={s.id} className="cf-secao-preenchimento cf-repeticao" aria-label={s.titulo}>
          <Titulo>{s.titulo}</Titulo>
          {erroContagem && (
            <p className="cf-erro-campo" data-chave={s.id} tabIndex={-1} role="alert">
              {erroContagem}
            </p>
          )}
          {itens.map((item, i) => (
            <fieldset key={`${i}-${itens.length}`} className="cf-item-repeticao" disabled={somenteLeitura}>
              <legend>{nomeDoItem(s, i, t)}</legend>
              {s.campos.filter((c) => mostrados[i]?.has(c.id)).map((c) => {
                const chave = chaveNoItem(s.id, i, c.id);
                return <CampoPreenchimento key={c.id} chave={chave} campo={c} valor={item[c.id]} erro={erroDe(chave)} desabilitado={somenteLeitura} destacado={destaque === c.id} aoMudar={aoMudar} />;
              })}
              {!somenteLeitura && itens.length > s.repeticao!.minimo && (
                <Button variant="minimal" intent="danger" icon="trash" text={t('preenchimento.remover-item', { item: nomeDoItem(s, i, t) })} onClick={() => mudarItens(s, removerItem(respostas, s, i))} />
              )}
            </fieldset>
          ))}
          {!somenteLeitura && itens.length < s.repeticao.maximo && <Button icon="plus" text={t(itens.length ? 'preenchimento.adicionar-outro' : 'preenchimento.adicionar-item', { item: nome })} onClick={() => mudarItens(s, adicionarItem(respostas, s))} />}
        </section>
      );
    }
    return (
      <section key={s.id} className="cf-secao-preenchimento" aria-label={s.titulo}>
        <Titulo>{s.titulo}</Titulo>
        {s.campos.filter((c) => visivel.campos.has(c.id)).map((c) => (
          <CampoPreenchimento key={c.id} campo={c} valor={respostas[c.id]} erro={erroDe(c.id)} desabilitado={desabilitado(c)} destacado={destaque === c.id} aoMudar={aoMudar} enviarArquivo={enviarArquivo} nota={fixas && Object.hasOwn(fixas, c.id) ? notaFixas : undefined} />
        ))}
      </section>
    );
  };
  const enviar = async () => {
    setEnviado(true);
    if (nErros) return false;
    setPronto(true);
    await aoEnviar?.(respostasVisiveis(definicao, respostas));
    return true;
  };
  const salvar = aoSalvar && (
    <Button
      variant="outlined"
      text={salvando ? t('preenchimento.salvando') : t('preenchimento.salvar-depois')}
      disabled={salvando}
      onClick={async () => {
        setSalvando(true);
        try {
          await aoSalvar(respostas);
        } finally {
          setSalvando(false);
        }
      }}
    />
  );

  if (paginado) {
    const naRevisao = 'revisao' in passo;
    const prog = naRevisao ? null : progresso(definicao, passo.pagina, respostas, visivel);
    const pagina = naRevisao ? null : paginasDe(definicao).find((p) => p.id === passo.pagina);
    const anterior = passoAnterior(definicao, passo, respostas);
    const continuar = () => {
      if (naRevisao) return;
      const daPagina = errosDaPagina(definicao, passo.pagina, erros, respostas, visivel);
      if (daPagina.length) {
        setTocados((x) => new Set([...x, ...daPagina.map((e) => e.chave)]));
        setProblemas(daPagina);
        return;
      }
      const seguinte = alterando ? passoAposAlterar(definicao, respostas, erros) : passoSeguinte(definicao, passo.pagina, respostas);
      if ('revisao' in seguinte) setAlterando(false);
      irPara(seguinte);
    };
    return (
      <form
        ref={raiz}
        className="cf-preenchimento cf-em-paginas"
        noValidate
        onSubmit={async (ev) => {
          ev.preventDefault();
          if (!naRevisao) return continuar();
          // Sent only from the check step; a page still wrong (answers changed meanwhile) is opened.
          const volta = passoAposAlterar(definicao, respostas, erros);
          if (!('revisao' in volta)) {
            setEnviado(true);
            return irPara(volta);
          }
          await enviar();
        }}
      >
        <h3 ref={titulo} tabIndex={-1} className="cf-titulo-passo">
          {naRevisao ? t('preenchimento.revisao') : <span className="cf-progresso">{prog ? t('preenchimento.etapa', { i: prog.etapa, n: prog.total }) : null}</span>}
        </h3>
        {problemas && problemas.length > 0 && <ResumoErros erros={problemas} raiz={raiz} />}
        {naRevisao ? (
          <Revisao
            definicao={definicao}
            respostas={respostas}
            aoAlterar={(id) => {
              const p = paginaDoCampo(definicao, id);
              if (!p) return;
              setAlterando(true);
              setFocar(id);
              irPara({ pagina: p.id });
            }}
          />
        ) : (
          pagina?.secoes.filter((s) => visivel.secoes.has(s.id)).map((s) => secao(s, 'h4'))
        )}
        <div className="cf-acoes-formulario">
          {anterior && <Button text={t('preenchimento.voltar')} onClick={() => (setAlterando(false), irPara(anterior))} />}
          {naRevisao ? <Button type="submit" intent="primary" text={textoEnviar ?? t('preenchimento.enviar')} /> : <Button type="submit" intent="primary" text={t('preenchimento.continuar')} />}
          {salvar}
          {pronto && !aoEnviar && naRevisao && (
            <span className="cf-resumo-ok" role="status">
              {t('preenchimento.ok')}
            </span>
          )}
        </div>
      </form>
    );
  }

  return (
    <form
      ref={raiz}
      className="cf-preenchimento"
      noValidate
      onSubmit={async (ev) => {
        ev.preventDefault();
        await enviar();
      }}
    >
      {definicao.secoes.filter((s) => visivel.secoes.has(s.id)).map((s) => secao(s))}
      {!definicao.secoes.some((s) => s.campos.length) && <p className="cf-ajuda">{t('preenchimento.sem-campos')}</p>}
      {!somenteLeitura && (
        <div className="cf-acoes-formulario">
          <Button type="submit" intent="primary" text={textoEnviar ?? t('preenchimento.enviar')} />
          {salvar}
          {enviado && nErros > 0 && (
            <span className="cf-resumo-erros" role="alert">
              {t('preenchimento.erros', { n: nErros })}
            </span>
          )}
          {pronto && !aoEnviar && (
            <span className="cf-resumo-ok" role="status">
              {t('preenchimento.ok')}
            </span>
          )}
        </div>
      )}
    </form>
  );
}
