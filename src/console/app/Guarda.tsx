import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { CAMINHO_403, CAMINHO_ERRO_REDE, podeAcessar, type Rota } from '../routes';
import { useAmbiente } from './contexto';
import { COMPONENTES_PAGINAS } from './paginas';
import { RotaContext } from './rotaAtual';

function Carregando() {
  const { t } = useAmbiente();
  return <NonIdealState icon={<Spinner size={32} aria-label={t('erro.carregando')} />} title={t('erro.carregando')} />;
}

/**
 * The route guard: public pages always; others need a session (the only session-less state is an
 * unreachable identity provider, shown as /erro-rede) and the same permission rule as the menu.
 */
export function Guarda({ rota }: { rota: Rota }) {
  const { estado } = useAmbiente();
  const sessao = useSnapshot(estado.sessao);
  const acesso = useSnapshot(estado.acesso);
  const local = useLocation();
  const Pagina = COMPONENTES_PAGINAS[rota.page];
  if (!rota.public) {
    if (!sessao.autenticado) return <Navigate to={CAMINHO_ERRO_REDE} replace state={{ de: local.pathname + local.search }} />;
    if (!acesso.carregado) return <Carregando />;
    if (!podeAcessar(rota, new Set(acesso.permissoes))) return <Navigate to={CAMINHO_403} replace />;
  }
  return (
    <RotaContext.Provider value={rota}>
      <Suspense fallback={<Carregando />}>
        <Pagina />
      </Suspense>
    </RotaContext.Provider>
  );
}
