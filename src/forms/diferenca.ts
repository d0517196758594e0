import { dicaDoArquivo, limitesDoArquivo, nomesDasFamilias } from './tiposArquivo';
import type { Regra } from '../validation/regras';
import { chaveTipo, type CampoDefinicao, type Definicao } from './definicao';
import { emPortugues, type Tradutor } from '../i18n';
import { chaveOperador, type Condicao } from './condicoes';
import { textoResposta } from './respostas';
import { NOME_IDIOMA, textosTraduziveis } from './traducoes';
import { IDIOMAS_TRADUCAO } from './vocabulario';
import { ORCAMENTO_SMS_PADRAO } from './verificacao';


/**
 * What changed between two definitions (two versions, or the last version and the draft), field by
 * field, matched by id: added, removed, changed (saying what, in the given language) or the same. Pure.
 */
export type TipoMudanca = 'adicionado' | 'removido' | 'alterado' | 'igual';

export interface MudancaCampo {
  id: string;
  tipo: TipoMudanca;
  antes?: CampoDefinicao & { secao: string };
  depois?: CampoDefinicao & { secao: string };
  detalhes: string[];
}

export interface Diferenca {
  campos: MudancaCampo[];
  secoesAdicionadas: string[];
  secoesRemovidas: string[];
  secoesRenomeadas: { de: string; para: string }[];
  /** Sections whose condition was added, changed or removed, with it described before and after. */
  secoesCondicao: { secao: string; antes?: string; depois?: string }[];
  /** The citizen's journey (issue 21): sections that became (or stopped being) pages or repeating sets, the team address. */
  jornada: string[];
}

/**
 * A condition as a sentence, with the labels and option names of `d` (the definition it belongs to):
 * `"Tem dependentes?" é igual a Sim e "Quantos?" é maior que 1`.
 */
export function descreverCondicao(c: Condicao, d: Definicao | null | undefined, t: Tradutor = emPortugues): string {
  const campos = new Map((d?.secoes ?? []).flatMap((s) => s.campos.map((x) => [x.id, x] as const)));
  const partes = c.criterios.map((k) => {
    const campo = campos.get(k.campo);
    const valor = (v: unknown) => (campo ? textoResposta(campo, campo.tipo === 'escolha-multipla' ? [v] : v, t) : String(v));
    const alvo = k.operador === 'preenchido' || k.operador === 'naoPreenchido' ? '' : k.operador === 'umDe' ? ` ${(k.valores ?? []).map(valor).join(', ')}` : ` ${valor(k.valor)}`;
    return `"${campo?.rotulo ?? k.campo}" ${t(chaveOperador(k.operador))}${alvo}`;
  });
  return partes.join(t(c.juncao === 'todas' ? 'dif.condicao-e' : 'dif.condicao-ou'));
}

export function descreverRegra(r: Regra, t: Tradutor = emPortugues): string {
  switch (r.tipo) {
    case 'minLength':
    case 'maxLength':
    case 'minValue':
    case 'maxValue':
      return t(`dif.regra.${r.tipo}`, { n: 'min' in r ? r.min : r.max });
    case 'dataNaoFutura':
    case 'dataNaoPassada':
      return t(`dif.regra.${r.tipo}`);
    case 'dataMinima':
      return t('dif.regra.dataMinima', { data: r.min });
    case 'dataMaxima':
      return t('dif.regra.dataMaxima', { data: r.max });
    default:
      return r.tipo;
  }
}

const simNao = (b: boolean, t: Tradutor) => t(b ? 'dif.sim' : 'dif.nao');

function planos(d: Definicao | null | undefined): Map<string, CampoDefinicao & { secao: string }> {
  const m = new Map<string, CampoDefinicao & { secao: string }>();
  for (const s of d?.secoes ?? []) for (const c of s.campos) m.set(c.id, { ...c, secao: s.titulo });
  return m;
}

/** A condition that was added, changed or removed: before and after, each described with its own version's labels. */
function mudancaDeCondicao(a: Condicao | undefined, b: Condicao | undefined, da: Definicao | null | undefined, db: Definicao | null | undefined, t: Tradutor): { antes?: string; depois?: string } | null {
  const [antes, depois] = [a && descreverCondicao(a, da, t), b && descreverCondicao(b, db, t)];
  return antes === depois ? null : { antes, depois };
}

