import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAmbiente } from '../app/contexto';
import type { Permissao } from '../../access/permissoes';
import { usePermissao } from '../app/usePermissao';
import type { Pagina } from '../api/http';
import type { Filtros, Ordenacao, Paginacao } from '../../contrato/paginacao';
import { TituloPagina } from '../pages/Titulo';
import { BarraFiltros, type DefFiltro } from './BarraFiltros';
import { CampoBusca } from './CampoBusca';
import { confirmar } from './dialogos';
import { TabelaPaginada, type Coluna } from './TabelaPaginada';
import { useAcao } from './useAcao';

/**
 * An area's list page: search, the paged table, "new" and delete offered only with their permissions,
 * delete through the confirm popup naming the item; a refusal (in use) says what holds it.
 */
export interface PropsListaRecurso<T> {
  chave: string;
  rotuloBusca: string;
  rotuloTabela: string;
  colunas: Coluna<T>[];
  carregar: (p: Paginacao, o: Ordenacao[], f: Filtros) => Promise<Pagina<T>>;
  idDe: (item: T) => string | number;
  nomeDe: (item: T) => string;
  /** e.g. "perfil" — used in "Novo perfil", "Excluir o perfil X". */
  substantivo: string;
  novo?: { permissao: Permissao; caminho: string };
  abrir: (item: T) => string;
  excluir?: { permissao: Permissao; executar: (item: T) => Promise<unknown>; /** Items that may be deleted at all (default: every one). */ permitido?: (item: T) => boolean };
  /** Filters besides the search box (applied with "Filtrar", kept with the list). */
  filtros?: DefFiltro[];
  /** More actions beside "new" (already filtered by who may use them). */
  acoes?: ReactNode;
}

export function ListaRecurso<T>(p: PropsListaRecurso<T>) {
  const { estado, t } = useAmbiente();
  const s = { substantivo: p.substantivo };
  const navegar = useNavigate();
  const { versao, executar } = useAcao();
  const podeCriar = usePermissao(p.novo?.permissao ?? ('' as Permissao)) && !!p.novo;
  const podeExcluir = usePermissao(p.excluir?.permissao ?? ('' as Permissao)) && !!p.excluir;

  const excluir = async (item: T) => {
    const nome = p.nomeDe(item);
    const sim = await confirmar(estado.dialogos, { titulo: t('lista.excluir-titulo', s), mensagem: t('lista.excluir-mensagem', { ...s, nome }), perigo: true, textoConfirmar: t('lista.excluir') });
    if (sim) await executar(() => p.excluir!.executar(item), { titulo: t('lista.excluido'), texto: t('lista.excluido-texto', { ...s, nome }) });
  };

  return (
    <section className="cf-pagina">
      <TituloPagina />
      <div className="cf-barra-lista">
        <CampoBusca lista={p.chave} rotulo={p.rotuloBusca} />
        {podeCriar && <Button intent="primary" icon="plus" text={t('lista.novo', s)} onClick={() => navegar(p.novo!.caminho)} />}
        {p.acoes}
      </div>
      {p.filtros && <BarraFiltros lista={p.chave} campos={p.filtros} rotulo={t('filtros.rotulo', { lista: p.rotuloTabela })} />}
      <TabelaPaginada<T>
        chave={p.chave}
        rotulo={p.rotuloTabela}
        versao={versao}
        carregar={p.carregar}
        idDe={p.idDe}
        aoAbrir={(item) => navegar(p.abrir(item))}
        vazio={podeCriar ? t('lista.vazio-criar', s) : t('lista.vazio')}
        colunas={[
          ...p.colunas,
          ...(podeExcluir
            ? [
                {
                  campo: 'acoes',
                  titulo: t('lista.acoes'),
                  render: (item: T) =>
                    (p.excluir!.permitido?.(item) ?? true) && (
                    <Button variant="minimal" icon="trash" intent="danger" aria-label={t('lista.excluir-item', { ...s, nome: p.nomeDe(item) })} onKeyDown={(ev) => ev.stopPropagation()} onClick={(ev) => (ev.stopPropagation(), void excluir(item))} />
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
