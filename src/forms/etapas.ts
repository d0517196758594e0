import type { Static } from 'typebox';
import type { Coassinante as EsquemaCoassinante, Etapa as EsquemaEtapa } from '../contrato/modelos';
import { emPortugues, type Tradutor } from '../i18n';
import { mensagemDe } from '../validation/regras';
import { cpfValido, soDigitos } from './cpf';
import type { Definicao, ProblemaDefinicao } from './definicao';
import type { StatusFormulario } from './status';

/**
 * Forms with several parties (issue 46): the steps after the citizen's part — co-signatures by people the citizen
 * names (or the model fixes), analyses by a content-control group of staff — in order, the parties of one step in
 * parallel. Pure: the builder checks a definition with it, the server resolves a form's parties and moves it on,
 * the element hides the reserved questions.
 */
export type Etapa = Static<typeof EsquemaEtapa>;
export type Coassinante = Static<typeof EsquemaCoassinante>;
export type TipoEtapa = Etapa['tipo'];

/** A party's situation: its step not started yet, waiting for it, done (signed, approved), refused or expired. */
export const SITUACOES_PARTE = ['AGUARDANDO', 'PENDENTE', 'ASSINADO', 'APROVADO', 'RECUSADO', 'EXPIRADO'] as const;
export type SituacaoParte = (typeof SITUACOES_PARTE)[number];

/** One party of a form, as it is written with the form (its step frozen then). */
export interface ParteNova {
  ordem: number;
  etapa: string;
  titulo: string;
  tipo: 'COASSINATURA' | 'ANALISE';
  prazoDias: number;
  nome: string | null;
  email: string | null;
  cpf: string | null;
  grupo: number | null;
}

/** The status a form waits in during a step, by the kind of its parties. */
export const STATUS_DA_PARTE: Record<ParteNova['tipo'], StatusFormulario> = { COASSINATURA: 'AGUARDANDO_ASSINATURAS', ANALISE: 'EM_ANALISE' };
export const TIPO_DA_PARTE: Record<TipoEtapa, ParteNova['tipo']> = { coassinatura: 'COASSINATURA', analise: 'ANALISE' };

/** The questions reserved to an analysis step (`etapa`): staff fill them, the citizen never sees them. */
export const camposReservados = (d: Definicao | null | undefined, etapa?: string) => (d?.secoes ?? []).flatMap((s) => s.campos).filter((c) => (etapa ? c.etapa === etapa : !!c.etapa));

/**
 * The definition as the citizen fills it: without the questions reserved to staff (and the sections left empty),
 * and with only what the steps tell the citizen (title, kind, deadline): never a fixed co-signer's address or CPF,
 * nor the group that analyses.
 */
export function definicaoDoCidadao(d: Definicao): Definicao {
  if (!d.etapas?.length && !camposReservados(d).length) return d;
  const secoes = d.secoes.map((s) => ({ ...s, campos: s.campos.filter((c) => !c.etapa) })).filter((s, i) => s.campos.length || !d.secoes[i].campos.length);
  return { ...d, secoes, ...(d.etapas ? { etapas: d.etapas.map((e) => ({ id: e.id, tipo: e.tipo, titulo: e.titulo, prazoDias: e.prazoDias })) } : {}) };
}

const texto = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The parties of a form just sent, from the model's steps and the citizen's answers: the co-signers named by an
 * answer (an e-mail, a CPF, a name) or fixed by the model; one party per analysis. A co-signer named by an answer
 * the citizen left empty is nobody: the step has the others (the builder requires the question when it matters).
 */
export function partesDoEnvio(d: Definicao, respostas: Record<string, unknown>): ParteNova[] {
  const porEtapa = (d.etapas ?? []).map((e): Omit<ParteNova, 'ordem'>[] => {
    const base = { etapa: e.id, titulo: e.titulo, tipo: TIPO_DA_PARTE[e.tipo], prazoDias: e.prazoDias };
    if (e.tipo === 'analise') return [{ ...base, nome: null, email: null, cpf: null, grupo: e.grupoControleConteudoId ?? null }];
    return (e.coassinantes ?? []).flatMap((c) => {
      const email = c.campoEmail ? texto(respostas[c.campoEmail]) : texto(c.email);
      if (!email) return [];
      const cpf = c.campoCpf ? texto(respostas[c.campoCpf]) : texto(c.cpf);
      const nome = c.campoNome ? texto(respostas[c.campoNome]) : texto(c.nome);
      return [{ ...base, nome, email: email.toLowerCase(), cpf: cpf ? soDigitos(cpf) : null, grupo: null }];
    });
  });
  // Numbered by the steps that have someone to act: a step left with nobody is skipped, the order kept.
  return porEtapa.filter((x) => x.length).flatMap((x, ordem) => x.map((p) => ({ ...p, ordem })));
}

