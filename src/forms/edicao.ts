import type { Regra, TipoRegra } from '../validation/regras';
import { renomearNaCondicao, type Condicao } from './condicoes';
import { renomearNasExpressoes } from './editorExpressao';
import { emPaginas } from './paginas';
import { FAMILIAS_ARQUIVO, type FamiliaArquivo } from './tiposArquivo';
import { REGRAS_POR_TIPO, ROTULO_TIPO, TIPO_DO_REQUERENTE, type CampoDefinicao, type Definicao, type Opcao, type Secao } from './definicao';
import { MAXIMO_REPETICAO_PADRAO, type TipoCampo } from './vocabulario';

/**
 * The form builder's operations on a definition. Pure and immutable: each returns a new definition,
 * so the builder's undo/redo keeps every state as it was.
 */

/** A fresh id not used by any section or field (but `exceto`): `base`, `base-2`, `base-3`... */
export function novoId(d: Definicao, base: string, exceto?: string): string {
  const usados = new Set(d.secoes.flatMap((s) => [s.id, ...s.campos.map((c) => c.id)]));
  if (exceto) usados.delete(exceto);
  const limpo = slug(base) || 'campo';
  if (!usados.has(limpo)) return limpo;
  for (let i = 2; ; i++) if (!usados.has(`${limpo}-${i}`)) return `${limpo}-${i}`;
}

/** Lowercase ASCII letters, digits and hyphens, from any text ("Nome completo" -> "nome-completo"). */
export function slug(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

const comSecoes = (d: Definicao, secoes: Secao[]): Definicao => ({ ...d, secoes });

/**
 * A new section; the form's first one is, as a rule, about who is asking. A new model's sections are
 * pages of their own (issue 21); a model made as one page keeps adding to that page.
 */
export function adicionarSecao(d: Definicao, titulo = d.secoes.length ? 'Nova seção' : 'Dados do requerente'): Definicao {
  const pagina = !d.secoes.length || emPaginas(d);
  return comSecoes(d, [...d.secoes, { id: novoId(d, 'secao'), titulo, campos: [], ...(pagina ? { pagina } : {}) }]);
}

export function alterarSecao(d: Definicao, secaoId: string, patch: Partial<Omit<Secao, 'id' | 'campos'>>): Definicao {
  return comSecoes(d, d.secoes.map((s) => (s.id === secaoId ? { ...s, ...patch } : s)));
}

/** The model in pages (each section a page of its own, the designer may then join them) or as one page. */
export function definirPaginas(d: Definicao, ligado: boolean): Definicao {
  return comSecoes(d, d.secoes.map(({ pagina: _, ...s }) => (ligado ? { ...s, pagina: true } : s)));
}

/** Whether section `secaoId` starts a page (the first one always does while the model is in pages). */
export function definirPaginaDaSecao(d: Definicao, secaoId: string, ligado: boolean): Definicao {
  return comSecoes(d, d.secoes.map((s) => (s.id !== secaoId ? s : ligado ? { ...s, pagina: true } : (({ pagina: _, ...resto }) => resto)(s))));
}

/** A repeating section (issue 21): on with 0 to 25 items by default, its limits and item name changed, or off. */
export function definirRepeticao(d: Definicao, secaoId: string, patch: Partial<NonNullable<Secao['repeticao']>> | null): Definicao {
  return comSecoes(
    d,
    d.secoes.map((s) => {
      if (s.id !== secaoId) return s;
      if (patch === null) return (({ repeticao: _, ...resto }) => resto)(s);
      const repeticao = { ...(s.repeticao ?? { minimo: 0, maximo: MAXIMO_REPETICAO_PADRAO }), ...patch };
      if (!repeticao.item?.trim()) delete repeticao.item;
      return { ...s, repeticao };
    }),
  );
}

/** The team address that gets a notice of each submission (issue 21); empty: none. */
export function definirEmailEquipe(d: Definicao, email: string): Definicao {
  const { emailEquipe: _, ...resto } = d;
  return email.trim() ? { ...resto, emailEquipe: email.trim() } : resto;
}

/** The model's monthly budget of SMS codes (issue 45); null goes back to the default (ORCAMENTO_SMS_PADRAO). */
export function definirOrcamentoSms(d: Definicao, smsPorMes: number | null): Definicao {
  const { verificacao: _, ...resto } = d;
  return smsPorMes === null ? resto : { ...resto, verificacao: { ...d.verificacao, smsPorMes } };
}

/** The declaration the citizen accepts before sending (issue 36); null takes it away. The text is kept as typed. */
export function definirDeclaracao(d: Definicao, texto: string | null): Definicao {
  const { declaracao: _, ...resto } = d;
  return texto === null ? resto : { ...resto, declaracao: { texto } };
}

/** The gov.br account the model asks for (issue 44): empty parts dropped; asking nothing, none (and no reason). */
export function definirConfiabilidade(d: Definicao, e: NonNullable<Definicao['confiabilidade']>): Definicao {
  const { confiabilidade: _, ...resto } = d;
  const limpa = { ...(e.nivel ? { nivel: e.nivel } : {}), ...(e.selos?.length ? { selos: e.selos } : {}), ...(e.segundoFator ? { segundoFator: true } : {}) };
  if (!Object.keys(limpa).length) return resto;
  return { ...resto, confiabilidade: { ...limpa, ...(e.motivo !== undefined ? { motivo: e.motivo } : {}) } };
}

/** The citizen's gov.br signature the model asks for (issue 44): required, optional, or none. */
export function definirAssinatura(d: Definicao, a: Definicao['assinatura'] | null): Definicao {
  const { assinatura: _, ...resto } = d;
  return a ? { ...resto, assinatura: a } : resto;
}

export function removerSecao(d: Definicao, secaoId: string): Definicao {
  return comSecoes(d, d.secoes.filter((s) => s.id !== secaoId));
}

export function moverSecao(d: Definicao, secaoId: string, delta: number): Definicao {
  const i = d.secoes.findIndex((s) => s.id === secaoId);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= d.secoes.length) return d;
  const secoes = [...d.secoes];
  const [s] = secoes.splice(i, 1);
  secoes.splice(j, 0, s);
  return comSecoes(d, secoes);
}

