import { lazy } from 'react';
import { useRota } from '../../app/rotaAtual';

const ListaModelos = lazy(() => import('./ListaModelos'));
const NovoModelo = lazy(() => import('./NovoModelo'));
const Construtor = lazy(() => import('./construtor/Construtor'));

/** The designers' area: each route of the table to its page. */
export default function PaginaModelos() {
  const rota = useRota();
  switch (rota.name) {
    case 'modelos':
      return <ListaModelos />;
    case 'modelos-novo':
      return <NovoModelo />;
    case 'modelos-editar':
      return <Construtor />;
    default:
      return null;
  }
}