/** What a definition's steps have wrong, said where (the builder links each problem to its box). */
export function problemasDasEtapas(d: Definicao, t: Tradutor = emPortugues): ProblemaDefinicao[] {
  const p: ProblemaDefinicao[] = [];
  const etapas = d.etapas ?? [];
  const campos = new Map(d.secoes.flatMap((s) => s.campos.map((c) => [c.id, { c, repete: !!s.repeticao }] as const)));
  const ids = new Set<string>();
  for (const [i, e] of etapas.entries()) {
    const onde = `etapas[${i}]`;
    if (ids.has(e.id)) p.push({ caminho: `${onde}.id`, mensagem: t('def.etapa-repetida', { id: e.id }) });
    ids.add(e.id);
    if (!e.titulo?.trim()) p.push({ caminho: `${onde}.titulo`, mensagem: t('def.etapa-titulo') });
    if (e.lembreteDias !== undefined && e.lembreteDias >= e.prazoDias) p.push({ caminho: `${onde}.lembreteDias`, mensagem: t('def.etapa-lembrete') });
    if (e.notificar !== undefined && mensagemDe([{ tipo: 'required' }, { tipo: 'email' }], e.notificar.trim())) p.push({ caminho: `${onde}.notificar`, mensagem: t('def.email-equipe') });
    if (e.tipo === 'analise') {
      if (!e.grupoControleConteudoId) p.push({ caminho: `${onde}.grupoControleConteudoId`, mensagem: t('def.etapa-grupo') });
      continue;
    }
    if (!e.coassinantes?.length) p.push({ caminho: `${onde}.coassinantes`, mensagem: t('def.etapa-coassinantes') });
    for (const [j, c] of (e.coassinantes ?? []).entries()) {
      const aqui = `${onde}.coassinantes[${j}]`;
      const pergunta = (id: string | undefined, tipos: string[], k: string) => {
        if (id === undefined) return;
        const achado = campos.get(id);
        if (!achado || !tipos.includes(achado.c.tipo) || achado.repete || achado.c.etapa) p.push({ caminho: `${aqui}.${k}`, mensagem: t('def.etapa-pergunta', { tipo: t(`tipo.${tipos[0]}` as never) }) });
      };
      pergunta(c.campoEmail, ['email'], 'campoEmail');
      pergunta(c.campoCpf, ['cpf'], 'campoCpf');
      pergunta(c.campoNome, ['texto'], 'campoNome');
      if (!c.campoEmail && mensagemDe([{ tipo: 'required' }, { tipo: 'email' }], c.email?.trim() ?? '')) p.push({ caminho: `${aqui}.email`, mensagem: t('def.etapa-email') });
      if (c.cpf !== undefined && !cpfValido(c.cpf)) p.push({ caminho: `${aqui}.cpf`, mensagem: t('validacao.cpf') });
    }
  }
  for (const [si, s] of d.secoes.entries())
    for (const [ci, c] of s.campos.entries()) {
      if (!c.etapa) continue;
      const e = etapas.find((x) => x.id === c.etapa);
      if (!e || e.tipo !== 'analise') p.push({ caminho: `secoes[${si}].campos[${ci}].etapa`, mensagem: t('def.campo-etapa') });
      else if (s.repeticao || c.tipo === 'arquivo' || c.requerente || c.preencherDoLogin || c.verificado || c.confirmacao) p.push({ caminho: `secoes[${si}].campos[${ci}].etapa`, mensagem: t('def.campo-etapa-tipo') });
    }
  if (etapas.length && d.taxa) p.push({ caminho: 'etapas', mensagem: t('def.etapas-taxa') });
  return p;
}

/**
 * The definition with these steps (none: without `etapas`); a question reserved to a step that is no longer an
 * analysis of the model stops being reserved (the citizen answers it again).
 */
export function definirEtapas(d: Definicao, etapas: Etapa[]): Definicao {
  const { etapas: _, ...resto } = d;
  const analises = new Set(etapas.filter((e) => e.tipo === 'analise').map((e) => e.id));
  const secoes = d.secoes.map((s) => (s.campos.some((c) => c.etapa && !analises.has(c.etapa)) ? { ...s, campos: s.campos.map(({ etapa, ...c }) => (etapa && !analises.has(etapa) ? c : { ...c, ...(etapa ? { etapa } : {}) })) } : s));
  return etapas.length ? { ...resto, secoes, etapas } : { ...resto, secoes };
}

/** A new step of `tipo` for `d`: a name no other step has, 10 days, a co-signature with one co-signer to choose. */
export function etapaNova(d: Definicao, tipo: TipoEtapa, titulo: string): Etapa {
  const usados = new Set((d.etapas ?? []).map((e) => e.id));
  let n = 1;
  while (usados.has(`${tipo}-${n}`)) n++;
  return { id: `${tipo}-${n}`, tipo, titulo, prazoDias: 10, ...(tipo === 'coassinatura' ? { coassinantes: [{}] } : {}) };
}

/** The analysis steps a question may be reserved to. */
export const etapasDeAnalise = (d: Definicao | null | undefined) => (d?.etapas ?? []).filter((e) => e.tipo === 'analise');

/** A party who still may act (its step is the form's current one and the deadline has not passed). */
export const podeAgir = (situacao: SituacaoParte) => situacao === 'PENDENTE';
