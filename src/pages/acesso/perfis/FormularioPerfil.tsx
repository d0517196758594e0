import { Button, Callout, Checkbox, NonIdealState, Spinner, TextArea, FormGroup } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { AREAS, P, type Area, type PermissaoInfo } from '../../../access/permissoes';
import { usePermissao } from '../../../access/usePermissao';
import { perfisApi, type DadosPerfil } from '../../../api/recursos/perfis';
import { errosPorCampo } from '../../../api/erros';
import { FalhaApi } from '../../../api/http';
import { caminho } from '../../../routes';
import { comEscopo } from '../../../state/carregamento';
import { mostrarToast } from '../../../state/toasts';
import { Campo } from '../../../ui/Campo';
import { useTratarErro } from '../../../ui/useTratarErro';
import { mensagemDe, type Regra } from '../../../validation/regras';
import { TituloPagina } from '../../Titulo';

const REGRAS_NOME: Regra[] = [{ tipo: 'required' }, { tipo: 'maxLength', max: 100 }];
const REGRAS_DESCRICAO: Regra[] = [{ tipo: 'maxLength', max: 500 }];

/** /perfis-acesso/novo and /perfis-acesso/{perfilAcessoId}: name, description, permissions by area. */
export default function FormularioPerfil() {
  const { http, estado, config } = useAmbiente();
  const { perfilAcessoId } = useParams();
  const novo = !perfilAcessoId;
  const navegar = useNavigate();
  const tratar = useTratarErro();
  const podeAlterar = usePermissao(novo ? P.CREATE_PERFIL_ACESSO : P.UPDATE_PERFIL_ACESSO);
  const [catalogo, setCatalogo] = useState<PermissaoInfo[] | null>(null);
  const [dados, setDados] = useState<DadosPerfil>({ nome: '', descricao: '', permissoes: [] });
  const [versao, setVersao] = useState(0);
  const [usuarios, setUsuarios] = useState(0);
  const [carregado, setCarregado] = useState(novo);
  const [enviado, setEnviado] = useState(false);
  const [errosServidor, setErrosServidor] = useState<Record<string, string>>({});
  const [conflito, setConflito] = useState(false);
  const [salvando, setSalvando] = useState(false);

  useEffect(() => {
    comEscopo(estado.carregamento, 'perfil', async () => {
      setCatalogo(await perfisApi.catalogo(http));
      if (!novo) {
        const p = await perfisApi.obter(http, perfilAcessoId);
        setDados({ nome: p.nome, descricao: p.descricao, permissoes: p.permissoes });
        setVersao(p.versao);
        setUsuarios(p.usuarios);
        setCarregado(true);
      }
    }).catch((e) => tratar(e, 'detalhe'));
  }, [perfilAcessoId]);

  const porArea = useMemo(() => {
    const m = new Map<Area, PermissaoInfo[]>();
    for (const p of catalogo ?? []) m.set(p.area, [...(m.get(p.area) ?? []), p]);
    return [...m.entries()];
  }, [catalogo]);

  const alternar = (nome: string, marcado: boolean) =>
    setDados((d) => ({ ...d, permissoes: marcado ? [...new Set([...d.permissoes, nome])] : d.permissoes.filter((x) => x !== nome) }));

  const invalido = !!(mensagemDe(REGRAS_NOME, dados.nome, config.language) || mensagemDe(REGRAS_DESCRICAO, dados.descricao, config.language));

  async function salvar() {
    setEnviado(true);
    if (invalido) return;
    setSalvando(true);
    try {
      const r = novo ? await perfisApi.criar(http, dados) : await perfisApi.atualizar(http, Number(perfilAcessoId), { ...dados, versao });
      mostrarToast(estado.toasts, { severity: 'success', summary: 'Perfil salvo', detail: `O perfil "${r.nome}" foi salvo.`, life: 5000 });
      navegar(caminho('perfis-acesso'));
    } catch (e) {
      const reacao = tratar(e, 'acao');
      if (reacao.tipo === 'campos') setErrosServidor(errosPorCampo(reacao.problema));
      if (e instanceof FalhaApi && e.erro.tipo === 'http' && e.erro.status === 409) setConflito(true);
    } finally {
      setSalvando(false);
    }
  }

  /** 409: take the current version number, keep everything the user typed. */
  async function recarregarVersao() {
    try {
      const p = await perfisApi.obter(http, perfilAcessoId!);
      setVersao(p.versao);
      setUsuarios(p.usuarios);
      setConflito(false);
      mostrarToast(estado.toasts, { severity: 'info', summary: 'Versão atual carregada', detail: 'O que você digitou foi mantido. Revise e salve de novo.', life: 6000 });
    } catch (e) {
      tratar(e, 'detalhe');
    }
  }

  if (!carregado || !catalogo) return <NonIdealState icon={<Spinner size={32} aria-label="Carregando perfil" />} title="Carregando…" />;

  return (
    <section className="cf-pagina cf-formulario">
      <TituloPagina />
      {!novo && <p className="cf-ajuda">Vinculado a {usuarios} usuário(s).</p>}
      {conflito && (
        <Callout intent="warning" title="Outra pessoa alterou este perfil" className="cf-conflito">
          <p>As suas alterações não foram salvas. Carregue a versão atual para salvar por cima dela; o que você digitou continua aqui.</p>
          <Button intent="warning" icon="refresh" text="Carregar a versão atual" onClick={recarregarVersao} />
        </Callout>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void salvar();
        }}
        noValidate
      >
        <Campo rotulo="Nome" nome="nome" valor={dados.nome} regras={REGRAS_NOME} mostrarErros={enviado} erroServidor={errosServidor.nome} desabilitado={!podeAlterar} aoMudar={(nome) => setDados((d) => ({ ...d, nome }))} />
        <FormGroup label="Descrição" labelFor="perfil-descricao" helperText={enviado ? (mensagemDe(REGRAS_DESCRICAO, dados.descricao) ?? errosServidor.descricao) : errosServidor.descricao} intent={enviado && mensagemDe(REGRAS_DESCRICAO, dados.descricao) ? 'danger' : 'none'}>
          <TextArea id="perfil-descricao" fill value={dados.descricao} disabled={!podeAlterar} onChange={(e) => setDados((d) => ({ ...d, descricao: e.currentTarget.value }))} />
        </FormGroup>
        <fieldset className="cf-permissoes">
          <legend>Permissões ({dados.permissoes.length} marcadas)</legend>
          {errosServidor.permissoes && <p className="cf-erro-campo">{errosServidor.permissoes}</p>}
          {porArea.map(([area, itens]) => (
            <div key={area} className="cf-permissoes-area" role="group" aria-label={AREAS[area]}>
              <h3>{AREAS[area]}</h3>
              {itens.map((p) => (
                <Checkbox key={p.nome} checked={dados.permissoes.includes(p.nome)} disabled={!podeAlterar} onChange={(e) => alternar(p.nome, e.currentTarget.checked)} data-permissao={p.nome}>
                  {p.descricao} <code>{p.nome}</code>
                </Checkbox>
              ))}
            </div>
          ))}
        </fieldset>
        <div className="cf-acoes-formulario">
          {podeAlterar && <Button type="submit" intent="primary" icon="tick" text="Salvar" loading={salvando} />}
          <Button text={podeAlterar ? 'Cancelar' : 'Voltar'} onClick={() => navegar(caminho('perfis-acesso'))} />
        </div>
      </form>
    </section>
  );
}
