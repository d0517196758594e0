import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { camposDoRequerente, type DadoDoLogin, type Definicao } from '../../src/forms/definicao';
import { formatarCpf } from '../../src/forms/cpf';
import { formatarDataHora } from '../../src/i18n/datas';
import type { Respostas } from '../../src/forms/preenchimento';
import { paginasDe, REVISAO, type Passo } from '../../src/forms/paginas';
import { adotarEstilos } from '../../src/styles/folhas';
import { carregarIcones } from '../../src/app/icones';
import { Preenchimento, type EnviarArquivo } from '../../src/ui/formulario/Preenchimento';

/**
 * The demo's citizen page (/cidadao.html): picks a published model, draws it with the builder's own
 * preview renderer and submits it to the public endpoint, so QA can create filled forms by hand and
 * watch their delivery in the console. Drawn in a shadow root with the console's styles.
 */
interface ModeloPublico {
  codigoServico: string;
  nome: string;
  descricao?: string;
  versao: number;
  restrito: boolean;
  definicao?: Definicao;
}

/** The answers the login gives for this model: the requester CPF and the questions mapped to the login. */
function doLogin(d: Definicao, s: Sessao): Respostas | undefined {
  const r: Respostas = {};
  const campoCpf = camposDoRequerente(d).cpf;
  if (campoCpf) r[campoCpf.id] = formatarCpf(s.cpf);
  for (const sec of d.secoes) for (const c of sec.campos) if (c.preencherDoLogin && !sec.repeticao && s.dados[c.preencherDoLogin]) r[c.id] = s.dados[c.preencherDoLogin];
  return Object.keys(r).length ? r : undefined;
}

const api = (caminho: string, init?: RequestInit) => fetch(`/api/publico${caminho}`, init).then(async (r) => ({ status: r.status, json: await r.json() }));

/** The citizen signed in (demo: a token the server signs for a typed CPF, as a portal's gov.br login would give). */
interface Sessao {
  cpf: string;
  token: string;
  /** What the token says (name, e-mail, birth date): questions mapped to the login show it, locked. */
  dados: Record<DadoDoLogin, string | null>;
}

/** The token's claims, as the page shows them (the server reads the token itself). */
function dadosDoToken(token: string, cpf: string): Record<DadoDoLogin, string | null> {
  const p = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))));
  return { cpf: formatarCpf(cpf), nome: p.name ?? null, email: p.email ?? null, nascimento: p.birthdate ?? null };
}

/** A draft being filled: its code, and what it held when opened (issue 21). */
interface RascunhoAberto {
  codigo: string;
  link: string;
  expiraEm: string;
  respostas: Respostas;
  pagina: string | null;
}

const parametro = (nome: string) => new URLSearchParams(location.search).get(nome);

/** The page's address for a step: the browser's back and forward walk the pages (issue 21). */
function enderecoDoPasso(codigo: string, p: Passo | null, rascunho?: string | null) {
  const q = new URLSearchParams();
  if (rascunho) q.set('rascunho', rascunho);
  else if (codigo) q.set('modelo', codigo);
  if (p) q.set('etapa', 'revisao' in p ? 'revisao' : p.pagina);
  return `${location.pathname}?${q}`;
}
const passoDoEndereco = (): Passo | null => {
  const e = parametro('etapa');
  return !e ? null : e === 'revisao' ? REVISAO : { pagina: e };
};

