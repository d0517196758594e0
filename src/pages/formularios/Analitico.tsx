import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { Rolagem } from '../../ui/Rolagem';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useAmbiente } from '../../app/contexto';
import { proximaOrdenacao, type Ordenacao } from '../../api/paginacao';
import { formulariosApi, type Analitico as DadosAnalitico } from '../../api/recursos/formularios';
import { BOM, linhaCsv } from '../../forms/csv';
import { ROTULO_STATUS_FORMULARIO, STATUS_FORMULARIO } from '../../forms/status';
import { hojeSaoPaulo } from '../../i18n/datas';
import { comEscopo, ocupado } from '../../state/carregamento';
import { estadoLista } from '../../state/listas';
import { BarraFiltros } from '../../ui/BarraFiltros';
import { Distribuicao, SerieDiaria } from '../../ui/graficos/Graficos';
import { CabecalhoOrdenavel } from '../../ui/TabelaPaginada';
import { useTratarErro } from '../../ui/useTratarErro';
import { FILTROS_ANALITICO } from '../filtros';
import { TituloPagina } from '../Titulo';
import { salvarArquivo } from './ExportarCsv';

const LISTA = 'analitico-formularios';
type LinhaModelo = DadosAnalitico['modelos'][number];

const pct = (v: number) => `${(v * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1 })}%`;
const nf = (n: number) => n.toLocaleString('pt-BR');

/** The per-model table's columns: its header, how a row gives the value, and the value shown. */
const COLUNAS: { campo: string; titulo: string; valor: (m: LinhaModelo) => string | number; texto?: (m: LinhaModelo) => string }[] = [
  { campo: 'nome', titulo: 'Modelo', valor: (m) => m.nome, texto: (m) => `${m.nome} (${m.codigoServico})` },
  { campo: 'total', titulo: 'Total', valor: (m) => m.total },
  ...STATUS_FORMULARIO.map((s) => ({ campo: s, titulo: ROTULO_STATUS_FORMULARIO[s].rotulo, valor: (m: LinhaModelo) => m.porStatus[s] ?? 0 })),
  { campo: 'taxa', titulo: 'Taxa de falha de integração', valor: (m) => m.taxaFalhaIntegracao, texto: (m) => pct(m.taxaFalhaIntegracao) },
];

/** Sorts the per-model rows by one column. Pure. */
export function ordenarModelos(linhas: readonly LinhaModelo[], o: Ordenacao | undefined): LinhaModelo[] {
  const c = COLUNAS.find((x) => x.campo === o?.campo);
  if (!o || !c) return [...linhas];
  const sinal = o.direcao === 'asc' ? 1 : -1;
  return [...linhas].sort((a, b) => {
    const va = c.valor(a);
    const vb = c.valor(b);
    return sinal * (typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb), 'pt-BR'));
  });
}

/** /analitico-formularios — totals per model and status, failure rate, daily series, from the API's counters. */
export default function Analitico() {
  const { http, estado } = useAmbiente();
  const tratar = useTratarErro();
  const lista = estadoLista(estado.listas, LISTA);
  const snap = useSnapshot(lista);
  const carregamento = useSnapshot(estado.carregamento);
  const [dados, setDados] = useState<DadosAnalitico | null>(null);
  const [ordem, setOrdem] = useState<Ordenacao[]>([]);
  const filtrosJson = JSON.stringify(snap.filtros);

  useEffect(() => {
    let vivo = true;
    comEscopo(estado.carregamento, `lista:${LISTA}`, () => formulariosApi.analitico(http, { ...lista.filtros })).then(
      (d) => vivo && setDados(d),
      (e) => vivo && (setDados({ total: 0, modelos: [], serieDiaria: [] }), tratar(e, 'lista')),
    );
    return () => void (vivo = false);
  }, [filtrosJson]);

  const carregando = ocupado(carregamento, `lista:${LISTA}`);
  const linhas = dados ? ordenarModelos(dados.modelos, ordem[0]) : [];
  const porStatus = STATUS_FORMULARIO.map((s) => ({ rotulo: ROTULO_STATUS_FORMULARIO[s].rotulo, valor: dados?.modelos.reduce((n, m) => n + (m.porStatus[s] ?? 0), 0) ?? 0, classe: `cf-status-${s.toLowerCase()}` }));

  const exportar = () => {
    const csv = BOM + linhaCsv(COLUNAS.map((c) => c.titulo)) + linhas.map((m) => linhaCsv(COLUNAS.map((c) => (c.texto ? c.texto(m) : c.valor(m))))).join('');
    salvarArquivo(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `analitico-formularios-${hojeSaoPaulo()}.csv`);
  };

  return (
    <section className="cf-pagina" aria-busy={carregando}>
      <TituloPagina />
      <BarraFiltros lista={LISTA} rotulo="Filtros do analítico" campos={FILTROS_ANALITICO} acoes={<Button icon="download" text="Exportar tabela" disabled={!linhas.length} onClick={exportar} />} />
      {!dados ? (
        <NonIdealState icon={<Spinner size={24} aria-label="Carregando o analítico" />} description="Carregando o analítico…" />
      ) : !dados.total ? (
        <NonIdealState icon="inbox" title="Nenhum formulário no período." description="Altere o período ou o modelo para ver os números." />
      ) : (
        <>
          <p className="cf-total-analitico" data-testid="total-analitico">
            <strong>{nf(dados.total)}</strong> {new Intl.PluralRules('pt-BR').select(dados.total) === 'one' ? 'formulário recebido' : 'formulários recebidos'} no filtro atual.
          </p>
          <Rolagem rotulo="Totais por modelo">
            <HTMLTable compact striped className="cf-tabela-analitico" aria-label="Totais por modelo">
              <thead>
                <tr>
                  {COLUNAS.map((c) => (
                    <CabecalhoOrdenavel key={c.campo} titulo={c.titulo} direcao={ordem[0]?.campo === c.campo ? ordem[0].direcao : undefined} aoOrdenar={() => setOrdem((o) => proximaOrdenacao(o, c.campo))} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {linhas.map((m) => (
                  <tr key={m.codigoServico}>
                    {COLUNAS.map((c, i) => {
                      const v = c.texto ? c.texto(m) : nf(c.valor(m) as number);
                      return i === 0 ? (
                        <th key={c.campo} scope="row">
                          {v}
                        </th>
                      ) : (
                        <td key={c.campo}>{v}</td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </Rolagem>
          <div className="cf-graficos">
            <SerieDiaria titulo="Formulários recebidos por dia" pontos={dados.serieDiaria.map((d) => ({ dia: d.dia, total: d.total }))} />
            <Distribuicao titulo="Formulários por status" fatias={porStatus} />
          </div>
        </>
      )}
    </section>
  );
}