function detalhesDe(a: CampoDefinicao & { secao: string }, b: CampoDefinicao & { secao: string }, t: Tradutor, da?: Definicao | null, db?: Definicao | null): string[] {
  const d: string[] = [];
  if (a.rotulo !== b.rotulo) d.push(t('dif.rotulo', { a: a.rotulo, b: b.rotulo }));
  if (a.tipo !== b.tipo) d.push(t('dif.tipo', { a: t(chaveTipo(a.tipo)), b: t(chaveTipo(b.tipo)) }));
  if (a.obrigatorio !== b.obrigatorio) d.push(t('dif.obrigatorio', { a: simNao(a.obrigatorio, t), b: simNao(b.obrigatorio, t) }));
  if (jsonEstavel(a.obrigatorioQuando ?? null) !== jsonEstavel(b.obrigatorioQuando ?? null)) d.push(t('dif.obrigatorio-quando'));
  if ((a.ajuda ?? '') !== (b.ajuda ?? '')) d.push(t('dif.ajuda', { a: a.ajuda ?? '', b: b.ajuda ?? '' }));
  if (a.secao !== b.secao) d.push(t('dif.secao', { a: a.secao, b: b.secao }));
  const ra = a.regras.map((r) => descreverRegra(r, t));
  const rb = b.regras.map((r) => descreverRegra(r, t));
  for (const r of rb) if (!ra.includes(r)) d.push(t('dif.regra-nova', { r }));
  for (const r of ra) if (!rb.includes(r)) d.push(t('dif.regra-retirada', { r }));
  const oa = new Map((a.opcoes ?? []).map((o) => [o.valor, o.rotulo]));
  const ob = new Map((b.opcoes ?? []).map((o) => [o.valor, o.rotulo]));
  for (const [v, r] of ob) if (!oa.has(v)) d.push(t('dif.opcao-nova', { r }));
  else if (oa.get(v) !== r) d.push(t('dif.opcao-renomeada', { a: oa.get(v)!, b: r }));
  for (const [v, r] of oa) if (!ob.has(v)) d.push(t('dif.opcao-retirada', { r }));
  if (!d.length && JSON.stringify((a.opcoes ?? []).map((o) => o.valor)) !== JSON.stringify((b.opcoes ?? []).map((o) => o.valor))) d.push(t('dif.ordem-opcoes'));
  if (!!a.confirmacao !== !!b.confirmacao) d.push(t(b.confirmacao ? 'dif.confirmacao-nova' : 'dif.confirmacao-retirada'));
  if (!!a.verificado !== !!b.verificado) d.push(t(b.verificado ? 'dif.verificado-novo' : 'dif.verificado-retirado'));
  if (!!a.internacional !== !!b.internacional) d.push(t(b.internacional ? 'dif.internacional-novo' : 'dif.internacional-retirado'));
  if ((a.preencherDoLogin ?? '') !== (b.preencherDoLogin ?? '')) d.push(b.preencherDoLogin ? t('dif.login-novo', { dado: t(`propriedades.login.${b.preencherDoLogin}`) }) : t('dif.login-retirado'));
  const cond = mudancaDeCondicao(a.condicao, b.condicao, da, db, t);
  if (cond) d.push(cond.antes === undefined ? t('dif.condicao-nova', { c: cond.depois! }) : cond.depois === undefined ? t('dif.condicao-retirada', { c: cond.antes }) : t('dif.condicao-alterada', { a: cond.antes, b: cond.depois }));
  if (a.tipo === 'arquivo' && b.tipo === 'arquivo') {
    const [la, lb] = [limitesDoArquivo(a.arquivo), limitesDoArquivo(b.arquivo)];
    if (la.mb !== lb.mb) d.push(t('dif.arquivo-tamanho', { a: la.mb.toLocaleString('pt-BR'), b: lb.mb.toLocaleString('pt-BR') }));
    const [ta, tb] = [nomesDasFamilias(la.familias, t), nomesDasFamilias(lb.familias, t)];
    if (ta !== tb) d.push(t('dif.arquivo-tipos', { a: ta, b: tb }));
  }
  return d;
}

