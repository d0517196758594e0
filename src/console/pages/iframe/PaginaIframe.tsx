import { Callout } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { avaliarIframe } from '../../../access/iframe';
import { useAmbiente } from '../../app/contexto';
import { TituloPagina } from '../Titulo';

/**
 * /iframe?url=<address>&titulo=<title> — a page from an allowed origin inside the layout, sandboxed;
 * any other address is refused and nothing is loaded.
 */
export default function PaginaIframe() {
  const { config, t } = useAmbiente();
  const [params] = useSearchParams();
  const titulo = params.get('titulo')?.trim();
  const a = avaliarIframe(params.get('url'), config.iframeAllowlist, globalThis.location?.origin ?? '', t);
  return (
    <section className="cf-pagina cf-pagina-iframe">
      {titulo ? <h1 className="cf-titulo-pagina">{titulo}</h1> : <TituloPagina />}
      {a.permitido ? (
        <iframe className="cf-iframe" src={a.url} title={titulo || t('iframe.titulo', { origem: a.origem })} sandbox={a.sandbox} referrerPolicy="strict-origin-when-cross-origin" allow="" loading="lazy" />
      ) : (
        <Callout intent="warning" title={t('iframe.recusado')} icon="disable" data-testid="iframe-recusado">
          {a.motivo}
        </Callout>
      )}
    </section>
  );
}
