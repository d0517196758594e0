import { useAmbiente } from '../../app/contexto';
import { P } from '../../../access/permissoes';
import { modelosApi, type ModeloResumo } from '../../api/recursos/modelos';
import { podeExcluir } from '../../../forms/ciclo';
import { opcoesDe, ROTULO_STATUS_MODELO } from '../../../forms/status';
import { formatarData } from '../../../i18n/datas';
import { caminho } from '../../routes';
import { Etiqueta } from '../../ui/Etiqueta';
import { ListaRecurso } from '../../ui/ListaRecurso';
import { useGruposDoModelo } from './useGruposDoModelo';
import { BotaoImportar } from './ImportarModelo';

/** /modelos: the form templates in the user's groups. */
export default function ListaModelos() {
  const { http, t } = useAmbiente();
  const grupos = useGruposDoModelo();
  return (
    <ListaRecurso<ModeloResumo>
      chave="modelos"
      substantivo={t('modelos.substantivo')}
      rotuloBusca={t('modelos.buscar')}
      rotuloTabela={t('modelos.tabela')}
      carregar={(p, o, f) => modelosApi.listar(http, p, o, f)}
      idDe={(m) => m.codigoServico}
      nomeDe={(m) => m.nome}
      novo={{ permissao: P.CREATE_MODELO, caminho: caminho('modelos-novo') }}
      abrir={(m) => caminho('modelos-editar', { codigoServico: m.codigoServico })}
      acoes={<BotaoImportar grupos={grupos} />}
      excluir={{ permissao: P.DELETE_MODELO, executar: (m) => modelosApi.excluir(http, m.codigoServico), permitido: (m) => podeExcluir(m.status, m.ultimaVersao > 0) }}
      filtros={[
        { tipo: 'selecao', nome: 'status', rotulo: t('modelos.situacao'), todos: t('modelos.todas-situacoes'), opcoes: opcoesDe(ROTULO_STATUS_MODELO, t) },
        { tipo: 'selecao', nome: 'grupo', rotulo: t('modelos.grupo-cc'), todos: t('modelos.todos-grupos'), opcoes: (grupos?.controleConteudo ?? []).map((g) => ({ valor: String(g.id), rotulo: g.nome })) },
      ]}
      colunas={[
        { campo: 'nome', titulo: t('coluna.nome'), ordenavel: true },
        { campo: 'codigoServico', titulo: t('modelos.codigo'), ordenavel: true },
        { campo: 'grupo', titulo: t('modelos.grupo'), ordenavel: true, render: (m) => m.grupoControleConteudo.nome },
        { campo: 'status', titulo: t('modelos.situacao'), ordenavel: true, render: (m) => <Etiqueta tabela={ROTULO_STATUS_MODELO} codigo={m.status} /> },
        { campo: 'ultimaVersao', titulo: t('modelos.versao-publicada'), render: (m) => (m.ultimaVersao ? `v${m.ultimaVersao}` : '—') },
        { campo: 'atualizadoEm', titulo: t('coluna.atualizado-em'), ordenavel: true, render: (m) => formatarData(m.atualizadoEm) },
      ]}
    />
  );
}
