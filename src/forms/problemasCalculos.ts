import { emPortugues, type Tradutor } from '../i18n';
import type { Calculo } from './calculos';
import { nomesLidos, ordemDosCalculos } from './calculos';
import type { CampoDefinicao, Definicao, ProblemaDefinicao } from './definicao';
import { OPERACOES, type Operacao } from './expressoes';
import { LIMITES, TIPOS_CALCULO, type TipoCalculo, type TipoCampo } from './vocabulario';

/**
 * What is wrong with a definition's calculated values and blocking rules (issue 43), each problem at the value
 * it is about (`calculos[2].expressao`): unknown or later answers, operations outside the list, type
 * mismatches, cycles, divisions that may be by zero, and expressions over the size limit. Checked on saving
 * and publishing, by the builder and the server alike.
 */

/** What an expression gives, as far as can be told before any answer: `qualquer` when it cannot be. */
type Tipo = 'numero' | 'data' | 'texto' | 'simNao' | 'lista' | 'itens' | 'qualquer';

const DO_CAMPO: Record<TipoCampo, Tipo> = {
  texto: 'texto', 'texto-longo': 'texto', email: 'texto', url: 'texto', cpf: 'texto', 'escolha-unica': 'texto',
  inteiro: 'numero', decimal: 'numero', moeda: 'numero', cnpj: 'texto', telefone: 'texto', cep: 'texto', data: 'data', 'escolha-multipla': 'lista', arquivo: 'simNao',
};
const DO_CALCULO: Record<TipoCalculo, Tipo> = { numero: 'numero', dinheiro: 'numero', data: 'data', texto: 'texto', simNao: 'simNao' };
const ID = /^[A-Za-z][A-Za-z0-9_-]{0,59}$/;

interface Contexto {
  t: Tradutor;
  caminho: string;
  p: ProblemaDefinicao[];
  /** The names an expression may read here, with their type and, for answers, their section's position. */
  nomes: Map<string, { tipo: Tipo; secao?: number; campo?: CampoDefinicao; itens?: Map<string, { tipo: Tipo; campo: CampoDefinicao }>; minimo?: number }>;
  /** Answers after this section are later answers (a value shown in a section reads only what is before it). */
  ate: number;
}

const avisar = (x: Contexto, chave: string, params: Record<string, string | number> = {}) => {
  const mensagem = x.t(chave as never, params);
  if (!x.p.some((q) => q.caminho === x.caminho && q.mensagem === mensagem)) x.p.push({ caminho: x.caminho, mensagem });
};

function profundidade(e: unknown): number {
  if (Array.isArray(e)) return 1 + Math.max(0, ...e.map(profundidade));
  if (e && typeof e === 'object') return 1 + Math.max(0, ...Object.values(e).map(profundidade));
  return 0;
}

/** Whether a divisor is certainly not zero: a non-zero constant, the number of items of a section with a minimum, a number answer whose minimum is above zero. */
function naoZero(e: unknown, x: Contexto, escopo?: Map<string, { tipo: Tipo; campo: CampoDefinicao }>): boolean {
  if (typeof e === 'number') return e !== 0;
  if (!e || typeof e !== 'object' || Array.isArray(e)) return false;
  const [op] = Object.keys(e);
  const v = (e as Record<string, unknown>)[op];
  const a = Array.isArray(v) ? v : [v];
  if (op === 'contagem') {
    const alvo = a[0] as { var?: unknown } | undefined;
    const n = alvo && typeof alvo === 'object' && typeof alvo.var === 'string' ? x.nomes.get(alvo.var) : undefined;
    return !!n && n.tipo === 'itens' && (n.minimo ?? 0) >= 1;
  }
  if (op === 'var' && typeof a[0] === 'string') {
    const campo = escopo?.get(a[0])?.campo ?? x.nomes.get(a[0])?.campo;
    const min = campo?.regras.find((r) => r.tipo === 'minValue') as { min?: number } | undefined;
    return !!campo && !!campo.obrigatorio && typeof min?.min === 'number' && min.min > 0;
  }
  if (op === 'max') return a.some((y) => naoZero(y, x, escopo) && typeof y === 'number' && y > 0);
  return false;
}

