import { useAmbiente } from '../../app/contexto';
import { P } from '../../access/permissoes';
import { modelosApi, type ModeloResumo } from '../../api/recursos/modelos';
import { podeExcluir } from '../../forms/ciclo';
import { opcoesDe, ROTULO_STATUS_MODELO } from '../../forms/status';
import { formatarData } from '../../i18n/datas';
import { caminho } from '../../routes';
import { Etiqueta } from '../../ui/Etiqueta';
import { ListaRecurso } from '../../ui/ListaRecurso';
import { useGruposDoModelo } from './useGruposDoModelo';

/** /modelos: the form templates in the user's groups. */
export default function ListaModelos() {
  const { http } = useAmbiente();
  const grupos = useGruposDoModelo();
  return (
    <ListaRecurso<ModeloResumo>
      chave="modelos"
      substantivo="modelo"
      rotuloBusca="Buscar modelos por nome ou código"
      rotuloTabela="Modelos de formulários"
      carregar={(p, o, f) => modelosApi.listar(http, p, o, f)}
      idDe={(m) => m.codigoServico}
      nomeDe={(m) => m.nome}
      novo={{ permissao: P.CREATE_MODELO, caminho: caminho('modelos-novo') }}
      abrir={(m) => caminho('modelos-editar', { codigoServico: m.codigoServico })}
      excluir={{ permissao: P.DELETE_MODELO, executar: (m) => modelosApi.excluir(http, m.codigoServico), permitido: (m) => podeExcluir(m.status, m.ultimaVersao > 0) }}
      filtros={[
        { tipo: 'selecao', nome: 'status', rotulo: 'Situação', todos: 'Todas as situações', opcoes: opcoesDe(ROTULO_STATUS_MODELO) },
        { tipo: 'selecao', nome: 'grupo', rotulo: 'Grupo de controle de conteúdo', todos: 'Todos os grupos', opcoes: (grupos?.controleConteudo ?? []).map((g) => ({ valor: String(g.id), rotulo: g.nome })) },
      ]}
      colunas={[
        { campo: 'nome', titulo: 'Nome', ordenavel: true },
        { campo: 'codigoServico', titulo: 'Código', ordenavel: true },
        { campo: 'grupo', titulo: 'Grupo', ordenavel: true, render: (m) => m.grupoControleConteudo.nome },
        { campo: 'status', titulo: 'Situação', ordenavel: true, render: (m) => <Etiqueta tabela={ROTULO_STATUS_MODELO} codigo={m.status} /> },
        { campo: 'ultimaVersao', titulo: 'Versão publicada', render: (m) => (m.ultimaVersao ? `v${m.ultimaVersao}` : '—') },
        { campo: 'atualizadoEm', titulo: 'Atualizado em', ordenavel: true, render: (m) => formatarData(m.atualizadoEm) },
      ]}
    />
  );
}
