import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { Rolagem } from '../../ui/Rolagem';
import { useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useAmbiente } from '../../app/contexto';
import { proximaOrdenacao, type Ordenacao } from '../../../contrato/paginacao';
import { formulariosApi, type Analitico as DadosAnalitico } from '../../api/recursos/formularios';
import { BOM, linhaCsv } from '../../../forms/csv';
import { ROTULO_STATUS_FORMULARIO, STATUS_FORMULARIO } from '../../../forms/status';
import { formatarData, hojeSaoPaulo } from '../../../i18n/datas';
import { centavosDoValor, formatarReais } from '../../../forms/taxa';
import { comEscopo, ocupado } from '../../state/carregamento';
import { estadoLista } from '../../state/listas';
import { BarraFiltros } from '../../ui/BarraFiltros';
import { Distribuicao, SerieDiaria } from '../../ui/graficos/Graficos';
import { CabecalhoOrdenavel } from '../../ui/TabelaPaginada';
import { useTratarErro } from '../../ui/useTratarErro';
import { filtrosAnalitico } from '../filtros';
import type { ChaveTexto } from '../../../i18n';
import { TituloPagina } from '../Titulo';
import { salvarArquivo } from '../../ui/arquivo';
import { formatarNumero, formatarPercentual } from '../../../i18n/numeros';
import '../../styles/formularios';

const LISTA = 'analitico-formularios';
type LinhaModelo = DadosAnalitico['modelos'][number];

/** Numbers and shares in the console's language ("42,9%", "42.9%"). */
const pctEm = (idioma: string) => (v: number) => formatarPercentual(v, idioma, { casasFixas: true });
const nfEm = (idioma: string) => (n: number) => formatarNumero(n, idioma);

/** The per-model table's columns: its header, how a row gives the value, and the value shown. */
const COLUNAS: { campo: string; titulo: ChaveTexto; valor: (m: LinhaModelo) => string | number; texto?: (m: LinhaModelo, idioma: string) => string }[] = [
  { campo: 'nome', titulo: 'formularios.modelo', valor: (m) => m.nome, texto: (m) => `${m.nome} (${m.codigoServico})` },
  { campo: 'total', titulo: 'analitico.total', valor: (m) => m.total },
  ...STATUS_FORMULARIO.map((s) => ({ campo: s, titulo: ROTULO_STATUS_FORMULARIO[s].chave, valor: (m: LinhaModelo) => m.porStatus[s] ?? 0 })),
  // Shown from the counts: the API's rate is rounded to 4 digits, and rounding it again to one decimal of a
  // percent could show 9,4% for 9,349% (double rounding).
  { campo: 'taxa', titulo: 'analitico.taxa', valor: (m) => m.taxaFalhaIntegracao, texto: (m, idioma) => pctEm(idioma)(m.total ? (m.porStatus.FALHA_INTEGRACAO ?? 0) / m.total : 0) },
];

/** The statuses of a fee by Pix (issue 38) and of the steps after sending (issue 46): columns only when some model of the period has them. */
const STATUS_OCASIONAIS: readonly string[] = ['AGUARDANDO_PAGAMENTO', 'PAGAMENTO_EXPIRADO', 'AGUARDANDO_ASSINATURAS', 'EM_ANALISE', 'APROVADO', 'RECUSADO', 'EXPIRADO'];
/** The columns for these rows: without the occasional statuses where no form has one. Pure. */
export const colunasDe = (linhas: readonly LinhaModelo[]) => COLUNAS.filter((c) => !STATUS_OCASIONAIS.includes(c.campo) || linhas.some((m) => (m.porStatus[c.campo] ?? 0) > 0));

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

