import { Checkbox } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { AREAS, P, type Area, type PermissaoInfo } from '../../../access/permissoes';
import { perfisApi, type DadosPerfil } from '../../../api/recursos/perfis';
import { caminho } from '../../../routes';
import { Campo } from '../../../ui/Campo';
import { AcoesFormulario, AvisoConflito, Carregando, useEdicao } from '../../../ui/useEdicao';
import { useTratarErro } from '../../../ui/useTratarErro';
import { mensagemDe, type Regra } from '../../../validation/regras';
import { TituloPagina } from '../../Titulo';
import { contar } from '../../../i18n';

const REGRAS_NOME: Regra[] = [{ tipo: 'required' }, { tipo: 'maxLength', max: 100 }];
const REGRAS_DESCRICAO: Regra[] = [{ tipo: 'maxLength', max: 500 }];

/** /perfis-acesso/novo and /perfis-acesso/{perfilAcessoId}: name, description, permissions by area. */
export default function FormularioPerfil() {
  const { http } = useAmbiente();
  const { perfilAcessoId } = useParams();
  const tratar = useTratarErro();
  const [catalogo, setCatalogo] = useState<PermissaoInfo[] | null>(null);
  const e = useEdicao<DadosPerfil, Awaited<ReturnType<typeof perfisApi.obter>>>({
    id: perfilAcessoId,
    vazio: { nome: '', descricao: '', permissoes: [] },
    escopo: 'perfil',
    carregar: (id) => perfisApi.obter(http, id),
    paraDados: (p) => ({ nome: p.nome, descricao: p.descricao, permissoes: p.permissoes }),
    criar: (d) => perfisApi.criar(http, d),
    atualizar: (id, d) => perfisApi.atualizar(http, Number(id), d),
    valido: (d) => !mensagemDe(REGRAS_NOME, d.nome) && !mensagemDe(REGRAS_DESCRICAO, d.descricao),
    voltarPara: caminho('perfis-acesso'),
    salvo: (r) => `O perfil "${r.nome}" foi salvo.`,
    permissoes: { criar: P.CREATE_PERFIL_ACESSO, alterar: P.UPDATE_PERFIL_ACESSO },
  });
  useEffect(() => {
    perfisApi.catalogo(http).then(setCatalogo, (x) => tratar(x, 'detalhe'));
  }, []);

  const porArea = useMemo(() => {
    const m = new Map<Area, PermissaoInfo[]>();
    for (const p of catalogo ?? []) m.set(p.area, [...(m.get(p.area) ?? []), p]);
    return [...m.entries()];
  }, [catalogo]);

  const { dados, setDados } = e;
  const alternar = (nome: string, marcado: boolean) =>
    setDados((d) => ({ ...d, permissoes: marcado ? [...new Set([...d.permissoes, nome])] : d.permissoes.filter((x) => x !== nome) }));

  if (!e.carregado || !catalogo) return <Carregando rotulo="Carregando perfil" />;
  return (
    <section className="cf-pagina cf-formulario">
      <TituloPagina />
      {e.registro && <p className="cf-ajuda">{e.registro.usuarios ? `Vinculado a ${contar(e.registro.usuarios, 'usuário', 'usuários')}.` : 'Nenhum usuário tem este perfil.'}</p>}
      {e.conflito && <AvisoConflito substantivo="perfil" aoRecarregar={e.recarregarVersao} />}
      <form onSubmit={(ev) => (ev.preventDefault(), void e.salvar())} noValidate>
        <Campo rotulo="Nome" nome="nome" valor={dados.nome} regras={REGRAS_NOME} mostrarErros={e.enviado} erroServidor={e.errosServidor.nome} desabilitado={!e.podeAlterar} aoMudar={(nome) => setDados((d) => ({ ...d, nome }))} />
        <Campo multilinha rotulo="Descrição" nome="descricao" valor={dados.descricao} regras={REGRAS_DESCRICAO} mostrarErros={e.enviado} erroServidor={e.errosServidor.descricao} desabilitado={!e.podeAlterar} aoMudar={(descricao) => setDados((d) => ({ ...d, descricao }))} />
        <fieldset className="cf-permissoes">
          <legend>Permissões ({dados.permissoes.length} marcadas)</legend>
          {e.errosServidor.permissoes && <p className="cf-erro-campo">{e.errosServidor.permissoes}</p>}
          {porArea.map(([area, itens]) => (
            <div key={area} className="cf-permissoes-area" role="group" aria-label={AREAS[area]}>
              <h3>{AREAS[area]}</h3>
              {itens.map((p) => (
                <Checkbox key={p.nome} checked={dados.permissoes.includes(p.nome)} disabled={!e.podeAlterar} onChange={(ev) => alternar(p.nome, ev.currentTarget.checked)} data-permissao={p.nome}>
                  {p.descricao} <code>{p.nome}</code>
                </Checkbox>
              ))}
            </div>
          ))}
        </fieldset>
        <AcoesFormulario podeAlterar={e.podeAlterar} salvando={e.salvando} aoVoltar={e.voltar} />
      </form>
    </section>
  );
}