/** The type of expression `e`, with its problems pushed; `escopo`: an item's questions inside a `map`/`filter`. */
function tipoDe(e: unknown, x: Contexto, guardas: unknown[] = [], escopo?: Map<string, { tipo: Tipo; campo: CampoDefinicao }>): Tipo {
  if (e === null) return 'qualquer';
  if (typeof e === 'number') return 'numero';
  if (typeof e === 'boolean') return 'simNao';
  if (typeof e === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(e) ? 'data' : 'texto';
  if (Array.isArray(e)) {
    e.forEach((y) => tipoDe(y, x, guardas, escopo));
    return 'lista';
  }
  if (typeof e !== 'object') return 'qualquer';
  const chaves = Object.keys(e);
  if (chaves.length !== 1 || !Object.hasOwn(OPERACOES, chaves[0])) {
    avisar(x, 'def.expressao-operacao', { op: chaves.join(', ') || '{}' });
    return 'qualquer';
  }
  const op = chaves[0] as Operacao;
  const v = (e as Record<string, unknown>)[op];
  const a = Array.isArray(v) ? v : [v];
  const [min, max] = OPERACOES[op];
  if (op !== 'hoje' && (a.length < min || a.length > max)) avisar(x, 'def.expressao-argumentos', { op, n: min === max ? String(min) : `${min}–${max}` });
  const exigir = (y: unknown, tipo: Tipo, g = guardas) => {
    const achado = tipoDe(y, x, g, escopo);
    if (achado !== tipo && achado !== 'qualquer') avisar(x, 'def.expressao-tipo', { op, tipo: x.t(`def.tipo-expressao.${tipo}` as never), achado: x.t(`def.tipo-expressao.${achado}` as never) });
    return achado;
  };
  switch (op) {
    case 'var': {
      const nome = a[0];
      if (typeof nome !== 'string' || !nome) {
        avisar(x, 'def.expressao-var');
        return 'qualquer';
      }
      if (escopo?.has(nome)) return escopo.get(nome)!.tipo;
      const n = x.nomes.get(nome);
      if (!n) {
        avisar(x, 'def.expressao-desconhecida', { nome });
        return 'qualquer';
      }
      if (n.secao !== undefined && n.secao > x.ate) avisar(x, 'def.expressao-posterior', { nome: n.campo?.rotulo || nome });
      return n.tipo;
    }
    case 'hoje':
      return 'data';
    case 'if': {
      const tipos: Tipo[] = [];
      for (let i = 0; i < a.length; i++) {
        const ramo = i % 2 === 1 || i === a.length - 1;
        // A branch is guarded by the conditions before it (a division inside "if (n > 0)" is not by zero).
        tipos.push(tipoDe(a[i], x, ramo && i > 0 ? [...guardas, ...a.slice(0, i).filter((_, k) => k % 2 === 0)] : guardas, escopo));
      }
      const ramos = tipos.filter((_, i) => i % 2 === 1 || i === a.length - 1).filter((t) => t !== 'qualquer');
      return ramos.length && ramos.every((t) => t === ramos[0]) ? ramos[0] : 'qualquer';
    }
    case '==':
    case '!=':
      a.forEach((y) => tipoDe(y, x, guardas, escopo));
      return 'simNao';
    case '>':
    case '>=':
    case '<':
    case '<=': {
      const [t1, t2] = a.map((y) => tipoDe(y, x, guardas, escopo));
      if ((t1 !== 'numero' && t1 !== 'data' && t1 !== 'qualquer') || (t2 !== 'numero' && t2 !== 'data' && t2 !== 'qualquer') || (t1 !== 'qualquer' && t2 !== 'qualquer' && t1 !== t2))
        avisar(x, 'def.expressao-comparacao', { op });
      return 'simNao';
    }
    case '!':
    case 'and':
    case 'or':
      a.forEach((y) => tipoDe(y, x, guardas, escopo));
      return 'simNao';
    case '/': {
      a.forEach((y) => exigir(y, 'numero'));
      const divisor = a[1];
      const guardado = guardas.some((g) => JSON.stringify(g).includes(JSON.stringify(divisor)));
      if (divisor === 0) avisar(x, 'def.expressao-divisao-zero');
      else if (!naoZero(divisor, x, escopo) && !guardado) avisar(x, 'def.expressao-divisao');
      return 'numero';
    }
    case '+':
    case '-':
    case '*':
    case 'min':
    case 'max':
    case 'arredondar':
      a.forEach((y) => exigir(y, 'numero'));
      return 'numero';
    case 'cat':
      a.forEach((y) => tipoDe(y, x, guardas, escopo));
      return 'texto';
    case 'in':
    case 'preenchido':
    case 'naoPreenchido':
    case 'igual':
    case 'umDe':
      a.forEach((y) => tipoDe(y, x, guardas, escopo));
      return 'simNao';
    case 'map':
    case 'filter': {
      const alvo = a[0] as { var?: unknown } | undefined;
      const n = alvo && typeof alvo === 'object' && typeof alvo.var === 'string' ? x.nomes.get(alvo.var) : undefined;
      tipoDe(a[0], x, guardas, escopo);
      if (!n || n.tipo !== 'itens') {
        avisar(x, 'def.expressao-itens', { op });
        return 'lista';
      }
      tipoDe(a[1], x, guardas, n.itens);
      return op === 'map' ? 'lista' : 'itens';
    }
    case 'soma':
    case 'minimo':
    case 'maximo': {
      const t = tipoDe(a[0], x, guardas, escopo);
      if (t !== 'lista' && t !== 'qualquer') avisar(x, 'def.expressao-lista', { op });
      return 'numero';
    }
    case 'contagem': {
      const t = tipoDe(a[0], x, guardas, escopo);
      if (t !== 'lista' && t !== 'itens' && t !== 'qualquer') avisar(x, 'def.expressao-lista', { op });
      return 'numero';
    }
    case 'idade':
    case 'diasEntre':
      a.forEach((y) => exigir(y, 'data'));
      return 'numero';
    case 'somarDias':
      exigir(a[0], 'data');
      exigir(a[1], 'numero');
      return 'data';
  }
}

/** Every problem of the definition's calculated values, blocking rules and the fee's value. */
export function problemasDosCalculos(d: Definicao, t: Tradutor = emPortugues): ProblemaDefinicao[] {
  const p: ProblemaDefinicao[] = [];
  const calculos = d.calculos ?? [];
  const nomes: Contexto['nomes'] = new Map();
  for (const [i, s] of d.secoes.entries()) {
    if (s.repeticao) {
      nomes.set(s.id, { tipo: 'itens', secao: i, minimo: s.repeticao.minimo, itens: new Map(s.campos.map((c) => [c.id, { tipo: DO_CAMPO[c.tipo] ?? 'qualquer', campo: c }])) });
      continue;
    }
    for (const c of s.campos) nomes.set(c.id, { tipo: DO_CAMPO[c.tipo] ?? 'qualquer', secao: i, campo: c });
  }
  const vistos = new Set<string>();
  for (const [i, c] of calculos.entries()) {
    const onde = `calculos[${i}]`;
    if (typeof c.id !== 'string' || !ID.test(c.id)) p.push({ caminho: `${onde}.id`, mensagem: t('def.calculo-id') });
    else if (nomes.has(c.id) || vistos.has(c.id) || d.secoes.some((s) => s.id === c.id)) p.push({ caminho: `${onde}.id`, mensagem: t('def.id-repetido', { id: c.id }) });
    vistos.add(c.id);
    if (!c.rotulo?.trim()) p.push({ caminho: `${onde}.rotulo`, mensagem: t('def.sem-rotulo') });
    else if (c.rotulo.length > LIMITES.rotulo) p.push({ caminho: `${onde}.rotulo`, mensagem: t('def.rotulo-longo', { n: LIMITES.rotulo }) });
    if (!TIPOS_CALCULO.includes(c.tipo)) p.push({ caminho: `${onde}.tipo`, mensagem: t('def.tipo-desconhecido') });
    if (c.secao !== undefined && !d.secoes.some((s) => s.id === c.secao && !s.repeticao)) p.push({ caminho: `${onde}.secao`, mensagem: t('def.calculo-secao') });
  }
  // The values are names too: each reads those of the others (cycles are found below).
  for (const c of calculos) if (ID.test(c.id ?? '') && !nomes.has(c.id)) nomes.set(c.id, { tipo: DO_CALCULO[c.tipo] ?? 'qualquer' });
  const emCiclo = new Set(calculos.map((c) => c.id));
  for (const c of ordemDosCalculos(calculos)) emCiclo.delete(c.id);
  const checar = (e: unknown, caminho: string, ate: number, esperado: Tipo | null, proprio?: string) => {
    const tamanho = JSON.stringify(e ?? null).length;
    if (tamanho > LIMITES.expressao || profundidade(e) > LIMITES.profundidade) {
      p.push({ caminho, mensagem: t('def.expressao-grande', { n: LIMITES.expressao }) });
      return;
    }
    if (e === undefined || e === null || (typeof e === 'object' && !Array.isArray(e) && !Object.keys(e).length)) {
      p.push({ caminho, mensagem: t('def.expressao-vazia') });
      return;
    }
    const x: Contexto = { t, caminho, p, nomes, ate };
    if (proprio && nomesLidos(e).some((n) => !n.noItem && n.nome === proprio)) avisar(x, 'def.expressao-ciclo', { nome: proprio });
    const tipo = tipoDe(e, x);
    if (esperado && tipo !== esperado && tipo !== 'qualquer') avisar(x, 'def.expressao-resultado', { tipo: t(`def.tipo-expressao.${esperado}` as never), achado: t(`def.tipo-expressao.${tipo}` as never) });
  };
  for (const [i, c] of calculos.entries()) {
    const secao = c.secao === undefined ? d.secoes.length : d.secoes.findIndex((s) => s.id === c.secao);
    const caminho = `calculos[${i}].expressao`;
    checar(c.expressao, caminho, secao < 0 ? d.secoes.length : secao, c.tipo === 'texto' ? null : (DO_CALCULO[c.tipo] ?? null), c.id);
    if (emCiclo.has(c.id) && !p.some((q) => q.caminho === caminho && q.mensagem.includes(c.id))) p.push({ caminho, mensagem: t('def.expressao-ciclo', { nome: c.rotulo || c.id }) });
  }
  const regras = new Set<string>();
  for (const [i, b] of (d.bloqueios ?? []).entries()) {
    const onde = `bloqueios[${i}]`;
    if (typeof b.id !== 'string' || !ID.test(b.id)) p.push({ caminho: `${onde}.id`, mensagem: t('def.calculo-id') });
    else if (regras.has(b.id)) p.push({ caminho: `${onde}.id`, mensagem: t('def.id-repetido', { id: b.id }) });
    regras.add(b.id);
    if (!b.mensagem?.trim() || b.mensagem.length > LIMITES.mensagemBloqueio) p.push({ caminho: `${onde}.mensagem`, mensagem: t('def.bloqueio-mensagem', { n: LIMITES.mensagemBloqueio }) });
    checar(b.quando, `${onde}.quando`, d.secoes.length, 'simNao');
  }
  // A question a rule makes required: the rule reads what comes before it (or in its own section).
  for (const [i, sec] of d.secoes.entries())
    for (const [j, c] of sec.campos.entries()) if (c.obrigatorioQuando !== undefined) checar(c.obrigatorioQuando, `secoes[${i}].campos[${j}].obrigatorioQuando`, i, 'simNao');
  const taxa = d.taxa?.calculo;
  if (taxa !== undefined && calculos.find((c: Calculo) => c.id === taxa)?.tipo !== 'dinheiro') p.push({ caminho: 'taxa.calculo', mensagem: t('def.taxa-calculo') });
  return p;
}