/** One of the analytics' extra tables: its heading, what it counts, and the table scrolling inside (headers given). */
function SecaoAnalitico({ id, titulo, ajuda, colunas, children, rodape }: { id: string; titulo: ChaveTexto; ajuda: ChaveTexto; colunas: ChaveTexto[]; children: ReactNode; rodape?: ReactNode }) {
  const { t } = useAmbiente();
  return (
    <section className="cf-jornada" aria-labelledby={id}>
      <h3 id={id}>{t(titulo)}</h3>
      <p className="cf-ajuda">{t(ajuda)}</p>
      <Rolagem rotulo={t(titulo)}>
        <HTMLTable compact striped className="cf-tabela-analitico" aria-labelledby={id}>
          <thead>
            <tr>
              {colunas.map((c) => (
                <th key={c} scope="col">
                  {t(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
          {rodape && <tfoot>{rodape}</tfoot>}
        </HTMLTable>
      </Rolagem>
    </section>
  );
}

/**
 * The citizen's journey per model (issue 21), from anonymous counters: started, drafts saved, sent, the
 * completion rate, and the page where citizens most often stop.
 */
function TabelaJornada({ jornada }: { jornada: DadosAnalitico['jornada'] }) {
  const { t, config } = useAmbiente();
  const [nf, pct] = [nfEm(config.language), pctEm(config.language)];
  return (
    <SecaoAnalitico id="cf-titulo-jornada" titulo="analitico.jornada" ajuda="analitico.jornada-ajuda" colunas={['formularios.modelo', 'analitico.iniciados', 'analitico.rascunhos', 'analitico.enviados', 'analitico.conclusao', 'analitico.onde-param']}>
      {jornada.map((j) => (
        <tr key={j.codigoServico} data-jornada={j.codigoServico}>
          <th scope="row">{j.nome}</th>
          <td>{nf(j.iniciados)}</td>
          <td>{nf(j.rascunhos)}</td>
          <td>{nf(j.enviados)}</td>
          <td>{pct(j.iniciados ? Math.min(1, j.enviados / j.iniciados) : 0)}</td>
          <td>{j.paradaMaisComum ? t('analitico.parada', { titulo: j.paradaMaisComum.pagina === 'revisao' ? t('preenchimento.revisao') : j.paradaMaisComum.titulo, n: j.paradaMaisComum.pararam }) : '—'}</td>
        </tr>
      ))}
    </SecaoAnalitico>
  );
}

/** The models with a limit of answers (issue 36): "312 de 5.000 respostas", since ever. */
function TabelaLimites({ limites }: { limites: DadosAnalitico['limites'] }) {
  const { t, config } = useAmbiente();
  const n = nfEm(config.language);
  return (
    <SecaoAnalitico id="cf-titulo-limites" titulo="analitico.limites" ajuda="analitico.limites-ajuda" colunas={['formularios.modelo', 'analitico.total']}>
      {limites.map((l) => (
        <tr key={l.codigoServico} data-limite={l.codigoServico}>
          <th scope="row">{l.nome}</th>
          <td>{t('construtor.respostas-limite', { n: n(l.recebidas), limite: n(l.limite) })}</td>
        </tr>
      ))}
    </SecaoAnalitico>
  );
}

/** The fees received by Pix (issue 38): per model and day of the payment, with the period's total. */
function TabelaRecebimentos({ recebimentos }: { recebimentos: DadosAnalitico['recebimentos'] }) {
  const { t, config } = useAmbiente();
  const n = nfEm(config.language);
  const reais = (centavos: number) => formatarReais(centavos, config.language);
  const soma = (k: 'valor' | 'devolvido') => recebimentos.reduce((x, r) => x + centavosDoValor(r[k]), 0);
  const rodape = (
    <tr>
      <th scope="row" colSpan={2}>
        {t('analitico.total')}
      </th>
      <td>{n(recebimentos.reduce((x, r) => x + r.pagamentos, 0))}</td>
      <td>{reais(soma('valor'))}</td>
      <td>{reais(soma('devolvido'))}</td>
    </tr>
  );
  return (
    <SecaoAnalitico id="cf-titulo-recebimentos" titulo="analitico.recebimentos" ajuda="analitico.recebimentos-ajuda" colunas={['analitico.dia', 'formularios.modelo', 'analitico.pagamentos', 'analitico.valor-recebido', 'ficha.devolvido']} rodape={rodape}>
      {recebimentos.map((r) => (
        <tr key={`${r.dia}:${r.codigoServico}`} data-recebimento={`${r.dia}:${r.codigoServico}`}>
          <td>{formatarData(r.dia)}</td>
          <th scope="row">{r.nome}</th>
          <td>{n(r.pagamentos)}</td>
          <td>{reais(centavosDoValor(r.valor))}</td>
          <td>{reais(centavosDoValor(r.devolvido))}</td>
        </tr>
      ))}
    </SecaoAnalitico>
  );
}

/** Verified contact (issue 45): per model and channel, codes sent, confirmed, wrong tries and refused sends; SMS against the month's budget. */
function TabelaCodigos({ verificacoes }: { verificacoes: DadosAnalitico['verificacoes'] }) {
  const { t, config } = useAmbiente();
  const n = nfEm(config.language);
  return (
    <SecaoAnalitico id="cf-titulo-codigos" titulo="analitico.codigos" ajuda="analitico.codigos-ajuda" colunas={['formularios.modelo', 'analitico.canal', 'analitico.codigos-enviados', 'analitico.codigos-confirmados', 'analitico.codigos-errados', 'analitico.codigos-recusados', 'analitico.sms-no-mes']}>
      {verificacoes.map((v) => (
        <tr key={`${v.codigoServico}:${v.canal}`} data-codigos={`${v.codigoServico}:${v.canal}`}>
          <th scope="row">{v.nome}</th>
          <td>{t(v.canal === 'SMS' ? 'analitico.canal-sms' : 'analitico.canal-email')}</td>
          <td>{n(v.enviados)}</td>
          <td>{n(v.confirmados)}</td>
          <td>{n(v.errados)}</td>
          <td>{n(v.recusados)}</td>
          <td>{v.orcamentoSms === undefined ? '—' : t('analitico.sms-de', { n: n(v.smsNoMes ?? 0), limite: n(v.orcamentoSms) })}</td>
        </tr>
      ))}
    </SecaoAnalitico>
  );
}

/** /analitico-formularios — totals per model and status, failure rate, daily series, from the API's counters. */
export default function Analitico() {
  const { http, estado, t, config } = useAmbiente();
  const nf = nfEm(config.language);
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
      (e) => vivo && (setDados({ total: 0, modelos: [], serieDiaria: [], jornada: [], limites: [], recebimentos: [], verificacoes: [] }), tratar(e, 'lista')),
    );
    return () => void (vivo = false);
  }, [filtrosJson]);

  const carregando = ocupado(carregamento, `lista:${LISTA}`);
  const linhas = dados ? ordenarModelos(dados.modelos, ordem[0]) : [];
  const colunas = colunasDe(linhas);
  const porStatus = STATUS_FORMULARIO.filter((s) => colunas.some((c) => c.campo === s)).map((s) => ({ rotulo: t(ROTULO_STATUS_FORMULARIO[s].chave), valor: dados?.modelos.reduce((n, m) => n + (m.porStatus[s] ?? 0), 0) ?? 0, classe: `cf-status-${s.toLowerCase()}` }));

  const exportar = () => {
    const csv = BOM + linhaCsv(colunas.map((c) => t(c.titulo))) + linhas.map((m) => linhaCsv(colunas.map((c) => (c.texto ? c.texto(m, config.language) : c.valor(m))))).join('');
    salvarArquivo(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `analitico-formularios-${hojeSaoPaulo()}.csv`);
  };

  return (
    <section className="cf-pagina" aria-busy={carregando}>
      <TituloPagina />
      <BarraFiltros lista={LISTA} rotulo={t('analitico.filtros')} campos={filtrosAnalitico()} acoes={<Button icon="download" text={t('analitico.exportar')} disabled={!linhas.length} onClick={exportar} />} />
      {!dados ? (
        <NonIdealState icon={<Spinner size={24} aria-label={t('analitico.carregando')} />} description={t('analitico.carregando-texto')} />
      ) : !dados.total ? (
        <NonIdealState icon="inbox" title={t('analitico.vazio')} description={t('analitico.vazio-dica')} />
      ) : (
        <>
          <p className="cf-total-analitico" data-testid="total-analitico">
            <strong>{nf(dados.total)}</strong> {t('analitico.recebidos', { n: dados.total })}
          </p>
          <Rolagem rotulo={t('analitico.por-modelo')}>
            <HTMLTable compact striped className="cf-tabela-analitico" aria-label={t('analitico.por-modelo')}>
              <thead>
                <tr>
                  {colunas.map((c) => (
                    <CabecalhoOrdenavel key={c.campo} titulo={t(c.titulo)} direcao={ordem[0]?.campo === c.campo ? ordem[0].direcao : undefined} aoOrdenar={() => setOrdem((o) => proximaOrdenacao(o, c.campo))} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {linhas.map((m) => (
                  <tr key={m.codigoServico}>
                    {colunas.map((c, i) => {
                      const v = c.texto ? c.texto(m, config.language) : nf(c.valor(m) as number);
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
            <SerieDiaria titulo={t('analitico.por-dia')} pontos={dados.serieDiaria.map((d) => ({ dia: d.dia, total: d.total }))} />
            <Distribuicao titulo={t('analitico.por-status')} fatias={porStatus} />
          </div>
          {dados.jornada.length > 0 && <TabelaJornada jornada={dados.jornada} />}
        </>
      )}
      {dados && dados.limites.length > 0 && <TabelaLimites limites={dados.limites} />}
      {dados && dados.recebimentos.length > 0 && <TabelaRecebimentos recebimentos={dados.recebimentos} />}
      {dados && dados.verificacoes.length > 0 && <TabelaCodigos verificacoes={dados.verificacoes} />}
    </section>
  );
}