export function diferenca(a: Definicao | null | undefined, b: Definicao | null | undefined, t: Tradutor = emPortugues): Diferenca {
  const pa = planos(a);
  const pb = planos(b);
  const campos: MudancaCampo[] = [];
  for (const [id, depois] of pb) {
    const antes = pa.get(id);
    if (!antes) campos.push({ id, tipo: 'adicionado', depois, detalhes: [] });
    else {
      const detalhes = detalhesDe(antes, depois, t, a, b);
      campos.push({ id, tipo: detalhes.length ? 'alterado' : 'igual', antes, depois, detalhes });
    }
  }
  for (const [id, antes] of pa) if (!pb.has(id)) campos.push({ id, tipo: 'removido', antes, detalhes: [] });
  const sa = new Map((a?.secoes ?? []).map((s) => [s.id, s.titulo]));
  const sb = new Map((b?.secoes ?? []).map((s) => [s.id, s.titulo]));
  return {
    campos,
    secoesAdicionadas: [...sb].filter(([id]) => !sa.has(id)).map(([, t]) => t),
    secoesRemovidas: [...sa].filter(([id]) => !sb.has(id)).map(([, t]) => t),
    secoesRenomeadas: [...sb].filter(([id, t]) => sa.has(id) && sa.get(id) !== t).map(([id, t]) => ({ de: sa.get(id)!, para: t })),
    secoesCondicao: (b?.secoes ?? []).flatMap((s) => {
      const antes = a?.secoes.find((x) => x.id === s.id);
      const m = antes ? mudancaDeCondicao(antes.condicao, s.condicao, a, b, t) : null;
      return m ? [{ secao: s.titulo, ...m }] : [];
    }),
    jornada: mudancasDaJornada(a, b, t),
  };
}

/** Pages, repeating sets and the team address, before and after, in sentences. */
function mudancasDaJornada(a: Definicao | null | undefined, b: Definicao | null | undefined, t: Tradutor): string[] {
  const linhas: string[] = [];
  const limites = (r: NonNullable<Definicao['secoes'][number]['repeticao']>) => t('dif.itens', { min: r.minimo, max: r.maximo });
  for (const s of b?.secoes ?? []) {
    const antes = a?.secoes.find((x) => x.id === s.id);
    if (!antes) continue;
    if (!!antes.pagina !== !!s.pagina) linhas.push(t(s.pagina ? 'dif.pagina-nova' : 'dif.pagina-retirada', { secao: s.titulo }));
    const [ra, rb] = [antes.repeticao, s.repeticao];
    if (!ra && rb) linhas.push(t('dif.repete', { secao: s.titulo, itens: limites(rb) }));
    else if (ra && !rb) linhas.push(t('dif.nao-repete', { secao: s.titulo }));
    else if (ra && rb && (ra.minimo !== rb.minimo || ra.maximo !== rb.maximo)) linhas.push(t('dif.repete-limites', { secao: s.titulo, a: limites(ra), b: limites(rb) }));
  }
  if ((a?.emailEquipe ?? '') !== (b?.emailEquipe ?? '')) linhas.push(t('dif.email-equipe', { a: a?.emailEquipe || '—', b: b?.emailEquipe || '—' }));
  const [da, db] = [a?.declaracao?.texto, b?.declaracao?.texto];
  if (da !== db) linhas.push(da === undefined ? t('dif.declaracao-nova') : db === undefined ? t('dif.declaracao-retirada') : t('dif.declaracao-alterada'));
  // The gov.br account asked for (issue 44), as a sentence before and after.
  const [ea, eb] = [descreverConta(a?.confiabilidade, t), descreverConta(b?.confiabilidade, t)];
  if (ea !== eb) linhas.push(t('dif.conta', { a: ea, b: eb }));
  const [sa, sb] = [a?.verificacao?.smsPorMes, b?.verificacao?.smsPorMes];
  if (sa !== sb) linhas.push(t('dif.orcamento-sms', { a: String(sa ?? ORCAMENTO_SMS_PADRAO), b: String(sb ?? ORCAMENTO_SMS_PADRAO) }));
  if (a?.assinatura !== b?.assinatura) linhas.push(t('dif.assinatura', { a: t(`assinatura.${a?.assinatura ?? 'nenhuma'}`), b: t(`assinatura.${b?.assinatura ?? 'nenhuma'}`) }));
  // The steps after sending (issue 46): in words, in order ("coassinatura “Assinatura do locador” → análise “Análise”").
  const [ia, ib] = [descreverEtapas(a, t), descreverEtapas(b, t)];
  if (ia !== ib) linhas.push(t('dif.etapas', { a: ia, b: ib }));
  linhas.push(...mudancasDosCalculos(a, b, t));
  linhas.push(...mudancasDasTraducoes(a, b, t));
  return linhas;
}

