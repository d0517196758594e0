import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { Rolagem } from '../../../ui/Rolagem';
import { useEffect, useMemo, useState } from 'react';
import { useAmbiente } from '../../../app/contexto';
import { modelosApi, type VersaoModelo } from '../../../api/recursos/modelos';
import type { Definicao } from '../../../../forms/definicao';
import { diferenca } from '../../../../forms/diferenca';
import { formatarDataHora } from '../../../../i18n/datas';
import { CampoSelecao } from '../../../ui/CampoSelecao';
import { abrirDialogo } from '../../../ui/dialogos';
import { Formulario } from '../../../../cidadao/Formulario';
import '../../../styles/preenchimento';
import { useTratarErro } from '../../../ui/useTratarErro';
import { DiferencaVersoes } from './DiferencaVersoes';
import '../../../styles/modelos';

const RASCUNHO = 'rascunho';


/** The published versions (who, when), each viewable read-only, and any two of them (or the draft) compared. */
export function Versoes({ codigo, rascunho, recarregar }: { codigo: string; rascunho: Definicao; recarregar: number }) {
  const { http, estado, t, config } = useAmbiente();
  const rotuloDe = (v: string) => (v === RASCUNHO ? t('versoes.rascunho-atual') : t('versoes.versao', { n: v }));
  const tratar = useTratarErro();
  const [versoes, setVersoes] = useState<VersaoModelo[] | null>(null);
  const [definicoes, setDefinicoes] = useState<Record<string, Definicao>>({});
  const [a, setA] = useState('');
  const [b, setB] = useState('');

  useEffect(() => {
    modelosApi.versoes(http, codigo).then((vs) => {
      setVersoes(vs);
      setA(vs.length > 1 ? String(vs[1].numero) : vs.length ? String(vs[0].numero) : '');
      setB(vs.length > 1 ? String(vs[0].numero) : RASCUNHO);
    }, (e) => tratar(e, 'detalhe'));
  }, [codigo, recarregar]);

  const definicaoDe = async (n: number): Promise<Definicao> => {
    if (definicoes[n]) return definicoes[n];
    const v = await modelosApi.versao(http, codigo, n);
    setDefinicoes((d) => ({ ...d, [n]: v.definicao! }));
    return v.definicao!;
  };

  useEffect(() => {
    for (const x of [a, b]) if (x && x !== RASCUNHO && !definicoes[x]) definicaoDe(Number(x)).catch((e) => tratar(e, 'detalhe'));
  }, [a, b]);

  const dif = useMemo(() => {
    const da = a === RASCUNHO ? rascunho : definicoes[a];
    const db = b === RASCUNHO ? rascunho : definicoes[b];
    return da && db ? diferenca(da, db, t) : null;
  }, [a, b, definicoes, rascunho, t]);

  const ver = async (v: VersaoModelo) => {
    try {
      const d = await definicaoDe(v.numero);
      abrirDialogo(estado.dialogos, {
        titulo: t('versoes.ver-titulo', { n: v.numero, nome: v.nome }),
        largura: 720,
        conteudo: () => (
          <>
            <p className="cf-ajuda">{t('versoes.publicada-por-texto', { por: v.publicadoPor, em: formatarDataHora(v.publicadoEm) })}</p>
            <Formulario definicao={d} idioma={config.language} nivel={3} somenteLeitura />
          </>
        ),
      });
    } catch (e) {
      tratar(e, 'detalhe');
    }
  };

  if (!versoes) return <NonIdealState icon={<Spinner size={32} aria-label={t('versoes.carregando')} />} title={t('erro.carregando')} />;
  if (!versoes.length) return <NonIdealState icon="history" title={t('versoes.nenhuma')} description={t('versoes.nenhuma-texto')} />;
  const opcoes = [...versoes.map((v) => ({ valor: String(v.numero), rotulo: t('versoes.opcao', { n: v.numero, quando: formatarDataHora(v.publicadoEm) }) })), { valor: RASCUNHO, rotulo: t('versoes.rascunho-atual') }];
  return (
    <div className="cf-versoes">
      <Rolagem rotulo={t('versoes.publicadas')}>
        <table className="bp6-html-table bp6-compact cf-tabela-versoes" aria-label={t('versoes.publicadas')}>
          <thead>
            <tr>
              <th scope="col">{t('versoes.coluna-versao')}</th>
              <th scope="col">{t('coluna.nome')}</th>
              <th scope="col">{t('versoes.publicada-por')}</th>
              <th scope="col">{t('versoes.publicada-em')}</th>
              <th scope="col">{t('lista.acoes')}</th>
            </tr>
          </thead>
          <tbody>
            {versoes.map((v) => (
              <tr key={v.numero}>
                <td>{`v${v.numero}`}</td>
                <td>{v.nome}</td>
                <td>{v.publicadoPor}</td>
                <td>{formatarDataHora(v.publicadoEm)}</td>
                <td>
                  <Button variant="minimal" icon="eye-open" text={t('versoes.ver')} aria-label={t('versoes.ver-rotulo', { n: v.numero })} onClick={() => void ver(v)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Rolagem>
      <h3>{t('versoes.comparar')}</h3>
      <div className="cf-comparar" role="group" aria-label={t('versoes.comparadas')}>
        <CampoSelecao rotulo={t('versoes.comparar-rotulo')} valor={a} opcoes={opcoes} aoMudar={setA} />
        <CampoSelecao rotulo={t('versoes.com')} valor={b} opcoes={opcoes} aoMudar={setB} />
      </div>
      {dif ? <DiferencaVersoes diferenca={dif} rotuloA={rotuloDe(a)} rotuloB={rotuloDe(b)} /> : <Spinner size={24} aria-label={t('versoes.carregando-comparadas')} />}
    </div>
  );
}
