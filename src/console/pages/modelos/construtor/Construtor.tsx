import { definicaoDoCidadao } from '../../../../forms/etapas';
import { Button, ButtonGroup, Callout, Tab, Tabs } from '@blueprintjs/core';
import { enviaSms, orcamentoSms } from '../../../../forms/verificacao';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { P } from '../../../../access/permissoes';
import { usePermissao } from '../../../app/usePermissao';
import { modelosApi } from '../../../api/recursos/modelos';
import { contarCampos } from '../../../../forms/edicao';
import { type Definicao } from '../../../../forms/definicao';
import { localizarProblemas, validarDefinicao, type ProblemaLocalizado } from '../../../../forms/problemasDefinicao';
import { diferenca, jsonEstavel, resumoDiferenca } from '../../../../forms/diferenca';
import { ROTULO_STATUS_MODELO } from '../../../../forms/status';
import { formatarDataHora, formatarDataHoraCompleta } from '../../../../i18n/datas';
import { abrirDialogo, confirmar } from '../../../ui/dialogos';
import { Etiqueta } from '../../../ui/Etiqueta';
import { Formulario } from '../../../../cidadao/Formulario';
import '../../../styles/preenchimento';
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
import { AcoesDoModelo } from './AcoesDoModelo';
import { Historico } from './Historico';
import { situacaoDoModelo } from '../../../../forms/periodo';
import { idiomasDoModelo, NOME_IDIOMA, traducoesQueFaltam, traduzirDefinicao } from '../../../../forms/traducoes';
import { type IdiomaTraducao } from '../../../../forms/vocabulario';
import type { IdiomaCidadao } from '../../../../i18n/cidadao';
import { CampoSelecao } from '../../../ui/CampoSelecao';
import { Traducoes } from './Traducoes';
import { EditorCalculos } from './EditorCalculos';
import { mostrarSegredo, PainelIntegracao } from './PainelIntegracao';
import '../../../styles/modelos';

type Aba = 'formulario' | 'calculos' | 'dados' | 'traducoes' | 'versoes' | 'historico';

