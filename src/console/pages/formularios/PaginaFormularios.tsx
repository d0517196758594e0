import { lazy } from 'react';
import { useRota } from '../../app/rotaAtual';

const ListaFormularios = lazy(() => import('./ListaFormularios'));
const Analitico = lazy(() => import('./Analitico'));
const Eventos = lazy(() => import('./Eventos'));
const Analises = lazy(() => import('./Analises'));

/** The managers' area: each route of the table to its page. */
export default function PaginaFormularios() {
  const rota = useRota();
  switch (rota.name) {
    case 'formularios':
      return <ListaFormularios />;
    case 'analitico-formularios':
      return <Analitico />;
    case 'formularios-eventos':
      return <Eventos />;
    case 'analises':
      return <Analises />;
    default:
      return null;
  }
}
