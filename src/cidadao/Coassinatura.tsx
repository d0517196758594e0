import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Definicao } from '../forms/definicao';
import { formatarDataHoraCompleta } from '../i18n/datas';
import { idiomaCidadaoDe, tradutorCidadao, type IdiomaCidadao } from '../i18n/cidadao';
import { criarApi, SemResposta } from './api';
import { Revisao } from './Revisao';
import { RETORNO_ASSINATURA_GOVBR } from '../forms/vocabulario';

/** The co-signer's request as the API gives it (issue 46). */
interface Pedido {
  protocolo: string;
  modelo: string;
  idioma: IdiomaCidadao;
  etapa: string;
  nome: string | null;
  situacao: 'AGUARDANDO' | 'PENDENTE' | 'ASSINADO' | 'APROVADO' | 'RECUSADO' | 'EXPIRADO';
  prazoEm: string | null;
  agiuEm: string | null;
  exigeLogin: boolean;
  /** The model asks the gov.br signature (issue 44): the co-signer signs the same way; `exigida`, only so. */
  assinatura: 'exigida' | 'opcional' | null;
  declaracao: string | null;
  definicao: Definicao | null;
  respostas: Record<string, unknown> | null;
}

export interface PropsCoassinatura {
  codigo: string;
  apiUrl?: string;
  language?: string;
  token?: string;
  container?: ShadowRoot;
}

/**
 * `<formulario-cidadao coassinatura="…">` (issue 46): the person named by the requester opens the e-mailed link,
 * signs in when the request is for a CPF (the portal's login gives the `token`), reads the whole form as the
 * requester checked it, accepts the declaration and signs — or refuses with a reason. In the language the form was
 * filled in, unless the portal says otherwise. Event `coassinatura` (`{ protocolo, decisao }`) when answered.
 */