/** A new field of a type, with sensible defaults (choices start with two options); its name comes from its label. */
export function campoNovo(d: Definicao, tipo: TipoCampo): CampoDefinicao {
  const c: CampoDefinicao = { id: novoId(d, ROTULO_TIPO[tipo]), tipo, rotulo: ROTULO_TIPO[tipo], obrigatorio: false, regras: [] };
  if (tipo === 'escolha-unica' || tipo === 'escolha-multipla') c.opcoes = [{ valor: 'opcao-1', rotulo: 'Opção 1' }, { valor: 'opcao-2', rotulo: 'Opção 2' }];
  return c;
}

export function adicionarCampo(d: Definicao, secaoId: string, campo: CampoDefinicao, posicao?: number): Definicao {
  return comSecoes(
    d,
    d.secoes.map((s) => {
      if (s.id !== secaoId) return s;
      const campos = [...s.campos];
      campos.splice(posicao ?? campos.length, 0, campo);
      return { ...s, campos };
    }),
  );
}

export function onde(d: Definicao, campoId: string): { secao: number; campo: number } | null {
  for (const [i, s] of d.secoes.entries()) {
    const j = s.campos.findIndex((c) => c.id === campoId);
    if (j >= 0) return { secao: i, campo: j };
  }
  return null;
}

export function acharCampo(d: Definicao, campoId: string): CampoDefinicao | undefined {
  const o = onde(d, campoId);
  return o ? d.secoes[o.secao].campos[o.campo] : undefined;
}

export function removerCampo(d: Definicao, campoId: string): Definicao {
  return comSecoes(d, d.secoes.map((s) => ({ ...s, campos: s.campos.filter((c) => c.id !== campoId) })));
}

/** A copy right below the original, with a new id and "(cópia)" in its label. */
export function duplicarCampo(d: Definicao, campoId: string): Definicao {
  const o = onde(d, campoId);
  if (!o) return d;
  const original = d.secoes[o.secao].campos[o.campo];
  const copia: CampoDefinicao = { ...structuredClone(original), id: novoId(d, original.id), rotulo: `${original.rotulo} (cópia)` };
  return adicionarCampo(d, d.secoes[o.secao].id, copia, o.campo + 1);
}

/**
 * Moves a field one place up or down (delta ±1); past the top or bottom of its section it goes to the
 * end of the previous section or the start of the next one. Does nothing at the very ends.
 */
export function moverCampo(d: Definicao, campoId: string, delta: -1 | 1): Definicao {
  const o = onde(d, campoId);
  if (!o) return d;
  const campos = d.secoes[o.secao].campos;
  const destino = o.campo + delta;
  if (destino >= 0 && destino < campos.length) {
    const novos = [...campos];
    [novos[o.campo], novos[destino]] = [novos[destino], novos[o.campo]];
    return comSecoes(d, d.secoes.map((s, i) => (i === o.secao ? { ...s, campos: novos } : s)));
  }
  const outra = o.secao + delta;
  if (outra < 0 || outra >= d.secoes.length) return d;
  const campo = campos[o.campo];
  const sem = removerCampo(d, campoId);
  return adicionarCampo(sem, d.secoes[outra].id, campo, delta < 0 ? d.secoes[outra].campos.length : 0);
}

