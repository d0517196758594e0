import { Button, Callout, Checkbox, Drawer, DrawerSize, FormGroup, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { P } from '../../../access/permissoes';
import { perfisApi, type PerfilAcesso } from '../../../api/recursos/perfis';
import { gruposApi, type Grupo } from '../../../api/recursos/grupos';
import { vinculosApi, type DadosVinculo, type Vinculo } from '../../../api/recursos/vinculos';
import { formatarData } from '../../../i18n/datas';
import { caminho } from '../../../routes';
import { Campo } from '../../../ui/Campo';
import { ListaRecurso } from '../../../ui/ListaRecurso';
import { AcoesFormulario, AvisoConflito, Carregando, useEdicao } from '../../../ui/useEdicao';
import { mensagemDe, type Regra } from '../../../validation/regras';
import { VisibilidadeMenu } from './VisibilidadeMenu';
import { TrilhaAuditoria } from './TrilhaAuditoria';
import { MSG_SO_ADMINISTRADOR_CONCEDE, recusaAlvo, recusaConcederGrupo, recusaConcederPerfil, type Concedente } from '../../../access/delegacao';

const REGRAS_USUARIO: Regra[] = [{ tipo: 'required' }, { tipo: 'maxLength', max: 100 }];
const REGRAS_NOME: Regra[] = [{ tipo: 'required' }, { tipo: 'maxLength', max: 200 }];
const REGRAS_EMAIL: Regra[] = [{ tipo: 'required' }, { tipo: 'email' }, { tipo: 'maxLength', max: 200 }];
const NOVO = '__novo__';
const LISTA = caminho('vinculos-usuarios-busca');

const todos = { page: 0, size: 100, total: 0 };

/** One user's link, in a drawer over the search: profiles, groups, administrator flag, what they see. */
function FichaVinculo({ username }: { username: string }) {
  const { http } = useAmbiente();
  const novo = username === NOVO;
  const [perfis, setPerfis] = useState<PerfilAcesso[] | null>(null);
  const [grupos, setGrupos] = useState<Grupo[] | null>(null);
  const [eu, setEu] = useState<Concedente | null>(null);
  useEffect(() => {
    void perfisApi.listar(http, todos, [{ campo: 'nome', direcao: 'asc' }], {}).then((r) => setPerfis(r.itens), () => setPerfis([]));
    void gruposApi('/grupos-controle-conteudo').listar(http, todos, [{ campo: 'nome', direcao: 'asc' }], {}).then((r) => setGrupos(r.itens), () => setGrupos([]));
    void vinculosApi.eu(http).then(setEu, () => setEu({ username: '', administrador: false, permissoes: [], grupos: [], perfis: [] }));
  }, []);
  const e = useEdicao<DadosVinculo, Vinculo>({
    id: novo ? undefined : username,
    vazio: { username: '', nome: '', email: '', administrador: false, perfis: [], grupos: [] },
    escopo: 'vinculo',
    carregar: (u) => vinculosApi.obter(http, u),
    paraDados: (v) => ({ username: v.username, nome: v.nome, email: v.email, administrador: v.administrador, perfis: v.perfis.map((p) => p.id), grupos: v.grupos.map((g) => g.id) }),
    criar: (d) => vinculosApi.criar(http, d),
    atualizar: (u, d) => vinculosApi.atualizar(http, u, d),
    valido: (d) => !mensagemDe(REGRAS_NOME, d.nome) && !mensagemDe(REGRAS_EMAIL, d.email) && (!novo || !mensagemDe(REGRAS_USUARIO, d.username)),
    voltarPara: LISTA,
    salvo: (v) => `O vínculo de "${v.username}" foi salvo.`,
    permissoes: { criar: P.CREATE_VINCULOS_USUARIO, alterar: P.UPDATE_VINCULOS_USUARIO },
  });
  const { dados, setDados } = e;
  if (!e.carregado || !perfis || !grupos || !eu) return <Carregando rotulo="Carregando vínculo" />;
  // Delegation (src/access/delegacao.ts, the rules the API enforces): what this user may not change is shown, not offered.
  const recusaDoAlvo = e.registro ? recusaAlvo(eu, e.registro) : null;
  const pode = e.podeAlterar && !recusaDoAlvo;
  const efetivas = [...new Set(perfis.filter((p) => dados.perfis.includes(p.id)).flatMap((p) => p.permissoes))].sort();
  const marcar = (lista: 'perfis' | 'grupos', id: number, sim: boolean) => setDados((d) => ({ ...d, [lista]: sim ? [...d[lista], id] : d[lista].filter((x) => x !== id) }));
  return (
    <div className="cf-ficha">
      {e.conflito && <AvisoConflito substantivo="vínculo" aoRecarregar={e.recarregarVersao} />}
      {e.podeAlterar && recusaDoAlvo && (
        <Callout intent="warning" icon="lock" data-testid="vinculo-bloqueado">
          {recusaDoAlvo}
        </Callout>
      )}
      {e.registro && (
        <p className="cf-ajuda">
          Concedido por {e.registro.concedidoPor} em {formatarData(e.registro.concedidoEm)}; alterado por {e.registro.atualizadoPor} em {formatarData(e.registro.atualizadoEm)}.
        </p>
      )}
      <form onSubmit={(ev) => (ev.preventDefault(), void e.salvar())} noValidate>
        {novo && <Campo rotulo="Usuário (login no Keycloak)" nome="username" valor={dados.username ?? ''} regras={REGRAS_USUARIO} mostrarErros={e.enviado} erroServidor={e.errosServidor.username} aoMudar={(username) => setDados((d) => ({ ...d, username }))} />}
        <Campo rotulo="Nome" nome="nome" valor={dados.nome} regras={REGRAS_NOME} mostrarErros={e.enviado} erroServidor={e.errosServidor.nome} desabilitado={!pode} aoMudar={(nome) => setDados((d) => ({ ...d, nome }))} />
        <Campo rotulo="E-mail" nome="email" tipo="email" valor={dados.email} regras={REGRAS_EMAIL} mostrarErros={e.enviado} erroServidor={e.errosServidor.email} desabilitado={!pode} aoMudar={(email) => setDados((d) => ({ ...d, email }))} />
        <Switch label="Administrador (nome em vermelho; vê todos os grupos de controle de conteúdo)" checked={dados.administrador} disabled={!pode || !eu.administrador} onChange={(ev) => setDados((d) => ({ ...d, administrador: ev.currentTarget.checked }))} />
        {pode && !eu.administrador && <p className="cf-ajuda">{MSG_SO_ADMINISTRADOR_CONCEDE}</p>}
        <fieldset className="cf-permissoes">
          <legend>Perfis de acesso</legend>
          {perfis.map((p) => {
            const recusa = recusaConcederPerfil(eu, p);
            return (
              <Checkbox key={p.id} data-perfil={p.nome} checked={dados.perfis.includes(p.id)} disabled={!pode || !!recusa} title={pode ? (recusa ?? undefined) : undefined} onChange={(ev) => marcar('perfis', p.id, ev.currentTarget.checked)}>
                {p.nome}
              </Checkbox>
            );
          })}
        </fieldset>
        <fieldset className="cf-permissoes">
          <legend>Grupos de controle de conteúdo</legend>
          {grupos.map((g) => {
            const recusa = recusaConcederGrupo(eu, g);
            return (
              <Checkbox key={g.id} data-grupo={g.nome} checked={dados.grupos.includes(g.id)} disabled={!pode || !!recusa} title={pode ? (recusa ?? undefined) : undefined} onChange={(ev) => marcar('grupos', g.id, ev.currentTarget.checked)}>
                {g.nome}
              </Checkbox>
            );
          })}
        </fieldset>
        <FormGroup label={`Permissões efetivas (${efetivas.length})`}>
          <div className="cf-tags" data-testid="permissoes-efetivas">
            {efetivas.length ? efetivas.map((p) => <Tag key={p} minimal>{p}</Tag>) : <span className="cf-ajuda">Nenhuma: o usuário só vê a Página Inicial.</span>}
          </div>
        </FormGroup>
        <h3>O que aparece no menu</h3>
        <VisibilidadeMenu permissoes={efetivas} />
        <AcoesFormulario podeAlterar={pode} salvando={e.salvando} aoVoltar={e.voltar} />
      </form>
      {eu.administrador && !novo && (
        <section aria-labelledby="historico-vinculo" data-testid="historico-vinculo">
          <h3 id="historico-vinculo">Histórico de alterações</h3>
          <TrilhaAuditoria chave={`auditoria-vinculo:${username}`} fixos={{ recurso: 'VINCULO_USUARIO', alvo: username }} />
        </section>
      )}
    </div>
  );
}

/** /vinculos-usuarios/busca — a user's link opens over the list, linkable as ?usuario=<username>. */
export default function BuscaVinculos() {
  const { http, estado } = useAmbiente();
  const navegar = useNavigate();
  const [params] = useSearchParams();
  const usuario = params.get('usuario');
  const trilha = params.get('trilha') === '1';
  const administrador = useSnapshot(estado.acesso).adminInfo.userIsAdmin;
  return (
    <>
      <ListaRecurso<Vinculo>
        chave="vinculos-usuarios"
        substantivo="vínculo"
        rotuloBusca="Buscar por nome, usuário ou e-mail"
        rotuloTabela="Vínculos de usuários"
        carregar={(p, o, f) => vinculosApi.listar(http, p, o, f)}
        idDe={(v) => v.username}
        nomeDe={(v) => v.username}
        abrir={(v) => caminho('vinculos-usuarios-busca', {}, { usuario: v.username })}
        excluir={{ permissao: P.DELETE_VINCULOS_USUARIO, executar: (v) => vinculosApi.excluir(http, v.username) }}
        novo={{ permissao: P.CREATE_VINCULOS_USUARIO, caminho: caminho('vinculos-usuarios-busca', {}, { usuario: NOVO }) }}
        acoes={administrador && <Button icon="history" text="Trilha de auditoria" onClick={() => navegar(caminho('vinculos-usuarios-busca', {}, { trilha: '1' }))} />}
        colunas={[
          { campo: 'nome', titulo: 'Nome', ordenavel: true },
          { campo: 'username', titulo: 'Usuário', ordenavel: true },
          { campo: 'email', titulo: 'E-mail', ordenavel: true },
          { campo: 'perfis', titulo: 'Perfis', render: (v) => v.perfis.map((p) => p.nome).join(', ') },
          { campo: 'grupos', titulo: 'Grupos', render: (v) => v.grupos.map((g) => g.nome).join(', ') },
          { campo: 'administrador', titulo: 'Administrador', render: (v) => (v.administrador ? 'Sim' : 'Não') },
        ]}
      />
      <Drawer isOpen={!!usuario} onClose={() => navegar(LISTA)} title={usuario === NOVO ? 'Novo vínculo' : `Vínculo de ${usuario}`} size={DrawerSize.LARGE} autoFocus enforceFocus>
        <div className="bp6-drawer-body cf-corpo-gaveta">{usuario && <FichaVinculo key={usuario} username={usuario} />}</div>
      </Drawer>
      <Drawer isOpen={trilha && administrador} onClose={() => navegar(LISTA)} title="Trilha de auditoria de acesso" size={DrawerSize.LARGE} autoFocus enforceFocus>
        <div className="bp6-drawer-body cf-corpo-gaveta">
          <p className="cf-ajuda">Cada mudança em vínculos, perfis de acesso e grupos, e cada modelo que mudou de grupo de controle de conteúdo: quem, quando, antes e depois.</p>
          {trilha && administrador && <TrilhaAuditoria chave="auditoria-acesso" />}
        </div>
      </Drawer>
    </>
  );
}
