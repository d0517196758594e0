import { Drawer, DrawerSize } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAmbiente } from '../../app/contexto';
import { formulariosApi, type Formulario } from '../../api/recursos/formularios';
import { ROTULO_STATUS_FORMULARIO } from '../../../forms/status';
import { formatarDataHora } from '../../../i18n/datas';
import { caminho } from '../../routes';
import { BarraFiltros } from '../../ui/BarraFiltros';
import { Etiqueta } from '../../ui/Etiqueta';
import { TabelaPaginada } from '../../ui/TabelaPaginada';
import { filtrosFormularios } from '../filtros';
import { TituloPagina } from '../Titulo';
import { ExportarCsv, RelatorioTitular } from './ExportarCsv';
import { FichaFormulario } from './FichaFormulario';
import { VerificarComprovante } from './VerificarComprovante';
import { Codigo } from '../../ui/NomeModelo';

export const LISTA_FORMULARIOS = 'formularios';

/** /formularios — filled forms; one opens in a drawer over the list, linkable as ?id=<id>. */
export default function ListaFormularios() {
  const { http, t } = useAmbiente();
  const navegar = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <section className="cf-pagina">
      <TituloPagina />
      <BarraFiltros lista={LISTA_FORMULARIOS} rotulo={t('formularios.filtros')} campos={filtrosFormularios(t)} acoes={
          <>
            <ExportarCsv lista={LISTA_FORMULARIOS} />
            <RelatorioTitular lista={LISTA_FORMULARIOS} />
            <VerificarComprovante />
          </>
        }
      />
      <TabelaPaginada<Formulario>
        chave={LISTA_FORMULARIOS}
        rotulo={t('formularios.tabela')}
        carregar={(p, o, f) => formulariosApi.listar(http, p, o, f)}
        idDe={(f) => f.id}
        aoAbrir={(f) => navegar(caminho('formularios', {}, { id: String(f.id) }))}
        vazio={t('formularios.vazio')}
        colunas={[
          { campo: 'protocolo', titulo: t('formularios.protocolo'), ordenavel: true, render: (f) => <Codigo texto={f.protocolo} /> },
          { campo: 'modelo', titulo: t('formularios.modelo'), ordenavel: true, render: (f) => `${f.modeloNome} (v${f.modeloVersao})` },
          { campo: 'status', titulo: t('formularios.status'), ordenavel: true, render: (f) => <Etiqueta tabela={ROTULO_STATUS_FORMULARIO} codigo={f.status} /> },
          { campo: 'nomeRequerente', titulo: t('formularios.requerente'), render: (f) => f.nomeRequerente ?? '—' },
          { campo: 'cpfRequerente', titulo: t('formularios.cpf'), render: (f) => <Codigo texto={f.cpfRequerente} /> },
          { campo: 'recebidoEm', titulo: t('formularios.recebido-em'), ordenavel: true, render: (f) => formatarDataHora(f.recebidoEm) },
        ]}
      />
      <Drawer isOpen={!!id} onClose={() => navegar(caminho('formularios'))} title={id ? t('formularios.gaveta') : ''} size={DrawerSize.LARGE} autoFocus enforceFocus>
        <div className="bp6-drawer-body cf-corpo-gaveta">{id && <FichaFormulario key={id} id={id} />}</div>
      </Drawer>
    </section>
  );
}
