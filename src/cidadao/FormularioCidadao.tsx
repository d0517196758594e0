import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { camposDoRequerente, type DadoDoLogin, type Definicao } from '../forms/definicao';
import { formatarCpf } from '../forms/cpf';
import { errosDasRespostas, type Respostas } from '../forms/preenchimento';
import { emPaginas, nomeDoPasso, paginasDe, passoAlcancavel, passoDoNome, progresso, type Passo } from '../forms/paginas';
import { formatarDataHoraCompleta } from '../i18n/datas';
import { idiomaCidadaoDe, idiomasPreferidos, tradutorCidadao, type IdiomaCidadao } from '../i18n/cidadao';
import { NOME_IDIOMA } from '../forms/traducoes';
import { TIPO_CONFIABILIDADE } from '../contrato/problema';
import { destinoDe } from '../forms/verificacao';
import { criarApi, dadosDoToken, novaChave, RecusaDeOrigem, SemResposta, type ApiCidadao } from './api';
import { Formulario, type EnviarArquivo } from './Formulario';
import type { Verificador } from './Verificacao';
import { Pagamento } from './Pagamento';
import { esquecer, lembrar, recordar } from './memoria';
import { RETORNO_ASSINATURA_GOVBR } from '../forms/vocabulario';
import { Coassinatura } from './Coassinatura';
import { Andamento } from './Andamento';

/**
 * `<formulario-cidadao>` (issue 35): one published model, as a portal embeds it. Loads the model (or a
 * draft, by its resume code), keeps this visit's answers in the tab's sessionStorage, sends them with the
 * language in Accept-Language, and shows the receipt. The portal chooses the model; its login gives the
 * `token` (restricted models, questions the login answers). Events for the portal: `enviado`,
 * `rascunho-salvo`, `etapa` (README, "O formulário do cidadão").
 */
export interface PropsCidadao {
  codigoServico?: string;
  apiUrl?: string;
  language?: string;
  rascunho?: string;
  /** A co-signer's link code (issue 46): the element shows that request to sign instead of a model. */
  coassinatura?: string;
  /** "true": the step goes in the page's address (`?etapa=`), back and forward walk the steps, and `?rascunho=` is read. */
  usarEndereco?: string;
  token?: string;
  container?: ShadowRoot;
}

interface ModeloPublico {
  codigoServico: string;
  nome: string;
  descricao?: string;
  versao: number;
  restrito: boolean;
  /** The language of the model's texts in this answer, and those it is offered in (issue 37). */
  idioma?: IdiomaCidadao;
  idiomas?: IdiomaCidadao[];
  /** Null before the model opens (issue 36): only its name, description and when it opens. */
  definicao: Definicao | null;
  situacao?: 'EM_BREVE' | 'ABERTO' | 'ENCERRADO' | 'ESGOTADO';
  abreEm?: string | null;
  /** Why a draft of a closed or full model can be read but no longer sent. */
  mensagem?: string;
  /** The gov.br account it asks for (issue 44), with the trust catalogue's address. */
  confiabilidade?: { motivo?: string; catalogoUrl: string | null } | null;
}
type ModeloAberto = ModeloPublico & { definicao: Definicao };

interface Recibo {
  protocolo: string;
  codigoServico: string;
  recebidoEm: string;
  comprovante?: { codigoVerificacao: string; url: string };
  /** A form with a fee (issue 38): where its payment is read. */
  pagamento?: { url: string };
  /** A form with steps after sending (issue 46): where its progress is read. */
  andamento?: { url: string };
}

interface RascunhoAberto {
  codigo: string;
  link: string;
  expiraEm: string;
}

type Fase =
  | { fase: 'carregando' }
  /** No service chosen yet (no codigo-servico, no draft): nothing to show, no error (issue 50: the demo page opened red). */
  | { fase: 'vazio' }
  | { fase: 'erro'; texto: string; rede: boolean }
  | { fase: 'em-breve'; modelo: ModeloPublico }
  | { fase: 'preenchendo'; modelo: ModeloAberto; iniciais: Respostas; passo: Passo | null; aviso: string | null }
  | { fase: 'enviado'; modelo: ModeloAberto; recibo: Recibo };

const EVENTO = { bubbles: true, composed: true } as const;

const parametroDoEndereco = (nome: string) => new URLSearchParams(location.search).get(nome);

