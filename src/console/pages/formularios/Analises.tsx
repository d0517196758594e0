import { Drawer, DrawerSize } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAmbiente } from '../../app/contexto';
import { formulariosApi, type Analise } from '../../api/recursos/formularios';
import { ROTULO_STATUS_FORMULARIO } from '../../../forms/status';
import { formatarDataHora } from '../../../i18n/datas';
import { caminho } from '../../routes';
import { Etiqueta } from '../../ui/Etiqueta';
import { TabelaPaginada } from '../../ui/TabelaPaginada';
import { Codigo } from '../../ui/NomeModelo';
import { TituloPagina } from '../Titulo';
import { FichaFormulario } from './FichaFormulario';

export const LISTA_ANALISES = 'analises';

/** /analises — "Minhas análises" (issue 46): the forms waiting for a review of the user's groups, the soonest deadline first; one opens in the drawer, where it is approved or refused. */
export default function Analises() {
  const { http, t } = useAmbiente();
  const navegar = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  // A decision takes the form off the list: it loads again.
  const [versao, setVersao] = useState(0);
  return (
    <section className="cf-pagina">
      <TituloPagina />
      <p className="cf-ajuda">{t('analises.ajuda')}</p>
      <TabelaPaginada<Analise>
        chave={LISTA_ANALISES}
        versao={versao}
        rotulo={t('analises.tabela')}
        carregar={(p, o) => formulariosApi.analises(http, p, o)}
        idDe={(a) => a.formulario.id}
        aoAbrir={(a) => navegar(caminho('analises', {}, { id: String(a.formulario.id) }))}
        vazio={t('analises.vazio')}
        colunas={[
          { campo: 'protocolo', titulo: t('formularios.protocolo'), render: (a) => <Codigo texto={a.formulario.protocolo} /> },
          { campo: 'modelo', titulo: t('formularios.modelo'), render: (a) => `${a.formulario.modeloNome} (v${a.formulario.modeloVersao})` },
          { campo: 'etapa', titulo: t('analises.etapa'), render: (a) => a.titulo },
          { campo: 'prazoEm', titulo: t('analises.prazo'), ordenavel: true, render: (a) => formatarDataHora(a.prazoEm) },
          { campo: 'status', titulo: t('formularios.status'), render: (a) => <Etiqueta tabela={ROTULO_STATUS_FORMULARIO} codigo={a.formulario.status} /> },
          { campo: 'recebidoEm', titulo: t('formularios.recebido-em'), ordenavel: true, render: (a) => formatarDataHora(a.formulario.recebidoEm) },
        ]}
      />
      <Drawer isOpen={!!id} onClose={() => navegar(caminho('analises'))} title={id ? t('formularios.gaveta') : ''} size={DrawerSize.LARGE} autoFocus enforceFocus>
        <div className="bp6-drawer-body cf-corpo-gaveta">{id && <FichaFormulario key={id} id={id} aoAnalisar={() => (setVersao((v) => v + 1), navegar(caminho('analises')))} />}</div>
      </Drawer>
    </section>
  );
}
