import { Drawer, DrawerSize } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAmbiente } from '../../app/contexto';
import { formulariosApi, type Formulario } from '../../api/recursos/formularios';
import { ROTULO_STATUS_FORMULARIO } from '../../forms/status';
import { formatarDataHora } from '../../i18n/datas';
import { caminho } from '../../routes';
import { BarraFiltros } from '../../ui/BarraFiltros';
import { Etiqueta } from '../../ui/Etiqueta';
import { TabelaPaginada } from '../../ui/TabelaPaginada';
import { FILTROS_FORMULARIOS } from '../filtros';
import { TituloPagina } from '../Titulo';
import { ExportarCsv, RelatorioTitular } from './ExportarCsv';
import { FichaFormulario } from './FichaFormulario';
import { Codigo } from '../../ui/NomeModelo';

export const LISTA_FORMULARIOS = 'formularios';

/** /formularios — filled forms; one opens in a drawer over the list, linkable as ?id=<id>. */
export default function ListaFormularios() {
  const { http } = useAmbiente();
  const navegar = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <section className="cf-pagina">
      <TituloPagina />
      <BarraFiltros lista={LISTA_FORMULARIOS} rotulo="Filtros dos formulários" campos={FILTROS_FORMULARIOS} acoes={
          <>
            <ExportarCsv lista={LISTA_FORMULARIOS} />
            <RelatorioTitular lista={LISTA_FORMULARIOS} />
          </>
        }
      />
      <TabelaPaginada<Formulario>
        chave={LISTA_FORMULARIOS}
        rotulo="Formulários preenchidos"
        carregar={(p, o, f) => formulariosApi.listar(http, p, o, f)}
        idDe={(f) => f.id}
        aoAbrir={(f) => navegar(caminho('formularios', {}, { id: String(f.id) }))}
        vazio="Nenhum formulário corresponde aos filtros. Altere ou limpe os filtros."
        colunas={[
          { campo: 'protocolo', titulo: 'Protocolo', ordenavel: true, render: (f) => <Codigo texto={f.protocolo} /> },
          { campo: 'modelo', titulo: 'Modelo', ordenavel: true, render: (f) => `${f.modeloNome} (v${f.modeloVersao})` },
          { campo: 'status', titulo: 'Status', ordenavel: true, render: (f) => <Etiqueta tabela={ROTULO_STATUS_FORMULARIO} codigo={f.status} /> },
          { campo: 'nomeRequerente', titulo: 'Requerente', render: (f) => f.nomeRequerente ?? '—' },
          { campo: 'cpfRequerente', titulo: 'CPF', render: (f) => <Codigo texto={f.cpfRequerente} /> },
          { campo: 'recebidoEm', titulo: 'Recebido em', ordenavel: true, render: (f) => formatarDataHora(f.recebidoEm) },
        ]}
      />
      <Drawer isOpen={!!id} onClose={() => navegar(caminho('formularios'))} title={id ? 'Formulário preenchido' : ''} size={DrawerSize.LARGE} autoFocus enforceFocus>
        <div className="bp6-drawer-body cf-corpo-gaveta">{id && <FichaFormulario key={id} id={id} />}</div>
      </Drawer>
    </section>
  );
}