/** The answers the login gives for this model: the requester's CPF and the questions mapped to the login. */
function doLogin(d: Definicao, token: string | undefined): Respostas | undefined {
  const dados = dadosDoToken(token);
  if (!dados) return undefined;
  const r: Respostas = {};
  const campoCpf = camposDoRequerente(d).cpf;
  if (campoCpf && dados.cpf) r[campoCpf.id] = formatarCpf(dados.cpf);
  const valores: Record<DadoDoLogin, string | undefined> = { cpf: dados.cpf && formatarCpf(dados.cpf), nome: dados.nome, email: dados.email, nascimento: dados.nascimento };
  for (const s of d.secoes) for (const c of s.campos) if (c.preencherDoLogin && !s.repeticao && valores[c.preencherDoLogin]) r[c.id] = valores[c.preencherDoLogin];
  return Object.keys(r).length ? r : undefined;
}

/** The server's reason when it refused this citizen's gov.br account (issue 44: a typed 403); null for any other answer. */
const recusaDaConta = (r: { status: number; json?: { type?: string; detail?: string } } | null): string | null => (r?.status === 403 && r.json?.type === TIPO_CONFIABILIDADE ? (r.json.detail ?? null) : null);

/**
 * The page of a citizen whose gov.br account does not serve the model (issue 44): what is missing (the server's
 * words), the designer's reason, and the way to the trust catalogue, which brings the citizen back to this page;
 * this visit's answers wait in the tab meanwhile.
 */
function Conta({ nome, motivo, porque, catalogo, t }: { nome: string; motivo: string; porque?: string; catalogo: string | null; t: ReturnType<typeof tradutorCidadao> }) {
  const volta = () => {
    const u = new URL(catalogo!);
    u.searchParams.set('redirect_uri', location.href);
    return u.toString();
  };
  return (
    <>
      <h1 className="fc-titulo-passo">{nome}</h1>
      <div className="fc-resumo-erros fc-conta" role="alert">
        <h2>{t('cidadao.conta-titulo')}</h2>
        <p>{motivo}</p>
        {porque && <p>{t('cidadao.conta-porque', { motivo: porque })}</p>}
      </div>
      {catalogo && (
        <p className="fc-acoes">
          <a className="fc-botao" href={volta()} data-testid="catalogo">
            {t('cidadao.conta-aumentar')}
          </a>
        </p>
      )}
      <p>{t('cidadao.conta-guardadas')}</p>
    </>
  );
}

/**
 * The languages a model is offered in, each by its own name (GOV.UK's language switch): the current one marked
 * `aria-current`, the others buttons that bring the texts in that language and keep the answers.
 */
