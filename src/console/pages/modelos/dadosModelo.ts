import { emPortugues, type Tradutor } from '../../../i18n';
import type { DadosModelo, MetodoIntegracao, Modelo } from '../../api/recursos/modelos';
import { mensagemDe, type Regra } from '../../../validation/regras';
import { problemaCodigoServico } from '../../../forms/definicao';
import { cabecalhosDoPedido, lerCabecalhos } from '../../../forms/integracao';
import { problemasDoPeriodo } from '../../../forms/periodo';
import { emSaoPaulo, instanteSaoPaulo } from '../../../i18n/datas';

/**
 * A model's own data as its form edits it (code, name, description, groups, integration target), the
 * rules each field is checked with and the conversion to and from the API. Pure: the "new model" page
 * and the builder's "Dados do modelo" tab share it.
 */
export interface FormDadosModelo {
  codigoServico: string;
  nome: string;
  descricao: string;
  /** '' until one is chosen. */
  grupoControleConteudoId: string;
  /** '' for none (the form is open to everyone). */
  grupoAcessoPublicoId: string;
  url: string;
  metodo: MetodoIntegracao;
  /** Headers typed now (new, or replacing a stored one): "Nome: valor", one per line. */
  cabecalhos: string;
  /** The stored headers the model keeps, by name: their values are never shown (issue 50); removing a name removes the header on save. */
  cabecalhosGuardados: string[];
  /** Days a filled form keeps its personal data; '' for ever. */
  retencaoDias: string;
  /** Opening and closing (issue 36): São Paulo dates (yyyy-MM-dd, '' for none) and times (HH:mm; empty: 00:00 to open, 23:59 to close). */
  abreData: string;
  abreHora: string;
  fechaData: string;
  fechaHora: string;
  /** '' for no limit. */
  limiteRespostas: string;
  mensagemLimite: string;
  modeloBase: boolean;
}

export const METODOS: MetodoIntegracao[] = ['POST', 'PUT', 'PATCH'];

export const REGRAS_DADOS = {
  codigoServico: [{ tipo: 'required' }] as Regra[],
  nome: [{ tipo: 'required' }, { tipo: 'maxLength', max: 200 }] as Regra[],
  descricao: [{ tipo: 'maxLength', max: 2000 }] as Regra[],
  grupoControleConteudoId: [{ tipo: 'required' }] as Regra[],
  url: [{ tipo: 'url' }, { tipo: 'maxLength', max: 500 }] as Regra[],
  retencaoDias: [{ tipo: 'integer' }, { tipo: 'minValue', min: 1 }, { tipo: 'maxValue', max: 36500 }] as Regra[],
  limiteRespostas: [{ tipo: 'integer' }, { tipo: 'minValue', min: 1 }, { tipo: 'maxValue', max: 100_000_000 }] as Regra[],
  mensagemLimite: [{ tipo: 'maxLength', max: 500 }] as Regra[],
};

/** An hour typed as HH:mm (the time input's value); empty is the default of its side. */
const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The instants of the form's dates and times (null: none), as the API takes them. */
export function periodoDoForm(d: Pick<FormDadosModelo, 'abreData' | 'abreHora' | 'fechaData' | 'fechaHora'>): { abreEm: string | null; fechaEm: string | null } {
  return {
    abreEm: d.abreData ? instanteSaoPaulo(d.abreData, d.abreHora || '00:00') : null,
    fechaEm: d.fechaData ? instanteSaoPaulo(d.fechaData, d.fechaHora || '23:59') : null,
  };
}

export const DADOS_VAZIOS: FormDadosModelo = { codigoServico: '', nome: '', descricao: '', grupoControleConteudoId: '', grupoAcessoPublicoId: '', url: '', metodo: 'POST', cabecalhos: '', cabecalhosGuardados: [], retencaoDias: '', abreData: '', abreHora: '', fechaData: '', fechaHora: '', limiteRespostas: '', mensagemLimite: '', modeloBase: false };