/** A model's steps after sending in words, in order (kind, title, co-signers, deadline); "—" without any. */
function descreverEtapas(d: Definicao | null | undefined, t: Tradutor): string {
  const etapas = d?.etapas ?? [];
  if (!etapas.length) return '—';
  return etapas.map((e) => t(e.tipo === 'analise' ? 'dif.etapa-analise' : 'dif.etapa-coassinatura', { titulo: e.titulo, dias: e.prazoDias, n: e.coassinantes?.length ?? 0 })).join(' → ');
}

/** The gov.br account a model asks for, in words: "prata ou ouro, com verificação em duas etapas, selos 801, 701"; "—" when none. */
export function descreverConta(e: Definicao['confiabilidade'], t: Tradutor = emPortugues): string {
  if (!e) return '—';
  return [e.nivel ? t(`conta.nivel.${e.nivel}`) : null, e.segundoFator ? t('conta.segundo-fator') : null, e.selos?.length ? t('dif.conta-selos', { selos: e.selos.join(', ') }) : null, e.motivo ? `"${e.motivo}"` : null].filter(Boolean).join('; ') || '—';
}

/** Calculated values and blocking rules (issue 43), matched by id: added, removed, or what of them changed. */
function mudancasDosCalculos(a: Definicao | null | undefined, b: Definicao | null | undefined, t: Tradutor): string[] {
  const linhas: string[] = [];
  const [ca, cb] = [new Map((a?.calculos ?? []).map((c) => [c.id, c])), new Map((b?.calculos ?? []).map((c) => [c.id, c]))];
  for (const [id, c] of cb) {
    const antes = ca.get(id);
    if (!antes) {
      linhas.push(t('dif.calculo-novo', { nome: c.rotulo }));
      continue;
    }
    const mudou = (['rotulo', 'tipo', 'secao', 'expressao'] as const).filter((k) => jsonEstavel(antes[k] ?? null) !== jsonEstavel(c[k] ?? null));
    if (mudou.length) linhas.push(t('dif.calculo-alterado', { nome: c.rotulo, lista: mudou.map((k) => t(`dif.calculo.${k}`)).join(', ') }));
  }
  for (const [id, c] of ca) if (!cb.has(id)) linhas.push(t('dif.calculo-retirado', { nome: c.rotulo }));
  const [ba, bb] = [new Map((a?.bloqueios ?? []).map((x) => [x.id, x])), new Map((b?.bloqueios ?? []).map((x) => [x.id, x]))];
  for (const [id, x] of bb) {
    const antes = ba.get(id);
    if (!antes) linhas.push(t('dif.bloqueio-novo', { mensagem: x.mensagem }));
    else if (jsonEstavel(antes) !== jsonEstavel(x)) linhas.push(t('dif.bloqueio-alterado', { mensagem: x.mensagem }));
  }
  for (const [id, x] of ba) if (!bb.has(id)) linhas.push(t('dif.bloqueio-retirado', { mensagem: x.mensagem }));
  return linhas;
}

/** At most this many translation changes are named one by one per language; the rest are counted. */
const TRADUCOES_NOMEADAS = 10;

/**
 * Translations (issue 37): a language offered or no longer, and each translated text that changed, named by its
 * text in Portuguese ("Tradução (Español) de “Nome completo”: — → Nombre completo").
 */
