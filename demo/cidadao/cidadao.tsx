import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Definicao } from '../../src/forms/definicao';
import type { Respostas } from '../../src/forms/preenchimento';
import { adotarEstilos } from '../../src/styles/folhas';
import { Preenchimento } from '../../src/ui/formulario/Preenchimento';

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

function Portal() {
  const [modelos, setModelos] = useState<ModeloPublico[] | null>(null);
  const [codigo, setCodigo] = useState(new URLSearchParams(location.search).get('modelo') ?? '');
  const [modelo, setModelo] = useState<ModeloPublico | null>(null);
  const [cpf, setCpf] = useState('');
  const [resultado, setResultado] = useState<{ ok: boolean; texto: string; erros?: string[] } | null>(null);
  const [envio, setEnvio] = useState(0);

  useEffect(() => {
    void api('/modelos').then((r) => setModelos(r.json));
  }, []);
  useEffect(() => {
    setModelo(null);
    setResultado(null);
    if (codigo) void api(`/modelos/${encodeURIComponent(codigo)}`).then((r) => (r.status === 200 ? setModelo(r.json) : setResultado({ ok: false, texto: r.json.detail })));
  }, [codigo]);

  async function enviar(respostas: Respostas) {
    const cabecalhos: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() };
    if (modelo!.restrito || cpf) {
      const t = await api('/token-demo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf, nome: 'Cidadão de demonstração' }) });
      if (t.status !== 200) return setResultado({ ok: false, texto: 'Informe um CPF válido para se identificar.' });
      cabecalhos.authorization = `Bearer ${t.json.token}`;
    }
    const r = await api(`/modelos/${encodeURIComponent(codigo)}/formularios`, { method: 'POST', headers: cabecalhos, body: JSON.stringify({ respostas }) });
    if (r.status === 201) {
      setResultado({ ok: true, texto: `Recebido. Anote o seu protocolo: ${r.json.protocolo}` });
      setEnvio((n) => n + 1);
    } else setResultado({ ok: false, texto: r.json.detail ?? 'Não foi possível enviar.', erros: (r.json.errors ?? []).map((e: { field: string; message: string }) => `${e.field}: ${e.message}`) });
  }

  return (
    <main className="cf-cidadao">
      <h1>Portal do Cidadão (demonstração)</h1>
      <p>Escolha um serviço publicado, preencha e envie. O formulário chega ao console e segue para a integração do modelo.</p>
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
          <FormGroup label={modelo.restrito ? 'Seu CPF (obrigatório: serviço restrito a um grupo)' : 'Seu CPF (opcional)'} labelFor="cpf-cidadao" helperText="Na demonstração, o CPF vira um token de cidadão assinado pelo servidor.">
            <InputGroup id="cpf-cidadao" value={cpf} placeholder="000.000.000-00" onChange={(e) => setCpf(e.currentTarget.value)} />
          </FormGroup>
          <Preenchimento key={`${codigo}-${envio}`} definicao={modelo.definicao} aoEnviar={enviar} />
          {resultado?.ok && <Button text="Preencher outro" onClick={() => setResultado(null)} />}
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