/** Moves a field to a section at a position (drag and drop). */
export function moverCampoPara(d: Definicao, campoId: string, secaoId: string, posicao: number): Definicao {
  const o = onde(d, campoId);
  if (!o) return d;
  const campo = d.secoes[o.secao].campos[o.campo];
  const mesmaSecao = d.secoes[o.secao].id === secaoId;
  const ajuste = mesmaSecao && o.campo < posicao ? -1 : 0;
  return adicionarCampo(removerCampo(d, campoId), secaoId, campo, Math.max(0, posicao + ajuste));
}

/**
 * Changes a field. Changing the type keeps what still makes sense: rules the new type allows,
 * options only for choices (two defaults when a field becomes a choice).
 */
export function alterarCampo(d: Definicao, campoId: string, patch: Partial<Omit<CampoDefinicao, 'id'>>): Definicao {
  return comSecoes(
    d,
    d.secoes.map((s) => ({
      ...s,
      campos: s.campos.map((c) => {
        if (c.id !== campoId) return c;
        const novo = { ...c, ...patch };
        if (patch.tipo && patch.tipo !== c.tipo) {
          novo.regras = novo.regras.filter((r) => REGRAS_POR_TIPO[patch.tipo!].includes(r.tipo));
          if (novo.requerente && TIPO_DO_REQUERENTE[novo.requerente] !== patch.tipo) delete novo.requerente;
          const escolha = patch.tipo === 'escolha-unica' || patch.tipo === 'escolha-multipla';
          if (!escolha) delete novo.opcoes;
          else if (!novo.opcoes?.length) novo.opcoes = [{ valor: 'opcao-1', rotulo: 'Opção 1' }, { valor: 'opcao-2', rotulo: 'Opção 2' }];
          if (patch.tipo !== 'arquivo') delete novo.arquivo;
          if (patch.tipo !== 'cep') delete novo.endereco;
          if (patch.tipo !== 'email' && patch.tipo !== 'telefone') delete novo.verificado;
          if (patch.tipo !== 'email') delete novo.confirmacao;
          if (patch.tipo !== 'telefone') delete novo.internacional;
        }
        return novo;
      }),
    })),
  );
}

/** The rule that makes an optional question required (issue 43), set or taken away (undefined). */
export function definirObrigatorioQuando(d: Definicao, campoId: string, regra: unknown): Definicao {
  const mudar = (c: CampoDefinicao): CampoDefinicao => {
    const { obrigatorioQuando: _, ...resto } = c;
    return regra === undefined ? resto : { ...resto, obrigatorioQuando: regra };
  };
  return comSecoes(d, d.secoes.map((s) => ({ ...s, campos: s.campos.map((c) => (c.id === campoId ? mudar(c) : c)) })));
}

/**
 * What a file field accepts: its maximum size in MB (null: the default) and its families. Every family,
 * or none, is stored as no restriction; a field that keeps both defaults has no `arquivo` at all.
 */
export function definirArquivo(d: Definicao, campoId: string, patch: { tamanhoMaximoMb?: number | null; tipos?: readonly FamiliaArquivo[] }): Definicao {
  const c = acharCampo(d, campoId);
  if (!c || c.tipo !== 'arquivo') return d;
  const atual = c.arquivo ?? {};
  const mb = patch.tamanhoMaximoMb === undefined ? atual.tamanhoMaximoMb : (patch.tamanhoMaximoMb ?? undefined);
  const tipos = patch.tipos === undefined ? atual.tipos : FAMILIAS_ARQUIVO.filter((f) => patch.tipos!.includes(f));
  const arquivo = { ...(mb !== undefined ? { tamanhoMaximoMb: mb } : {}), ...(tipos?.length && tipos.length < FAMILIAS_ARQUIVO.length ? { tipos } : {}) };
  return comSecoes(d, d.secoes.map((s) => ({ ...s, campos: s.campos.map((x) => (x.id !== campoId ? x : semArquivoVazio({ ...x, arquivo }))) })));
}

const semArquivoVazio = ({ arquivo, ...c }: CampoDefinicao): CampoDefinicao => (arquivo && Object.keys(arquivo).length ? { ...c, arquivo } : c);

