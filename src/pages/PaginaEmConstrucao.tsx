import { NonIdealState } from '@blueprintjs/core';
import { useT } from '../app/contexto';
import { TituloPagina } from './Titulo';

/** An area page whose own issue has not landed yet: its title in the layout, and an honest note. */
export default function PaginaEmConstrucao() {
  const t = useT();
  return (
    <section className="cf-pagina">
      <TituloPagina />
      <NonIdealState icon="issue" description={t('pagina.em-construcao')} />
    </section>
  );
}
