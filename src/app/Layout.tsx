import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { BarraSuperior } from './BarraSuperior';
import { Menu } from './Menu';
import { useAmbiente } from './contexto';
import { carregarAcesso } from './acessoInicial';
import { aposEscolhaNoMenu } from '../state/ui';

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

  // Tapping the shade beside the open menu on a narrow screen closes it, like choosing an entry.
  const fecharMenuMovel = () => aposEscolhaNoMenu(estado.ui, window.innerWidth);

  return (
    <div className={ui.menuAberto ? 'cf-layout cf-menu-aberto' : 'cf-layout cf-menu-fechado'}>
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
