import { Link } from 'react-router-dom';
import { P } from '../../../access/permissoes';
import { usePermissao } from '../../app/usePermissao';
import { useAmbiente } from '../../app/contexto';
import { formulariosApi, type Evento } from '../../api/recursos/formularios';
import { ROTULO_EVENTO } from '../../../forms/status';
import { formatarDataHora } from '../../../i18n/datas';
import { caminho } from '../../routes';
import { BarraFiltros } from '../../ui/BarraFiltros';
import { Etiqueta } from '../../ui/Etiqueta';
import { TabelaPaginada } from '../../ui/TabelaPaginada';
import { Codigo, NomeModelo } from '../../ui/NomeModelo';
import { filtrosEventos } from '../filtros';
import { TituloPagina } from '../Titulo';
import { textoDetalhes } from './FichaFormulario';

const LISTA = 'formularios-eventos';

/** /formularios-eventos — who did what to which form, when; the form is a link for READ_FORMULARIO. */
export default function Eventos() {
  const { http, t, config } = useAmbiente();
  const verFormulario = usePermissao(P.READ_FORMULARIO);
  return (
    <section className="cf-pagina">
      <TituloPagina />
      <BarraFiltros lista={LISTA} rotulo={t('eventos.filtros')} campos={filtrosEventos(t)} />
      <TabelaPaginada<Evento>
        chave={LISTA}
        rotulo={t('eventos.tabela')}
        carregar={(p, o, f) => formulariosApi.eventos(http, p, o, f)}
        idDe={(e) => e.id}
        vazio={t('eventos.vazio')}
        colunas={[
          { campo: 'ocorridoEm', titulo: t('eventos.quando'), ordenavel: true, render: (e) => formatarDataHora(e.ocorridoEm) },
          { campo: 'tipo', titulo: t('eventos.evento'), ordenavel: true, render: (e) => <Etiqueta tabela={ROTULO_EVENTO} codigo={e.tipo} /> },
          {
            campo: 'protocolo',
            titulo: t('eventos.formulario'),
            // A console-wide event (an export, a data-subject report) is about no single form.
            render: (e) =>
              e.formularioId === null ? t('eventos.varios') : verFormulario ? <Link to={caminho('formularios', {}, { id: String(e.formularioId) })} aria-label={t('eventos.abrir', { protocolo: e.protocolo ?? '' })} className="cf-sem-quebra">{e.protocolo}</Link> : <Codigo texto={e.protocolo} />,
          },
          { campo: 'modelo', titulo: t('formularios.modelo'), ordenavel: true, render: (e) => <NomeModelo nome={e.modeloNome} codigo={e.codigoServico} /> },
          { campo: 'autor', titulo: t('eventos.quem'), render: (e) => e.autor },
          { campo: 'detalhes', titulo: t('eventos.detalhes'), render: (e) => textoDetalhes(e.detalhes, t, config.language) },
        ]}
      />
    </section>
  );
}
