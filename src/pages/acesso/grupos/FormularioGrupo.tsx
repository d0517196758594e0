import { Button, Callout, Checkbox, FileInput, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { buscarVinculos, type DadosGrupo, type Grupo, type VinculoResumo } from '../../../api/recursos/grupos';
import { formatarCpf, lerListaCpfs } from '../../../forms/cpf';
import { caminho } from '../../../routes';
import { Campo } from '../../../ui/Campo';
import { AcoesFormulario, AvisoConflito, Carregando, useEdicao } from '../../../ui/useEdicao';
import { mensagemDe, type Regra } from '../../../validation/regras';
import { TituloPagina } from '../../Titulo';
import type { TipoPaginaGrupo } from './tipos';
import { contar } from '../../../i18n';

const REGRAS_NOME: Regra[] = [{ tipo: 'required' }, { tipo: 'maxLength', max: 100 }];
const REGRAS_DESCRICAO: Regra[] = [{ tipo: 'maxLength', max: 500 }];

/** Members of a content-control group, picked from the user links. */
function Membros({ valor, aoMudar, desabilitado }: { valor: string[]; aoMudar: (v: string[]) => void; desabilitado: boolean }) {
  const { http } = useAmbiente();
  const [busca, setBusca] = useState('');
  const [vinculos, setVinculos] = useState<VinculoResumo[]>([]);
  useEffect(() => {
    const t = setTimeout(() => void buscarVinculos(http, busca).then(setVinculos, () => setVinculos([])), 250);
    return () => clearTimeout(t);
  }, [busca]);
  return (
    <fieldset className="cf-permissoes">
      <legend>Membros ({valor.length})</legend>
      <InputGroup type="search" leftIcon="search" aria-label="Buscar usuários com vínculo" placeholder="Buscar usuários com vínculo" value={busca} onChange={(e) => setBusca(e.currentTarget.value)} disabled={desabilitado} />
      <div className="cf-lista-escolha">
        {vinculos.map((v) => (
          <Checkbox key={v.username} data-membro={v.username} checked={valor.includes(v.username)} disabled={desabilitado} onChange={(e) => aoMudar(e.currentTarget.checked ? [...valor, v.username] : valor.filter((x) => x !== v.username))}>
            {v.nome} <code>{v.username}</code>
          </Checkbox>
        ))}
      </div>
      {valor.filter((u) => !vinculos.some((v) => v.username === u)).length > 0 && (
        <p className="cf-ajuda">Também membros: {valor.filter((u) => !vinculos.some((v) => v.username === u)).join(', ')}</p>
      )}
    </fieldset>
  );
}

/** Citizens of a public-access group: paste or import a CSV; invalid lines are reported, not sent. */
function Cidadaos({ texto, aoMudar, desabilitado, erroServidor }: { texto: string; aoMudar: (t: string) => void; desabilitado: boolean; erroServidor?: string }) {
  const leitura = lerListaCpfs(texto);
  const importar = async (arquivo?: File) => {
    if (!arquivo) return;
    const conteudo = await arquivo.text();
    aoMudar([texto.trim(), conteudo.trim()].filter(Boolean).join('\n'));
  };
  return (
    <fieldset className="cf-permissoes">
      <legend>Cidadãos autorizados ({leitura.validos.length} CPFs válidos)</legend>
      <FormGroup label="CPFs, um por linha (ou separados por vírgula ou ponto e vírgula)" labelFor="grupo-cpfs" helperText="Cole uma lista ou importe um arquivo CSV; linhas sem números (como cabeçalhos) são ignoradas.">
        <TextArea id="grupo-cpfs" fill rows={8} value={texto} disabled={desabilitado} onChange={(e) => aoMudar(e.currentTarget.value)} />
      </FormGroup>
      {!desabilitado && <FileInput text="Importar arquivo CSV…" buttonText="Escolher" inputProps={{ accept: '.csv,.txt,text/csv,text/plain', 'aria-label': 'Importar arquivo CSV de CPFs' }} onInputChange={(e) => void importar((e.target as HTMLInputElement).files?.[0])} />}
      {leitura.invalidos.length > 0 && (
        <Callout intent="danger" title={`${contar(leitura.invalidos.length, 'linha', 'linhas')} com CPF inválido`} className="cf-relatorio-cpfs">
          <ul>
            {leitura.invalidos.slice(0, 50).map((x, i) => (
              <li key={i}>
                Linha {x.linha}: "{x.valor}" não é um CPF válido.
              </li>
            ))}
          </ul>
          {leitura.invalidos.length > 50 && <p>… e mais {leitura.invalidos.length - 50}.</p>}
          <Button text="Remover as linhas inválidas" icon="trash" onClick={() => aoMudar(leitura.validos.map(formatarCpf).join('\n'))} />
        </Callout>
      )}
      {leitura.repetidos > 0 && <p className="cf-ajuda">{leitura.repetidos === 1 ? '1 CPF repetido será gravado uma vez só.' : `${leitura.repetidos} CPFs repetidos serão gravados uma vez só.`}</p>}
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
  const { http } = useAmbiente();
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
    salvo: (g) => `O ${tipo.substantivo} "${g.nome}" foi salvo.`,
    permissoes: { criar: tipo.permissoes.criar, alterar: tipo.permissoes.alterar },
  });
  const { dados, setDados } = e;
  const erroMembros = Object.entries(e.errosServidor).filter(([k]) => k.startsWith(`${tipo.membros}.`)).map(([, v]) => v).join(' ');

  if (!e.carregado) return <Carregando rotulo="Carregando grupo" />;
  return (
    <section className="cf-pagina cf-formulario">
      <TituloPagina />
      {e.conflito && <AvisoConflito substantivo="grupo" aoRecarregar={e.recarregarVersao} />}
      <form onSubmit={(ev) => (ev.preventDefault(), void e.salvar())} noValidate>
        <Campo rotulo="Nome" nome="nome" valor={dados.nome} regras={REGRAS_NOME} mostrarErros={e.enviado} erroServidor={e.errosServidor.nome} desabilitado={!e.podeAlterar} aoMudar={(nome) => setDados((d) => ({ ...d, nome }))} />
        <Campo multilinha rotulo="Descrição" nome="descricao" valor={dados.descricao} regras={REGRAS_DESCRICAO} mostrarErros={e.enviado} erroServidor={e.errosServidor.descricao} desabilitado={!e.podeAlterar} aoMudar={(descricao) => setDados((d) => ({ ...d, descricao }))} />
        {publico ? (
          <Cidadaos texto={dados.textoCpfs} desabilitado={!e.podeAlterar} erroServidor={erroMembros} aoMudar={(textoCpfs) => setDados((d) => ({ ...d, textoCpfs }))} />
        ) : (
          <>
            <Membros valor={dados.membros} desabilitado={!e.podeAlterar} aoMudar={(membros) => setDados((d) => ({ ...d, membros }))} />
            {erroMembros && <p className="cf-erro-campo">{erroMembros}</p>}
          </>
        )}
        {e.registro?.modelos && (
          <section className="cf-modelos-do-grupo" aria-label="Modelos">
            <h2>Modelos ({e.registro.modelos.length})</h2>
            {e.registro.modelos.length ? (
              <ul>
                {e.registro.modelos.map((m) => (
                  <li key={m.codigoServico}>
                    {m.nome} <code>{m.codigoServico}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="cf-ajuda">Nenhum modelo usa este grupo.</p>
            )}
          </section>
        )}
        <AcoesFormulario podeAlterar={e.podeAlterar} salvando={e.salvando} aoVoltar={e.voltar} />
      </form>
    </section>
  );
}
