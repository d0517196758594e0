import { Button, Callout, Checkbox, Drawer, DrawerSize, FormGroup, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { P } from '../../../../access/permissoes';
import { perfisApi, type PerfilAcesso } from '../../../api/recursos/perfis';
import { gruposApi, type Grupo } from '../../../api/recursos/grupos';
import { vinculosApi, type DadosVinculo, type Vinculo } from '../../../api/recursos/vinculos';
import { formatarData } from '../../../../i18n/datas';
import { caminho } from '../../../routes';
import { Campo } from '../../../ui/Campo';
import { ListaRecurso } from '../../../ui/ListaRecurso';
import { AcoesFormulario, AvisoConflito, Carregando, useEdicao } from '../../../ui/useEdicao';
import { mensagemDe, type Regra } from '../../../../validation/regras';
import { VisibilidadeMenu } from './VisibilidadeMenu';
import { TrilhaAuditoria } from './TrilhaAuditoria';
import { soAdministradorConcede, recusaAlvo, recusaConcederGrupo, recusaConcederPerfil, type Concedente } from '../../../../access/delegacao';

const REGRAS_USUARIO: Regra[] = [{ tipo: 'required' }, { tipo: 'maxLength', max: 100 }];
const REGRAS_NOME: Regra[] = [{ tipo: 'required' }, { tipo: 'maxLength', max: 200 }];
const REGRAS_EMAIL: Regra[] = [{ tipo: 'required' }, { tipo: 'email' }, { tipo: 'maxLength', max: 200 }];
const NOVO = '__novo__';
const LISTA = caminho('vinculos-usuarios-busca');

const todos = { page: 0, size: 100, total: 0 };

/** One user's link, in a drawer over the search: profiles, groups, administrator flag, what they see. */
function FichaVinculo({ username }: { username: string }) {
  const { http, t } = useAmbiente();
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
    salvo: (v) => t('vinculos.salvo', { usuario: v.username }),
    permissoes: { criar: P.CREATE_VINCULOS_USUARIO, alterar: P.UPDATE_VINCULOS_USUARIO },
  });
  const { dados, setDados } = e;
  if (!e.carregado || !perfis || !grupos || !eu) return <Carregando rotulo={t('vinculos.carregando')} />;
  // Delegation (src/access/delegacao.ts, the rules the API enforces): what this user may not change is shown, not offered.
  const recusaDoAlvo = e.registro ? recusaAlvo(eu, e.registro, t) : null;
  const pode = e.podeAlterar && !recusaDoAlvo;
  const efetivas = [...new Set(perfis.filter((p) => dados.perfis.includes(p.id)).flatMap((p) => p.permissoes))].sort();
  const marcar = (lista: 'perfis' | 'grupos', id: number, sim: boolean) => setDados((d) => ({ ...d, [lista]: sim ? [...d[lista], id] : d[lista].filter((x) => x !== id) }));
  return (
    <div className="cf-ficha">
      {e.conflito && <AvisoConflito substantivo={t('vinculos.substantivo')} aoRecarregar={e.recarregarVersao} />}
      {e.podeAlterar && recusaDoAlvo && (
        <Callout intent="warning" icon="lock" data-testid="vinculo-bloqueado">
          {recusaDoAlvo}
        </Callout>
      )}
      {e.registro && (
        <p className="cf-ajuda">
          {t('vinculos.concedido', { por: e.registro.concedidoPor, em: formatarData(e.registro.concedidoEm), alteradoPor: e.registro.atualizadoPor, alteradoEm: formatarData(e.registro.atualizadoEm) })}
        </p>
      )}
      <form onSubmit={(ev) => (ev.preventDefault(), void e.salvar())} noValidate>
        {novo && <Campo rotulo={t('vinculos.usuario-login')} nome="username" valor={dados.username ?? ''} regras={REGRAS_USUARIO} mostrarErros={e.enviado} erroServidor={e.errosServidor.username} aoMudar={(username) => setDados((d) => ({ ...d, username }))} />}
        <Campo rotulo={t('coluna.nome')} nome="nome" valor={dados.nome} regras={REGRAS_NOME} mostrarErros={e.enviado} erroServidor={e.errosServidor.nome} desabilitado={!pode} aoMudar={(nome) => setDados((d) => ({ ...d, nome }))} />
        <Campo rotulo={t('vinculos.email')} nome="email" tipo="email" valor={dados.email} regras={REGRAS_EMAIL} mostrarErros={e.enviado} erroServidor={e.errosServidor.email} desabilitado={!pode} aoMudar={(email) => setDados((d) => ({ ...d, email }))} />
        <Switch label={t('vinculos.administrador-switch')} checked={dados.administrador} disabled={!pode || !eu.administrador} onChange={(ev) => setDados((d) => ({ ...d, administrador: ev.currentTarget.checked }))} />
        {pode && !eu.administrador && <p className="cf-ajuda">{soAdministradorConcede(t)}</p>}
        <fieldset className="cf-permissoes">
          <legend>{t('vinculos.perfis')}</legend>
          {perfis.map((p) => {
            const recusa = recusaConcederPerfil(eu, p, t);
            return (
              <Checkbox key={p.id} data-perfil={p.nome} checked={dados.perfis.includes(p.id)} disabled={!pode || !!recusa} title={pode ? (recusa ?? undefined) : undefined} onChange={(ev) => marcar('perfis', p.id, ev.currentTarget.checked)}>
                {p.nome}
              </Checkbox>
            );
          })}
        </fieldset>
        <fieldset className="cf-permissoes">
          <legend>{t('vinculos.grupos')}</legend>
          {grupos.map((g) => {
            const recusa = recusaConcederGrupo(eu, g, t);
            return (
              <Checkbox key={g.id} data-grupo={g.nome} checked={dados.grupos.includes(g.id)} disabled={!pode || !!recusa} title={pode ? (recusa ?? undefined) : undefined} onChange={(ev) => marcar('grupos', g.id, ev.currentTarget.checked)}>
                {g.nome}
              </Checkbox>
            );
          })}
        </fieldset>
        <FormGroup label={t('vinculos.efetivas', { n: efetivas.length })}>
          <div className="cf-tags" data-testid="permissoes-efetivas">
            {efetivas.length ? efetivas.map((p) => <Tag key={p} minimal>{p}</Tag>) : <span className="cf-ajuda">{t('vinculos.sem-permissoes')}</span>}
          </div>
        </FormGroup>
        <h3>{t('vinculos.no-menu')}</h3>
        <VisibilidadeMenu permissoes={efetivas} />
        <AcoesFormulario podeAlterar={pode} salvando={e.salvando} aoVoltar={e.voltar} />
      </form>
      {eu.administrador && !novo && (
        <section aria-labelledby="historico-vinculo" data-testid="historico-vinculo">
          <h3 id="historico-vinculo">{t('vinculos.historico')}</h3>
          <TrilhaAuditoria chave={`auditoria-vinculo:${username}`} fixos={{ recurso: 'VINCULO_USUARIO', alvo: username }} />
        </section>
      )}
    </div>
  );
}

