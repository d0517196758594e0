import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { Rolagem } from '../../../ui/Rolagem';
import { useEffect, useMemo, useState } from 'react';
import { useAmbiente } from '../../../app/contexto';
import { modelosApi, type VersaoModelo } from '../../../api/recursos/modelos';
import type { Definicao } from '../../../forms/definicao';
import { diferenca } from '../../../forms/diferenca';
import { formatarDataHora } from '../../../i18n/datas';
import { CampoSelecao } from '../../../ui/CampoSelecao';
import { abrirDialogo } from '../../../ui/dialogos';
import { Preenchimento } from '../../../ui/formulario/Preenchimento';
import { useTratarErro } from '../../../ui/useTratarErro';
import { DiferencaVersoes } from './DiferencaVersoes';

const RASCUNHO = 'rascunho';
const rotuloDe = (v: string) => (v === RASCUNHO ? 'Rascunho atual' : `Versão ${v}`);

/** The published versions (who, when), each viewable read-only, and any two of them (or the draft) compared. */
export function Versoes({ codigo, rascunho, recarregar }: { codigo: string; rascunho: Definicao; recarregar: number }) {
  const { http, estado } = useAmbiente();
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
    return da && db ? diferenca(da, db) : null;
  }, [a, b, definicoes, rascunho]);

  const ver = async (v: VersaoModelo) => {
    try {
      const d = await definicaoDe(v.numero);
      abrirDialogo(estado.dialogos, {
        titulo: `Versão ${v.numero}: ${v.nome} (somente leitura)`,
        largura: 720,
        conteudo: () => (
          <>
            <p className="cf-ajuda">
              Publicada por {v.publicadoPor} em {formatarDataHora(v.publicadoEm)}. Uma versão publicada não muda: é o formulário que os cidadãos preencheram.
            </p>
            <Preenchimento definicao={d} somenteLeitura />
          </>
        ),
      });
    } catch (e) {
      tratar(e, 'detalhe');
    }
  };

  if (!versoes) return <NonIdealState icon={<Spinner size={32} aria-label="Carregando versões" />} title="Carregando…" />;
  if (!versoes.length) return <NonIdealState icon="history" title="Nenhuma versão publicada" description="Quando o rascunho for publicado, cada versão aparece aqui, com quem a publicou e quando." />;
  const opcoes = [...versoes.map((v) => ({ valor: String(v.numero), rotulo: `Versão ${v.numero} (${formatarDataHora(v.publicadoEm)})` })), { valor: RASCUNHO, rotulo: 'Rascunho atual' }];
  return (
    <div className="cf-versoes">
      <Rolagem rotulo="Versões publicadas">
        <table className="bp6-html-table bp6-compact cf-tabela-versoes" aria-label="Versões publicadas">
          <thead>
            <tr>
              <th scope="col">Versão</th>
              <th scope="col">Nome</th>
              <th scope="col">Publicada por</th>
              <th scope="col">Publicada em</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {versoes.map((v) => (
              <tr key={v.numero}>
                <td>v{v.numero}</td>
                <td>{v.nome}</td>
                <td>{v.publicadoPor}</td>
                <td>{formatarDataHora(v.publicadoEm)}</td>
                <td>
                  <Button variant="minimal" icon="eye-open" text="Ver" aria-label={`Ver a versão ${v.numero}`} onClick={() => void ver(v)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Rolagem>
      <h3>Comparar versões</h3>
      <div className="cf-comparar" role="group" aria-label="Versões comparadas">
        <CampoSelecao rotulo="Comparar" valor={a} opcoes={opcoes} aoMudar={setA} />
        <CampoSelecao rotulo="com" valor={b} opcoes={opcoes} aoMudar={setB} />
      </div>
      {dif ? <DiferencaVersoes diferenca={dif} rotuloA={rotuloDe(a)} rotuloB={rotuloDe(b)} /> : <Spinner size={24} aria-label="Carregando as versões comparadas" />}
    </div>
  );
}
