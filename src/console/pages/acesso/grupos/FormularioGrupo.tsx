import { Button, Callout, Checkbox, FileInput, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAmbiente, useT } from '../../../app/contexto';
import { buscarVinculos, type DadosGrupo, type Grupo, type VinculoResumo } from '../../../api/recursos/grupos';
import { formatarCpf, lerListaCpfs } from '../../../../forms/cpf';
import { caminho } from '../../../routes';
import { Campo } from '../../../ui/Campo';
import { AcoesFormulario, AvisoConflito, Carregando, useEdicao } from '../../../ui/useEdicao';
import { mensagemDe, type Regra } from '../../../../validation/regras';
import { TituloPagina } from '../../Titulo';
import type { TipoPaginaGrupo } from './tipos';

const REGRAS_NOME: Regra[] = [{ tipo: 'required' }, { tipo: 'maxLength', max: 100 }];
const REGRAS_DESCRICAO: Regra[] = [{ tipo: 'maxLength', max: 500 }];

/** Members of a content-control group, picked from the user links. */
function Membros({ valor, aoMudar, desabilitado }: { valor: string[]; aoMudar: (v: string[]) => void; desabilitado: boolean }) {
  const { http, t: tr } = useAmbiente();
  const [busca, setBusca] = useState('');
  const [vinculos, setVinculos] = useState<VinculoResumo[]>([]);
  useEffect(() => {
    const t = setTimeout(() => void buscarVinculos(http, busca).then(setVinculos, () => setVinculos([])), 250);
    return () => clearTimeout(t);
  }, [busca]);
  return (
    <fieldset className="cf-permissoes">
      <legend>{tr('grupos.membros-n', { n: valor.length })}</legend>
      <InputGroup type="search" leftIcon="search" aria-label={tr('grupos.buscar-usuarios')} placeholder={tr('grupos.buscar-usuarios')} value={busca} onChange={(e) => setBusca(e.currentTarget.value)} disabled={desabilitado} />
      <div className="cf-lista-escolha">
        {vinculos.map((v) => (
          <Checkbox key={v.username} data-membro={v.username} checked={valor.includes(v.username)} disabled={desabilitado} onChange={(e) => aoMudar(e.currentTarget.checked ? [...valor, v.username] : valor.filter((x) => x !== v.username))}>
            {v.nome} <code>{v.username}</code>
          </Checkbox>
        ))}
      </div>
      {valor.filter((u) => !vinculos.some((v) => v.username === u)).length > 0 && (
        <p className="cf-ajuda">{tr('grupos.tambem-membros', { lista: valor.filter((u) => !vinculos.some((v) => v.username === u)).join(', ') })}</p>
      )}
    </fieldset>
  );
}

/** Citizens of a public-access group: paste or import a CSV; invalid lines are reported, not sent. */
function Cidadaos({ texto, aoMudar, desabilitado, erroServidor }: { texto: string; aoMudar: (t: string) => void; desabilitado: boolean; erroServidor?: string }) {
  const t = useT();
  const leitura = lerListaCpfs(texto);
  // The file is read asynchronously: join it to the list as it is then, not as it was when the file was chosen.
  const textoAtual = useRef(texto);
  textoAtual.current = texto;
  const importar = async (arquivo?: File) => {
    if (!arquivo) return;
    const conteudo = await arquivo.text();
    aoMudar([textoAtual.current.trim(), conteudo.trim()].filter(Boolean).join('\n'));
  };
  return (
    <fieldset className="cf-permissoes">
      <legend>{t('grupos.cidadaos-autorizados', { n: leitura.validos.length })}</legend>
      <FormGroup label={t('grupos.cpfs-rotulo')} labelFor="grupo-cpfs" helperText={t('grupos.cpfs-ajuda')}>
        <TextArea id="grupo-cpfs" fill rows={8} value={texto} disabled={desabilitado} onChange={(e) => aoMudar(e.currentTarget.value)} />
      </FormGroup>
      {!desabilitado && <FileInput text={t('grupos.importar')} buttonText={t('grupos.escolher')} inputProps={{ accept: '.csv,.txt,text/csv,text/plain', 'aria-label': t('grupos.importar-rotulo') }} onInputChange={(e) => void importar((e.target as HTMLInputElement).files?.[0])} />}
      {leitura.invalidos.length > 0 && (
        <Callout intent="danger" title={t('grupos.linhas-invalidas', { n: leitura.invalidos.length })} className="cf-relatorio-cpfs">
          <ul>
            {leitura.invalidos.slice(0, 50).map((x, i) => (
              <li key={i}>{t('grupos.linha-invalida', { linha: x.linha, valor: x.valor })}</li>
            ))}
          </ul>
          {leitura.invalidos.length > 50 && <p>{t('grupos.e-mais', { n: leitura.invalidos.length - 50 })}</p>}
          <Button text={t('grupos.remover-invalidas')} icon="trash" onClick={() => aoMudar(leitura.validos.map(formatarCpf).join('\n'))} />
        </Callout>
      )}
      {leitura.repetidos > 0 && <p className="cf-ajuda">{t('grupos.repetidos', { n: leitura.repetidos })}</p>}
      {erroServidor && <p className="cf-erro-campo">{erroServidor}</p>}
    </fieldset>
  );
}

