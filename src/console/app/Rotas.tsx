import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { CAMINHO_404, INICIAL, ROTAS, rotaDoCaminho } from '../routes';
import { guardarCaminho } from '../auth/retorno';
import { Guarda } from './Guarda';
import { Layout } from './Layout';
import { useAmbiente } from './contexto';

export interface Controlador {
  navegar(caminho: string): void;
  sair(): void;
}

/** Watches navigation: tells the host (`navigated`) and keeps the return address of protected pages. */
function Observador({ chave, registrar }: { chave: string; registrar: (c: Controlador) => void }) {
  const local = useLocation();
  const navegar = useNavigate();
  const { emitir, sair } = useAmbiente();
  useEffect(() => {
    registrar({ navegar: (c) => navegar(c), sair });
  }, [navegar, sair]);
  useEffect(() => {
    const caminho = local.pathname + local.search;
    const r = rotaDoCaminho(local.pathname);
    if (r && !r.public) guardarCaminho(chave, caminho);
    emitir('navigated', { path: caminho, route: r?.name ?? null });
  }, [local.pathname, local.search]);
  return null;
}

/** The route table as react-router routes: `/` to the home page, unknown paths to /404. */
export function Rotas({ chave, registrar }: { chave: string; registrar: (c: Controlador) => void }) {
  return (
    <>
      <Observador chave={chave} registrar={registrar} />
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Navigate to={INICIAL} replace />} />
          {ROTAS.map((r) => (
            <Route key={r.name} path={r.path} element={<Guarda rota={r} />} />
          ))}
          <Route path="*" element={<Navigate to={CAMINHO_404} replace />} />
        </Route>
      </Routes>
    </>
  );
}