function Portal() {
  const [modelos, setModelos] = useState<ModeloPublico[] | null>(null);
  const [codigo, setCodigo] = useState(parametro('modelo') ?? '');
  const [modelo, setModelo] = useState<ModeloPublico | null>(null);
  const [rascunho, setRascunho] = useState<RascunhoAberto | null>(null);
  const [passo, setPasso] = useState<Passo | null>(passoDoEndereco);
  const [emailRascunho, setEmailRascunho] = useState('');
  const [avisoRascunho, setAvisoRascunho] = useState<{ ok: boolean; texto: string } | null>(null);
  const [cpfLogin, setCpfLogin] = useState('');
  const [sessao, setSessao] = useState<Sessao | null>(null);
  const [resultado, setResultado] = useState<{ ok: boolean; texto: string; erros?: string[]; recebidoEm?: string; comprovante?: { codigoVerificacao: string; url: string } } | null>(null);
  const [envio, setEnvio] = useState(0);

  useEffect(() => {
    void api('/modelos').then((r) => setModelos(r.json));
  }, []);
  // A resume link (?rascunho=…): the draft's answers on the questions of the version it started on.
  const codigoRascunho = parametro('rascunho');
  useEffect(() => {
    if (!codigoRascunho) return;
    void api(`/rascunhos/${encodeURIComponent(codigoRascunho)}`, sessao ? { headers: { authorization: `Bearer ${sessao.token}` } } : undefined).then((r) => {
      if (r.status !== 200) return setResultado({ ok: false, texto: `${r.json.detail}${sessao ? '' : ' Se o serviço é restrito, entre com a sua conta e abra o link de novo.'}` });
      setResultado(null);
      setRascunho({ codigo: codigoRascunho, link: location.href.split('&')[0], expiraEm: r.json.expiraEm, respostas: r.json.respostas, pagina: r.json.pagina });
      setCodigo(r.json.codigoServico);
      setModelo(r.json);
      setPasso((p) => p ?? (r.json.pagina ? { pagina: r.json.pagina } : null));
    });
  }, [codigoRascunho, sessao]);
  useEffect(() => {
    if (rascunho && modelo?.codigoServico === codigo) return;
    setModelo(null);
    setResultado(null);
    if (codigo) void api(`/modelos/${encodeURIComponent(codigo)}`).then((r) => (r.status === 200 ? setModelo(r.json) : setResultado({ ok: false, texto: r.json.detail })));
  }, [codigo]);
  // Back and forward: the step is in the address; answers stay in the form, which stays mounted.
  useEffect(() => {
    const voltar = () => setPasso(passoDoEndereco());
    addEventListener('popstate', voltar);
    return () => removeEventListener('popstate', voltar);
  }, []);
  // The journey's anonymous counters (issue 21): started once, each page reached once, sent — per form filled
  // here. A form resumed from a draft was counted when it started: its pages are not counted again.
  const jornada = useRef({ chave: '', iniciado: false, retomado: false, paginas: new Set<string>() });
  const registrar = (evento: 'INICIADO' | 'PAGINA', pagina?: string) =>
    void fetch(`/api/publico/modelos/${encodeURIComponent(codigo)}/jornada`, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ evento, ...(pagina ? { pagina } : {}) }) }).catch(() => undefined);
  const daJornada = () => {
    const chave = `${codigo}|${envio}`;
    if (jornada.current.chave !== chave) jornada.current = { chave, iniciado: !!rascunho, retomado: !!rascunho, paginas: new Set() };
    return jornada.current;
  };
  const iniciar = () => {
    const j = daJornada();
    if (j.iniciado) return;
    j.iniciado = true;
    registrar('INICIADO');
    const primeira = passo && 'pagina' in passo ? passo.pagina : modelo?.definicao ? paginasDe(modelo.definicao)[0]?.id : undefined;
    if (primeira && modelo?.definicao && paginasDe(modelo.definicao).length > 1) alcancar(primeira);
  };
  const alcancar = (pagina: string) => {
    const j = daJornada();
    if (j.retomado || j.paginas.has(pagina)) return;
    j.paginas.add(pagina);
    registrar('PAGINA', pagina);
  };
  const mudarPasso = useCallback((p: Passo) => {
    iniciar();
    alcancar('revisao' in p ? 'revisao' : p.pagina);
    setPasso(p);
    history.pushState(null, '', enderecoDoPasso(codigo, p, rascunho?.codigo));
  }, [codigo, rascunho, passo, modelo, envio]);

  /** "Salvar e continuar depois": the draft saved (made the first time), its link shown; with an e-mail, sent there too. */
  async function salvarRascunho(respostas: Respostas, email?: string) {
    iniciar();
    const cabecalhos: Record<string, string> = { 'content-type': 'application/json' };
    if (sessao) cabecalhos.authorization = `Bearer ${sessao.token}`;
    // Where to resume: this page; from the check step, its last page (the citizen goes on to the check again).
    const pagina = passo && 'pagina' in passo ? passo.pagina : passo && modelo?.definicao ? paginasDe(modelo.definicao).at(-1)?.id : undefined;
    const corpo = JSON.stringify({ respostas, ...(pagina ? { pagina } : {}), ...(email ? { email } : {}) });
    const r = rascunho
      ? await api(`/rascunhos/${encodeURIComponent(rascunho.codigo)}`, { method: 'PUT', headers: cabecalhos, body: corpo })
      : await api(`/modelos/${encodeURIComponent(codigo)}/rascunhos`, { method: 'POST', headers: cabecalhos, body: corpo });
    if (r.status !== 200 && r.status !== 201) {
      const erro = (r.json.errors ?? []).find((e: { field: string }) => e.field === 'email');
      return setAvisoRascunho({ ok: false, texto: erro ? `E-mail: ${erro.message}` : (r.json.detail ?? 'Não foi possível salvar.') });
    }
    setRascunho({ codigo: r.json.codigo, link: r.json.link, expiraEm: r.json.expiraEm, respostas, pagina: pagina ?? null });
    history.replaceState(null, '', enderecoDoPasso(codigo, passo, r.json.codigo));
    setAvisoRascunho({ ok: true, texto: email ? `Rascunho salvo. O link foi enviado para ${email}.` : 'Rascunho salvo.' });
  }
  const ultimasRespostas = useRef<Respostas>({});

  async function entrar() {
    // The demo's login says what gov.br would: a name, an e-mail and a birth date for the CPF.
    const t = await api('/token-demo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf: cpfLogin, nome: 'Maria da Silva (demonstração)', email: 'maria.demo@exemplo.gov.br', nascimento: '1985-04-12' }) });
    if (t.status !== 200) return setResultado({ ok: false, texto: 'Informe um CPF válido para entrar.' });
    setResultado(null);
    const cpf = cpfLogin.replace(/\D/g, '');
    setSessao({ cpf, token: t.json.token, dados: dadosDoToken(t.json.token, cpf) });
  }

  // A file is sent as soon as it is chosen: the body is the file, the answer the server's id for it.
  const enviarArquivo = useCallback<EnviarArquivo>(
    async (campo, arquivo) => {
      const cabecalhos: Record<string, string> = { 'content-type': arquivo.type || 'application/octet-stream' };
      if (sessao) cabecalhos.authorization = `Bearer ${sessao.token}`;
      const r = await api(`/modelos/${encodeURIComponent(codigo)}/anexos?campo=${encodeURIComponent(campo.id)}&nome=${encodeURIComponent(arquivo.name)}`, { method: 'POST', headers: cabecalhos, body: arquivo });
      if (r.status !== 201) throw new Error(r.json?.detail ?? 'Não foi possível enviar o arquivo.');
      return { anexo: r.json.id, nome: r.json.nome, tamanho: r.json.tamanho };
    },
    [codigo, sessao],
  );

  async function enviar(respostas: Respostas) {
    const cabecalhos: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() };
    if (sessao) cabecalhos.authorization = `Bearer ${sessao.token}`;
    const r = await api(`/modelos/${encodeURIComponent(codigo)}/formularios`, { method: 'POST', headers: cabecalhos, body: JSON.stringify({ respostas, ...(rascunho ? { rascunho: rascunho.codigo } : {}) }) });
    if (r.status === 201) {
      iniciar();
      setResultado({ ok: true, texto: `Recebido. Anote o seu protocolo: ${r.json.protocolo}`, recebidoEm: r.json.recebidoEm, comprovante: r.json.comprovante });
      setEnvio((n) => n + 1);
      // The draft went with the submission.
      setRascunho(null);
      setAvisoRascunho(null);
      setPasso(null);
      history.replaceState(null, '', enderecoDoPasso(codigo, null));
    } else setResultado({ ok: false, texto: r.json.detail ?? 'Não foi possível enviar.', erros: (r.json.errors ?? []).map((e: { field: string; message: string }) => `${e.field}: ${e.message}`) });
  }

  // The requester CPF field is the login's CPF, and questions mapped to the login show what it says:
  // filled in and locked (the server takes the token's values anyway).
  const fixas = sessao && modelo?.definicao ? doLogin(modelo.definicao, sessao) : undefined;
  const precisaEntrar = !!modelo?.restrito && !sessao;

  return (
    <main className="cf-cidadao">
      <h1>Portal do Cidadão (demonstração)</h1>
      <p>Escolha um serviço publicado, preencha e envie. O formulário chega ao console e segue para a integração do modelo.</p>
      <section className="cf-login-cidadao" aria-label="Sua conta de cidadão">
        {sessao ? (
          <p>
            Você entrou como o CPF {formatarCpf(sessao.cpf)}. <Button variant="minimal" text="Sair" onClick={() => setSessao(null)} />
          </p>
        ) : (
          <FormGroup label="Entrar como cidadão (demonstração do login gov.br)" labelFor="cpf-login" helperText="Serviços restritos exigem entrar. Na demonstração, o CPF vira um token de cidadão assinado pelo servidor; num portal, é o login do cidadão.">
            <InputGroup id="cpf-login" value={cpfLogin} placeholder="000.000.000-00" onChange={(e) => setCpfLogin(e.currentTarget.value)} rightElement={<Button text="Entrar" onClick={() => void entrar()} />} />
          </FormGroup>
        )}
      </section>
      <FormGroup label="Serviço" labelFor="servico">
        <HTMLSelect id="servico" value={codigo} onChange={(e) => setCodigo(e.currentTarget.value)}>
          <option value="">{modelos ? 'Escolha um serviço…' : 'Carregando…'}</option>
          {(modelos ?? []).map((m) => (
            <option key={m.codigoServico} value={m.codigoServico}>
              {m.nome}
              {m.restrito ? ' (restrito)' : ''}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {resultado && (
        <Callout intent={resultado.ok ? 'success' : 'danger'} role={resultado.ok ? 'status' : 'alert'} className="cf-resultado-envio">
          <p>{resultado.texto}</p>
          {resultado.recebidoEm && <p>Recebido em {formatarDataHora(resultado.recebidoEm)}. Guarde este número para acompanhar o pedido.</p>}
          {resultado.comprovante && (
            <p>
              <a href={resultado.comprovante.url} download data-testid="comprovante">
                Baixar o comprovante (PDF)
              </a>{' '}
              — código de verificação {resultado.comprovante.codigoVerificacao}.
            </p>
          )}
          {resultado.erros && (
            <ul>
              {resultado.erros.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </Callout>
      )}
      {modelo?.definicao && (
        <section aria-label={modelo.nome}>
          <h2>
            {modelo.nome} <small>(versão {modelo.versao})</small>
          </h2>
          {modelo.descricao && <p>{modelo.descricao}</p>}
          {/* After a submission the receipt stays, not an empty form under it: "Enviar outro" starts a new one. */}
          {resultado?.ok ? (
            <Button intent="primary" text="Enviar outro" onClick={() => setResultado(null)} />
          ) : precisaEntrar ? (
            <Callout intent="primary">Este serviço é restrito a um grupo de cidadãos: entre com a sua conta para preenchê-lo.</Callout>
          ) : (
            <>
              {avisoRascunho && (
                <Callout intent={avisoRascunho.ok ? 'success' : 'danger'} role={avisoRascunho.ok ? 'status' : 'alert'} className="cf-rascunho-salvo">
                  <p>{avisoRascunho.texto}</p>
                  {avisoRascunho.ok && rascunho && (
                    <>
                      <p>
                        Para continuar depois, guarde este link (vale até {formatarDataHora(rascunho.expiraEm)}): <a href={rascunho.link} data-testid="link-rascunho">{rascunho.link}</a>
                      </p>
                      <FormGroup label="Receber o link por e-mail (opcional)" labelFor="email-rascunho">
                        <InputGroup id="email-rascunho" type="email" value={emailRascunho} placeholder="nome@exemplo.com" onChange={(e) => setEmailRascunho(e.currentTarget.value)} rightElement={<Button text="Enviar o link" disabled={!emailRascunho.trim()} onClick={() => void salvarRascunho(ultimasRespostas.current, emailRascunho.trim())} />} />
                      </FormGroup>
                    </>
                  )}
                </Callout>
              )}
              <Preenchimento
                key={`${codigo}-${envio}-${sessao?.cpf ?? ''}`}
                definicao={modelo.definicao}
                aoEnviar={enviar}
                fixas={fixas}
                notaFixas="Informado pelo gov.br."
                iniciais={rascunho?.respostas}
                enviarArquivo={enviarArquivo}
                passo={passo ?? undefined}
                aoMudarPasso={mudarPasso}
                aoSalvar={(r) => ((ultimasRespostas.current = r), salvarRascunho(r))}
              />
            </>
          )}
        </section>
      )}
    </main>
  );
}

const host = document.getElementById('portal-cidadao')!;
const raiz = host.attachShadow({ mode: 'open' });
adotarEstilos(raiz);
const div = document.createElement('div');
div.className = 'cf-raiz';
raiz.append(div);
// The console's own icons (bundled, no fetch): the repeating sets' "Adicionar" and "Remover" draw them.
void carregarIcones().then(() => createRoot(div).render(<Portal />));