/** Sets (a number), or removes (null), one parameterised rule of a field. */
export function definirRegra(d: Definicao, campoId: string, tipo: Extract<TipoRegra, 'minLength' | 'maxLength' | 'minValue' | 'maxValue'>, valor: number | null): Definicao {
  const c = acharCampo(d, campoId);
  if (!c) return d;
  const sem = c.regras.filter((r) => r.tipo !== tipo);
  if (valor === null) return alterarCampo(d, campoId, { regras: sem });
  const regra = (tipo === 'minLength' || tipo === 'minValue' ? { tipo, min: valor } : { tipo, max: valor }) as Regra;
  return alterarCampo(d, campoId, { regras: [...sem, regra] });
}

export type RegraData = Extract<TipoRegra, 'dataNaoFutura' | 'dataNaoPassada' | 'dataMinima' | 'dataMaxima'>;

/** Sets a date rule: on/off for "not future"/"not past", a yyyy-MM-dd (or null: none) for minimum and maximum. */
export function definirRegraData(d: Definicao, campoId: string, tipo: RegraData, valor: boolean | string | null): Definicao {
  const c = acharCampo(d, campoId);
  if (!c) return d;
  const sem = c.regras.filter((r) => r.tipo !== tipo);
  if (valor === null || valor === false || valor === '') return alterarCampo(d, campoId, { regras: sem });
  const regra = (tipo === 'dataMinima' ? { tipo, min: valor } : tipo === 'dataMaxima' ? { tipo, max: valor } : { tipo }) as Regra;
  return alterarCampo(d, campoId, { regras: [...sem, regra] });
}

export function valorRegra(c: CampoDefinicao, tipo: TipoRegra): number | null {
  const r = c.regras.find((x) => x.tipo === tipo) as { min?: number; max?: number } | undefined;
  return r ? (r.min ?? r.max ?? null) : null;
}

/** Options from text, one per line ("Rótulo" or "valor | Rótulo"); blank lines ignored; values unique. */
export function opcoesDeTexto(texto: string): Opcao[] {
  const opcoes: Opcao[] = [];
  const usados = new Set<string>();
  for (const linha of texto.split(/\r?\n/)) {
    if (!linha.trim()) continue;
    const [a, b] = linha.includes('|') ? linha.split('|', 2).map((x) => x.trim()) : [null, linha.trim()];
    let valor = a || slug(b) || 'opcao';
    const base = valor;
    for (let i = 2; usados.has(valor); i++) valor = `${base}-${i}`;
    usados.add(valor);
    opcoes.push({ valor, rotulo: b || a! });
  }
  return opcoes;
}

/** The text a list of options is edited as: "valor | Rótulo" where the value is not the label's slug. */
export function textoDeOpcoes(opcoes: readonly Opcao[] = []): string {
  return opcoes.map((o) => (o.valor === slug(o.rotulo) ? o.rotulo : `${o.valor} | ${o.rotulo}`)).join('\n');
}

export const contarCampos = (d: Definicao) => d.secoes.reduce((n, s) => n + s.campos.length, 0);

/** The answer's name a label gives a field: the label's slug, unique within the model ("Telefone" -> "telefone", "telefone-2"). */
export const nomeDoRotulo = (d: Definicao, campoId: string, rotulo: string) => novoId(d, rotulo, campoId);

/**
 * The answer's name follows the label while the designer has not chosen another one: when the name is
 * still the one `rotuloAntes` gave. `fixos` are names the integration may already receive (fields of a
 * published model, as saved): they never change by themselves. Returns the definition unchanged when
 * the name stays, and the new name.
 */
export function nomeSegueRotulo(d: Definicao, campoId: string, rotuloAntes: string, fixos: ReadonlySet<string> = new Set()): { definicao: Definicao; nome: string } {
  const c = acharCampo(d, campoId);
  if (!c || fixos.has(campoId) || campoId !== nomeDoRotulo(d, campoId, rotuloAntes)) return { definicao: d, nome: campoId };
  const nome = nomeDoRotulo(d, campoId, c.rotulo);
  return nome === campoId ? { definicao: d, nome } : { definicao: renomearCampo(d, campoId, nome), nome };
}

/** Gives a field another id (its answer's name); a clash is left for `validarDefinicao` to report. */
export function renomearCampo(d: Definicao, de: string, para: string): Definicao {
  // Conditions that read the field follow its new name.
  const seguir = <T extends { condicao?: Condicao }>(x: T): T => (x.condicao?.criterios.some((c) => c.campo === de) ? { ...x, condicao: renomearNaCondicao(x.condicao, de, para) } : x);
  // And so do calculations and blocking rules (issue 43).
  return renomearNasExpressoes(comSecoes(d, d.secoes.map((s) => seguir({ ...s, campos: s.campos.map((c) => seguir(c.id === de ? { ...c, id: para } : c)) }))), de, para);
}