function TrocaDeIdioma({ idiomas, atual, rotulo, aoTrocar }: { idiomas: IdiomaCidadao[]; atual: IdiomaCidadao; rotulo: string; aoTrocar: (i: IdiomaCidadao) => void }) {
  // The button pressed becomes the current language's mark: the focus goes to it, not to the page's top.
  const trocou = useRef(false);
  const atualRef = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (trocou.current) atualRef.current?.focus();
    trocou.current = false;
  }, [atual]);
  return (
    <nav className="fc-idiomas" aria-label={rotulo}>
      <ul>
        {idiomas.map((i) => (
          <li key={i}>
            {i === atual ? (
              <span aria-current="true" lang={i} tabIndex={-1} ref={atualRef}>
                {NOME_IDIOMA[i]}
              </span>
            ) : (
              <button type="button" className="fc-link" lang={i} data-idioma={i} onClick={() => ((trocou.current = true), aoTrocar(i))}>
                {NOME_IDIOMA[i]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What the element draws: a co-signer's request (its code in the attribute, or `?coassinatura=` with usar-endereco), else the model. */
export function ElementoCidadao(p: PropsCidadao) {
  const codigo = p.coassinatura || (p.usarEndereco === 'true' ? parametroDoEndereco('coassinatura') : null);
  return codigo ? <Coassinatura codigo={codigo} apiUrl={p.apiUrl} language={p.language} token={p.token} container={p.container} /> : <FormularioCidadao {...p} />;
}

export function FormularioCidadao(p: PropsCidadao) {
  // The citizen's languages in order (issue 37): the one chosen on the switch, the portal's attribute, the browser's.
  const [escolhido, setEscolhido] = useState<IdiomaCidadao | null>(null);
  const preferidos = useMemo(() => {
    const lista = [escolhido, idiomaCidadaoDe(p.language), ...idiomasPreferidos(typeof navigator === 'undefined' ? null : navigator.languages)].filter((i): i is IdiomaCidadao => !!i);
    return lista.length ? [...new Set(lista)] : (['pt-BR'] as IdiomaCidadao[]);
  }, [escolhido, p.language]);
  const [estado, setEstado] = useState<Fase>({ fase: 'carregando' });
  // The element's own texts: the language chosen on the switch, else the portal's attribute (issue 50: it wins over
  // the browser's), else the model's texts' when the citizen asked for it, else the first they asked for (a portal in
  // English showing a model only in Portuguese keeps its messages in English, issue 35). The model's texts follow
  // the languages it is offered in.
  const idiomaDosTextos = estado.fase === 'carregando' || estado.fase === 'erro' || estado.fase === 'vazio' ? null : (estado.modelo.idioma ?? null);
  const idioma: IdiomaCidadao = escolhido ?? idiomaCidadaoDe(p.language) ?? (idiomaDosTextos && preferidos.includes(idiomaDosTextos) ? idiomaDosTextos : preferidos[0]);
  const t = useMemo(() => tradutorCidadao(idioma), [idioma]);
  const cabecalhoIdioma = [...new Set([idioma, ...preferidos])].join(', ');
  const api: ApiCidadao = useMemo(() => criarApi(p.apiUrl, cabecalhoIdioma, p.token), [p.apiUrl, cabecalhoIdioma, p.token]);
  // The load reads the latest ones without a new language reloading it (the switch brings the texts itself).
  const apiAtual = useRef(api);
  apiAtual.current = api;
  const codigo = p.codigoServico ?? '';
  const noEndereco = p.usarEndereco === 'true';
  const codigoRascunho = p.rascunho || (noEndereco ? parametroDoEndereco('rascunho') : null) || null;
  const [rascunho, setRascunho] = useState<RascunhoAberto | null>(null);
  const [avisoRascunho, setAvisoRascunho] = useState<{ ok: boolean; texto: string; vez: number } | null>(null);
  const [emailRascunho, setEmailRascunho] = useState('');
  const [ocupado, setOcupado] = useState(false);
  const [erroEnvio, setErroEnvio] = useState<string | null>(null);
  /** The citizen's gov.br account does not serve the model (issue 44): the server's reason. */
  const [conta, setConta] = useState<string | null>(null);
  const [tentativa, setTentativa] = useState(0);
  const [vez, setVez] = useState(0);
  const chave = useRef(novaChave());
  const ultimas = useRef<Respostas>({});
  const provasSalvas = useRef<Record<string, string>>({});
  const raiz = useRef<HTMLDivElement>(null);

  const emitir = useCallback((nome: string, detail: unknown) => p.container?.host.dispatchEvent(new CustomEvent(nome, { ...EVENTO, detail })), [p.container]);

  // The journey's anonymous counters (issue 21): started once and each page reached once per form filled here.
  const jornada = useRef({ iniciado: false, paginas: new Set<string>() });
  const registrar = (evento: 'INICIADO' | 'PAGINA', pagina?: string) => void api.chamar('POST', `/modelos/${encodeURIComponent(codigo)}/jornada`, { corpo: { evento, ...(pagina ? { pagina } : {}) } }).catch(() => undefined);
  const iniciar = () => {
    if (jornada.current.iniciado) return;
    jornada.current.iniciado = true;
    registrar('INICIADO');
  };

  // Loading: the model (or the draft's version of it), this visit's answers, and where to start.
  useEffect(() => {
    if (!codigo && !codigoRascunho) return setEstado({ fase: 'vazio' });
    let vivo = true;
    setEstado({ fase: 'carregando' });
    const api = apiAtual.current;
    void (async () => {
      try {
        const r = await carregarModelo(api);
        if (!vivo) return;
        if (r.status !== 200) return setEstado({ fase: 'erro', texto: r.json?.detail ?? t('cidadao.indisponivel'), rede: false });
        if (!r.json.definicao) return setEstado({ fase: 'em-breve', modelo: r.json as ModeloPublico });
        const modelo = r.json as ModeloAberto;
        const lembrado = recordar(modelo.codigoServico, modelo.versao, codigoRascunho);
        const doRascunho: Respostas = codigoRascunho ? r.json.respostas : {};
        const iniciais = { ...doRascunho, ...lembrado?.respostas };
        // A draft saved in this visit goes on being the one filled (its send deletes it), after a reload too.
        const doDraft = codigoRascunho ?? lembrado?.rascunho ?? null;
        setRascunho(doDraft ? { codigo: doDraft, link: '', expiraEm: codigoRascunho ? r.json.expiraEm : '' } : null);
        // The step asked for (the address, this visit, the draft) if its earlier pages are answered; else the first that is not.
        const pedido = passoDoNome((noEndereco ? parametroDoEndereco('etapa') : null) ?? lembrado?.passo ?? (codigoRascunho ? r.json.pagina : null));
        const erros = errosDasRespostas(modelo.definicao, iniciais, idioma);
        const passo = pedido ? passoAlcancavel(modelo.definicao, pedido, iniciais, erros) : null;
        const voltou = !!pedido && nomeDoPasso(passo!) !== nomeDoPasso(pedido);
        const aviso = voltou ? t('cidadao.voltou-etapa') : lembrado && Object.keys(lembrado.respostas).length ? t('cidadao.recuperado') : null;
        ultimas.current = iniciais;
        // A model asking for a gov.br level (issue 44): the server says now, before the citizen fills it, whether this account serves.
        const recusa = modelo.confiabilidade && p.token ? await api.chamar('GET', `/modelos/${encodeURIComponent(modelo.codigoServico)}/confiabilidade`).catch(() => null) : null;
        if (!vivo) return;
        setConta(recusaDaConta(recusa));
        // Back from gov.br's signature (issue 44): the receipt, or why not on the check step, the answers kept.
        const assinatura = parametroDoEndereco(RETORNO_ASSINATURA_GOVBR);
        if (assinatura) {
          const q = new URLSearchParams(location.search);
          q.delete(RETORNO_ASSINATURA_GOVBR);
          history.replaceState(history.state, '', `${location.pathname}${q.size ? `?${q}` : ''}${location.hash}`);
          const fim = await api.chamar('GET', `/assinaturas/${encodeURIComponent(assinatura)}`).catch(() => null);
          if (!vivo) return;
          const recibo = fim?.json?.recibo as Recibo | null;
          if (recibo?.codigoServico === modelo.codigoServico) {
            esquecer(modelo.codigoServico);
            setEstado({ fase: 'enviado', modelo, recibo });
            return emitir('enviado', { protocolo: recibo.protocolo, codigoServico: recibo.codigoServico, recebidoEm: recibo.recebidoEm });
          }
          setErroEnvio(fim?.json?.motivo ?? fim?.json?.detail ?? t('cidadao.nao-enviado'));
          setVez((n) => n + 1);
        }
        setEstado({ fase: 'preenchendo', modelo, iniciais, passo, aviso });
        if (voltou && noEndereco) history.replaceState(history.state, '', endereco(passo));
      } catch (e) {
        if (vivo) setEstado({ fase: 'erro', texto: e instanceof SemResposta ? t('cidadao.sem-conexao') : t('cidadao.indisponivel'), rede: e instanceof SemResposta });
      }
    })();
    return () => {
      vivo = false;
    };
  }, [codigo, codigoRascunho, p.apiUrl, p.token, p.language, tentativa]);

  function carregarModelo(api: ApiCidadao) {
    return codigoRascunho ? api.chamar('GET', `/rascunhos/${encodeURIComponent(codigoRascunho)}`) : api.chamar('GET', `/modelos/${encodeURIComponent(codigo)}`);
  }

  /**
   * The language switch (issue 37): the model's texts in another language it is offered in, the answers and the
   * step kept (values never change with the language), the focus left on the switch.
   */
  async function trocarIdioma(novo: IdiomaCidadao) {
    const r = await carregarModelo(criarApi(p.apiUrl, novo, p.token)).catch(() => null);
    if (!r || r.status !== 200) return;
    setEscolhido(novo);
    setEstado((e) => (e.fase === 'preenchendo' || e.fase === 'em-breve' ? ({ ...e, modelo: { ...e.modelo, ...r.json } } as Fase) : e));
  }

  // A model not open yet shows itself at its opening minute, without the citizen reloading the page.
  const abreEm = estado.fase === 'em-breve' ? estado.modelo.abreEm : null;
  useEffect(() => {
    if (!abreEm) return;
    // Timers hold at most 2^31-1 ms (24.8 days): a later opening checks again then. A little after the
    // minute, so the server's clock has passed it too.
    const espera = Math.min(Math.max(Date.parse(abreEm) - Date.now(), 0) + 1500, 2 ** 31 - 1);
    const relogio = setTimeout(() => setTentativa((n) => n + 1), espera);
    return () => clearTimeout(relogio);
  }, [abreEm]);

  /** The page's address with the step (only when the portal lets the element use it). */
  function endereco(passo: Passo | null) {
    const q = new URLSearchParams(location.search);
    if (passo) q.set('etapa', nomeDoPasso(passo));
    else q.delete('etapa');
    const s = q.toString();
    return `${location.pathname}${s ? `?${s}` : ''}${location.hash}`;
  }

  const preenchendo = estado.fase === 'preenchendo' ? estado : null;
  const definicao = preenchendo?.modelo.definicao;
  const mudarPasso = useCallback(
    (passo: Passo) => {
      if (!preenchendo) return;
      iniciar();
      setEstado({ ...preenchendo, passo, aviso: null });
      lembrar(preenchendo.modelo.codigoServico, { versao: preenchendo.modelo.versao, respostas: ultimas.current, passo: nomeDoPasso(passo), ...(rascunho ? { rascunho: rascunho.codigo } : {}) });
      if (noEndereco) history.pushState(history.state, '', endereco(passo));
    },
    [preenchendo, rascunho, noEndereco],
  );
  // Back and forward walk the steps when the step is in the address.
  useEffect(() => {
    if (!noEndereco || !preenchendo) return;
    const voltar = () => {
      const passo = passoDoNome(parametroDoEndereco('etapa'));
      setEstado((e) => (e.fase === 'preenchendo' ? { ...e, passo, aviso: null } : e));
    };
    addEventListener('popstate', voltar);
    return () => removeEventListener('popstate', voltar);
  }, [noEndereco, !!preenchendo]);

  // `etapa` for the portal's analytics: where the citizen is, each time it changes.
  const passoAtual = preenchendo ? (preenchendo.passo ? nomeDoPasso(preenchendo.passo) : definicao && paginasDe(definicao).length ? paginasDe(definicao)[0].id : null) : estado.fase === 'enviado' ? 'comprovante' : null;
  useEffect(() => {
    if (!passoAtual) return;
    const prog = definicao && passoAtual !== 'revisao' && passoAtual !== 'comprovante' ? progresso(definicao, passoAtual, ultimas.current) : null;
    emitir('etapa', { etapa: passoAtual, numero: prog?.etapa ?? null, total: prog?.total ?? null });
    if (passoAtual !== 'comprovante' && jornada.current.iniciado && !jornada.current.paginas.has(passoAtual)) {
      jornada.current.paginas.add(passoAtual);
      registrar('PAGINA', passoAtual);
    }
  }, [passoAtual]);

  const aoMudarRespostas = useCallback(
    (r: Respostas) => {
      if (!preenchendo) return;
      iniciar();
      ultimas.current = r;
      // Other answers, another send: a new key (a retry of the same answers keeps it and is not sent twice).
      chave.current = novaChave();
      lembrar(preenchendo.modelo.codigoServico, { versao: preenchendo.modelo.versao, respostas: r, ...(preenchendo.passo ? { passo: nomeDoPasso(preenchendo.passo) } : {}), ...(rascunho ? { rascunho: rascunho.codigo } : {}) });
    },
    [preenchendo, rascunho],
  );

  const enviarArquivo = useCallback<EnviarArquivo>(
    async (campo, arquivo) => {
      const r = await api.chamar('POST', `/modelos/${encodeURIComponent(codigo)}/anexos?campo=${encodeURIComponent(campo.id)}&nome=${encodeURIComponent(arquivo.name)}`, { arquivo }).catch(() => null);
      if (!r) throw new Error(t('cidadao.sem-conexao'));
      if (r.status !== 201) throw new Error(r.json?.detail ?? t('cidadao.nao-enviado'));
      return { anexo: r.json.id, nome: r.json.nome, tamanho: r.json.tamanho };
    },
    [api, codigo],
  );

  /** Verified questions (issue 45): a code sent, a code confirmed; a refusal's or a failure's words otherwise. */
  const verificar = useMemo<Verificador>(() => {
    const falha = (r: { json?: { detail?: string } } | null) => ({ falha: r?.json?.detail ?? t('cidadao.sem-conexao') });
    const conta = dadosDoToken(p.token);
    const daConta = [conta?.emailVerificado && destinoDe({ tipo: 'email' }, conta.email), conta?.telefoneVerificado && destinoDe({ tipo: 'telefone' }, conta.telefone)].filter((x): x is string => !!x);
    return {
      daConta,
      enviar: async (campo, valor) => {
        const r = await api.chamar('POST', `/modelos/${encodeURIComponent(codigo)}/verificacoes`, { corpo: { campo, valor } }).catch(() => null);
        return r?.status === 201 ? r.json : falha(r);
      },
      confirmar: async (id, valor) => {
        const r = await api.chamar('POST', `/verificacoes/${encodeURIComponent(id)}/confirmacao`, { corpo: { codigo: valor } }).catch(() => null);
        return r?.status === 200 ? r.json : falha(r);
      },
    };
  }, [api, codigo, p.token]);

  /** A CEP's address (issue 44), from the API; a refusal's or a failure's words for the citizen otherwise. */
  const buscarCep = useCallback(
    async (cep: string) => {
      const r = await api.chamar('GET', `/cep/${cep}`).catch(() => null);
      if (r?.status === 200) return r.json;
      return { falha: r?.json?.detail ?? t('cidadao.sem-conexao') };
    },
    [api],
  );

  async function enviar(respostas: Respostas, semAssinar?: boolean, verificacoes?: Record<string, string>) {
    if (!preenchendo) return;
    setOcupado(true);
    setErroEnvio(null);
    try {
      const corpo = { respostas, ...(rascunho ? { rascunho: rascunho.codigo } : {}), ...(preenchendo.modelo.definicao.declaracao ? { declaracaoAceita: true } : {}), ...(verificacoes && Object.keys(verificacoes).length ? { verificacoes } : {}) };
      const modelo = `/modelos/${encodeURIComponent(preenchendo.modelo.codigoServico)}`;
      // A model asking for the gov.br signature (issue 44): checked, then signed at gov.br, which brings the citizen back here.
      const assinar = preenchendo.modelo.definicao.assinatura && !semAssinar;
      const r = assinar ? await api.chamar('POST', `${modelo}/assinaturas`, { corpo: { ...corpo, retorno: location.href } }) : await api.chamar('POST', `${modelo}/formularios`, { corpo, cabecalhos: { 'idempotency-key': chave.current } });
      const negada = recusaDaConta(r);
      if (negada) return setConta(negada);
      if (assinar && r.status === 201) return location.assign(r.json.url);
      if (r.status !== 201) {
        const detalhes = ((r.json?.errors ?? []) as { message: string }[]).map((e) => e.message);
        setErroEnvio([r.json?.detail ?? t('cidadao.nao-enviado'), ...detalhes].join(' '));
        setVez((n) => n + 1);
        return;
      }
      esquecer(preenchendo.modelo.codigoServico);
      chave.current = novaChave();
      setRascunho(null);
      setAvisoRascunho(null);
      if (noEndereco) history.replaceState(history.state, '', endereco(null));
      setEstado({ fase: 'enviado', modelo: preenchendo.modelo, recibo: r.json as Recibo });
      emitir('enviado', { protocolo: r.json.protocolo, codigoServico: preenchendo.modelo.codigoServico, recebidoEm: r.json.recebidoEm });
    } catch (e) {
      // Not the citizen's network when the API refuses this portal's origin: said neutrally (the console tells the portal team).
      setErroEnvio(e instanceof RecusaDeOrigem ? t('cidadao.fora-do-ar') : t('cidadao.sem-conexao'));
      setVez((n) => n + 1);
    } finally {
      setOcupado(false);
    }
  }

  /** "Salvar e continuar depois": the draft saved (made the first time), its link shown; with an e-mail, sent there too. */
  async function salvarRascunho(respostas: Respostas, verificacoes: Record<string, string>, email?: string) {
    if (!preenchendo) return;
    iniciar();
    ultimas.current = respostas;
    provasSalvas.current = verificacoes;
    const pagina = preenchendo.passo && 'pagina' in preenchendo.passo ? preenchendo.passo.pagina : definicao ? paginasDe(definicao).at(-1)?.id : undefined;
    // A verified question's proof goes with the draft too (issue 45): without it the draft is refused, naming the question.
    const corpo = { respostas, ...(pagina ? { pagina } : {}), ...(email ? { email } : {}), ...(Object.keys(verificacoes).length ? { verificacoes } : {}) };
    const r = await (rascunho ? api.chamar('PUT', `/rascunhos/${encodeURIComponent(rascunho.codigo)}`, { corpo }) : api.chamar('POST', `/modelos/${encodeURIComponent(codigo)}/rascunhos`, { corpo })).catch(() => null);
    const negada = recusaDaConta(r);
    if (negada) return setConta(negada);
    if (!r || (r.status !== 200 && r.status !== 201)) {
      const erro = ((r?.json?.errors ?? []) as { field: string; message: string }[]).find((e) => e.field === 'email');
      return setAvisoRascunho((a) => ({ ok: false, texto: erro?.message ?? r?.json?.detail ?? (r ? t('cidadao.rascunho-nao-salvo') : t('cidadao.sem-conexao')), vez: (a?.vez ?? 0) + 1 }));
    }
    setRascunho({ codigo: r.json.codigo, link: r.json.link, expiraEm: r.json.expiraEm });
    lembrar(preenchendo.modelo.codigoServico, { versao: preenchendo.modelo.versao, respostas, ...(preenchendo.passo ? { passo: nomeDoPasso(preenchendo.passo) } : {}), rascunho: r.json.codigo });
    setAvisoRascunho((a) => ({ ok: true, texto: email && r.json.emailEnviado ? t('cidadao.rascunho-enviado', { email }) : t('cidadao.rascunho-salvo'), vez: (a?.vez ?? 0) + 1 }));
    emitir('rascunho-salvo', { codigo: r.json.codigo, link: r.json.link, expiraEm: r.json.expiraEm });
  }

  // The receipt takes the focus once it shows (issue 35: after "Enviar" the focus was lost).
  useLayoutEffect(() => {
    if (estado.fase === 'enviado') raiz.current?.querySelector<HTMLElement>('[data-titulo-passo]')?.focus();
  }, [estado.fase]);
  // "Salvar e continuar depois": what happened takes the focus, as after every other step (issue 50: it fell to <body>).
  useLayoutEffect(() => {
    if (avisoRascunho) raiz.current?.querySelector<HTMLElement>('.fc-aviso-rascunho')?.focus();
  }, [avisoRascunho?.vez]);
  // A refused send: its message takes the focus, at every attempt.
  useLayoutEffect(() => {
    if (vez) raiz.current?.querySelector<HTMLElement>('.fc-erro-envio')?.focus();
  }, [vez]);

  let conteudo;
  if (estado.fase === 'vazio') return null;
  if (estado.fase === 'carregando') conteudo = <p role="status">{t('cidadao.carregando')}</p>;
  else if (estado.fase === 'erro')
    conteudo = (
      <div className="fc-resumo-erros" role="alert">
        <p>{estado.texto}</p>
        {estado.rede && (
          <button type="button" className="fc-botao" onClick={() => setTentativa((n) => n + 1)}>
            {t('cidadao.tentar-de-novo')}
          </button>
        )}
      </div>
    );
  else if (estado.fase === 'em-breve') {
    const { modelo } = estado;
    conteudo = (
      <div className="fc-formulario">
        <h1 className="fc-titulo-passo">{modelo.nome}</h1>
        {modelo.descricao && <p>{modelo.descricao}</p>}
        <p className="fc-aviso" role="status">
          {t('cidadao.abre-em', { data: formatarDataHoraCompleta(modelo.abreEm) })}
        </p>
      </div>
    );
  } else if (estado.fase === 'enviado') {
    const { recibo } = estado;
    conteudo = (
      <div className="fc-formulario fc-comprovante">
        <h1 className="fc-titulo-passo" tabIndex={-1} data-titulo-passo="">
          {t('cidadao.enviado-titulo')}
        </h1>
        <div className="fc-painel-protocolo">
          <p>{t('cidadao.protocolo')}</p>
          <p className="fc-protocolo">{recibo.protocolo}</p>
        </div>
        <p>{t('cidadao.recebido-em', { data: formatarDataHoraCompleta(recibo.recebidoEm) })}</p>
        {recibo.andamento && <Andamento api={api} url={recibo.andamento.url} t={t} />}
        {recibo.pagamento && <Pagamento api={api} url={recibo.pagamento.url} t={t} idioma={idioma} aoPagar={() => emitir('pago', { protocolo: recibo.protocolo, codigoServico: estado.modelo.codigoServico })} />}
        {recibo.comprovante && (
          <>
            <p>
              <a href={api.endereco(recibo.comprovante.url)} download data-testid="comprovante">
                {t('cidadao.baixar-comprovante')}
              </a>
            </p>
            <p>{t('cidadao.codigo-verificacao', { codigo: recibo.comprovante.codigoVerificacao })}</p>
          </>
        )}
        <p>
          <button type="button" className="fc-botao fc-botao-secundario" onClick={() => ((jornada.current = { iniciado: false, paginas: new Set() }), setTentativa((n) => n + 1))}>
            {t('cidadao.enviar-outro')}
          </button>
        </p>
      </div>
    );
  } else {
    const { modelo } = estado;
    const fixas = doLogin(modelo.definicao, p.token);
    conteudo =
      modelo.restrito && !p.token ? (
        <>
          <h1 className="fc-titulo-passo">{modelo.nome}</h1>
          <p className="fc-aviso">{t(modelo.confiabilidade ? 'cidadao.entrar-conta' : 'cidadao.restrito')}</p>
        </>
      ) : conta ? (
        <Conta nome={modelo.nome} motivo={conta} porque={modelo.confiabilidade?.motivo} catalogo={modelo.confiabilidade?.catalogoUrl ?? null} t={t} />
      ) : modelo.mensagem ? (
        // A draft of a model closed or full since it was saved: its answers to read, nothing to send.
        <>
          <div className="fc-resumo-erros" role="alert">
            <p>{modelo.mensagem}</p>
          </div>
          <Formulario definicao={modelo.definicao} idioma={idioma} nivel={1} titulo={modelo.nome} somenteLeitura iniciais={estado.iniciais} />
        </>
      ) : (
        <>
          {erroEnvio && (
            <div className="fc-resumo-erros fc-erro-envio" role="alert" tabIndex={-1}>
              <p>{erroEnvio}</p>
            </div>
          )}
          {avisoRascunho && (
            <div className={`${avisoRascunho.ok ? 'fc-aviso' : 'fc-resumo-erros'} fc-aviso-rascunho`} role={avisoRascunho.ok ? 'status' : 'alert'} tabIndex={-1}>
              <p>{avisoRascunho.texto}</p>
              {avisoRascunho.ok && rascunho?.link && (
                <>
                  <p>
                    {t('cidadao.rascunho-link', { data: formatarDataHoraCompleta(rascunho.expiraEm) })} <a href={rascunho.link} data-testid="link-rascunho">{rascunho.link}</a>
                  </p>
                  <form
                    className="fc-rascunho-email"
                    noValidate
                    onSubmit={(e) => {
                      e.preventDefault();
                      if (emailRascunho.trim()) void salvarRascunho(ultimas.current, provasSalvas.current, emailRascunho.trim());
                    }}
                  >
                    <label className="fc-rotulo" htmlFor="fc-email-rascunho">
                      {t('cidadao.rascunho-email')}
                    </label>
                    <input id="fc-email-rascunho" className="fc-entrada" type="email" autoComplete="email" value={emailRascunho} onChange={(e) => setEmailRascunho(e.currentTarget.value)} />
                    <p className="fc-acoes">
                      <button type="submit" className="fc-botao fc-botao-secundario">
                        {t('cidadao.enviar-link')}
                      </button>
                    </p>
                  </form>
                </>
              )}
            </div>
          )}
          <Formulario
            key={`${modelo.codigoServico}-${modelo.versao}-${tentativa}-${p.token ?? ''}`}
            definicao={modelo.definicao}
            idioma={idioma}
            nivel={1}
            titulo={modelo.nome}
            aoEnviar={enviar}
            textoEnviar={modelo.definicao.assinatura ? t('cidadao.assinar-enviar') : undefined}
            textoAlternativo={modelo.definicao.assinatura === 'opcional' ? t('cidadao.enviar-sem-assinar') : undefined}
            ocupado={ocupado}
            fixas={fixas}
            notaFixas={t('preenchimento.informado-login')}
            iniciais={estado.iniciais}
            enviarArquivo={enviarArquivo}
            buscarCep={buscarCep}
            verificar={verificar}
            passo={estado.passo ?? undefined}
            aoMudarPasso={mudarPasso}
            aoSalvar={salvarRascunho}
            aoMudarRespostas={aoMudarRespostas}
            aviso={estado.aviso}
          />
        </>
      );
  }
  return (
    <div ref={raiz} className="fc-cidadao" lang={idioma}>
      {(estado.fase === 'preenchendo' || estado.fase === 'em-breve') && (estado.modelo.idiomas?.length ?? 0) > 1 && <TrocaDeIdioma idiomas={estado.modelo.idiomas!} atual={estado.modelo.idioma ?? 'pt-BR'} rotulo={t('cidadao.idioma')} aoTrocar={(i) => void trocarIdioma(i)} />}
      {/* A form in pages titles each step by its page: the service's name goes above. */}
      {estado.fase === 'preenchendo' && (!estado.modelo.restrito || p.token) && emPaginas(estado.modelo.definicao) && <p className="fc-servico">{estado.modelo.nome}</p>}
      {conteudo}
    </div>
  );
}
