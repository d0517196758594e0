import { formatarDataHoraCompleta } from '../../../../i18n/datas';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAmbiente } from '../../../app/contexto';
import { errosPorCampo } from '../../../api/erros';
import { FalhaApi } from '../../../api/http';
import { modelosApi, type Modelo } from '../../../api/recursos/modelos';
import { dadosDoModelo, dadosParaApi, problemasDados, type FormDadosModelo } from '../dadosModelo';
import { type Definicao } from '../../../../forms/definicao';
import { localizarProblemas, validarDefinicao } from '../../../../forms/problemasDefinicao';
import { desfazer, fazer, iniciarHistorico, refazer, type Historico } from '../../../../forms/historico';
import { comEscopo } from '../../../state/carregamento';
import { idErroDe, mostrarSucesso, mostrarToast } from '../../../state/toasts';
import { useTratarErro } from '../../../ui/useTratarErro';
import { mostrarSegredo } from './PainelIntegracao';

/** What the builder edits: the model's data and its draft definition, undone and redone together. */
export interface Rascunho {
  dados: FormDadosModelo;
  definicao: Definicao;
}

export type Mudanca = (r: Rascunho) => Rascunho;

const doModelo = (m: Modelo): Rascunho => ({ dados: dadosDoModelo(m), definicao: m.definicao ?? { secoes: [] } });

/** The builder's save: its error toast (client-side problems or the API's) goes when a save works. */
const SALVAR = 'salvar-modelo';
const ehConflito = (e: unknown) => e instanceof FalhaApi && e.erro.tipo === 'http' && e.erro.status === 409;

/**
 * The builder's state: the model as stored, the draft being edited with its undo/redo history, whether
 * it differs from what was last saved, and the actions (save with `versao`, the 409 choices, publish,
 * archive, restore). Pages draw it; the rules live in src/forms.
 */
