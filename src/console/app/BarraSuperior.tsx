import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, Tag } from '@blueprintjs/core';
import { useSnapshot } from 'valtio';
import { useAmbiente } from './contexto';
import { Dica } from '../ui/Dica';

/** SPEC.md section 1's top bar. */
export function BarraSuperior() {
  const { config, t, estado, entrar, sair } = useAmbiente();
  const ui = useSnapshot(estado.ui);
  const sessao = useSnapshot(estado.sessao);
  const acesso = useSnapshot(estado.acesso);
  const dica = ui.menuAberto ? t('topo.recolher') : t('topo.expandir');
  const admin = acesso.adminInfo.userIsAdmin;
  return (
    <Navbar className="cf-topo" aria-label={config.productInfo.aplicacao.nome}>
      <NavbarGroup align={Alignment.START}>
        <Dica texto={dica}>
          <Button
            variant="minimal"
            icon={ui.menuAberto ? 'menu-open' : 'menu-closed'}
            aria-label={dica}
            aria-expanded={ui.menuAberto}
            data-testid="alternar-menu"
            onClick={() => (estado.ui.menuAberto = !estado.ui.menuAberto)}
          />
        </Dica>
        <NavbarHeading className="cf-sigla" title={config.productInfo.aplicacao.nome}>
          {config.productInfo.aplicacao.sigla}
        </NavbarHeading>
        {config.environment && (
          <Tag intent="warning" className="cf-ambiente" aria-label={t('topo.ambiente', { ambiente: config.environment })}>
            {config.environment}
          </Tag>
        )}
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        {sessao.autenticado && sessao.usuario && (
          <>
            <span
              className={admin ? 'cf-usuario cf-usuario-admin' : 'cf-usuario'}
              data-testid="nome-usuario"
              title={admin ? t('topo.administrador', { nome: sessao.usuario.completeName }) : sessao.usuario.completeName}
            >
              {sessao.usuario.firstName}
            </span>
            <NavbarDivider />
          </>
        )}
        {sessao.autenticado ? (
          <Button variant="minimal" icon="log-out" text={t('topo.sair')} aria-label={t('topo.sair')} className="cf-sair" onClick={sair} data-testid="sair" />
        ) : (
          <Button variant="minimal" icon="log-in" text={t('topo.entrar')} onClick={entrar} data-testid="entrar" />
        )}
      </NavbarGroup>
    </Navbar>
  );
}
