import { useAmbiente } from '../../../app/contexto';
import type { Grupo } from '../../../api/recursos/grupos';
import { formatarData } from '../../../i18n/datas';
import { caminho } from '../../../routes';
import { ListaRecurso } from '../../../ui/ListaRecurso';
import type { TipoPaginaGrupo } from './tipos';

/** /grupos-controle-conteudo and /grupos-acesso-publico */
export default function ListaGrupos({ tipo }: { tipo: TipoPaginaGrupo }) {
  const { http } = useAmbiente();
  return (
    <ListaRecurso<Grupo>
      chave={tipo.lista}
      substantivo={tipo.substantivo}
      rotuloBusca="Buscar grupos por nome ou descrição"
      rotuloTabela="Grupos"
      carregar={(p, o, f) => tipo.api.listar(http, p, o, f)}
      idDe={(g) => g.id}
      nomeDe={(g) => g.nome}
      novo={{ permissao: tipo.permissoes.criar, caminho: caminho(tipo.novo) }}
      abrir={(g) => caminho(tipo.editar, { [tipo.param]: g.id })}
      excluir={{ permissao: tipo.permissoes.excluir, executar: (g) => tipo.api.excluir(http, g.id) }}
      colunas={[
        { campo: 'nome', titulo: 'Nome', ordenavel: true },
        { campo: 'descricao', titulo: 'Descrição' },
        { campo: 'quantidadeMembros', titulo: tipo.rotuloMembros, ordenavel: true },
        { campo: 'quantidadeModelos', titulo: 'Modelos' },
        { campo: 'atualizadoEm', titulo: 'Atualizado em', ordenavel: true, render: (g) => formatarData(g.atualizadoEm) },
      ]}
    />
  );
}
