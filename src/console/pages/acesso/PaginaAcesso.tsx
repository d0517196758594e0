import { lazy } from 'react';
import { useRota } from '../../app/rotaAtual';
import { GRUPO_CONTROLE, GRUPO_PUBLICO } from './grupos/tipos';

const ListaPerfis = lazy(() => import('./perfis/ListaPerfis'));
const FormularioPerfil = lazy(() => import('./perfis/FormularioPerfil'));
const ListaGrupos = lazy(() => import('./grupos/ListaGrupos'));
const FormularioGrupo = lazy(() => import('./grupos/FormularioGrupo'));
const BuscaVinculos = lazy(() => import('./vinculos/BuscaVinculos'));

/** The access-administration area: each route of the table to its page. */
export default function PaginaAcesso() {
  const rota = useRota();
  switch (rota.name) {
    case 'perfis-acesso':
      return <ListaPerfis />;
    case 'perfis-acesso-novo':
    case 'perfis-acesso-editar':
      return <FormularioPerfil key={rota.name} />;
    case 'grupos-controle-conteudo':
      return <ListaGrupos tipo={GRUPO_CONTROLE} />;
    case 'grupos-controle-conteudo-novo':
    case 'grupos-controle-conteudo-editar':
      return <FormularioGrupo key={rota.name} tipo={GRUPO_CONTROLE} />;
    case 'grupos-acesso-publico':
      return <ListaGrupos tipo={GRUPO_PUBLICO} />;
    case 'grupos-acesso-publico-novo':
    case 'grupos-acesso-publico-editar':
      return <FormularioGrupo key={rota.name} tipo={GRUPO_PUBLICO} />;
    case 'vinculos-usuarios-busca':
      return <BuscaVinculos />;
    default:
      return null;
  }
}
