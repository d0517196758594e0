import { Button } from '@blueprintjs/core';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAmbiente } from '../app/contexto';
import type { Filtros } from '../../contrato/paginacao';
import { estadoLista, mudarFiltros } from '../state/listas';
import { mensagemDe, type Regra } from '../../validation/regras';
import { Campo } from './Campo';
import { CampoData } from './CampoData';
import { CampoSelecao } from './CampoSelecao';
import { useModelos } from './useModelos';

/**
 * A list's filters (DESIGN.md section 4): what the user picks is applied with "Filtrar" (or Enter),
 * kept with the list (beside its search box's text), and cleared with "Limpar filtros". A link may carry filters in its query
 * (`/formularios?status=FALHA_INTEGRACAO&de=2026-11-22`): they are applied on arrival and taken out of
 * the address, so the list behaves as if the user had chosen them.
 */
export type DefFiltro =
  | { tipo: 'modelo' }
  | { tipo: 'selecao'; nome: string; rotulo: string; todos: string; opcoes: { valor: string; rotulo: string }[] }
  | { tipo: 'texto'; nome: string; rotulo: string; regras?: Regra[]; placeholder?: string }
  | { tipo: 'periodo' };

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const nomesDe = (c: DefFiltro) => (c.tipo === 'periodo' ? ['de', 'ate'] : c.tipo === 'modelo' ? ['modelo'] : [c.nome]);

function textos(f: Filtros, nomes: string[]): Record<string, string> {
  return Object.fromEntries(nomes.filter((n) => f[n] !== undefined && f[n] !== null && f[n] !== '').map((n) => [n, String(f[n])]));
}

export function BarraFiltros({ lista, campos, rotulo, acoes }: { lista: string; campos: DefFiltro[]; rotulo: string; acoes?: ReactNode }) {
  const { estado, config, t } = useAmbiente();
  const e = estadoLista(estado.listas, lista);
  const nomes = campos.flatMap(nomesDe);
  const [params, setParams] = useSearchParams();
  const [rascunho, setRascunho] = useState<Record<string, string>>(() => textos(e.filtros, nomes));
  const [datasRuins, setDatasRuins] = useState<Record<string, boolean>>({});
  const [enviado, setEnviado] = useState(false);
  const modelos = useModelos(campos.some((c) => c.tipo === 'modelo'));

  // Filters carried by a link: applied before the table's first load (layout effects run first).
  useLayoutEffect(() => {
    const daUrl = nomes.filter((n) => params.get(n) && (n !== 'de' && n !== 'ate' ? true : ISO.test(params.get(n)!)));
    if (!nomes.some((n) => params.has(n))) return;
    const f = Object.fromEntries(daUrl.map((n) => [n, params.get(n)!]));
    mudarFiltros(e, { ...e.filtros, ...f });
    setRascunho(f);
    const resto = new URLSearchParams(params);
    for (const n of nomes) resto.delete(n);
    setParams(resto, { replace: true });
  }, []);

  const mudar = (nome: string, valor: string | null) => setRascunho((r) => ({ ...r, [nome]: valor ?? '' }));
  const periodoInvertido = !!rascunho.de && !!rascunho.ate && rascunho.de > rascunho.ate;
  const textoRuim = campos.some((c) => c.tipo === 'texto' && mensagemDe(c.regras ?? [], rascunho[c.nome] ?? '', config.language));

  const aplicar = () => {
    setEnviado(true);
    if (periodoInvertido || textoRuim || datasRuins.de || datasRuins.ate) return;
    mudarFiltros(e, { ...e.filtros, ...Object.fromEntries(nomes.map((k) => [k, rascunho[k]?.trim() || undefined])) });
  };
  const limpar = () => {
    setRascunho({});
    setDatasRuins({});
    setEnviado(false);
    mudarFiltros(e, { ...e.filtros, ...Object.fromEntries(nomes.map((k) => [k, undefined])) });
  };

  return (
    <form className="cf-filtros" role="search" aria-label={rotulo} noValidate onSubmit={(ev) => (ev.preventDefault(), aplicar())}>
      {campos.map((c) => {
        switch (c.tipo) {
          case 'modelo':
            return <CampoSelecao key="modelo" rotulo={t('filtros.modelo')} vazio={t('filtros.todos-modelos')} valor={rascunho.modelo ?? ''} opcoes={modelos.map((m) => ({ valor: m.codigoServico, rotulo: `${m.nome} (${m.codigoServico})` }))} aoMudar={(v) => mudar('modelo', v)} />;
          case 'selecao':
            return <CampoSelecao key={c.nome} rotulo={c.rotulo} vazio={c.todos} valor={rascunho[c.nome] ?? ''} opcoes={c.opcoes} aoMudar={(v) => mudar(c.nome, v)} />;
          case 'texto':
            return <Campo key={c.nome} rotulo={c.rotulo} nome={c.nome} valor={rascunho[c.nome] ?? ''} regras={c.regras} placeholder={c.placeholder} mostrarErros={enviado} aoMudar={(v) => mudar(c.nome, v)} />;
          case 'periodo':
            return (
              <div key="periodo" className="cf-periodo" role="group" aria-label={t('filtros.periodo')}>
                <CampoData rotulo={t('filtros.de')} valor={rascunho.de || null} mostrarErros={enviado} erroServidor={enviado && periodoInvertido ? t('validacao.periodo') : undefined} aoMudar={(v, ok) => (mudar('de', v), setDatasRuins((d) => ({ ...d, de: !ok })))} />
                <CampoData rotulo={t('filtros.ate')} valor={rascunho.ate || null} mostrarErros={enviado} aoMudar={(v, ok) => (mudar('ate', v), setDatasRuins((d) => ({ ...d, ate: !ok })))} />
              </div>
            );
        }
      })}
      <div className="cf-filtros-acoes">
        <Button type="submit" intent="primary" icon="filter" text={t('filtros.filtrar')} />
        <Button type="button" variant="minimal" text={t('filtros.limpar')} onClick={limpar} />
        {acoes}
      </div>
    </form>
  );
}