export function useConstrutor(codigo: string) {
  const { http, estado, t } = useAmbiente();
  const tratar = useTratarErro();
  const [modelo, setModelo] = useState<Modelo | null>(null);
  const [hist, setHist] = useState<Historico<Rascunho> | null>(null);
  /** The draft as last loaded or saved: the reference `hist.presente` is compared with. */
  const salvo = useRef<Rascunho | null>(null);
  const [conflito, setConflito] = useState(false);
  const [enviado, setEnviado] = useState(false);
  const [errosServidor, setErrosServidor] = useState<Record<string, string>>({});
  const [ocupado, setOcupado] = useState<null | 'salvar' | 'publicar' | 'arquivar'>(null);
  /** Bumped when versions change (the versions tab reloads). */
  const [versoesMudaram, setVersoesMudaram] = useState(0);

  const aceitar = useCallback((m: Modelo, r: Rascunho | null = doModelo(m)) => {
    setModelo(m);
    if (r) {
      salvo.current = r;
      setHist(iniciarHistorico(r));
    }
  }, []);

  useEffect(() => {
    comEscopo(estado.carregamento, 'modelo', () => modelosApi.obter(http, codigo)).then(
      (m) => aceitar(m),
      (e) => tratar(e, 'detalhe'),
    );
  }, [codigo]);

  const mudar = useCallback((f: Mudanca, chave = '') => setHist((h) => (h ? fazer(h, f(h.presente), chave) : h)), []);
  const voltar = useCallback(() => setHist((h) => (h ? desfazer(h) : h)), []);
  const avancar = useCallback(() => setHist((h) => (h ? refazer(h) : h)), []);

  const rascunho = hist?.presente ?? null;
  const sujo = !!rascunho && rascunho !== salvo.current;
  const problemas = useMemo(() => (rascunho ? localizarProblemas(rascunho.definicao, validarDefinicao(rascunho.definicao, false, {}, t), t) : []), [rascunho?.definicao, t]);
  const problemasDoModelo = useMemo(() => (rascunho ? problemasDados(rascunho.dados, false) : {}), [rascunho?.dados]);

  /** Saves the draft; resolves whether it was saved. */
  async function salvar(): Promise<boolean> {
    if (!rascunho || !modelo) return false;
    setEnviado(true);
    if (problemas.length || Object.keys(problemasDoModelo).length) {
      mostrarToast(estado.toasts, { id: idErroDe(SALVAR), severity: 'error', summary: t('construtor.nao-salvo'), detail: t('construtor.corrija'), life: 8000 });
      return false;
    }
    const enviando = rascunho;
    setOcupado('salvar');
    try {
      const m = await modelosApi.atualizar(http, codigo, { ...dadosParaApi(enviando.dados, false), definicao: enviando.definicao, versao: modelo.versao });
      aceitar(m, null);
      // The first save with a destination makes the signing secret: this answer is the only one that has it.
      if (m.segredoNovo) mostrarSegredo(estado.dialogos, m.segredoNovo, t);
      // Saved header values are secrets the API never shows back (issue 50): the draft now names them as stored, and the box typed into empties.
      const guardado: Rascunho = { ...enviando, dados: { ...enviando.dados, cabecalhos: '', cabecalhosGuardados: m.integracao.cabecalhos } };
      salvo.current = guardado;
      setHist((h) => (h && h.presente === enviando ? { ...h, presente: guardado } : h));
      setConflito(false);
      setErrosServidor({});
      mostrarSucesso(estado.toasts, SALVAR, { summary: t('edicao.salvo'), detail: t('construtor.salvo-texto', { nome: m.nome }) });
      return true;
    } catch (e) {
      const r = tratar(e, 'acao', SALVAR);
      setErrosServidor(r.tipo === 'campos' ? errosPorCampo(r.problema) : {});
      if (ehConflito(e)) setConflito(true);
      return false;
    } finally {
      setOcupado(null);
    }
  }

  /** After a 409: the stored model as it is now (to compare with), without touching the draft. */
  const atual = () => modelosApi.obter(http, codigo);

  /** After a 409: takes the current `versao` and keeps the draft, so the next save goes over theirs. */
  async function manterMeuTrabalho() {
    try {
      const m = await atual();
      setModelo(m);
      setConflito(false);
      mostrarToast(estado.toasts, { severity: 'info', summary: t('edicao.versao-carregada'), detail: t('construtor.manter-texto'), life: 6000 });
    } catch (e) {
      tratar(e, 'detalhe');
    }
  }

  /** After a 409: takes what the other person saved (one undo brings the draft back). */
  async function usarVersaoAtual() {
    try {
      const m = await atual();
      const r = doModelo(m);
      setModelo(m);
      salvo.current = r;
      setHist((h) => (h ? fazer(h, r) : iniciarHistorico(r)));
      setConflito(false);
      mostrarToast(estado.toasts, { severity: 'info', summary: t('edicao.versao-carregada'), detail: t('construtor.usar-texto'), life: 8000 });
    } catch (e) {
      tratar(e, 'detalhe');
    }
  }

  /** Runs a lifecycle change (publish, archive, restore) and takes the model it returns (null when refused). */
  async function transicao(qual: 'publicar' | 'arquivar' | 'restaurar', aviso: (m: Modelo) => string): Promise<Modelo | null> {
    setOcupado(qual === 'publicar' ? 'publicar' : 'arquivar');
    try {
      const m = await modelosApi[qual](http, codigo);
      aceitar(m, null);
      setVersoesMudaram((v) => v + 1);
      mostrarSucesso(estado.toasts, `${qual}-modelo`, { summary: t(qual === 'publicar' ? 'construtor.publicado' : qual === 'arquivar' ? 'construtor.arquivado-toast' : 'construtor.restaurado'), detail: aviso(m), life: 6000 });
      return m;
    } catch (e) {
      const r = tratar(e, 'acao', `${qual}-modelo`);
      setErrosServidor(r.tipo === 'campos' ? errosPorCampo(r.problema) : {});
      return null;
    } finally {
      setOcupado(null);
    }
  }

  /** A draft restored from the history (issue 36): it becomes the draft, saved, with undo starting from it. */
  const restaurado = useCallback((m: Modelo) => {
    aceitar(m);
    mostrarSucesso(estado.toasts, 'historico-modelo', { summary: t('historico.restaurado'), detail: t('construtor.rascunho-salvo', { por: m.atualizadoPor, em: formatarDataHoraCompleta(m.atualizadoEm) }), life: 6000 });
  }, []);

  /** A new state of the integration (secret made, pause lifted): the draft and its versao stay as they are. */
  const atualizarIntegracao = useCallback((m: Modelo) => setModelo((atual) => (atual ? { ...atual, integracao: m.integracao } : m)), []);

  return {
    atualizarIntegracao,
    modelo,
    rascunho,
    hist,
    sujo,
    problemas,
    problemasDoModelo,
    enviado,
    errosServidor,
    conflito,
    ocupado,
    versoesMudaram,
    mudar,
    desfazer: voltar,
    refazer: avancar,
    salvar,
    atual,
    manterMeuTrabalho,
    usarVersaoAtual,
    transicao,
    restaurado,
  };
}

export type Construtor = ReturnType<typeof useConstrutor>;
