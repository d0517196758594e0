import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { P } from '../../../access/permissoes';
import { usePermissao } from '../../../access/usePermissao';
import { perfisApi, type PerfilAcesso } from '../../../api/recursos/perfis';
import { formatarData } from '../../../i18n/datas';
import { caminho } from '../../../routes';
import { mostrarToast } from '../../../state/toasts';
import { CampoBusca } from '../../../ui/CampoBusca';
import { confirmar } from '../../../ui/dialogos';
import { TabelaPaginada } from '../../../ui/TabelaPaginada';
import { useTratarErro } from '../../../ui/useTratarErro';
import { TituloPagina } from '../../Titulo';

export const LISTA_PERFIS = 'perfis-acesso';

/** /perfis-acesso: the profiles, searchable and sortable; create, open and delete by permission. */
export default function ListaPerfis() {
  const { http, estado } = useAmbiente();
  const navegar = useNavigate();
  const tratar = useTratarErro();
  const [versao, setVersao] = useState(0);
  const podeCriar = usePermissao(P.CREATE_PERFIL_ACESSO);
  const podeExcluir = usePermissao(P.DELETE_PERFIL_ACESSO);

  const excluir = async (p: PerfilAcesso) => {
    const sim = await confirmar(estado.dialogos, { titulo: 'Excluir perfil de acesso', mensagem: `O perfil "${p.nome}" será excluído. Esta ação não pode ser desfeita.`, perigo: true, textoConfirmar: 'Excluir' });
    if (!sim) return;
    try {
      await perfisApi.excluir(http, p.id);
      mostrarToast(estado.toasts, { severity: 'success', summary: 'Perfil excluído', detail: `O perfil "${p.nome}" foi excluído.`, life: 5000 });
      setVersao((v) => v + 1);
    } catch (e) {
      tratar(e, 'acao');
    }
  };

  return (
    <section className="cf-pagina">
      <TituloPagina />
      <div className="cf-barra-lista">
        <CampoBusca lista={LISTA_PERFIS} rotulo="Buscar perfis por nome ou descrição" />
        {podeCriar && <Button intent="primary" icon="plus" text="Novo perfil" onClick={() => navegar(caminho('perfis-acesso-novo'))} />}
      </div>
      <TabelaPaginada<PerfilAcesso>
        chave={LISTA_PERFIS}
        rotulo="Perfis de acesso"
        versao={versao}
        carregar={(p, o, f) => perfisApi.listar(http, p, o, f)}
        idDe={(p) => p.id}
        aoAbrir={(p) => navegar(caminho('perfis-acesso-editar', { perfilAcessoId: p.id }))}
        vazio={podeCriar ? 'Nenhum perfil encontrado. Altere a busca ou crie um novo perfil.' : 'Nenhum perfil encontrado. Altere a busca.'}
        colunas={[
          { campo: 'nome', titulo: 'Nome', ordenavel: true },
          { campo: 'descricao', titulo: 'Descrição' },
          { campo: 'permissoes', titulo: 'Permissões', render: (p) => p.permissoes.length },
          { campo: 'usuarios', titulo: 'Usuários', ordenavel: true },
          { campo: 'atualizadoEm', titulo: 'Atualizado em', ordenavel: true, render: (p) => formatarData(p.atualizadoEm) },
          ...(podeExcluir
            ? [{ campo: 'acoes', titulo: 'Ações', render: (p: PerfilAcesso) => <Button variant="minimal" icon="trash" intent="danger" aria-label={`Excluir o perfil ${p.nome}`} onKeyDown={(ev) => ev.stopPropagation()} onClick={(ev) => (ev.stopPropagation(), void excluir(p))} /> }]
            : []),
        ]}
      />
    </section>
  );
}
