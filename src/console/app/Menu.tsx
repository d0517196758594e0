import { Menu as BpMenu, MenuDivider } from '@blueprintjs/core';
import { Fragment } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { entradasMenu, ICONES, rotaDoCaminho, type Rota } from '../routes';
import { useAmbiente } from './contexto';
import { ItemMenu } from './ItemMenu';
import type { GrupoMenu } from '../../access/regras';
import type { ChaveTexto } from '../../i18n';

const CABECALHO: Partial<Record<GrupoMenu, ChaveTexto>> = {
  designer: 'menu.grupo.designer',
  manager: 'menu.grupo.manager',
  administrator: 'menu.grupo.administrator',
};

/** The permission menu: SPEC.md's entries in table order, grouped, with the footer of section 1. */
export function Menu() {
  const { t, estado, config } = useAmbiente();
  const acesso = useSnapshot(estado.acesso);
  const navegar = useNavigate();
  const local = useLocation();
  const atual = rotaDoCaminho(local.pathname);
  const entradas = entradasMenu(new Set(acesso.permissoes));
  const info = config.productInfo;

  // The layout closes the menu after the navigation on a narrow element.
  const escolher = (r: Rota) => navegar(r.path);

  return (
    <nav className="cf-menu" aria-label={t('menu.navegacao')} data-testid="menu">
      <BpMenu className="cf-menu-lista">
        {entradas.map((r, i) => {
          const novoGrupo = r.group !== entradas[i - 1]?.group && CABECALHO[r.group];
          const ativo = atual?.path === r.path || (atual && atual.path.startsWith(r.path + '/'));
          return (
            <Fragment key={r.name}>
              {novoGrupo && <MenuDivider title={t(CABECALHO[r.group]!)} className="cf-menu-grupo" />}
              <ItemMenu icone={r.icon ? ICONES[r.icon] : undefined} texto={t(r.title)} ativo={!!ativo} data-rota={r.name} onClick={() => escolher(r)} />
            </Fragment>
          );
        })}
      </BpMenu>
      <footer className="cf-rodape">
        <div className="cf-versao">{t('menu.rodape.versao', { versao: config.appVersion })}</div>
        <ul aria-label={t('menu.rodape.links')}>
          {[info.empresa, info.servicoDocumentos, info.governo].map((r) => (
            <li key={r.sigla}>
              <a href={r.site} target="_blank" rel="noopener noreferrer" title={r.nome}>
                {r.sigla}
              </a>
            </li>
          ))}
        </ul>
      </footer>
    </nav>
  );
}
