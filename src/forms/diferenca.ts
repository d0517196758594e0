import type { Regra } from '../validation/regras';
import { ROTULO_TIPO, type CampoDefinicao, type Definicao } from './definicao';
import { contar } from '../i18n';

/**
 * What changed between two definitions (two versions, or the last version and the draft), field by
 * field, matched by id: added, removed, changed (saying what, in pt-BR) or the same. Pure.
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
}

export function descreverRegra(r: Regra): string {
  switch (r.tipo) {
    case 'minLength':
      return `tamanho mínimo ${r.min}`;
    case 'maxLength':
      return `tamanho máximo ${r.max}`;
    case 'minValue':
      return `valor mínimo ${r.min}`;
    case 'maxValue':
      return `valor máximo ${r.max}`;
    default:
      return r.tipo;
  }
}

const simNao = (b: boolean) => (b ? 'sim' : 'não');

function planos(d: Definicao | null | undefined): Map<string, CampoDefinicao & { secao: string }> {
  const m = new Map<string, CampoDefinicao & { secao: string }>();
  for (const s of d?.secoes ?? []) for (const c of s.campos) m.set(c.id, { ...c, secao: s.titulo });
  return m;
}

function detalhesDe(a: CampoDefinicao & { secao: string }, b: CampoDefinicao & { secao: string }): string[] {
  const d: string[] = [];
  if (a.rotulo !== b.rotulo) d.push(`rótulo: "${a.rotulo}" → "${b.rotulo}"`);
  if (a.tipo !== b.tipo) d.push(`tipo: ${ROTULO_TIPO[a.tipo]} → ${ROTULO_TIPO[b.tipo]}`);
  if (a.obrigatorio !== b.obrigatorio) d.push(`obrigatório: ${simNao(a.obrigatorio)} → ${simNao(b.obrigatorio)}`);
  if ((a.ajuda ?? '') !== (b.ajuda ?? '')) d.push(`ajuda: "${a.ajuda ?? ''}" → "${b.ajuda ?? ''}"`);
  if (a.secao !== b.secao) d.push(`seção: "${a.secao}" → "${b.secao}"`);
  const ra = a.regras.map(descreverRegra);
  const rb = b.regras.map(descreverRegra);
  for (const r of rb) if (!ra.includes(r)) d.push(`regra nova: ${r}`);
  for (const r of ra) if (!rb.includes(r)) d.push(`regra retirada: ${r}`);
  const oa = new Map((a.opcoes ?? []).map((o) => [o.valor, o.rotulo]));
  const ob = new Map((b.opcoes ?? []).map((o) => [o.valor, o.rotulo]));
  for (const [v, r] of ob) if (!oa.has(v)) d.push(`opção nova: ${r}`);
  else if (oa.get(v) !== r) d.push(`opção "${oa.get(v)}" agora se chama "${r}"`);
  for (const [v, r] of oa) if (!ob.has(v)) d.push(`opção retirada: ${r}`);
  if (!d.length && JSON.stringify((a.opcoes ?? []).map((o) => o.valor)) !== JSON.stringify((b.opcoes ?? []).map((o) => o.valor))) d.push('ordem das opções');
  return d;
}

export function diferenca(a: Definicao | null | undefined, b: Definicao | null | undefined): Diferenca {
  const pa = planos(a);
  const pb = planos(b);
  const campos: MudancaCampo[] = [];
  for (const [id, depois] of pb) {
    const antes = pa.get(id);
    if (!antes) campos.push({ id, tipo: 'adicionado', depois, detalhes: [] });
    else {
      const detalhes = detalhesDe(antes, depois);
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
  };
}

/** The same JSON for the same content whatever the order of its keys (a draft built in the browser vs. one read back). */
export function jsonEstavel(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(jsonEstavel).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${jsonEstavel((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

/** One sentence per kind of change, for the publish confirm ("what changes"). Empty when nothing does. */
export function resumoDiferenca(d: Diferenca): string[] {
  const nomes = (t: TipoMudanca) => d.campos.filter((c) => c.tipo === t).map((c) => `"${(c.depois ?? c.antes)!.rotulo}"`);
  const linhas: string[] = [];
  const [adic, rem, alt] = [nomes('adicionado'), nomes('removido'), nomes('alterado')];
  if (adic.length) linhas.push(`${contar(adic.length, 'campo adicionado', 'campos adicionados')}: ${adic.join(', ')}.`);
  if (rem.length) linhas.push(`${contar(rem.length, 'campo removido', 'campos removidos')}: ${rem.join(', ')}.`);
  if (alt.length) linhas.push(`${contar(alt.length, 'campo alterado', 'campos alterados')}: ${alt.join(', ')}.`);
  if (d.secoesAdicionadas.length) linhas.push(`Seções novas: ${d.secoesAdicionadas.join(', ')}.`);
  if (d.secoesRemovidas.length) linhas.push(`Seções retiradas: ${d.secoesRemovidas.join(', ')}.`);
  for (const r of d.secoesRenomeadas) linhas.push(`A seção "${r.de}" agora se chama "${r.para}".`);
  return linhas;
}

/** A field in one line, for the side-by-side view: type, required, rules, options, section. */
export function descreverCampo(c: CampoDefinicao & { secao?: string }): string[] {
  const linhas = [`${ROTULO_TIPO[c.tipo]}${c.obrigatorio ? ', obrigatório' : ''}`];
  if (c.regras.length) linhas.push(`Regras: ${c.regras.map(descreverRegra).join(', ')}`);
  if (c.opcoes?.length) linhas.push(`Opções: ${c.opcoes.map((o) => o.rotulo).join(', ')}`);
  if (c.ajuda) linhas.push(`Ajuda: ${c.ajuda}`);
  if (c.secao) linhas.push(`Seção: ${c.secao}`);
  return linhas;
}
