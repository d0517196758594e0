import { fecharToastsDaPagina } from '../state/toasts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { BarraSuperior } from './BarraSuperior';
import { Menu } from './Menu';
import { useAmbiente } from './contexto';
import { carregarAcesso } from './acessoInicial';
import { aposNavegar } from '../state/ui';

/** Top bar, menu and page. Loading the layout issues the two start-up calls (SPEC.md section 7). */
export function Layout() {
  const amb = useAmbiente();
  const { estado } = amb;
  const ui = useSnapshot(estado.ui);
  const sessao = useSnapshot(estado.sessao);
  const username = sessao.usuario?.username;

  useEffect(() => {
    if (!sessao.autenticado || !username) {
      estado.acesso.carregado = true;
      return;
    }
    void carregarAcesso(amb.http, username, { ...estado, t: amb.t });
  }, [sessao.autenticado, username]);

  // On a narrow element the menu starts closed and closes after every navigation (before the paint, so
  // it never flashes over the page); tapping the shade beside it closes it too.
  const caixa = useRef<HTMLDivElement>(null);
  const fecharMenuMovel = () => aposNavegar(estado.ui, caixa.current?.getBoundingClientRect().width ?? Infinity);
  const { pathname } = useLocation();
  useLayoutEffect(fecharMenuMovel, [pathname]);
  // A page's success and information toasts are about that page: they go when another page opens (issue 37:
  // "Exportação concluída" followed the user to Analytics and Events). Errors and warnings stay until closed.
  const primeiraPagina = useRef(true);
  useEffect(() => {
    if (primeiraPagina.current) return void (primeiraPagina.current = false);
    fecharToastsDaPagina(estado.toasts);
  }, [pathname]);

  return (
    <div ref={caixa} className={ui.menuAberto ? 'cf-layout cf-menu-aberto' : 'cf-layout cf-menu-fechado'}>
      <BarraSuperior />
      <div className="cf-corpo">
        {ui.menuAberto && <Menu />}
        {ui.menuAberto && <div className="cf-veu" aria-hidden="true" onClick={fecharMenuMovel} />}
        <main className="cf-conteudo" id="conteudo">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
