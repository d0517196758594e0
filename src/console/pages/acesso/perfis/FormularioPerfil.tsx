import { Checkbox } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { descricaoPermissao, nomeArea, P, type Area, type Permissao, type PermissaoInfo } from '../../../../access/permissoes';
import { perfisApi, type DadosPerfil } from '../../../api/recursos/perfis';
import { caminho } from '../../../routes';
import { Campo } from '../../../ui/Campo';
import { AcoesFormulario, AvisoConflito, Carregando, useEdicao } from '../../../ui/useEdicao';
import { useTratarErro } from '../../../ui/useTratarErro';
import { mensagemDe, type Regra } from '../../../../validation/regras';
import { TituloPagina } from '../../Titulo';

const REGRAS_NOME: Regra[] = [{ tipo: 'required' }, { tipo: 'maxLength', max: 100 }];
const REGRAS_DESCRICAO: Regra[] = [{ tipo: 'maxLength', max: 500 }];

/** /perfis-acesso/novo and /perfis-acesso/{perfilAcessoId}: name, description, permissions by area. */
export default function FormularioPerfil() {
  const { http, t } = useAmbiente();
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
    salvo: (r) => t('perfis.salvo', { nome: r.nome }),
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
  const alternar = (nome: Permissao, marcado: boolean) =>
    setDados((d) => ({ ...d, permissoes: marcado ? [...new Set([...d.permissoes, nome])] : d.permissoes.filter((x) => x !== nome) }));

  if (!e.carregado || !catalogo) return <Carregando rotulo={t('perfis.carregando')} />;
  return (
    <section className="cf-pagina cf-formulario">
      <TituloPagina nome={e.registro?.nome} />
      {e.registro && <p className="cf-ajuda">{e.registro.usuarios ? t('perfis.vinculado', { n: e.registro.usuarios }) : t('perfis.sem-usuarios')}</p>}
      {e.conflito && <AvisoConflito substantivo={t('perfis.substantivo')} aoRecarregar={e.recarregarVersao} />}
      <form onSubmit={(ev) => (ev.preventDefault(), void e.salvar())} noValidate>
        <Campo rotulo={t('coluna.nome')} nome="nome" valor={dados.nome} regras={REGRAS_NOME} mostrarErros={e.enviado} erroServidor={e.errosServidor.nome} desabilitado={!e.podeAlterar} aoMudar={(nome) => setDados((d) => ({ ...d, nome }))} />
        <Campo multilinha rotulo={t('coluna.descricao')} nome="descricao" valor={dados.descricao} regras={REGRAS_DESCRICAO} mostrarErros={e.enviado} erroServidor={e.errosServidor.descricao} desabilitado={!e.podeAlterar} aoMudar={(descricao) => setDados((d) => ({ ...d, descricao }))} />
        <fieldset className="cf-permissoes">
          <legend>{t('perfis.permissoes-n', { n: dados.permissoes.length })}</legend>
          {e.errosServidor.permissoes && <p className="cf-erro-campo">{e.errosServidor.permissoes}</p>}
          {porArea.map(([area, itens]) => (
            <div key={area} className="cf-permissoes-area" role="group" aria-label={nomeArea(area, t)}>
              <h3>{nomeArea(area, t)}</h3>
              {itens.map((p) => (
                <Checkbox key={p.nome} checked={dados.permissoes.includes(p.nome)} disabled={!e.podeAlterar} onChange={(ev) => alternar(p.nome, ev.currentTarget.checked)} data-permissao={p.nome}>
                  {descricaoPermissao(p.nome, t)} <code>{p.nome}</code>
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
