import { Button, ButtonGroup, Callout, Tab, Tabs } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { P } from '../../../access/permissoes';
import { usePermissao } from '../../../access/usePermissao';
import { modelosApi } from '../../../api/recursos/modelos';
import { contarCampos } from '../../../forms/edicao';
import { localizarProblemas, validarDefinicao, type Definicao, type ProblemaLocalizado } from '../../../forms/definicao';
import { diferenca, jsonEstavel, resumoDiferenca } from '../../../forms/diferenca';
import { ROTULO_STATUS_MODELO } from '../../../forms/status';
import { formatarDataHora } from '../../../i18n/datas';
import { contar } from '../../../i18n';
import { abrirDialogo, confirmar } from '../../../ui/dialogos';
import { Etiqueta } from '../../../ui/Etiqueta';
import { Preenchimento } from '../../../ui/formulario/Preenchimento';
import { Carregando } from '../../../ui/useEdicao';
import { useSairSemSalvar } from '../../../ui/useSairSemSalvar';
import { useTratarErro } from '../../../ui/useTratarErro';
import { TituloPagina } from '../../Titulo';
import { CamposDoModelo } from '../CamposDoModelo';
import { useGruposDoModelo } from '../useGruposDoModelo';
import { DiferencaVersoes } from './DiferencaVersoes';
import { EditorDefinicao } from './EditorDefinicao';
import type { AoMudarDefinicao } from './PropriedadesCampo';
import { useConstrutor } from './useConstrutor';
import { Versoes } from './Versoes';
import { mostrarSegredo, PainelIntegracao } from './PainelIntegracao';

type Aba = 'formulario' | 'dados' | 'versoes';

function ListaProblemas({ titulo, problemas, aoEscolher }: { titulo: string; problemas: ProblemaLocalizado[]; aoEscolher: (p: ProblemaLocalizado) => void }) {
  return (
    <Callout intent="danger" title={titulo} className="cf-problemas" role="alert">
      <ul>
        {problemas.map((p, i) => (
          <li key={i}>
            {p.campoId ? (
              <button type="button" className="cf-botao-link" onClick={() => aoEscolher(p)}>
                {p.texto}
              </button>
            ) : (
              p.texto
            )}
          </li>
        ))}
      </ul>
    </Callout>
  );
}