/** /vinculos-usuarios/busca — a user's link opens over the list, linkable as ?usuario=<username>. */
export default function BuscaVinculos() {
  const { http, estado, t } = useAmbiente();
  const navegar = useNavigate();
  const [params] = useSearchParams();
  const usuario = params.get('usuario');
  const trilha = params.get('trilha') === '1';
  const administrador = useSnapshot(estado.acesso).adminInfo.userIsAdmin;
  return (
    <>
      <ListaRecurso<Vinculo>
        chave="vinculos-usuarios"
        substantivo={t('vinculos.substantivo')}
        rotuloBusca={t('vinculos.buscar')}
        rotuloTabela={t('vinculos.tabela')}
        carregar={(p, o, f) => vinculosApi.listar(http, p, o, f)}
        idDe={(v) => v.username}
        nomeDe={(v) => v.username}
        abrir={(v) => caminho('vinculos-usuarios-busca', {}, { usuario: v.username })}
        excluir={{ permissao: P.DELETE_VINCULOS_USUARIO, executar: (v) => vinculosApi.excluir(http, v.username) }}
        novo={{ permissao: P.CREATE_VINCULOS_USUARIO, caminho: caminho('vinculos-usuarios-busca', {}, { usuario: NOVO }) }}
        acoes={administrador && <Button icon="history" text={t('trilha.botao')} onClick={() => navegar(caminho('vinculos-usuarios-busca', {}, { trilha: '1' }))} />}
        colunas={[
          { campo: 'nome', titulo: t('coluna.nome'), ordenavel: true },
          { campo: 'username', titulo: t('vinculos.usuario'), ordenavel: true },
          { campo: 'email', titulo: t('vinculos.email'), ordenavel: true },
          { campo: 'perfis', titulo: t('vinculos.perfis-coluna'), render: (v) => v.perfis.map((p) => p.nome).join(', ') },
          { campo: 'grupos', titulo: t('vinculos.grupos-coluna'), render: (v) => v.grupos.map((g) => g.nome).join(', ') },
          { campo: 'administrador', titulo: t('vinculos.administrador'), render: (v) => (v.administrador ? t('geral.sim') : t('geral.nao')) },
        ]}
      />
      <Drawer isOpen={!!usuario} onClose={() => navegar(LISTA)} title={usuario === NOVO ? t('vinculos.novo') : t('vinculos.de', { usuario: usuario ?? '' })} size={DrawerSize.LARGE} autoFocus enforceFocus>
        <div className="bp6-drawer-body cf-corpo-gaveta">{usuario && <FichaVinculo key={usuario} username={usuario} />}</div>
      </Drawer>
      <Drawer isOpen={trilha && administrador} onClose={() => navegar(LISTA)} title={t('trilha.titulo')} size={DrawerSize.LARGE} autoFocus enforceFocus>
        <div className="bp6-drawer-body cf-corpo-gaveta">
          <p className="cf-ajuda">{t('trilha.explicacao')}</p>
          {trilha && administrador && <TrilhaAuditoria chave="auditoria-acesso" />}
        </div>
      </Drawer>
    </>
  );
}
