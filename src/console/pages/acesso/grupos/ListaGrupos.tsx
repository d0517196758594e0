import { useAmbiente } from '../../../app/contexto';
import type { Grupo } from '../../../api/recursos/grupos';
import { formatarData } from '../../../../i18n/datas';
import { caminho } from '../../../routes';
import { ListaRecurso } from '../../../ui/ListaRecurso';
import type { TipoPaginaGrupo } from './tipos';

/** /grupos-controle-conteudo and /grupos-acesso-publico */
export default function ListaGrupos({ tipo }: { tipo: TipoPaginaGrupo }) {
  const { http, t } = useAmbiente();
  return (
    <ListaRecurso<Grupo>
      chave={tipo.lista}
      substantivo={t(tipo.substantivo)}
      rotuloBusca={t('grupos.buscar')}
      rotuloTabela={t('grupos.tabela')}
      carregar={(p, o, f) => tipo.api.listar(http, p, o, f)}
      idDe={(g) => g.id}
      nomeDe={(g) => g.nome}
      novo={{ permissao: tipo.permissoes.criar, caminho: caminho(tipo.novo) }}
      abrir={(g) => caminho(tipo.editar, { [tipo.param]: g.id })}
      excluir={{ permissao: tipo.permissoes.excluir, executar: (g) => tipo.api.excluir(http, g.id) }}
      colunas={[
        { campo: 'nome', titulo: t('coluna.nome'), ordenavel: true },
        { campo: 'descricao', titulo: t('coluna.descricao') },
        { campo: 'quantidadeMembros', titulo: t(tipo.rotuloMembros), ordenavel: true },
        { campo: 'quantidadeModelos', titulo: t('coluna.modelos') },
        { campo: 'atualizadoEm', titulo: t('coluna.atualizado-em'), ordenavel: true, render: (g) => formatarData(g.atualizadoEm) },
      ]}
    />
  );
}
