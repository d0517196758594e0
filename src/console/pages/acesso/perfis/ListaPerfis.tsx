import { useAmbiente } from '../../../app/contexto';
import { P } from '../../../../access/permissoes';
import { perfisApi, type PerfilAcesso } from '../../../api/recursos/perfis';
import { formatarData } from '../../../../i18n/datas';
import { caminho } from '../../../routes';
import { ListaRecurso } from '../../../ui/ListaRecurso';

/** /perfis-acesso */
export default function ListaPerfis() {
  const { http, t } = useAmbiente();
  return (
    <ListaRecurso<PerfilAcesso>
      chave="perfis-acesso"
      substantivo={t('perfis.substantivo')}
      rotuloBusca={t('perfis.buscar')}
      rotuloTabela={t('perfis.tabela')}
      carregar={(p, o, f) => perfisApi.listar(http, p, o, f)}
      idDe={(p) => p.id}
      nomeDe={(p) => p.nome}
      novo={{ permissao: P.CREATE_PERFIL_ACESSO, caminho: caminho('perfis-acesso-novo') }}
      abrir={(p) => caminho('perfis-acesso-editar', { perfilAcessoId: p.id })}
      excluir={{ permissao: P.DELETE_PERFIL_ACESSO, executar: (p) => perfisApi.excluir(http, p.id) }}
      colunas={[
        { campo: 'nome', titulo: t('coluna.nome'), ordenavel: true },
        { campo: 'descricao', titulo: t('coluna.descricao') },
        { campo: 'permissoes', titulo: t('coluna.permissoes'), render: (p) => p.permissoes.length },
        { campo: 'usuarios', titulo: t('coluna.usuarios'), ordenavel: true },
        { campo: 'atualizadoEm', titulo: t('coluna.atualizado-em'), ordenavel: true, render: (p) => formatarData(p.atualizadoEm) },
      ]}
    />
  );
}
