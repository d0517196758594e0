import { chaveNoItem, visiveis, type Visibilidade } from './condicoes';
import { chaveDoBloqueio, secaoDoBloqueio } from './calculos';
import { nomeDoItem } from './respostas';
import { lerChaveNoItem } from './repeticao';
import { cidadaoEmPortugues as emPortugues, type TradutorCidadao as Tradutor } from '../i18n/cidadao';
import type { CampoDefinicao, Definicao, Secao } from './definicao';

/**
 * A model's pages (issue 21): a section marked `pagina` starts a page of its own, the sections after it
 * without the mark share it; the first section always starts one. A definition without any mark (the
 * models made before pages existed) is one page, sent from it as before; with a mark, the citizen walks
 * the pages with "Continuar" and "Voltar" and sends from "Verifique suas respostas". Pure: the citizen
 * page, the builder's preview and the tests use it.
 */
export interface Pagina {
  /** The id of its first section: a page's name that survives answers hiding other pages. */
  id: string;
  secoes: Secao[];
}

/** Whether the model is walked page by page (and sent from the check-your-answers step). */
export const emPaginas = (d: Definicao): boolean => d.secoes.some((s) => s.pagina);

export function paginasDe(d: Definicao): Pagina[] {
  const paginas: Pagina[] = [];
  for (const s of d.secoes) {
    const atual = paginas.at(-1);
    if (!atual || s.pagina) paginas.push({ id: s.id, secoes: [s] });
    else atual.secoes.push(s);
  }
  return paginas;
}

/** The pages that apply to these answers: those with a question that shows (conditions skip the others). */
export function paginasQueSeAplicam(d: Definicao, respostas: Record<string, unknown>, v: Visibilidade = visiveis(d, respostas)): Pagina[] {
  return paginasDe(d).filter((p) => p.secoes.some((s) => v.secoes.has(s.id) && s.campos.some((c) => v.campos.has(c.id))));
}

/** Where the citizen is: a page (by its id) or the check-your-answers step. */
export type Passo = { pagina: string } | { revisao: true };
export const REVISAO: Passo = { revisao: true };

export interface Progresso {
  /** 1-based, among the pages that apply; the check step is after the last. */
  etapa: number;
  total: number;
}

/** "Etapa 2 de 4": the place of page `id` among the pages that apply (null when it does not apply). */
export function progresso(d: Definicao, id: string, respostas: Record<string, unknown>, v?: Visibilidade): Progresso | null {
  const ps = paginasQueSeAplicam(d, respostas, v);
  const i = ps.findIndex((p) => p.id === id);
  return i < 0 ? null : { etapa: i + 1, total: ps.length };
}

/** The first page that applies (a model whose every question is hidden goes straight to the check step). */
export function primeiroPasso(d: Definicao, respostas: Record<string, unknown>): Passo {
  const p = paginasQueSeAplicam(d, respostas)[0];
  return p ? { pagina: p.id } : REVISAO;
}

/** Position in the definition's own order, so a page that stops applying still has a before and after. */
const ordem = (d: Definicao, id: string) => paginasDe(d).findIndex((p) => p.id === id);

/** After "Continuar" on page `id`: the next page that applies, or the check step after the last. */
export function passoSeguinte(d: Definicao, id: string, respostas: Record<string, unknown>): Passo {
  const aqui = ordem(d, id);
  const p = paginasQueSeAplicam(d, respostas).find((x) => ordem(d, x.id) > aqui);
  return p ? { pagina: p.id } : REVISAO;
}

/** "Voltar": the page that applies before `passo` (null on the first page). */
export function passoAnterior(d: Definicao, passo: Passo, respostas: Record<string, unknown>): Passo | null {
  const ps = paginasQueSeAplicam(d, respostas);
  if ('revisao' in passo) return ps.length ? { pagina: ps.at(-1)!.id } : null;
  const aqui = ordem(d, passo.pagina);
  const antes = ps.filter((x) => ordem(d, x.id) < aqui).at(-1);
  return antes ? { pagina: antes.id } : null;
}

/** The page that holds question `chave` ("Alterar" opens it): a question's id, or `secao[i].campo` in a repeating section. */
export function paginaDoCampo(d: Definicao, chave: string): Pagina | undefined {
  const secao = lerChaveNoItem(chave)?.secao;
  return paginasDe(d).find((p) => p.secoes.some((s) => s.id === secao || s.id === chave || s.campos.some((c) => c.id === chave)));
}

/** The questions of page `id` that show for these answers: the ones "Continuar" checks. */
export function camposDaPagina(d: Definicao, id: string, respostas: Record<string, unknown>, v: Visibilidade = visiveis(d, respostas)): CampoDefinicao[] {
  const p = paginasDe(d).find((x) => x.id === id);
  return (p?.secoes ?? []).filter((s) => v.secoes.has(s.id)).flatMap((s) => s.campos.filter((c) => v.campos.has(c.id)));
}

