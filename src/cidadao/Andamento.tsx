import { useEffect, useState } from 'react';
import { formatarDataHoraCompleta } from '../i18n/datas';
import type { ChaveCidadao, TradutorCidadao } from '../i18n/cidadao';
import type { ApiCidadao } from './api';

/** Where a form with steps after sending is (issue 46), as the API gives it. */
interface EstadoAndamento {
  status: string;
  etapas: { titulo: string; tipo: 'COASSINATURA' | 'ANALISE'; partes: { nome: string | null; situacao: string; prazoEm: string | null; agiuEm: string | null; motivo: string | null }[] }[];
}

const INTERVALO_MS = 5000;
const EM_CURSO = ['AGUARDANDO_ASSINATURAS', 'EM_ANALISE'];

/**
 * The receipt's "Andamento do pedido" (issue 46): the form's status and each step with each party — signed,
 * approved, refused with the reason, waiting until a date — read again every few seconds while the form is in
 * progress; a change of status is announced.
 */
export function Andamento({ api, url, t }: { api: ApiCidadao; url: string; t: TradutorCidadao }) {
  const [a, setA] = useState<EstadoAndamento | null>(null);
  useEffect(() => {
    let vivo = true;
    let relogio: ReturnType<typeof setTimeout> | undefined;
    const ler = async () => {
      const r = await api.chamar<EstadoAndamento>('GET', url.replace(/^\/api\/publico/, '')).catch(() => null);
      if (!vivo) return;
      if (r?.status === 200) setA(r.json);
      if (!r || r.status !== 200 || EM_CURSO.includes(r.json.status)) relogio = setTimeout(() => void ler(), INTERVALO_MS);
    };
    void ler();
    return () => ((vivo = false), clearTimeout(relogio));
  }, [api, url]);
  if (!a) return null;
  // Approved and then delivered (or still being delivered): to the citizen, approved.
  const status = ['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO'].includes(a.status) && a.etapas.at(-1)?.tipo === 'ANALISE' ? 'APROVADO' : a.status;
  const situacao = (s: string, data: string | null) => (data || s === 'AGUARDANDO' ? t(`andamento.parte.${s}` as ChaveCidadao, { data: formatarDataHoraCompleta(data) }) : t(`andamento.parte.${s}` as ChaveCidadao, { data: '—' }));
  return (
    <section className="fc-andamento" aria-labelledby="fc-andamento-titulo" data-testid="andamento">
      <h2 id="fc-andamento-titulo">{t('andamento.titulo')}</h2>
      <p role="status" data-testid="andamento-status">
        <strong>{t(`andamento.status.${status}` as ChaveCidadao)}</strong>
      </p>
      <ol className="fc-andamento-etapas">
        {a.etapas.map((e, i) => (
          <li key={i}>
            <h3>{e.titulo}</h3>
            <ul>
              {e.partes.map((p, j) => (
                <li key={j} data-situacao={p.situacao}>
                  {p.nome ?? t('andamento.analise')}: {situacao(p.situacao, p.agiuEm ?? p.prazoEm)}
                  {p.motivo && <> · {t('andamento.motivo', { motivo: p.motivo })}</>}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