function ListaProblemas({ titulo, problemas, aoEscolher }: { titulo: string; problemas: ProblemaLocalizado[]; aoEscolher: (p: ProblemaLocalizado) => void }) {
  return (
    <Callout intent="danger" title={titulo} className="cf-problemas" role="alert">
      <ul>
        {problemas.map((p, i) => (
          <li key={i}>
            {/* Every problem with a place is a link to it: a missing translation of the name, description or declaration too (issue 50). */}
            {p.campoId || p.secaoId || p.traducao || p.calculo ? (
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
  const { http, estado, t, config } = useAmbiente();
  const tratar = useTratarErro();
  const c = useConstrutor(codigoServico);
  const grupos = useGruposDoModelo();
  const podeAlterar = usePermissao(P.UPDATE_MODELO);
  const [aba, setAba] = useState<Aba>('formulario');
  const [selecionado, setSelecionado] = useState<string | null>(null);
  const [problemasPublicar, setProblemasPublicar] = useState<ProblemaLocalizado[]>([]);
  // A problem of a section (one with no question, say) takes the focus to that section's title.
  const [secaoEmFoco, setSecaoEmFoco] = useState<{ id: string; vez: number } | null>(null);
  // A missing translation (issue 37) takes the focus to its box in "Traduções".
  const [traducaoEmFoco, setTraducaoEmFoco] = useState<{ idioma: IdiomaTraducao; chave: string; vez: number } | null>(null);
  // A calculated value or blocking rule (issue 43) chosen in the publishing problems; the preview's answers in "Cálculos".
  const [calculoEmFoco, setCalculoEmFoco] = useState<{ tipo: 'calculo' | 'bloqueio' | 'exigencia'; indice: number; vez: number } | null>(null);
  const [amostra, setAmostra] = useState<Record<string, unknown>>({});
  // The preview's language: the console's until the designer picks one the model is offered in.
  const [idiomaPrevia, setIdiomaPrevia] = useState<IdiomaCidadao | null>(null);
  useSairSemSalvar(c.sujo, t('construtor.nao-salvo-sair'));
  // The last published version, to tell when publishing would only repeat it.
  const [ultima, setUltima] = useState<{ numero: number; nome: string; definicao: unknown } | null>(null);
  const numeroUltima = c.modelo?.ultimaVersao ?? 0;
  useEffect(() => {
    // The version just published here is known already (publicar): kept while the server's copy loads, so that its
    // field names stay fixed from the first moment (a label edited meanwhile renamed a published field).
    setUltima((u) => (u && u.numero === numeroUltima ? u : null));
    if (numeroUltima) void modelosApi.versao(http, codigoServico, numeroUltima).then((v) => setUltima({ numero: v.numero, nome: v.nome, definicao: v.definicao }), () => undefined);
  }, [codigoServico, numeroUltima]);
  // Just created with a destination: its signing secret came with the creation and is shown once here.
  const local = useLocation();
  const navegar = useNavigate();
  const segredoNovo = (local.state as { segredoNovo?: string } | null)?.segredoNovo;
  useEffect(() => {
    if (!segredoNovo) return;
    mostrarSegredo(estado.dialogos, segredoNovo, t);
    navegar(local.pathname + local.search, { replace: true, state: null });
  }, [segredoNovo]);

  // Names the integration may already receive: fields of the last published version keep theirs.
  const publicados = useMemo(() => new Set(ultima ? (ultima.definicao as Definicao).secoes.flatMap((x) => x.campos.map((f) => f.id)) : []), [ultima]);
  const { mudar } = c;
  const aoMudarDefinicao = useCallback<AoMudarDefinicao>((f, chave) => mudar((r) => ({ ...r, definicao: f(r.definicao) }), chave), [mudar]);

  if (!c.modelo || !c.rascunho || !grupos) return <Carregando rotulo={t('construtor.carregando')} />;
  const { modelo, rascunho } = c;
  const arquivado = modelo.status === 'ARQUIVADO';
  const desabilitado = !podeAlterar || arquivado;
  const definicao = rascunho.definicao;

  const escolherProblema = (p: ProblemaLocalizado) => {
    if (p.calculo) {
      setAba('calculos');
      return setCalculoEmFoco((x) => ({ ...p.calculo!, vez: (x?.vez ?? 0) + 1 }));
    }
    if (p.traducao) {
      setAba('traducoes');
      return setTraducaoEmFoco((x) => ({ ...p.traducao!, vez: (x?.vez ?? 0) + 1 }));
    }
    setAba('formulario');
    if (p.campoId) setSelecionado(p.campoId);
    else if (p.secaoId) setSecaoEmFoco((x) => ({ id: p.secaoId!, vez: (x?.vez ?? 0) + 1 }));
  };

  async function salvar() {
    if (Object.keys(c.problemasDoModelo).length) setAba('dados');
    if (await c.salvar()) setProblemasPublicar([]);
  }

  async function publicar() {
    const probs = localizarProblemas(definicao, validarDefinicao(definicao, true, { restrito: !!rascunho.dados.grupoAcessoPublicoId, textos }, t), t);
    setProblemasPublicar(probs);
    if (probs.length) return;
    if (c.sujo && !(await c.salvar())) return;
    try {
      const anterior = modelo.ultimaVersao ? (await modelosApi.versao(http, codigoServico, modelo.ultimaVersao)).definicao : null;
      const resumo = resumoDiferenca(diferenca(anterior, definicao, t), t);
      const proxima = modelo.ultimaVersao + 1;
      const sim = await confirmar(estado.dialogos, {
        titulo: t('construtor.publicar-titulo', { n: proxima }),
        textoConfirmar: t('construtor.publicar'),
        mensagem: (
          <>
            <p>{t('construtor.publicar-texto', { n: proxima })}</p>
            {anterior ? <p>{t('construtor.o-que-muda', { n: modelo.ultimaVersao })}</p> : <p>{t('construtor.primeira', { campos: t('construtor.campos-secoes', { campos: contarCampos(definicao), secoes: definicao.secoes.length }) })}</p>}
            {anterior && (resumo.length ? <ul>{resumo.map((l) => <li key={l}>{l}</li>)}</ul> : <p>{t('construtor.nada-mudou-campos', { n: modelo.ultimaVersao })}</p>)}
          </>
        ),
      });
      const publicado = sim ? await c.transicao('publicar', (m) => t('construtor.publicado-texto', { n: m.ultimaVersao, nome: m.nome })) : null;
      // What was published is the saved draft: its names are fixed now, before the version is read back.
      if (publicado) setUltima({ numero: publicado.ultimaVersao, nome: publicado.nome, definicao });
    } catch (e) {
      tratar(e, 'acao');
    }
  }

  async function arquivar() {
    if (c.sujo) {
      await confirmar(estado.dialogos, { titulo: t('construtor.nao-salvas'), mensagem: t('construtor.salve-antes'), textoConfirmar: t('construtor.entendi') });
      return;
    }
    const sim = await confirmar(estado.dialogos, { titulo: t('construtor.arquivar-titulo'), mensagem: t('construtor.arquivar-texto', { nome: modelo.nome }), textoConfirmar: t('construtor.arquivar'), perigo: true });
    if (sim) await c.transicao('arquivar', (m) => t('construtor.arquivado-texto', { nome: m.nome }));
  }

  async function compararComAtual() {
    try {
      const m = await c.atual();
      abrirDialogo(estado.dialogos, {
        titulo: t('construtor.comparar-titulo'),
        largura: 900,
        conteudo: () => (
          <>
            <p className="cf-ajuda">{t('construtor.salvo-por', { por: m.atualizadoPor, em: formatarDataHora(m.atualizadoEm) })}</p>
            <DiferencaVersoes diferenca={diferenca(m.definicao, definicao, t)} rotuloA={t('construtor.versao-salva')} rotuloB={t('construtor.seu-rascunho')} />
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
  const textos = { nome: rascunho.dados.nome, descricao: rascunho.dados.descricao, mensagemLimite: rascunho.dados.mensagemLimite };
  const faltam = traducoesQueFaltam(definicao, textos).length;
  const idiomasPrevia = idiomasDoModelo(definicao);
  const previa = idiomaPrevia && idiomasPrevia.includes(idiomaPrevia) ? idiomaPrevia : config.language;
  // When it takes answers (issue 36), as the citizens meet it now.
  const situacao = situacaoDoModelo({ abreEm: modelo.abreEm, fechaEm: modelo.fechaEm, limiteRespostas: modelo.limiteRespostas, respostas: modelo.respostas });
  const periodo = situacao === 'EM_BREVE' ? t('construtor.em-breve', { data: formatarDataHoraCompleta(modelo.abreEm) }) : situacao === 'ENCERRADO' ? t('construtor.encerrado', { data: formatarDataHoraCompleta(modelo.fechaEm) }) : modelo.fechaEm ? t('construtor.encerra', { data: formatarDataHoraCompleta(modelo.fechaEm) }) : null;
  const nadaMudou = !!ultima && !c.sujo && ultima.nome === modelo.nome && jsonEstavel(ultima.definicao) === jsonEstavel(definicao);
  return (
    <section className="cf-pagina cf-construtor" onKeyDown={teclas}>
      <TituloPagina />
      <div className="cf-cabecalho-modelo">
        <span className="cf-nome-modelo">{modelo.nome}</span>
        <Etiqueta tabela={ROTULO_STATUS_MODELO} codigo={modelo.status} />
        <span className="cf-discreto">{modelo.ultimaVersao ? t('construtor.versao-publicada', { n: modelo.ultimaVersao }) : t('construtor.nunca-publicado')}</span>
        <span className="cf-discreto">{t('construtor.campos-secoes', { campos: n, secoes: definicao.secoes.length })}</span>
        <span className="cf-discreto" data-testid="respostas">
          {modelo.limiteRespostas ? t('construtor.respostas-limite', { n: modelo.respostas.toLocaleString(config.language), limite: modelo.limiteRespostas.toLocaleString(config.language) }) : t('construtor.respostas', { n: modelo.respostas.toLocaleString(config.language) })}
        </span>
        {periodo && <span className="cf-discreto" data-testid="periodo">{periodo}</span>}
        {enviaSms(definicao) && (
          <span className="cf-discreto" data-testid="sms-no-mes">
            {t('construtor.sms-no-mes', { n: modelo.smsNoMes.toLocaleString(config.language), limite: orcamentoSms(definicao).toLocaleString(config.language) })}
          </span>
        )}
        <span role="status" className={c.sujo ? 'cf-nao-salvo' : 'cf-discreto'}>
          {c.sujo ? t('construtor.nao-salvas') : t('construtor.rascunho-salvo', { por: modelo.atualizadoPor, em: formatarDataHora(modelo.atualizadoEm) })}
        </span>
      </div>
      {!desabilitado && (
        <div className="cf-barra-construtor" role="toolbar" aria-label={t('construtor.acoes')}>
          <ButtonGroup>
            <Button icon="undo" text={t('construtor.desfazer')} disabled={!c.hist?.passado.length} aria-keyshortcuts="Control+Z" onClick={c.desfazer} />
            <Button icon="redo" text={t('construtor.refazer')} disabled={!c.hist?.futuro.length} aria-keyshortcuts="Control+Shift+Z" onClick={c.refazer} />
          </ButtonGroup>
          <Button icon="floppy-disk" intent={c.sujo ? 'primary' : 'none'} text={t('construtor.salvar')} loading={c.ocupado === 'salvar'} aria-keyshortcuts="Control+S" onClick={() => void salvar()} />
          <Button icon="upload" intent="success" text={t('construtor.publicar')} disabled={nadaMudou} aria-describedby={nadaMudou ? 'cf-nada-mudou' : undefined} loading={c.ocupado === 'publicar'} onClick={() => void publicar()} />
          {nadaMudou && (
            <span id="cf-nada-mudou" className="cf-discreto">
              {t('construtor.nada-mudou', { n: ultima!.numero })}
            </span>
          )}
          <Button icon="archive" variant="minimal" text={t('construtor.arquivar')} loading={c.ocupado === 'arquivar'} onClick={() => void arquivar()} />
          <AcoesDoModelo modelo={modelo} />
        </div>
      )}
      {desabilitado && (
        <div className="cf-barra-construtor" role="toolbar" aria-label={t('construtor.acoes')}>
          <AcoesDoModelo modelo={modelo} />
        </div>
      )}
      {arquivado && (
        <Callout intent="warning" title={t('construtor.arquivado')} className="cf-aviso-modelo">
          <p>{t('construtor.arquivado-aviso')}</p>
          {podeAlterar && <Button icon="unarchive" text={t('construtor.restaurar')} loading={c.ocupado === 'arquivar'} onClick={() => void c.transicao('restaurar', (m) => t('construtor.restaurado-texto', { nome: m.nome }))} />}
        </Callout>
      )}
      {!podeAlterar && !arquivado && (
        <Callout intent="primary" className="cf-aviso-modelo">
          {t('construtor.somente-leitura')}
        </Callout>
      )}
      {c.conflito && (
        <Callout intent="warning" title={t('construtor.conflito')} className="cf-conflito" role="alert">
          <p>{t('construtor.conflito-texto')}</p>
          <div className="cf-acoes-formulario">
            <Button icon="comparison" text={t('construtor.comparar')} onClick={() => void compararComAtual()} />
            <Button intent="warning" icon="refresh" text={t('construtor.manter')} onClick={() => void c.manterMeuTrabalho()} />
            <Button icon="repeat" text={t('construtor.usar-salva')} onClick={() => void c.usarVersaoAtual()} />
          </div>
        </Callout>
      )}
      {problemasPublicar.length > 0 && <ListaProblemas titulo={t('construtor.nao-publicavel')} problemas={problemasPublicar} aoEscolher={escolherProblema} />}
      {c.enviado && c.problemas.length > 0 && problemasPublicar.length === 0 && <ListaProblemas titulo={t('construtor.tem-problemas')} problemas={c.problemas} aoEscolher={escolherProblema} />}
      <Tabs id="abas-construtor" className="cf-abas-construtor" selectedTabId={aba} onChange={(id) => setAba(id as Aba)} renderActiveTabPanelOnly animate={false}>
        <Tab
          id="formulario"
          title={t('construtor.aba-formulario')}
          panel={
            <div className="cf-construtor-colunas">
              <div className="cf-construtor-editor">
                <h2>{t('construtor.secoes-campos')}</h2>
                <EditorDefinicao definicao={definicao} problemas={c.problemas} aoMudar={aoMudarDefinicao} desabilitado={desabilitado} selecionado={selecionado} aoSelecionar={setSelecionado} nomesFixos={publicados} secaoEmFoco={secaoEmFoco} smsNoMes={modelo.smsNoMes} />
              </div>
              <aside className="cf-previa" aria-label={t('construtor.previa')}>
                <h2>{t('construtor.previa')}</h2>
                <p className="cf-ajuda">{t('construtor.previa-ajuda')}</p>
                {idiomasPrevia.length > 1 && <CampoSelecao rotulo={t('construtor.idioma-previa')} valor={previa} opcoes={idiomasPrevia.map((i) => ({ valor: i, rotulo: NOME_IDIOMA[i] }))} aoMudar={(v) => setIdiomaPrevia(v as IdiomaCidadao)} />}
                <Formulario key={previa} definicao={traduzirDefinicao(definicaoDoCidadao(definicao), previa)} idioma={previa} nivel={3} textoEnviar={t('construtor.conferir')} destaque={selecionado} />
              </aside>
            </div>
          }
        />
        <Tab
          id="calculos"
          title={(definicao.calculos?.length ?? 0) + (definicao.bloqueios?.length ?? 0) ? t('construtor.aba-calculos-n', { n: (definicao.calculos?.length ?? 0) + (definicao.bloqueios?.length ?? 0) }) : t('construtor.aba-calculos')}
          panel={
            <div className="cf-construtor-colunas">
              <div className="cf-construtor-editor">
                <h2>{t('construtor.aba-calculos')}</h2>
                <EditorCalculos definicao={definicao} aoMudar={aoMudarDefinicao} desabilitado={desabilitado} amostra={amostra} idioma={previa} foco={calculoEmFoco} />
              </div>
              <aside className="cf-previa" aria-label={t('construtor.previa')}>
                <h2>{t('construtor.previa')}</h2>
                <p className="cf-ajuda">{t('construtor.previa-ajuda')}</p>
                <Formulario key={previa} definicao={traduzirDefinicao(definicaoDoCidadao(definicao), previa)} idioma={previa} nivel={3} textoEnviar={t('construtor.conferir')} iniciais={amostra} aoMudarRespostas={setAmostra} />
              </aside>
            </div>
          }
        />
        <Tab
          id="dados"
          title={Object.keys(c.problemasDoModelo).length && c.enviado ? t('construtor.aba-dados-problemas') : t('construtor.aba-dados')}
          panel={
            <div className="cf-formulario">
              <CamposDoModelo dados={rascunho.dados} grupos={grupos} novo={false} mostrarErros={c.enviado} errosServidor={c.errosServidor} desabilitado={desabilitado} respostas={modelo.respostas} aoMudar={(patch) => mudar((r) => ({ ...r, dados: { ...r.dados, ...patch } }), `dados.${Object.keys(patch).join()}`)} />
              <PainelIntegracao key={modelo.codigoServico} modelo={modelo} podeAlterar={podeAlterar} aoMudar={c.atualizarIntegracao} />
            </div>
          }
        />
        <Tab
          id="traducoes"
          title={faltam && (definicao.idiomas?.length ?? 0) ? t('construtor.aba-traducoes-faltam', { n: faltam }) : t('construtor.aba-traducoes')}
          panel={<Traducoes definicao={definicao} textos={textos} permitidos={grupos.idiomas} desabilitado={desabilitado} aoMudar={aoMudarDefinicao} foco={traducaoEmFoco} />}
        />
        <Tab id="versoes" title={t('construtor.aba-versoes', { n: modelo.ultimaVersao })} panel={<Versoes codigo={codigoServico} rascunho={definicao} recarregar={c.versoesMudaram} />} />
        <Tab id="historico" title={t('construtor.aba-historico')} panel={<Historico modelo={modelo} podeAlterar={podeAlterar} sujo={c.sujo} aoRestaurar={c.restaurado} />} />
      </Tabs>
    </section>
  );
}
