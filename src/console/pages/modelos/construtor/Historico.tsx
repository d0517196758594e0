import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useAmbiente } from '../../../app/contexto';
import { modelosApi, type EntradaHistorico, type Modelo } from '../../../api/recursos/modelos';
import type { ChaveTexto } from '../../../../i18n';
import { diferenca } from '../../../../forms/diferenca';
import { mudancasDoModelo } from '../../../../forms/estadoModelo';
import { formatarDataHoraCompleta } from '../../../../i18n/datas';
import { CampoSelecao } from '../../../ui/CampoSelecao';
import { confirmar } from '../../../ui/dialogos';
import { Rolagem } from '../../../ui/Rolagem';
import { useTratarErro } from '../../../ui/useTratarErro';
import { DiferencaVersoes } from './DiferencaVersoes';

/**
 * "Histórico" (issue 36): every change of the model on record — who, when, what changed —, the difference between
 * any two (the version diff, and the data's changes in sentences), and "Restaurar": an entry becomes the draft again.
 */
export function Historico({ modelo, podeAlterar, aoRestaurar, sujo }: { modelo: Modelo; podeAlterar: boolean; aoRestaurar: (m: Modelo) => void; sujo: boolean }) {
  const { http, t, estado } = useAmbiente();
  const tratar = useTratarErro();
  const [entradas, setEntradas] = useState<EntradaHistorico[] | null>(null);
  const [de, setDe] = useState('');
  const [para, setPara] = useState('');
  const [estados, setEstados] = useState<Record<number, EntradaHistorico>>({});
  useEffect(() => {
    setEntradas(null);
    modelosApi.historico(http, modelo.codigoServico).then(
      (l) => {
        setEntradas(l);
        // The two newest to start with: what the last change did.
        if (l.length >= 2) {
          setDe(String(l[1].id));
          setPara(String(l[0].id));
        }
      },
      (e) => tratar(e, 'lista'),
    );
  }, [modelo.codigoServico, modelo.versao]);
  // The two entries compared, read once each (they carry the whole definition).
  useEffect(() => {
    for (const id of [de, para].filter(Boolean).map(Number)) {
      if (estados[id]) continue;
      modelosApi.entradaHistorico(http, modelo.codigoServico, id).then((e) => setEstados((x) => ({ ...x, [id]: e })), (e) => tratar(e, 'detalhe'));
    }
  }, [de, para]);
  const [a, b] = [estados[Number(de)]?.estado, estados[Number(para)]?.estado];
  const comparacao = useMemo(() => (a && b ? { dif: diferenca(a.definicao, b.definicao, t), dados: mudancasDoModelo({ ...a, definicao: b.definicao }, b, t) } : null), [a, b, t]);

  const restaurar = async (h: EntradaHistorico) => {
    const quando = formatarDataHoraCompleta(h.ocorridoEm);
    if (!(await confirmar(estado.dialogos, { titulo: t('historico.restaurar-titulo'), mensagem: t('historico.restaurar-texto', { data: quando, autor: h.autor }), textoConfirmar: t('historico.restaurar') }))) return;
    try {
      aoRestaurar(await modelosApi.restaurarHistorico(http, modelo.codigoServico, h.id, modelo.versao));
    } catch (e) {
      tratar(e, 'acao');
    }
  };

  if (!entradas) return <Spinner size={24} aria-label={t('geral.carregando')} />;
  if (!entradas.length) return <NonIdealState icon="history" title={t('historico.vazio')} />;
  const opcoes = entradas.map((h) => ({ valor: String(h.id), rotulo: `${formatarDataHoraCompleta(h.ocorridoEm)} · ${t(`historico.acao.${h.acao}` as ChaveTexto)} · ${h.autor}` }));
  return (
    <div className="cf-historico">
      <p className="cf-ajuda">{t('historico.retencao')}</p>
      <Rolagem rotulo={t('construtor.aba-historico')}>
        <table className="bp6-html-table cf-tabela-historico">
          <thead>
            <tr>
              <th scope="col">{t('historico.quando')}</th>
              <th scope="col">{t('historico.quem')}</th>
              <th scope="col">{t('historico.o-que')}</th>
              {podeAlterar && <th scope="col"><span className="cf-so-leitor">{t('lista.acoes')}</span></th>}
            </tr>
          </thead>
          <tbody>
            {entradas.map((h, i) => (
              <tr key={h.id} data-acao={h.acao}>
                <td>{formatarDataHoraCompleta(h.ocorridoEm)}</td>
                <td>{h.autor}</td>
                <td>
                  <strong>{t(`historico.acao.${h.acao}` as ChaveTexto)}</strong>
                  {h.resumo.length ? (
                    <ul className="cf-resumo-diferenca">
                      {h.resumo.map((l) => (
                        <li key={l}>{l}</li>
                      ))}
                    </ul>
                  ) : (
                    <span className="cf-discreto"> {t('historico.sem-mudancas')}</span>
                  )}
                </td>
                {podeAlterar && (
                  <td>
                    {i > 0 && modelo.status !== 'ARQUIVADO' && <Button variant="minimal" icon="undo" text={t('historico.restaurar')} aria-label={t('historico.restaurar-rotulo', { data: formatarDataHoraCompleta(h.ocorridoEm) })} disabled={sujo} onClick={() => void restaurar(h)} />}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </Rolagem>
      {entradas.length >= 2 && (
        <section className="cf-comparar-historico" aria-labelledby="cf-comparar-historico">
          <h3 id="cf-comparar-historico">{t('historico.comparar')}</h3>
          <p className="cf-ajuda">{t('historico.comparar-ajuda')}</p>
          <div className="cf-linha-filtros">
            <CampoSelecao rotulo={t('historico.comparar-de')} valor={de} opcoes={opcoes} aoMudar={setDe} />
            <CampoSelecao rotulo={t('historico.comparar-para')} valor={para} opcoes={opcoes} aoMudar={setPara} />
          </div>
          {comparacao && (
            <>
              {comparacao.dados.length > 0 && (
                <ul className="cf-resumo-diferenca" data-testid="mudancas-dados">
                  {comparacao.dados.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              )}
              <DiferencaVersoes diferenca={comparacao.dif} rotuloA={opcoes.find((o) => o.valor === de)?.rotulo ?? ''} rotuloB={opcoes.find((o) => o.valor === para)?.rotulo ?? ''} semMudanca={comparacao.dados.length ? t('historico.perguntas-iguais') : undefined} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
