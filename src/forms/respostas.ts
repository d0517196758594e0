import { cidadaoEmPortugues as emPortugues, type TradutorCidadao as Tradutor } from '../i18n/cidadao';
import { formatarDataCompleta } from '../i18n/datas';
import { formatarCpf } from './cpf';
import { lerNumero } from '../validation/regras';
import { camposOcultos, chaveNoItem, itensDe } from './condicoes';
import type { CampoDefinicao, Definicao, Secao } from './definicao';
import type { Calculo } from './calculos';
import { centavosDaResposta, formatarReais } from './dinheiro';
import { formatarCep, formatarCnpj, formatarTelefone } from './brasileiros';

/**
 * A filled form's answers laid out by the model version it was filled against: one block per
 * section, one line per field with its label and the answer as a person reads it (choices by their
 * labels, dates dd/MM/yyyy (issue 35: the year in full wherever a person reads an answer), CPF with its mask). Answers the version does not name are kept, last, under
 * "Outras respostas", so nothing the citizen sent is hidden. Pure.
 */

export interface LinhaResposta {
  id: string;
  rotulo: string;
  valor: string;
}

export interface BlocoRespostas {
  titulo: string;
  linhas: LinhaResposta[];
}

/** A file answer as stored: the upload it refers to, with its name, type, size and SHA-256. */
export interface RespostaAnexo {
  anexo: string;
  nome: string;
  tipo: string;
  tamanho: number;
  sha256: string;
}

export const ehAnexo = (v: unknown): v is RespostaAnexo => typeof v === 'object' && v !== null && typeof (v as RespostaAnexo).anexo === 'string' && typeof (v as RespostaAnexo).sha256 === 'string';

const vazio = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

function textoLivre(v: unknown, t: Tradutor): string {
  if (vazio(v)) return t('respostas.nao-informado');
  if (Array.isArray(v)) return v.map((x) => textoLivre(x, t)).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return typeof o.nome === 'string' ? o.nome : JSON.stringify(v);
  }
  if (typeof v === 'boolean') return t(v ? 'geral.sim' : 'geral.nao');
  return String(v);
}

export function textoResposta(campo: CampoDefinicao, v: unknown, t: Tradutor = emPortugues): string {
  if (vazio(v)) return t('respostas.nao-informado');
  const opcao = (x: unknown) => campo.opcoes?.find((o) => o.valor === x)?.rotulo ?? String(x);
  switch (campo.tipo) {
    case 'escolha-unica':
      return opcao(v);
    case 'escolha-multipla':
      return (Array.isArray(v) ? v : [v]).map(opcao).join(', ');
    case 'data':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? formatarDataCompleta(v.slice(0, 10)) : textoLivre(v, t);
    case 'cpf':
      return typeof v === 'string' ? formatarCpf(v) : textoLivre(v, t);
    case 'cnpj':
      return typeof v === 'string' ? formatarCnpj(v) : textoLivre(v, t);
    case 'telefone':
      return typeof v === 'string' ? formatarTelefone(v) : textoLivre(v, t);
    case 'cep':
      return typeof v === 'string' ? formatarCep(v) : textoLivre(v, t);
    case 'moeda': {
      // Money as the reader's language writes it, from what was typed or the centavos stored.
      const centavos = centavosDaResposta(v);
      return centavos === null ? textoLivre(v, t) : formatarReais(centavos, t('respostas.localidade'));
    }
    case 'inteiro':
    case 'decimal': {
      // As a number in the reader's language, with the decimals the citizen gave ("2000" → "2.000"; "1234,5" → "1.234,5").
      const n = lerNumero(v as string | number);
      if (!Number.isFinite(n)) return textoLivre(v, t);
      const casas = /[.,](\d+)$/.exec(String(v).trim())?.[1].length ?? 0;
      const decimais = typeof v === 'number' ? 0 : Number.isInteger(n) && !/,/.test(String(v)) ? 0 : casas;
      return n.toLocaleString(t('respostas.localidade'), { minimumFractionDigits: Math.min(decimais, 20), maximumFractionDigits: 20 });
    }
    case 'arquivo': {
      // An uploaded file says what it is: name, size and SHA-256 (the drawer and the PDF list it so).
      const a = v as { nome?: unknown; tamanho?: unknown; sha256?: unknown };
      if (typeof a === 'object' && typeof a.nome === 'string' && typeof a.sha256 === 'string') {
        return t('respostas.anexo', { nome: a.nome, tamanho: (Math.max(1, Math.round(Number(a.tamanho) / 1024))).toLocaleString('pt-BR'), sha256: a.sha256 });
      }
      return textoLivre(v, t);
    }
    default:
      return textoLivre(v, t);
  }
}

