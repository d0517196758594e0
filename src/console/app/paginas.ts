import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { NomePagina } from '../routes';

/** Each page of the route table, loaded on first visit (its own chunk). */
export const COMPONENTES_PAGINAS: Record<NomePagina, LazyExoticComponent<ComponentType>> = {
  inicio: lazy(() => import('../pages/inicio/PaginaInicial')),
  modelos: lazy(() => import('../pages/modelos/PaginaModelos')),
  formularios: lazy(() => import('../pages/formularios/PaginaFormularios')),
  acesso: lazy(() => import('../pages/acesso/PaginaAcesso')),
  integracao: lazy(() => import('../pages/integracao/PaginaRetentativas')),
  iframe: lazy(() => import('../pages/iframe/PaginaIframe')),
  erro: lazy(() => import('../pages/erros/PaginaErro')),
};
