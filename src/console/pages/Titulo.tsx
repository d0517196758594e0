import { useParams } from 'react-router-dom';
import { useT } from '../app/contexto';
import { useRota } from '../app/rotaAtual';
import type { ChaveTexto } from '../../i18n';

/**
 * The page's heading, from the route table (with its parameters, e.g. the model's code). With `nome`, the record's
 * name where the route has a title for it ("Perfil de acesso “Gestores”", not its id; issue 37).
 */
export function TituloPagina({ nome }: { nome?: string }) {
  const t = useT();
  const rota = useRota();
  const params = useParams() as Record<string, string>;
  const comNome = `${rota.title}-nome` as ChaveTexto;
  return <h1 className="cf-titulo-pagina">{nome && t(comNome) !== comNome ? t(comNome, { nome }) : t(rota.title, params)}</h1>;
}
