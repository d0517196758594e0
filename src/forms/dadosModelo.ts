import type { Tradutor } from '../i18n';
import type { DadosModelo, MetodoIntegracao, Modelo } from '../api/recursos/modelos';
import { mensagemDe, type Regra } from '../validation/regras';
import { problemaCodigoServico } from './definicao';
import { lerCabecalhos, textoCabecalhos } from './integracao';

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
  /** "Nome: valor", one per line. */
  cabecalhos: string;
  /** Days a filled form keeps its personal data; '' for ever. */
  retencaoDias: string;
}

export const METODOS: MetodoIntegracao[] = ['POST', 'PUT', 'PATCH'];

export const REGRAS_DADOS = {
  codigoServico: [{ tipo: 'required' }] as Regra[],
  nome: [{ tipo: 'required' }, { tipo: 'maxLength', max: 200 }] as Regra[],
  descricao: [{ tipo: 'maxLength', max: 2000 }] as Regra[],
  grupoControleConteudoId: [{ tipo: 'required' }] as Regra[],
  url: [{ tipo: 'url' }, { tipo: 'maxLength', max: 500 }] as Regra[],
  retencaoDias: [{ tipo: 'integer' }, { tipo: 'minValue', min: 1 }, { tipo: 'maxValue', max: 36500 }] as Regra[],
};

export const DADOS_VAZIOS: FormDadosModelo = { codigoServico: '', nome: '', descricao: '', grupoControleConteudoId: '', grupoAcessoPublicoId: '', url: '', metodo: 'POST', cabecalhos: '', retencaoDias: '' };

export function dadosDoModelo(m: Modelo): FormDadosModelo {
  return {
    codigoServico: m.codigoServico,
    nome: m.nome,
    descricao: m.descricao ?? '',
    grupoControleConteudoId: String(m.grupoControleConteudo.id),
    grupoAcessoPublicoId: m.grupoAcessoPublicoId ? String(m.grupoAcessoPublicoId) : '',
    url: m.integracao.url ?? '',
    metodo: m.integracao.metodo,
    cabecalhos: textoCabecalhos(m.integracao.cabecalhos),
    retencaoDias: m.retencaoDias ? String(m.retencaoDias) : '',
  };
}

export const problemaCodigo = (v: string, t?: Tradutor) => (v.trim() ? problemaCodigoServico(v.trim(), t) : null);
export const problemaCabecalhos = (v: string, t?: Tradutor) => lerCabecalhos(v, t).problema;

/** Every message of the form by field (empty when it may be sent). `novo`: the code is checked too. */
export function problemasDados(d: FormDadosModelo, novo: boolean): Partial<Record<keyof FormDadosModelo, string>> {
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
  const c = problemaCabecalhos(d.cabecalhos);
  if (c) p.cabecalhos = c;
  return p;
}

export function dadosParaApi(d: FormDadosModelo, novo: boolean): DadosModelo {
  return {
    ...(novo ? { codigoServico: d.codigoServico.trim() } : {}),
    nome: d.nome.trim(),
    descricao: d.descricao,
    grupoControleConteudoId: Number(d.grupoControleConteudoId),
    grupoAcessoPublicoId: d.grupoAcessoPublicoId ? Number(d.grupoAcessoPublicoId) : null,
    integracao: { url: d.url.trim() || null, metodo: d.metodo, cabecalhos: lerCabecalhos(d.cabecalhos).cabecalhos },
    retencaoDias: d.retencaoDias.trim() ? Number(d.retencaoDias) : null,
  };
}