/** /modelos/{codigoServico}: the form builder with its live preview, the model's data and its versions. */
export default function Construtor() {
  const { codigoServico = '' } = useParams();
  const { http, estado } = useAmbiente();
  const tratar = useTratarErro();
  const c = useConstrutor(codigoServico);
  const grupos = useGruposDoModelo();
  const podeAlterar = usePermissao(P.UPDATE_MODELO);
  const [aba, setAba] = useState<Aba>('formulario');
  const [selecionado, setSelecionado] = useState<string | null>(null);
  const [problemasPublicar, setProblemasPublicar] = useState<ProblemaLocalizado[]>([]);
  useSairSemSalvar(c.sujo, 'As alterações do rascunho ainda não foram salvas e serão perdidas.');
  // The last published version, to tell when publishing would only repeat it.
  const [ultima, setUltima] = useState<{ numero: number; nome: string; definicao: unknown } | null>(null);
  const numeroUltima = c.modelo?.ultimaVersao ?? 0;
  useEffect(() => {
    setUltima(null);
    if (numeroUltima) void modelosApi.versao(http, codigoServico, numeroUltima).then((v) => setUltima({ numero: v.numero, nome: v.nome, definicao: v.definicao }), () => undefined);
  }, [codigoServico, numeroUltima]);
  // Just created with a destination: its signing secret came with the creation and is shown once here.
  const local = useLocation();
  const navegar = useNavigate();
  const segredoNovo = (local.state as { segredoNovo?: string } | null)?.segredoNovo;
  useEffect(() => {
    if (!segredoNovo) return;
    mostrarSegredo(estado.dialogos, segredoNovo);
    navegar(local.pathname + local.search, { replace: true, state: null });
  }, [segredoNovo]);

  // Names the integration may already receive: fields of the last published version keep theirs.
  const publicados = useMemo(() => new Set(ultima ? (ultima.definicao as Definicao).secoes.flatMap((x) => x.campos.map((f) => f.id)) : []), [ultima]);
  const { mudar } = c;
  const aoMudarDefinicao = useCallback<AoMudarDefinicao>((f, chave) => mudar((r) => ({ ...r, definicao: f(r.definicao) }), chave), [mudar]);

  if (!c.modelo || !c.rascunho || !grupos) return <Carregando rotulo="Carregando modelo" />;
  const { modelo, rascunho } = c;
  const arquivado = modelo.status === 'ARQUIVADO';
  const desabilitado = !podeAlterar || arquivado;
  const definicao = rascunho.definicao;

  const escolherProblema = (p: ProblemaLocalizado) => {
    setAba('formulario');
    if (p.campoId) setSelecionado(p.campoId);
  };

  async function salvar() {
    if (Object.keys(c.problemasDoModelo).length) setAba('dados');
    if (await c.salvar()) setProblemasPublicar([]);
  }

  async function publicar() {
    const probs = localizarProblemas(definicao, validarDefinicao(definicao, true, { restrito: !!rascunho.dados.grupoAcessoPublicoId }));
    setProblemasPublicar(probs);
    if (probs.length) return;
    if (c.sujo && !(await c.salvar())) return;
    try {
      const anterior = modelo.ultimaVersao ? (await modelosApi.versao(http, codigoServico, modelo.ultimaVersao)).definicao : null;
      const resumo = resumoDiferenca(diferenca(anterior, definicao));
      const proxima = modelo.ultimaVersao + 1;
      const sim = await confirmar(estado.dialogos, {
        titulo: `Publicar a versão ${proxima}`,
        textoConfirmar: 'Publicar',
        mensagem: (
          <>
            <p>A versão {proxima} passa a ser a que os cidadãos preenchem. Uma versão publicada não muda mais; alterações futuras viram a versão seguinte.</p>
            {anterior ? <p>O que muda em relação à versão {modelo.ultimaVersao}:</p> : <p>Primeira versão: {contar(contarCampos(definicao), 'campo', 'campos')} em {contar(definicao.secoes.length, 'seção', 'seções')}.</p>}
            {anterior && (resumo.length ? <ul>{resumo.map((l) => <li key={l}>{l}</li>)}</ul> : <p>Nada mudou nos campos desde a versão {modelo.ultimaVersao}.</p>)}
          </>
        ),
      });
      if (sim) await c.transicao('publicar', (m) => `A versão ${m.ultimaVersao} de "${m.nome}" foi publicada.`);
    } catch (e) {
      tratar(e, 'acao');
    }
  }

  async function arquivar() {
    if (c.sujo) {
      await confirmar(estado.dialogos, { titulo: 'Alterações não salvas', mensagem: 'Salve ou desfaça as alterações do rascunho antes de arquivar o modelo.', textoConfirmar: 'Entendi' });
      return;
    }
    const sim = await confirmar(estado.dialogos, { titulo: 'Arquivar o modelo', mensagem: `O formulário "${modelo.nome}" deixa de aceitar preenchimentos. O modelo, as suas versões e os formulários já preenchidos ficam guardados; ele pode ser restaurado depois.`, textoConfirmar: 'Arquivar', perigo: true });
    if (sim) await c.transicao('arquivar', (m) => `O modelo "${m.nome}" foi arquivado.`);
  }

  async function compararComAtual() {
    try {
      const m = await c.atual();
      abrirDialogo(estado.dialogos, {
        titulo: 'O que a outra pessoa salvou × o seu rascunho',
        largura: 900,
        conteudo: () => (
          <>
            <p className="cf-ajuda">
              Salvo por {m.atualizadoPor} em {formatarDataHora(m.atualizadoEm)}.
            </p>
            <DiferencaVersoes diferenca={diferenca(m.definicao, definicao)} rotuloA="Versão salva" rotuloB="Seu rascunho" />
          </>
        ),
      });
    } catch (e) {
      tratar(e, 'detalhe');
    }
  }

  const teclas = (ev: KeyboardEvent) => {
    if (!(ev.ctrlKey || ev.metaKey) || desabilitado) return;
    const k = ev.key.toLowerCase();
    if (k === 'z' && !ev.shiftKey) c.desfazer();
    else if ((k === 'z' && ev.shiftKey) || k === 'y') c.refazer();
    else if (k === 's') void salvar();
    else return;
    ev.preventDefault();
  };

  const n = contarCampos(definicao);
  const nadaMudou = !!ultima && !c.sujo && ultima.nome === modelo.nome && jsonEstavel(ultima.definicao) === jsonEstavel(definicao);
  return (
    <section className="cf-pagina cf-construtor" onKeyDown={teclas}>
      <TituloPagina />
      <div className="cf-cabecalho-modelo">
        <span className="cf-nome-modelo">{modelo.nome}</span>
        <Etiqueta tabela={ROTULO_STATUS_MODELO} codigo={modelo.status} />
        <span className="cf-discreto">{modelo.ultimaVersao ? `Versão publicada: v${modelo.ultimaVersao}` : 'Nunca publicado'}</span>
        <span className="cf-discreto">
          {contar(n, 'campo', 'campos')} em {contar(definicao.secoes.length, 'seção', 'seções')}
        </span>
        <span role="status" className={c.sujo ? 'cf-nao-salvo' : 'cf-discreto'}>
          {c.sujo ? 'Alterações não salvas' : `Rascunho salvo por ${modelo.atualizadoPor} em ${formatarDataHora(modelo.atualizadoEm)}`}
        </span>
      </div>
      {!desabilitado && (
        <div className="cf-barra-construtor" role="toolbar" aria-label="Ações do rascunho">
          <ButtonGroup>
            <Button icon="undo" text="Desfazer" disabled={!c.hist?.passado.length} aria-keyshortcuts="Control+Z" onClick={c.desfazer} />
            <Button icon="redo" text="Refazer" disabled={!c.hist?.futuro.length} aria-keyshortcuts="Control+Shift+Z" onClick={c.refazer} />
          </ButtonGroup>
          <Button icon="floppy-disk" intent={c.sujo ? 'primary' : 'none'} text="Salvar rascunho" loading={c.ocupado === 'salvar'} aria-keyshortcuts="Control+S" onClick={() => void salvar()} />
          <Button icon="upload" intent="success" text="Publicar" disabled={nadaMudou} aria-describedby={nadaMudou ? 'cf-nada-mudou' : undefined} loading={c.ocupado === 'publicar'} onClick={() => void publicar()} />
          {nadaMudou && (
            <span id="cf-nada-mudou" className="cf-discreto">
              Nada mudou desde a versão {ultima!.numero}.
            </span>
          )}
          <Button icon="archive" variant="minimal" text="Arquivar" loading={c.ocupado === 'arquivar'} onClick={() => void arquivar()} />
        </div>
      )}
      {arquivado && (
        <Callout intent="warning" title="Modelo arquivado" className="cf-aviso-modelo">
          <p>O formulário não aceita preenchimentos e o rascunho não pode ser alterado.</p>
          {podeAlterar && <Button icon="unarchive" text="Restaurar" loading={c.ocupado === 'arquivar'} onClick={() => void c.transicao('restaurar', (m) => `O modelo "${m.nome}" foi restaurado.`)} />}
        </Callout>
      )}
      {!podeAlterar && !arquivado && (
        <Callout intent="primary" className="cf-aviso-modelo">
          Somente leitura: o seu perfil não permite alterar modelos.
        </Callout>
      )}
      {c.conflito && (
        <Callout intent="warning" title="Outra pessoa salvou este modelo" className="cf-conflito" role="alert">
          <p>O seu rascunho não foi salvo, e nada do que você fez se perdeu. Compare as duas versões e escolha:</p>
          <div className="cf-acoes-formulario">
            <Button icon="comparison" text="Comparar" onClick={() => void compararComAtual()} />
            <Button intent="warning" icon="refresh" text="Manter o meu trabalho" onClick={() => void c.manterMeuTrabalho()} />
            <Button icon="repeat" text="Usar a versão salva" onClick={() => void c.usarVersaoAtual()} />
          </div>
        </Callout>
      )}
      {problemasPublicar.length > 0 && <ListaProblemas titulo="O rascunho não pode ser publicado" problemas={problemasPublicar} aoEscolher={escolherProblema} />}
      {c.enviado && c.problemas.length > 0 && problemasPublicar.length === 0 && <ListaProblemas titulo="O rascunho tem problemas" problemas={c.problemas} aoEscolher={escolherProblema} />}
      <Tabs id="abas-construtor" selectedTabId={aba} onChange={(id) => setAba(id as Aba)} renderActiveTabPanelOnly>
        <Tab
          id="formulario"
          title="Formulário"
          panel={
            <div className="cf-construtor-colunas">
              <div className="cf-construtor-editor">
                <h2>Seções e campos</h2>
                <EditorDefinicao definicao={definicao} problemas={c.problemas} aoMudar={aoMudarDefinicao} desabilitado={desabilitado} selecionado={selecionado} aoSelecionar={setSelecionado} nomesFixos={publicados} />
              </div>
              <aside className="cf-previa" aria-label="Pré-visualização">
                <h2>Pré-visualização</h2>
                <p className="cf-ajuda">Como o cidadão verá o formulário. Preencha para conferir as mensagens.</p>
                <Preenchimento definicao={definicao} textoEnviar="Conferir" destaque={selecionado} />
              </aside>
            </div>
          }
        />
        <Tab
          id="dados"
          title={Object.keys(c.problemasDoModelo).length && c.enviado ? 'Dados do modelo (com problemas)' : 'Dados do modelo'}
          panel={
            <div className="cf-formulario">
              <CamposDoModelo dados={rascunho.dados} grupos={grupos} novo={false} mostrarErros={c.enviado} errosServidor={c.errosServidor} desabilitado={desabilitado} aoMudar={(patch) => mudar((r) => ({ ...r, dados: { ...r.dados, ...patch } }), `dados.${Object.keys(patch).join()}`)} />
              <PainelIntegracao key={modelo.codigoServico} modelo={modelo} podeAlterar={podeAlterar} aoMudar={c.atualizarIntegracao} />
            </div>
          }
        />
        <Tab id="versoes" title={`Versões (${modelo.ultimaVersao})`} panel={<Versoes codigo={codigoServico} rascunho={definicao} recarregar={c.versoesMudaram} />} />
      </Tabs>
    </section>
  );
}