export function Coassinatura(p: PropsCoassinatura) {
  const [pedido, setPedido] = useState<Pedido | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [aceite, setAceite] = useState(false);
  const [recusando, setRecusando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [ocupado, setOcupado] = useState(false);
  const [recusa, setRecusa] = useState<string | null>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const titulo = useRef<HTMLHeadingElement>(null);
  const idioma: IdiomaCidadao = idiomaCidadaoDe(p.language) ?? pedido?.idioma ?? 'pt-BR';
  const t = useMemo(() => tradutorCidadao(idioma), [idioma]);
  const api = useMemo(() => criarApi(p.apiUrl, idioma, p.token), [p.apiUrl, idioma, p.token]);

  useEffect(() => {
    let vivo = true;
    void (async () => {
      try {
        // Back from gov.br (issue 44): why it was not signed, when it was not (the request then says it was).
        const volta = new URLSearchParams(location.search).get(RETORNO_ASSINATURA_GOVBR);
        if (volta) {
          const q = new URLSearchParams(location.search);
          q.delete(RETORNO_ASSINATURA_GOVBR);
          history.replaceState(history.state, '', `${location.pathname}${q.size ? `?${q}` : ''}${location.hash}`);
          const fim = await api.chamar<{ situacao: string; motivo: string | null }>('GET', `/assinaturas/${encodeURIComponent(volta)}`).catch(() => null);
          if (vivo && fim?.json?.situacao === 'RECUSADA') setErro(fim.json.motivo ?? t('cidadao.fora-do-ar'));
        }
        const r = await api.chamar<Pedido & { detail?: string }>('GET', `/coassinaturas/${encodeURIComponent(p.codigo)}`);
        if (!vivo) return;
        if (r.status === 200) setPedido(r.json);
        else setErro(r.json?.detail ?? t('cidadao.indisponivel'));
      } catch (e) {
        if (vivo) setErro(e instanceof SemResposta ? t('cidadao.sem-conexao') : t('cidadao.indisponivel'));
      }
    })();
    return () => void (vivo = false);
  }, [api, p.codigo]);
  // A refusal or an error is read out; an answered request moves the focus to its title.
  useLayoutEffect(() => void (erro && alerta.current?.focus()), [erro]);
  useLayoutEffect(() => void (pedido?.agiuEm && titulo.current?.focus()), [pedido?.agiuEm]);

  const responder = async (decisao: 'ASSINAR' | 'RECUSAR') => {
    if (decisao === 'ASSINAR' && pedido?.declaracao && !aceite) return setErro(t('validacao.declaracao'));
    if (decisao === 'RECUSAR' && motivo.trim().length < 3) return setRecusa(t('coassinatura.motivo-curto'));
    setOcupado(true);
    setErro(null);
    try {
      const r = await api.chamar<Pedido & { detail?: string }>('POST', `/coassinaturas/${encodeURIComponent(p.codigo)}`, { corpo: { decisao, ...(decisao === 'RECUSAR' ? { motivo: motivo.trim() } : { declaracaoAceita: aceite }) } });
      if (r.status !== 200) return setErro(r.json?.detail ?? t('cidadao.fora-do-ar'));
      setPedido(r.json);
      p.container?.host.dispatchEvent(new CustomEvent('coassinatura', { bubbles: true, composed: true, detail: { protocolo: r.json.protocolo, decisao } }));
    } catch (e) {
      setErro(e instanceof SemResposta ? t('cidadao.sem-conexao') : t('cidadao.fora-do-ar'));
    } finally {
      setOcupado(false);
    }
  };

  /** "Assinar com gov.br": to gov.br, and back to this page, where the request then says it was signed. */
  const assinarNoGovbr = async () => {
    if (pedido?.declaracao && !aceite) return setErro(t('validacao.declaracao'));
    setOcupado(true);
    setErro(null);
    try {
      const r = await api.chamar<{ url?: string; detail?: string }>('POST', `/coassinaturas/${encodeURIComponent(p.codigo)}/assinatura`, { corpo: { retorno: location.href, declaracaoAceita: aceite } });
      if (r.status === 201 && r.json.url) return location.assign(r.json.url);
      setErro(r.json?.detail ?? t('cidadao.fora-do-ar'));
    } catch (e) {
      setErro(e instanceof SemResposta ? t('cidadao.sem-conexao') : t('cidadao.fora-do-ar'));
    } finally {
      setOcupado(false);
    }
  };

  const aviso = erro && (
    <div className="fc-resumo-erros" role="alert" tabIndex={-1} ref={alerta}>
      <p>{erro}</p>
    </div>
  );
  if (!pedido) return <div className="fc-cidadao fc-formulario" lang={idioma}>{aviso ?? <p role="status">{t('cidadao.carregando')}</p>}</div>;
  const respondido = pedido.situacao === 'ASSINADO' || pedido.situacao === 'RECUSADO';
  return (
    <div className="fc-cidadao fc-formulario fc-coassinatura" lang={idioma}>
      <p className="fc-servico">{pedido.modelo}</p>
      <h1 className="fc-titulo-passo" tabIndex={-1} ref={titulo}>
        {t('coassinatura.titulo')}
      </h1>
      {aviso}
      {respondido ? (
        <div className="fc-aviso" role="status" data-testid="coassinatura-feita">
          <p>{t(pedido.situacao === 'ASSINADO' ? 'coassinatura.assinado' : 'coassinatura.recusado', { data: formatarDataHoraCompleta(pedido.agiuEm) })}</p>
        </div>
      ) : pedido.situacao !== 'PENDENTE' ? (
        <div className="fc-aviso" role="status">
          <p>{t('coassinatura.encerrado')}</p>
        </div>
      ) : (
        <>
          <p>{t('coassinatura.intro', { modelo: pedido.modelo, protocolo: pedido.protocolo, etapa: pedido.etapa })}</p>
          {pedido.prazoEm && <p className="fc-dica">{t('coassinatura.prazo', { data: formatarDataHoraCompleta(pedido.prazoEm) })}</p>}
          {!pedido.respostas || !pedido.definicao ? (
            <p className="fc-aviso" data-testid="coassinatura-entrar">
              {t('coassinatura.entrar')}
            </p>
          ) : (
            <>
              <Revisao definicao={pedido.definicao} respostas={pedido.respostas} aoAlterar={() => undefined} t={t} nivel={2} somenteLeitura />
              {pedido.declaracao && (
                <section className="fc-secao fc-declaracao" aria-labelledby="fc-coassinatura-declaracao">
                  <h2 id="fc-coassinatura-declaracao">{t('preenchimento.declaracao')}</h2>
                  <p className="fc-declaracao-texto">{pedido.declaracao}</p>
                  <div className="fc-opcao">
                    <input id="fc-coassinatura-aceite" type="checkbox" checked={aceite} onChange={(e) => setAceite(e.currentTarget.checked)} />
                    <label htmlFor="fc-coassinatura-aceite">{t('coassinatura.aceite')}</label>
                  </div>
                </section>
              )}
              {recusando ? (
                <form
                  className="fc-recusa"
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    void responder('RECUSAR');
                  }}
                >
                  <label className="fc-rotulo" htmlFor="fc-motivo-recusa">
                    {t('coassinatura.motivo')}
                  </label>
                  {recusa && (
                    <p className="fc-erro" id="fc-motivo-erro">
                      {recusa}
                    </p>
                  )}
                  <textarea id="fc-motivo-recusa" className="fc-entrada" rows={3} maxLength={500} value={motivo} aria-invalid={!!recusa} aria-describedby={recusa ? 'fc-motivo-erro' : undefined} onChange={(e) => (setMotivo(e.currentTarget.value), setRecusa(null))} />
                  <p className="fc-acoes">
                    <button type="submit" className="fc-botao" disabled={ocupado}>
                      {t('coassinatura.confirmar-recusa')}
                    </button>
                    <button type="button" className="fc-botao fc-botao-secundario" onClick={() => setRecusando(false)}>
                      {t('preenchimento.voltar')}
                    </button>
                  </p>
                </form>
              ) : (
                <p className="fc-acoes">
                  {pedido.assinatura && (
                    <button type="button" className="fc-botao" disabled={ocupado} onClick={() => void assinarNoGovbr()}>
                      {t('coassinatura.assinar-govbr')}
                    </button>
                  )}
                  {pedido.assinatura !== 'exigida' && (
                    <button type="button" className={pedido.assinatura ? 'fc-botao fc-botao-secundario' : 'fc-botao'} disabled={ocupado} onClick={() => void responder('ASSINAR')}>
                      {t(pedido.assinatura ? 'coassinatura.assinar-sem-govbr' : 'coassinatura.assinar')}
                    </button>
                  )}
                  <button type="button" className="fc-botao fc-botao-secundario" onClick={() => setRecusando(true)}>
                    {t('coassinatura.recusar')}
                  </button>
                </p>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