/** One problem of a page: the answer's key (`nome`, `dependentes[1].nome`), what the citizen reads as its name, the message. */
export interface ErroNaPagina {
  chave: string;
  rotulo: string;
  mensagem: string;
}

/** The errors of page `id` only, in the order of its questions (the error summary lists them so). */
export function errosDaPagina(d: Definicao, id: string, erros: Record<string, string>, respostas: Record<string, unknown>, v: Visibilidade = visiveis(d, respostas), t: Tradutor = emPortugues): ErroNaPagina[] {
  const saida: ErroNaPagina[] = [];
  // A blocking rule that holds (issue 43), on the step of the last answer it reads, after that section's questions.
  const bloqueios = (s: Secao) => {
    for (const b of d.bloqueios ?? []) if (erros[chaveDoBloqueio(b.id)] && secaoDoBloqueio(d, b) === s.id) saida.push({ chave: chaveDoBloqueio(b.id), rotulo: s.titulo, mensagem: erros[chaveDoBloqueio(b.id)] });
  };
  for (const s of paginasDe(d).find((x) => x.id === id)?.secoes ?? []) {
    if (!v.secoes.has(s.id)) continue;
    if (s.repeticao) {
      if (erros[s.id]) saida.push({ chave: s.id, rotulo: s.titulo, mensagem: erros[s.id] });
      (v.entradas.get(s.id) ?? []).forEach((mostrados, i) => {
        for (const c of s.campos) {
          const k = chaveNoItem(s.id, i, c.id);
          if (mostrados.has(c.id) && erros[k]) saida.push({ chave: k, rotulo: `${nomeDoItem(s, i, t)}: ${c.rotulo}`, mensagem: erros[k] });
        }
      });
      bloqueios(s);
      continue;
    }
    for (const c of s.campos) if (v.campos.has(c.id) && erros[c.id]) saida.push({ chave: c.id, rotulo: c.rotulo, mensagem: erros[c.id] });
    bloqueios(s);
  }
  return saida;
}

/** A section on the check step: its questions that show; for a repeating one, each item's. */
export interface SecaoRevista {
  secao: Secao;
  campos: CampoDefinicao[];
  itens?: CampoDefinicao[][];
}

/** The check step: every page that applies, with its sections and questions that show. */
export function revisao(d: Definicao, respostas: Record<string, unknown>): { pagina: Pagina; secoes: SecaoRevista[] }[] {
  const v = visiveis(d, respostas);
  return paginasQueSeAplicam(d, respostas, v).map((pagina) => ({
    pagina,
    secoes: pagina.secoes
      .filter((s) => v.secoes.has(s.id))
      .map((secao) => ({ secao, campos: secao.campos.filter((c) => v.campos.has(c.id)), ...(secao.repeticao ? { itens: (v.entradas.get(secao.id) ?? []).map((m) => secao.campos.filter((c) => m.has(c.id))) } : {}) }))
      .filter((s) => s.campos.length),
  }));
}

/**
 * Where "Continuar" leads after "Alterar" (which returns to the check step): the first page that applies
 * and still has an error (a changed answer may bring in a page never filled), else the check step.
 */
export function passoAposAlterar(d: Definicao, respostas: Record<string, unknown>, erros: Record<string, string>): Passo {
  const v = visiveis(d, respostas);
  const p = paginasQueSeAplicam(d, respostas, v).find((x) => errosDaPagina(d, x.id, erros, respostas, v).length);
  return p ? { pagina: p.id } : REVISAO;
}

/**
 * A step asked for from outside (a link, a reload, the browser's history) against the answers there are
 * (issue 35): the first page before it that applies and still has a problem, or the step itself. A link to
 * the third page opened without the first one's answers lands on the first one, with a message.
 */
export function passoAlcancavel(d: Definicao, pedido: Passo, respostas: Record<string, unknown>, erros: Record<string, string>): Passo {
  const v = visiveis(d, respostas);
  const ate = 'revisao' in pedido ? Infinity : ordem(d, pedido.pagina);
  const p = paginasQueSeAplicam(d, respostas, v).find((x) => ordem(d, x.id) < ate && errosDaPagina(d, x.id, erros, respostas, v).length);
  return p ? { pagina: p.id } : pedido;
}

/** A step as text (`revisao` or a page's id), for addresses, events and storage; and back. */
export const nomeDoPasso = (p: Passo): string => ('revisao' in p ? 'revisao' : p.pagina);
export const passoDoNome = (nome: string | null | undefined): Passo | null => (!nome ? null : nome === 'revisao' ? REVISAO : { pagina: nome });
