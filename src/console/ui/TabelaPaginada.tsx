import { Button, HTMLSelect, HTMLTable, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { Rolagem } from './Rolagem';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useAmbiente } from '../app/contexto';
import { TAMANHOS_PAGINA, proximaOrdenacao, totalPaginas, type Direcao, type Filtros, type Ordenacao, type Paginacao } from '../../contrato/paginacao';
import type { Pagina } from '../api/http';
import { comEscopo, ocupado } from '../state/carregamento';
import { estadoLista, mudarTamanho } from '../state/listas';
import { useTratarErro } from './useTratarErro';

export interface Coluna<T> {
  campo: string;
  titulo: string;
  ordenavel?: boolean;
  render?: (item: T) => ReactNode;
  /** Kept in view while the table scrolls sideways: the row's name at the start, its actions at the end (issue 37). */
  fixa?: 'inicio' | 'fim';
}

const classeFixa = (f: 'inicio' | 'fim' | undefined) => (f ? `cf-coluna-fixa-${f}` : undefined);

export interface PropsTabela<T> {
  /** Names the list: its paging, sort and filters are kept under this key. */
  chave: string;
  rotulo: string;
  colunas: Coluna<T>[];
  carregar: (p: Paginacao, ordenacao: Ordenacao[], filtros: Filtros) => Promise<Pagina<T>>;
  idDe: (item: T) => string | number;
  aoAbrir?: (item: T) => void;
  vazio?: ReactNode;
  /** Bump to reload with the same state (after a change elsewhere). */
  versao?: number;
}

/** A column header; with `aoOrdenar`, a button that sorts by it, its direction told by aria-sort and an icon. */
export function CabecalhoOrdenavel({ titulo, direcao: d, aoOrdenar, className }: { titulo: string; direcao?: Direcao; aoOrdenar?: () => void; className?: string }) {
  const { t } = useAmbiente();
  return (
    <th scope="col" className={className} aria-sort={d === 'asc' ? 'ascending' : d === 'desc' ? 'descending' : undefined}>
      {aoOrdenar ? (
        <button type="button" className="cf-ordenar" onClick={aoOrdenar} aria-label={t('tabela.ordenar', { coluna: titulo })}>
          {titulo} <Icon icon={d === 'asc' ? 'caret-up' : d === 'desc' ? 'caret-down' : 'double-caret-vertical'} size={12} />
        </button>
      ) : (
        titulo
      )}
    </th>
  );
}

/** The paged table every list page uses: server paging (20/50/100), sort by header, total, states. */
export function TabelaPaginada<T>(p: PropsTabela<T>) {
  const { estado, t } = useAmbiente();
  const lista = estadoLista(estado.listas, p.chave);
  const snap = useSnapshot(lista);
  const carregamento = useSnapshot(estado.carregamento);
  const tratar = useTratarErro();
  const [itens, setItens] = useState<T[] | null>(null);
  const pedido = useRef(0);
  const escopo = `lista:${p.chave}`;
  const filtrosJson = JSON.stringify(snap.filtros);
  const ordemJson = JSON.stringify(snap.ordenacao);

  useEffect(() => {
    const meu = ++pedido.current;
    comEscopo(estado.carregamento, escopo, () => p.carregar({ ...lista.paginacao }, [...lista.ordenacao], { ...lista.filtros }))
      .then((r) => {
        if (meu !== pedido.current) return; // an older answer arriving late
        lista.paginacao.total = r.paginacao.total;
        setItens(r.itens);
      })
      .catch((e) => meu === pedido.current && (setItens([]), tratar(e, 'lista')));
  }, [snap.paginacao.page, snap.paginacao.size, filtrosJson, ordemJson, p.versao]);

  const carregando = ocupado(carregamento, escopo);
  const paginas = totalPaginas(snap.paginacao);
  const ordem = (campo: string) => snap.ordenacao.find((o) => o.campo === campo)?.direcao;

  return (
    <div className="cf-tabela" aria-busy={carregando}>
      <Rolagem rotulo={p.rotulo}>
        <HTMLTable compact striped interactive={!!p.aoAbrir} className="cf-tabela-dados" aria-label={p.rotulo}>
          <thead>
            <tr>
              {p.colunas.map((c) => (
                <CabecalhoOrdenavel key={c.campo} className={classeFixa(c.fixa)} titulo={c.titulo} direcao={ordem(c.campo)} aoOrdenar={c.ordenavel ? () => (lista.ordenacao = proximaOrdenacao(lista.ordenacao, c.campo)) : undefined} />
              ))}
            </tr>
          </thead>
          <tbody>
            {(itens ?? []).map((item) => (
              <tr
                key={p.idDe(item)}
                tabIndex={p.aoAbrir ? 0 : undefined}
                onClick={p.aoAbrir ? () => p.aoAbrir!(item) : undefined}
                onKeyDown={p.aoAbrir ? (e) => e.key === 'Enter' && p.aoAbrir!(item) : undefined}
              >
                {p.colunas.map((c) => (
                  <td key={c.campo} className={classeFixa(c.fixa)}>{c.render ? c.render(item) : String((item as Record<string, unknown>)[c.campo] ?? '')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Rolagem>
      {itens === null || (carregando && !itens.length) ? (
        <NonIdealState icon={<Spinner size={24} aria-label={t('tabela.carregando')} />} description={t('tabela.carregando')} />
      ) : (
        !itens.length && <NonIdealState icon="inbox" title={t('tabela.vazio')} description={p.vazio ?? t('tabela.vazio-dica')} />
      )}
      <div className="cf-paginacao" role="navigation" aria-label={p.rotulo}>
        <span className="cf-total" data-testid="total">{t('tabela.total', { total: snap.paginacao.total })}</span>
        <label className="cf-por-pagina">
          {t('tabela.por-pagina')}{' '}
          <HTMLSelect iconProps={{ title: t('tabela.por-pagina') }} value={snap.paginacao.size} onChange={(e) => mudarTamanho(lista, Number(e.currentTarget.value))} options={TAMANHOS_PAGINA.map((n) => ({ value: n, label: String(n) }))} />
        </label>
        <Button icon="chevron-left" aria-label={t('tabela.anterior')} disabled={snap.paginacao.page <= 0} onClick={() => lista.paginacao.page--} variant="minimal" />
        <span>{t('tabela.pagina', { pagina: snap.paginacao.page + 1, paginas })}</span>
        <Button icon="chevron-right" aria-label={t('tabela.proxima')} disabled={snap.paginacao.page + 1 >= paginas} onClick={() => lista.paginacao.page++} variant="minimal" />
      </div>
    </div>
  );
}