interface Dados {
  nome: string;
  descricao: string;
  membros: string[];
  textoCpfs: string;
}

/** Create/edit page of both kinds of group. */
export default function FormularioGrupo({ tipo }: { tipo: TipoPaginaGrupo }) {
  const { http, t } = useAmbiente();
  const params = useParams();
  const publico = tipo.membros === 'cpfs';
  const paraApi = (d: Dados): DadosGrupo => ({ nome: d.nome, descricao: d.descricao, ...(publico ? { cpfs: lerListaCpfs(d.textoCpfs).validos } : { membros: d.membros }) });
  const e = useEdicao<Dados, Grupo>({
    id: params[tipo.param],
    vazio: { nome: '', descricao: '', membros: [], textoCpfs: '' },
    escopo: 'grupo',
    carregar: (id) => tipo.api.obter(http, id),
    paraDados: (g) => ({ nome: g.nome, descricao: g.descricao, membros: g.membros ?? [], textoCpfs: (g.cpfs ?? []).join('\n') }),
    criar: (d) => tipo.api.criar(http, paraApi(d)),
    atualizar: (id, d) => tipo.api.atualizar(http, id, { ...paraApi(d), versao: d.versao }),
    valido: (d) => !mensagemDe(REGRAS_NOME, d.nome) && !mensagemDe(REGRAS_DESCRICAO, d.descricao) && (!publico || lerListaCpfs(d.textoCpfs).invalidos.length === 0),
    voltarPara: caminho(tipo.lista),
    salvo: (g) => t('grupos.salvo', { substantivo: t(tipo.substantivo), nome: g.nome }),
    permissoes: { criar: tipo.permissoes.criar, alterar: tipo.permissoes.alterar },
  });
  const { dados, setDados } = e;
  const erroMembros = Object.entries(e.errosServidor).filter(([k]) => k.startsWith(`${tipo.membros}.`)).map(([, v]) => v).join(' ');

  if (!e.carregado) return <Carregando rotulo={t('grupos.carregando')} />;
  return (
    <section className="cf-pagina cf-formulario">
      <TituloPagina nome={e.registro?.nome} />
      {e.conflito && <AvisoConflito substantivo={t('grupos.substantivo-curto')} aoRecarregar={e.recarregarVersao} />}
      <form onSubmit={(ev) => (ev.preventDefault(), void e.salvar())} noValidate>
        <Campo rotulo={t('coluna.nome')} nome="nome" valor={dados.nome} regras={REGRAS_NOME} mostrarErros={e.enviado} erroServidor={e.errosServidor.nome} desabilitado={!e.podeAlterar} aoMudar={(nome) => setDados((d) => ({ ...d, nome }))} />
        <Campo multilinha rotulo={t('coluna.descricao')} nome="descricao" valor={dados.descricao} regras={REGRAS_DESCRICAO} mostrarErros={e.enviado} erroServidor={e.errosServidor.descricao} desabilitado={!e.podeAlterar} aoMudar={(descricao) => setDados((d) => ({ ...d, descricao }))} />
        {publico ? (
          <Cidadaos texto={dados.textoCpfs} desabilitado={!e.podeAlterar} erroServidor={erroMembros} aoMudar={(textoCpfs) => setDados((d) => ({ ...d, textoCpfs }))} />
        ) : (
          <>
            <Membros valor={dados.membros} desabilitado={!e.podeAlterar} aoMudar={(membros) => setDados((d) => ({ ...d, membros }))} />
            {erroMembros && <p className="cf-erro-campo">{erroMembros}</p>}
          </>
        )}
        {e.registro?.modelos && (
          <section className="cf-modelos-do-grupo" aria-label={t('coluna.modelos')}>
            <h2>{t('grupos.modelos-n', { n: e.registro.modelos.length })}</h2>
            {e.registro.modelos.length ? (
              <ul>
                {e.registro.modelos.map((m) => (
                  <li key={m.codigoServico}>
                    {m.nome} <code>{m.codigoServico}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="cf-ajuda">{t('grupos.sem-modelos')}</p>
            )}
          </section>
        )}
        <AcoesFormulario podeAlterar={e.podeAlterar} salvando={e.salvando} aoVoltar={e.voltar} />
      </form>
    </section>
  );
}
