import { useParams } from 'react-router-dom';
import { useT } from '../app/contexto';
import { useRota } from '../app/Guarda';

/** The page's heading, from the route table (with its parameters, e.g. the model's code). */
export function TituloPagina() {
  const t = useT();
  const rota = useRota();
  const params = useParams() as Record<string, string>;
  return <h1 className="cf-titulo-pagina">{t(rota.title, params)}</h1>;
}