export function dadosDoModelo(m: Modelo): FormDadosModelo {
  return {
    codigoServico: m.codigoServico,
    nome: m.nome,
    descricao: m.descricao ?? '',
    grupoControleConteudoId: String(m.grupoControleConteudo.id),
    grupoAcessoPublicoId: m.grupoAcessoPublicoId ? String(m.grupoAcessoPublicoId) : '',
    url: m.integracao.url ?? '',
    metodo: m.integracao.metodo,
    cabecalhos: '',
    cabecalhosGuardados: m.integracao.cabecalhos,
    retencaoDias: m.retencaoDias ? String(m.retencaoDias) : '',
    ...(m.abreEm ? (({ data, hora }) => ({ abreData: data, abreHora: hora }))(emSaoPaulo(m.abreEm)) : { abreData: '', abreHora: '' }),
    ...(m.fechaEm ? (({ data, hora }) => ({ fechaData: data, fechaHora: hora }))(emSaoPaulo(m.fechaEm)) : { fechaData: '', fechaHora: '' }),
    limiteRespostas: m.limiteRespostas ? String(m.limiteRespostas) : '',
    mensagemLimite: m.mensagemLimite ?? '',
    modeloBase: m.modeloBase,
  };
}

export const problemaCodigo = (v: string, t?: Tradutor) => (v.trim() ? problemaCodigoServico(v.trim(), t) : null);
export const problemaCabecalhos = (v: string, t?: Tradutor) => lerCabecalhos(v, t).problema;

/** Every message of the form by field (empty when it may be sent). `novo`: the code is checked too. */
export function problemasDados(d: FormDadosModelo, novo: boolean, t: Tradutor = emPortugues): Partial<Record<keyof FormDadosModelo, string>> {
  const p: Partial<Record<keyof FormDadosModelo, string>> = {};
  const por = (k: keyof typeof REGRAS_DADOS, extra?: string | null) => {
    const m = mensagemDe(REGRAS_DADOS[k], d[k]) ?? extra ?? null;
    if (m) p[k] = m;
  };
  if (novo) por('codigoServico', problemaCodigo(d.codigoServico));
  por('nome');
  por('descricao');
  por('grupoControleConteudoId');
  por('url');
  por('retencaoDias');
  por('limiteRespostas');
  por('mensagemLimite');
  const c = problemaCabecalhos(d.cabecalhos);
  if (c) p.cabecalhos = c;
  if (d.abreHora && !HORA.test(d.abreHora)) p.abreHora = t('validacao.hora');
  if (d.fechaHora && !HORA.test(d.fechaHora)) p.fechaHora = t('validacao.hora');
  const periodo = periodoDoForm(d);
  if (problemasDoPeriodo({ ...periodo, limiteRespostas: null }).fechaEm) p.fechaData = t('periodo.invertido');
  return p;
}

export function dadosParaApi(d: FormDadosModelo, novo: boolean): DadosModelo {
  return {
    ...(novo ? { codigoServico: d.codigoServico.trim() } : {}),
    nome: d.nome.trim(),
    descricao: d.descricao,
    grupoControleConteudoId: Number(d.grupoControleConteudoId),
    grupoAcessoPublicoId: d.grupoAcessoPublicoId ? Number(d.grupoAcessoPublicoId) : null,
    integracao: { url: d.url.trim() || null, metodo: d.metodo, cabecalhos: cabecalhosDoPedido(d.cabecalhosGuardados, lerCabecalhos(d.cabecalhos).cabecalhos) },
    retencaoDias: d.retencaoDias.trim() ? Number(d.retencaoDias) : null,
    ...periodoDoForm(d),
    limiteRespostas: d.limiteRespostas.trim() ? Number(d.limiteRespostas) : null,
    mensagemLimite: d.mensagemLimite.trim() || null,
    modeloBase: d.modeloBase,
  };
}
