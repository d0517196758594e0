import { useEffect, useId, useRef, useState } from 'react';
import { formatarReais, type StatusCobranca } from '../forms/taxa';
import { formatarDataHoraCompleta } from '../i18n/datas';
import type { IdiomaCidadao, TradutorCidadao } from '../i18n/cidadao';
import type { ApiCidadao } from './api';

/**
 * The fee's payment on the receipt (issue 38): the amount, the QR code drawn from the matrix the API gives (an SVG
 * of squares: no image to fetch, nothing a portal's CSP blocks), the "Pix copia e cola" with a copy button, the
 * time left, and the page turning to "Pagamento confirmado" by itself (it asks the API every few seconds until
 * paid or expired); an expired code can be renewed once. Status changes are announced; the countdown is not.
 */
interface EstadoPagamento {
  status: StatusCobranca;
  valorCentavos: number;
  copiaECola?: string;
  qr?: string[];
  expiraEm: string;
  pagoEm: string | null;
  renovavel: boolean;
}

const INTERVALO_MS = 3000;

function QrCode({ linhas, rotulo }: { linhas: string[]; rotulo: string }) {
  const n = linhas.length;
  const margem = 4;
  // One path of unit squares: small to draw, crisp at any size.
  const d = linhas.flatMap((l, y) => [...l].map((c, x) => (c === '1' ? `M${x + margem} ${y + margem}h1v1h-1z` : ''))).join('');
  return (
    <svg className="fc-qr" viewBox={`0 0 ${n + 2 * margem} ${n + 2 * margem}`} role="img" aria-label={rotulo} shapeRendering="crispEdges">
      <rect width="100%" height="100%" fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

const duracao = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function Pagamento({ api, url, t, idioma, aoPagar }: { api: ApiCidadao; url: string; t: TradutorCidadao; idioma: IdiomaCidadao; aoPagar?: () => void }) {
  const [p, setP] = useState<EstadoPagamento | null>(null);
  const [copiado, setCopiado] = useState(false);
  const [agora, setAgora] = useState(Date.now());
  const [renovando, setRenovando] = useState(false);
  const idCodigo = useId();
  const titulo = useRef<HTMLHeadingElement>(null);
  const caminho = url.replace(/^\/api\/publico/, '');

  // Asked again every few seconds while it can still change; a network hiccup just waits for the next time.
  useEffect(() => {
    let vivo = true;
    let relogio: ReturnType<typeof setTimeout> | undefined;
    const ler = async () => {
      const r = await api.chamar('GET', caminho).catch(() => null);
      if (!vivo) return;
      if (r?.status === 200) setP(r.json as EstadoPagamento);
      const final = r?.status === 200 && (r.json.status === 'PAGA' || r.json.status === 'EXPIRADA');
      if (!final) relogio = setTimeout(ler, INTERVALO_MS);
    };
    void ler();
    return () => {
      vivo = false;
      clearTimeout(relogio);
    };
  }, [caminho, renovando]);
  // The countdown, once a second while active.
  useEffect(() => {
    if (p?.status !== 'ATIVA') return;
    const relogio = setInterval(() => setAgora(Date.now()), 1000);
    return () => clearInterval(relogio);
  }, [p?.status]);
  // Paid: the page says so and takes the focus there; the host hears it too.
  useEffect(() => {
    if (p?.status !== 'PAGA') return;
    titulo.current?.focus();
    aoPagar?.();
  }, [p?.status]);

  if (!p) return <p role="status">{t('pagamento.preparando')}</p>;
  const valor = formatarReais(p.valorCentavos, idioma);
  const copiar = async () => {
    if (!p.copiaECola) return;
    try {
      await navigator.clipboard.writeText(p.copiaECola);
    } catch {
      // A page without clipboard access (an http portal): the code is selected for the citizen to copy.
      (document.getElementById(idCodigo) as HTMLTextAreaElement | null)?.select();
    }
    setCopiado(true);
  };
  const renovar = async () => {
    setRenovando(true);
    const r = await api.chamar('POST', caminho.replace('?', '/renovacao?')).catch(() => null);
    if (r?.status === 200) setP(r.json as EstadoPagamento);
    setRenovando(false);
  };

  return (
    <section className="fc-pagamento" aria-labelledby={`${idCodigo}-titulo`} data-status={p.status}>
      <h2 className="fc-titulo-pagamento" id={`${idCodigo}-titulo`} tabIndex={-1} ref={titulo}>
        {p.status === 'PAGA' ? t('pagamento.pago-titulo') : t('pagamento.titulo')}
      </h2>
      <div role="status">
        {p.status === 'CRIANDO' && <p>{t('pagamento.preparando')}</p>}
        {p.status === 'PAGA' && <p className="fc-aviso">{t('pagamento.pago', { valor, data: formatarDataHoraCompleta(p.pagoEm) })}</p>}
        {p.status === 'EXPIRADA' && <p className="fc-resumo-erros">{t('pagamento.expirado')}</p>}
      </div>
      {p.status === 'ATIVA' && p.copiaECola && (
        <>
          <p className="fc-valor-pagamento">{t('pagamento.valor', { valor })}</p>
          <p>{t('pagamento.instrucoes')}</p>
          {p.qr && <QrCode linhas={p.qr} rotulo={t('pagamento.qr', { valor })} />}
          <label className="fc-rotulo" htmlFor={idCodigo}>
            {t('pagamento.codigo')}
          </label>
          <textarea id={idCodigo} className="fc-entrada fc-copia-e-cola" readOnly rows={3} value={p.copiaECola} onFocus={(e) => e.currentTarget.select()} />
          <p className="fc-acoes">
            <button type="button" className="fc-botao" onClick={() => void copiar()}>
              {t('pagamento.copiar')}
            </button>
          </p>
          <p className="fc-so-leitor" role="status">
            {copiado ? t('pagamento.copiado') : ''}
          </p>
          {copiado && <p aria-hidden="true">{t('pagamento.copiado')}</p>}
          <p className="fc-dica" aria-live="off">
            {t('pagamento.validade', { hora: formatarDataHoraCompleta(p.expiraEm).slice(-5), tempo: duracao(Date.parse(p.expiraEm) - agora) })}
          </p>
        </>
      )}
      {p.status === 'EXPIRADA' &&
        (p.renovavel ? (
          <p className="fc-acoes">
            <button type="button" className="fc-botao" aria-disabled={renovando || undefined} onClick={() => !renovando && void renovar()}>
              {t('pagamento.renovar')}
            </button>
          </p>
        ) : (
          <p>{t('pagamento.nao-renovavel')}</p>
        ))}
    </section>
  );
}