/** A calculated value (issue 43) as a person reads it, in the reader's language: money "R$ 1.234,56", dates dd/MM/yyyy. */
export function textoCalculado(c: Pick<Calculo, 'tipo'>, v: unknown, t: Tradutor = emPortugues): string {
  if (v === null || v === undefined || v === '') return t('respostas.nao-calculado');
  const local = t('respostas.localidade');
  switch (c.tipo) {
    case 'dinheiro':
      return typeof v === 'number' ? formatarReais(v, local) : textoLivre(v, t);
    case 'numero':
      return typeof v === 'number' ? v.toLocaleString(local, { maximumFractionDigits: 2 }) : textoLivre(v, t);
    case 'data':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatarDataCompleta(v) : textoLivre(v, t);
    default:
      return textoLivre(v, t);
  }
}

/** The lines of the calculated values shown at the end of section `secaoId` (or, with null, of those hidden from the citizen). */
export function linhasCalculadas(definicao: Definicao | null | undefined, secaoId: string | null, respostas: Record<string, unknown>, t: Tradutor = emPortugues): LinhaResposta[] {
  return (definicao?.calculos ?? []).filter((c) => (c.secao ?? null) === secaoId && (secaoId !== null || Object.hasOwn(respostas, c.id))).map((c) => ({ id: c.id, rotulo: c.rotulo, valor: textoCalculado(c, Object.hasOwn(respostas, c.id) ? respostas[c.id] : null, t) }));
}

/** "Dependente 2": item `i` (0-based) of a repeating section, by the designer's name for one item. */
export function nomeDoItem(s: Pick<Secao, 'repeticao'>, i: number, t: Tradutor = emPortugues): string {
  const nome = s.repeticao?.item?.trim() || t('respostas.item');
  return `${nome.charAt(0).toLocaleUpperCase('pt-BR')}${nome.slice(1)} ${i + 1}`;
}

/**
 * `ocultos`: the questions the citizen's answers hid (conditions): left out, as the citizen never saw them.
 * Calculated values (issue 43) close the section they are shown in; those hidden from the citizen come last,
 * under "Valores calculados", only with `calculosOcultos` (staff's views: the drawer).
 */
export function respostasPorSecao(definicao: Definicao | null | undefined, respostas: Record<string, unknown>, t: Tradutor = emPortugues, ocultos: readonly string[] = [], calculosOcultos = false): BlocoRespostas[] {
  const usados = new Set<string>([...ocultos, ...(definicao?.calculos ?? []).map((c) => c.id)]);
  const blocos: BlocoRespostas[] = (definicao?.secoes ?? []).flatMap((s) => {
    if (s.repeticao) {
      // A repeating section (issue 21): a block per item, numbered ("Dependentes — Dependente 2").
      if (ocultos.includes(s.id)) return [];
      usados.add(s.id);
      const itens = itensDe(respostas, s.id);
      if (!itens.length) return [{ titulo: s.titulo, linhas: [{ id: s.id, rotulo: s.titulo, valor: t('respostas.sem-itens') }] }];
      return itens.map((item, i) => ({
        titulo: `${s.titulo} — ${nomeDoItem(s, i, t)}`,
        linhas: s.campos.filter((c) => !ocultos.includes(chaveNoItem(s.id, i, c.id))).map((c) => ({ id: chaveNoItem(s.id, i, c.id), rotulo: c.rotulo, valor: textoResposta(c, item[c.id], t) })),
      }));
    }
    return [{
      titulo: s.titulo,
      linhas: s.campos.filter((c) => !ocultos.includes(c.id)).map((c) => {
        usados.add(c.id);
        return { id: c.id, rotulo: c.rotulo, valor: textoResposta(c, respostas[c.id], t) };
      }).concat(ocultos.includes(s.id) ? [] : linhasCalculadas(definicao, s.id, respostas, t)),
    }];
  });
  const calculadas = calculosOcultos ? linhasCalculadas(definicao, null, respostas, t) : [];
  if (calculadas.length) blocos.push({ titulo: t('respostas.calculados'), linhas: calculadas });
  const outras = Object.keys(respostas).filter((k) => !usados.has(k));
  if (outras.length) blocos.push({ titulo: t('respostas.outras'), linhas: outras.map((k) => ({ id: k, rotulo: k, valor: textoLivre(respostas[k], t) })) });
  return blocos.filter((b) => b.linhas.length);
}

/**
 * The answers as the citizen saw them: what their (clear) answers hid is left out, decided on `claras`;
 * `mostradas` is what is printed (masked or not; the clear answers by default). The reports and PDFs; staff's
 * (`calculosOcultos`) also list the calculated values hidden from the citizen.
 */
export function respostasComoVistas(definicao: Definicao | null | undefined, claras: Record<string, unknown>, mostradas = claras, t: Tradutor = emPortugues, calculosOcultos = false): BlocoRespostas[] {
  return respostasPorSecao(definicao, mostradas, t, camposOcultos(definicao, claras), calculosOcultos);
}
