import { lazy } from 'react';
import { useRota } from '../../app/Guarda';
import PaginaEmConstrucao from '../PaginaEmConstrucao';

const ListaPerfis = lazy(() => import('./perfis/ListaPerfis'));
const FormularioPerfil = lazy(() => import('./perfis/FormularioPerfil'));

/** The access-administration area: each route of the table to its page. */
export default function PaginaAcesso() {
  const rota = useRota();
  switch (rota.name) {
    case 'perfis-acesso':
      return <ListaPerfis />;
    case 'perfis-acesso-novo':
    case 'perfis-acesso-editar':
      return <FormularioPerfil key={rota.name} />;
    default:
      return <PaginaEmConstrucao />;
  }
}
