import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { camposDoRequerente, type Definicao } from '../../src/forms/definicao';
import { formatarCpf } from '../../src/forms/cpf';
import { formatarDataHora } from '../../src/i18n/datas';
import type { Respostas } from '../../src/forms/preenchimento';
import { adotarEstilos } from '../../src/styles/folhas';
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

const api = (caminho: string, init?: RequestInit) => fetch(`/api/publico${caminho}`, init).then(async (r) => ({ status: r.status, json: await r.json() }));

/** The citizen signed in (demo: a token the server signs for a typed CPF, as a portal's gov.br login would give). */
interface Sessao {
  cpf: string;
  token: string;
}

function Portal() {
  const [modelos, setModelos] = useState<ModeloPublico[] | null>(null);
  const [codigo, setCodigo] = useState(new URLSearchParams(location.search).get('modelo') ?? '');
  const [modelo, setModelo] = useState<ModeloPublico | null>(null);
  const [cpfLogin, setCpfLogin] = useState('');
  const [sessao, setSessao] = useState<Sessao | null>(null);
  const [resultado, setResultado] = useState<{ ok: boolean; texto: string; erros?: string[]; recebidoEm?: string; comprovante?: { codigoVerificacao: string; url: string } } | null>(null);
  const [envio, setEnvio] = useState(0);

  useEffect(() => {
    void api('/modelos').then((r) => setModelos(r.json));
  }, []);
  useEffect(() => {
    setModelo(null);
    setResultado(null);
    if (codigo) void api(`/modelos/${encodeURIComponent(codigo)}`).then((r) => (r.status === 200 ? setModelo(r.json) : setResultado({ ok: false, texto: r.json.detail })));
  }, [codigo]);

  async function entrar() {
    const t = await api('/token-demo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf: cpfLogin, nome: 'Cidadão de demonstração' }) });
    if (t.status !== 200) return setResultado({ ok: false, texto: 'Informe um CPF válido para entrar.' });
    setResultado(null);
    setSessao({ cpf: cpfLogin.replace(/\D/g, ''), token: t.json.token });
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
    const r = await api(`/modelos/${encodeURIComponent(codigo)}/formularios`, { method: 'POST', headers: cabecalhos, body: JSON.stringify({ respostas }) });
    if (r.status === 201) {
      setResultado({ ok: true, texto: `Recebido. Anote o seu protocolo: ${r.json.protocolo}`, recebidoEm: r.json.recebidoEm, comprovante: r.json.comprovante });
      setEnvio((n) => n + 1);
    } else setResultado({ ok: false, texto: r.json.detail ?? 'Não foi possível enviar.', erros: (r.json.errors ?? []).map((e: { field: string; message: string }) => `${e.field}: ${e.message}`) });
  }

  // The requester CPF field is the login's CPF: filled in and locked (the server takes the token's anyway).
  const campoCpf = modelo?.definicao ? camposDoRequerente(modelo.definicao).cpf : undefined;
  const fixas = sessao && campoCpf ? { [campoCpf.id]: formatarCpf(sessao.cpf) } : undefined;
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
            <Preenchimento key={`${codigo}-${envio}-${sessao?.cpf ?? ''}`} definicao={modelo.definicao} aoEnviar={enviar} fixas={fixas} enviarArquivo={enviarArquivo} />
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
createRoot(div).render(<Portal />);