function mudancasDasTraducoes(a: Definicao | null | undefined, b: Definicao | null | undefined, t: Tradutor): string[] {
  const linhas: string[] = [];
  const textos = new Map([...textosTraduziveis(a ?? { secoes: [] }), ...textosTraduziveis(b ?? { secoes: [] })].map((x) => [x.chave, x.original]));
  const nomeDoTexto = (chave: string) => textos.get(chave) ?? (chave === 'nome' || chave === 'descricao' || chave === 'mensagemLimite' ? t(`traducoes.tipo.${chave}`) : chave);
  for (const idioma of IDIOMAS_TRADUCAO) {
    const [oa, ob] = [(a?.idiomas ?? []).includes(idioma), (b?.idiomas ?? []).includes(idioma)];
    const [ta, tb] = [a?.traducoes?.[idioma] ?? {}, b?.traducoes?.[idioma] ?? {}];
    if (!oa && ob) linhas.push(t('dif.idioma-novo', { idioma: NOME_IDIOMA[idioma], n: Object.values(tb).filter((v) => v.trim()).length }));
    else if (oa && !ob) linhas.push(t('dif.idioma-retirado', { idioma: NOME_IDIOMA[idioma] }));
    if (!oa || !ob) continue;
    const mudadas = [...new Set([...Object.keys(ta), ...Object.keys(tb)])].filter((k) => (ta[k] ?? '') !== (tb[k] ?? ''));
    for (const k of mudadas.slice(0, TRADUCOES_NOMEADAS)) linhas.push(t('dif.traducao', { idioma: NOME_IDIOMA[idioma], texto: nomeDoTexto(k), a: ta[k] || '—', b: tb[k] || '—' }));
    if (mudadas.length > TRADUCOES_NOMEADAS) linhas.push(t('dif.traducoes-mais', { n: mudadas.length - TRADUCOES_NOMEADAS, idioma: NOME_IDIOMA[idioma] }));
  }
  return linhas;
}

/** The same JSON for the same content whatever the order of its keys (a draft built in the browser vs. one read back). */
export function jsonEstavel(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(jsonEstavel).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${jsonEstavel((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

/** One sentence per kind of change, for the publish confirm ("what changes"). Empty when nothing does. */
export function resumoDiferenca(d: Diferenca, t: Tradutor = emPortugues): string[] {
  const nomes = (t: TipoMudanca) => d.campos.filter((c) => c.tipo === t).map((c) => `"${(c.depois ?? c.antes)!.rotulo}"`);
  const linhas: string[] = [];
  const [adic, rem, alt] = [nomes('adicionado'), nomes('removido'), nomes('alterado')];
  if (adic.length) linhas.push(t('dif.adicionados', { n: adic.length, lista: adic.join(', ') }));
  if (rem.length) linhas.push(t('dif.removidos', { n: rem.length, lista: rem.join(', ') }));
  if (alt.length) linhas.push(t('dif.alterados', { n: alt.length, lista: alt.join(', ') }));
  if (d.secoesAdicionadas.length) linhas.push(t('dif.secoes-novas', { lista: d.secoesAdicionadas.join(', ') }));
  if (d.secoesRemovidas.length) linhas.push(t('dif.secoes-retiradas', { lista: d.secoesRemovidas.join(', ') }));
  for (const r of d.secoesRenomeadas) linhas.push(t('dif.secao-renomeada', { a: r.de, b: r.para }));
  for (const c of d.secoesCondicao) {
    if (c.antes === undefined) linhas.push(t('dif.secao-condicao-nova', { secao: c.secao, c: c.depois! }));
    else if (c.depois === undefined) linhas.push(t('dif.secao-condicao-retirada', { secao: c.secao, a: c.antes }));
    else linhas.push(t('dif.secao-condicao-alterada', { secao: c.secao, a: c.antes, b: c.depois }));
  }
  linhas.push(...d.jornada);
  return linhas;
}

/** A field in one line, for the side-by-side view: type, required, rules, options, section. */
export function descreverCampo(c: CampoDefinicao & { secao?: string }, t: Tradutor = emPortugues): string[] {
  const linhas = [`${t(chaveTipo(c.tipo))}${c.obrigatorio ? t('dif.campo-obrigatorio') : ''}`];
  if (c.regras.length) linhas.push(t('dif.campo-regras', { lista: c.regras.map((r) => descreverRegra(r, t)).join(', ') }));
  if (c.opcoes?.length) linhas.push(t('dif.campo-opcoes', { lista: c.opcoes.map((o) => o.rotulo).join(', ') }));
  if (c.tipo === 'arquivo') linhas.push(dicaDoArquivo(c.arquivo, t));
  if (c.ajuda) linhas.push(t('dif.campo-ajuda', { ajuda: c.ajuda }));
  if (c.secao) linhas.push(t('dif.campo-secao', { secao: c.secao }));
  return linhas;
}
