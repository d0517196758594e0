import { emPortugues, type Tradutor } from '../i18n';
import { mensagemDe, type Regra, type TipoRegra } from '../validation/regras';
import { problemasDasCondicoes } from './condicoes';
import { problemasDosCalculos } from './problemasCalculos';
import { TAMANHO_MAXIMO_MB } from './tiposArquivo';
import { chavePixValida } from './taxa';
import { problemasDasEtapas } from './etapas';
import { LIMITE_TRADUCAO, NOME_IDIOMA, textosTraduziveis, traducoesQueFaltam, type TextosDoModelo } from './traducoes';
import { IDIOMAS_TRADUCAO, LIMITES, LIMITES_TAXA, TIPOS_CAMPO, type TipoCampo } from './vocabulario';
import { chaveRequerente, chaveTipo, DADOS_DO_LOGIN, REGRAS_POR_TIPO, TIPO_DO_LOGIN, TIPO_DO_REQUERENTE, type CampoDefinicao, type Definicao, type PapelRequerente, type ProblemaDefinicao } from './definicao';

/**
 * What is wrong with a definition, said where (the builder links each problem to its box): checked on every
 * save and, more strictly, at publishing, by the builder and by the server alike.
 */
const ehEscolha = (t: TipoCampo) => t === 'escolha-unica' || t === 'escolha-multipla';

function checarRegras(c: CampoDefinicao, caminho: string, p: ProblemaDefinicao[], t: Tradutor) {
  const permitidas = REGRAS_POR_TIPO[c.tipo];
  const vistos = new Set<string>();
  const num = (r: Regra, k: 'min' | 'max') => (r as Record<string, unknown>)[k] as number;
  for (const [i, r] of c.regras.entries()) {
    const onde = `${caminho}.regras[${i}]`;
    if (!permitidas.includes(r.tipo)) p.push({ caminho: onde, mensagem: t('def.regra-tipo', { regra: r.tipo, tipo: t(chaveTipo(c.tipo)) }) });
    if (vistos.has(r.tipo)) p.push({ caminho: onde, mensagem: t('def.regra-repetida', { regra: r.tipo }) });
    vistos.add(r.tipo);
    if (r.tipo === 'dataMinima' || r.tipo === 'dataMaxima') {
      const data = r.tipo === 'dataMinima' ? r.min : r.max;
      if (typeof data !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(data)) p.push({ caminho: onde, mensagem: t('def.regra-data') });
      continue;
    }
    for (const k of ['min', 'max'] as const) {
      if (k in r && (typeof num(r, k) !== 'number' || !Number.isFinite(num(r, k)))) p.push({ caminho: onde, mensagem: t('def.regra-numero') });
    }
    if ((r.tipo === 'minLength' || r.tipo === 'maxLength') && !(Number.isInteger(num(r, r.tipo === 'minLength' ? 'min' : 'max')) && num(r, r.tipo === 'minLength' ? 'min' : 'max') >= 0)) {
      p.push({ caminho: onde, mensagem: t('def.regra-tamanho') });
    }
  }
  const achar = (t: TipoRegra) => c.regras.find((r) => r.tipo === t) as (Regra & { min?: number; max?: number }) | undefined;
  const [minL, maxL, minV, maxV] = [achar('minLength'), achar('maxLength'), achar('minValue'), achar('maxValue')];
  if (minL && maxL && minL.min! > maxL.max!) p.push({ caminho: `${caminho}.regras`, mensagem: t('def.tamanho-invertido', { min: minL.min!, max: maxL.max! }) });
  if (minV && maxV && minV.min! > maxV.max!) p.push({ caminho: `${caminho}.regras`, mensagem: t('def.valor-invertido', { min: minV.min!, max: maxV.max! }) });
  const [minD, maxD] = [achar('dataMinima') as { min?: string } | undefined, achar('dataMaxima') as { max?: string } | undefined];
  if (minD?.min && maxD?.max && minD.min > maxD.max) p.push({ caminho: `${caminho}.regras`, mensagem: t('def.data-invertida') });
  if (achar('dataNaoFutura') && achar('dataNaoPassada')) p.push({ caminho: `${caminho}.regras`, mensagem: t('def.data-hoje') });
}

/**
 * Checks a definition for sense. An empty list means it can be saved; publishing also needs a field,
 * and a model restricted to a public-access group needs its requester CPF field (the citizen's login fills it).
 */
export function validarDefinicao(d: Definicao, paraPublicar = false, o: { restrito?: boolean; textos?: TextosDoModelo | null } = {}, t: Tradutor = emPortugues): ProblemaDefinicao[] {
  const p: ProblemaDefinicao[] = [];
  if (!d || !Array.isArray(d.secoes)) return [{ caminho: 'secoes', mensagem: t('def.sem-secoes') }];
  if (d.secoes.length > LIMITES.secoes) p.push({ caminho: 'secoes', mensagem: t('def.max-secoes', { n: LIMITES.secoes }) });
  const ids = new Set<string>();
  const papeis = new Set<PapelRequerente>();
  let total = 0;
  let confirmacoes = 0;
  if (d.emailEquipe !== undefined && mensagemDe([{ tipo: 'required' }, { tipo: 'email' }], d.emailEquipe.trim())) p.push({ caminho: 'emailEquipe', mensagem: t('def.email-equipe') });
  if (d.declaracao !== undefined && (typeof d.declaracao?.texto !== 'string' || !d.declaracao.texto.trim() || d.declaracao.texto.length > LIMITES.declaracao)) p.push({ caminho: 'declaracao.texto', mensagem: t('def.declaracao', { n: LIMITES.declaracao }) });
  for (const [i, s] of d.secoes.entries()) {
    const cs = `secoes[${i}]`;
    if (!s.titulo?.trim()) p.push({ caminho: `${cs}.titulo`, mensagem: t('def.secao-titulo') });
    if (!Array.isArray(s.campos)) {
      p.push({ caminho: `${cs}.campos`, mensagem: t('def.secao-campos') });
      continue;
    }
    if (s.repeticao) {
      const { minimo, maximo } = s.repeticao;
      const inteiro = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= LIMITES.repeticao;
      if (!inteiro(minimo) || !inteiro(maximo) || maximo < 1) p.push({ caminho: `${cs}.repeticao`, mensagem: t('def.repeticao-limites', { max: LIMITES.repeticao }) });
      else if (minimo > maximo) p.push({ caminho: `${cs}.repeticao`, mensagem: t('def.repeticao-invertida', { min: minimo, max: maximo }) });
      if (s.campos.some((c) => c.tipo === 'arquivo')) p.push({ caminho: `${cs}.repeticao`, mensagem: t('def.repeticao-arquivo') });
      if (s.campos.some((c) => c.requerente || c.confirmacao || c.preencherDoLogin)) p.push({ caminho: `${cs}.repeticao`, mensagem: t('def.repeticao-requerente') });
    }
    for (const [j, c] of s.campos.entries()) {
      total++;
      const cc = `${cs}.campos[${j}]`;
      if (!TIPOS_CAMPO.includes(c.tipo)) {
        p.push({ caminho: `${cc}.tipo`, mensagem: t('def.tipo-desconhecido') });
        continue;
      }
      if (!c.id?.trim()) p.push({ caminho: `${cc}.id`, mensagem: t('def.sem-id') });
      else if (ids.has(c.id)) p.push({ caminho: `${cc}.id`, mensagem: t('def.id-repetido', { id: c.id }) });
      ids.add(c.id);
      if (!c.rotulo?.trim()) p.push({ caminho: `${cc}.rotulo`, mensagem: t('def.sem-rotulo') });
      else if (c.rotulo.length > LIMITES.rotulo) p.push({ caminho: `${cc}.rotulo`, mensagem: t('def.rotulo-longo', { n: LIMITES.rotulo }) });
      if ((c.ajuda ?? '').length > LIMITES.ajuda) p.push({ caminho: `${cc}.ajuda`, mensagem: t('def.ajuda-longa', { n: LIMITES.ajuda }) });
      checarRegras(c, cc, p, t);
      if (c.requerente !== undefined) {
        if (!(c.requerente in TIPO_DO_REQUERENTE)) p.push({ caminho: `${cc}.requerente`, mensagem: t('def.papel-desconhecido') });
        else if (TIPO_DO_REQUERENTE[c.requerente] !== c.tipo) p.push({ caminho: `${cc}.requerente`, mensagem: t('def.papel-tipo', { tipo: t(chaveTipo(TIPO_DO_REQUERENTE[c.requerente])), papel: t(chaveRequerente(c.requerente)) }) });
        else if (papeis.has(c.requerente)) p.push({ caminho: `${cc}.requerente`, mensagem: t('def.papel-unico', { papel: t(chaveRequerente(c.requerente)) }) });
        papeis.add(c.requerente);
      }
      if (ehEscolha(c.tipo)) {
        const opcoes = c.opcoes ?? [];
        if (!opcoes.length) p.push({ caminho: `${cc}.opcoes`, mensagem: t('def.sem-opcoes') });
        const valores = new Set<string>();
        for (const [k, o] of opcoes.entries()) {
          if (!o.rotulo?.trim() || !o.valor?.trim()) p.push({ caminho: `${cc}.opcoes[${k}]`, mensagem: t('def.opcao-incompleta') });
          if (valores.has(o.valor)) p.push({ caminho: `${cc}.opcoes[${k}]`, mensagem: t('def.opcao-repetida', { valor: o.valor }) });
          valores.add(o.valor);
        }
      } else if (c.opcoes?.length) p.push({ caminho: `${cc}.opcoes`, mensagem: t('def.opcoes-fora') });
      if (c.preencherDoLogin !== undefined) {
        if (!DADOS_DO_LOGIN.includes(c.preencherDoLogin)) p.push({ caminho: `${cc}.preencherDoLogin`, mensagem: t('def.login-desconhecido') });
        else if (TIPO_DO_LOGIN[c.preencherDoLogin] !== c.tipo) p.push({ caminho: `${cc}.preencherDoLogin`, mensagem: t('def.login-tipo', { tipo: t(chaveTipo(TIPO_DO_LOGIN[c.preencherDoLogin])) }) });
      }
      // A CEP fills text questions outside repeating sections (issue 44).
      if (c.endereco && c.tipo !== 'cep') p.push({ caminho: `${cc}.endereco`, mensagem: t('def.endereco-fora') });
      else if (c.endereco)
        for (const alvo of Object.values(c.endereco)) {
          const x = d.secoes.filter((sx) => !sx.repeticao).flatMap((sx) => sx.campos).find((y) => y.id === alvo);
          if (!x || x.tipo !== 'texto') p.push({ caminho: `${cc}.endereco`, mensagem: t('def.endereco-campo', { campo: x?.rotulo || alvo }) });
        }
      if (c.confirmacao && c.tipo !== 'email') p.push({ caminho: `${cc}.confirmacao`, mensagem: t('def.confirmacao-tipo') });
      else if (c.confirmacao && ++confirmacoes > 1) p.push({ caminho: `${cc}.confirmacao`, mensagem: t('def.confirmacao-unica') });
      // A verified question (issue 45): an e-mail or a phone, one value (not in a repeated section).
      if (c.verificado && c.tipo !== 'email' && c.tipo !== 'telefone') p.push({ caminho: `${cc}.verificado`, mensagem: t('def.verificado-tipo') });
      else if (c.verificado && s.repeticao) p.push({ caminho: `${cc}.verificado`, mensagem: t('def.verificado-repeticao') });
      if (c.internacional && c.tipo !== 'telefone') p.push({ caminho: `${cc}.internacional`, mensagem: t('def.internacional-tipo') });
      if (c.arquivo && c.tipo !== 'arquivo') p.push({ caminho: `${cc}.arquivo`, mensagem: t('def.arquivo-fora') });
      else if (c.arquivo) {
        const mb = c.arquivo.tamanhoMaximoMb;
        if (mb !== undefined && !(Number.isInteger(mb) && mb >= 1 && mb <= TAMANHO_MAXIMO_MB)) p.push({ caminho: `${cc}.arquivo.tamanhoMaximoMb`, mensagem: t('def.arquivo-tamanho', { max: TAMANHO_MAXIMO_MB }) });
        if (c.arquivo.tipos && !c.arquivo.tipos.length) p.push({ caminho: `${cc}.arquivo.tipos`, mensagem: t('def.arquivo-tipos') });
      }
    }
  }
  if (total > LIMITES.campos) p.push({ caminho: 'secoes', mensagem: t('def.max-campos', { n: LIMITES.campos }) });
  // A repeating section's answers are kept under its id: no question may have that name.
  for (const [i, s] of d.secoes.entries()) if (s.repeticao && ids.has(s.id)) p.push({ caminho: `secoes[${i}].id`, mensagem: t('def.id-repetido', { id: s.id }) });
  p.push(...problemasDasCondicoes(d, t));
  // Calculations are checked at publishing (a designer saves one half built).
  if (paraPublicar) p.push(...problemasDosCalculos(d, t));
  // The steps after sending (issue 46), at publishing too (a designer saves a co-signature before naming who signs).
  if (paraPublicar) p.push(...problemasDasEtapas(d, t));
  if (paraPublicar && total === 0) p.push({ caminho: 'secoes', mensagem: t('def.publicar-vazio') });
  // A section with no question is nothing a citizen can fill (issue 36: a repeating one with a minimum was published
  // and the citizen's page skipped it): refused at publishing, the problem on the section.
  else if (paraPublicar)
    for (const [i, s] of d.secoes.entries())
      if (Array.isArray(s.campos) && !s.campos.length) p.push({ caminho: `secoes[${i}].campos`, mensagem: s.repeticao && s.repeticao.minimo >= 1 ? t('def.repeticao-vazia', { n: s.repeticao.minimo }) : t('def.secao-vazia') });
  if (paraPublicar && o.restrito && !papeis.has('cpf')) p.push({ caminho: 'secoes', mensagem: t('def.publicar-cpf') });
  p.push(...problemasDasTraducoes(d, paraPublicar, o.textos, t));
  if (d.taxa) p.push(...problemasDaTaxa(d, t));
  return p;
}

/**
 * The fee (issue 38): one of a fixed value or a value per option of a single-choice question (every option
 * priced), a valid Pix key, a description the bank takes, a deadline within a week.
 */
function problemasDaTaxa(d: Definicao, t: Tradutor): ProblemaDefinicao[] {
  const taxa = d.taxa!;
  const p: ProblemaDefinicao[] = [];
  const centavos = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= LIMITES_TAXA.centavosMaximo;
  if ([!!taxa.porResposta, taxa.valorCentavos !== undefined, taxa.calculo !== undefined].filter(Boolean).length !== 1) p.push({ caminho: 'taxa', mensagem: t('def.taxa-valor') });
  else if (taxa.valorCentavos !== undefined && (!centavos(taxa.valorCentavos) || taxa.valorCentavos < 1)) p.push({ caminho: 'taxa.valorCentavos', mensagem: t('def.taxa-centavos') });
  if (taxa.porResposta) {
    const campo = d.secoes.flatMap((s) => (s.repeticao ? [] : s.campos)).find((c) => c.id === taxa.porResposta!.campo);
    if (!campo || campo.tipo !== 'escolha-unica') p.push({ caminho: 'taxa.porResposta.campo', mensagem: t('def.taxa-campo') });
    else {
      const semPreco = (campo.opcoes ?? []).filter((o) => !centavos(taxa.porResposta!.valores[o.valor]));
      if (semPreco.length) p.push({ caminho: 'taxa.porResposta.valores', mensagem: t('def.taxa-opcoes', { lista: semPreco.map((o) => `"${o.rotulo}"`).join(', ') }) });
    }
  }
  if (!chavePixValida(taxa.chavePix ?? '')) p.push({ caminho: 'taxa.chavePix', mensagem: t('def.taxa-chave') });
  if (!taxa.descricao?.trim() || taxa.descricao.length > LIMITES_TAXA.descricao) p.push({ caminho: 'taxa.descricao', mensagem: t('def.taxa-descricao', { n: LIMITES_TAXA.descricao }) });
  if (taxa.prazoMinutos !== undefined && !(Number.isInteger(taxa.prazoMinutos) && taxa.prazoMinutos >= 1 && taxa.prazoMinutos <= LIMITES_TAXA.prazoMaximoMinutos)) p.push({ caminho: 'taxa.prazoMinutos', mensagem: t('def.taxa-prazo', { n: LIMITES_TAXA.prazoMaximoMinutos }) });
  return p;
}

/** A text quoted in a problem: its start when long. */
const citar = (texto: string) => (texto.length > 60 ? `${texto.slice(0, 57).trimEnd()}…` : texto);

/**
 * Translations (issue 37): none longer than its original may be; publishing needs every text in every language
 * the model is offered in, each missing one a problem at `traducoes.<idioma>.<chave>`.
 */
function problemasDasTraducoes(d: Definicao, paraPublicar: boolean, textos: TextosDoModelo | null | undefined, t: Tradutor): ProblemaDefinicao[] {
  if (!d.traducoes && !d.idiomas?.length) return [];
  const p: ProblemaDefinicao[] = [];
  const porChave = new Map(textosTraduziveis(d, textos).map((x) => [x.chave, x]));
  for (const idioma of IDIOMAS_TRADUCAO) {
    for (const [chave, v] of Object.entries(d.traducoes?.[idioma] ?? {})) {
      const x = porChave.get(chave);
      if (x && typeof v === 'string' && v.length > LIMITE_TRADUCAO[x.tipo]) p.push({ caminho: `traducoes.${idioma}.${chave}`, mensagem: t('def.traducao-longa', { texto: citar(x.original), n: LIMITE_TRADUCAO[x.tipo] }) });
    }
  }
  if (paraPublicar) for (const f of traducoesQueFaltam(d, textos)) p.push({ caminho: `traducoes.${f.idioma}.${f.texto.chave}`, mensagem: t('def.traducao-falta', { texto: citar(f.texto.original) }) });
  return p;
}

/** codigoServico (DESIGN.md section 7): letters, digits and hyphens, 3 to 40 characters; `novo` is reserved. */

export interface ProblemaLocalizado extends ProblemaDefinicao {
  secaoId?: string;
  campoId?: string;
  /** A translation's problem (issue 37): the language and the text's key, for the "Traduções" view. */
  traducao?: { idioma: (typeof IDIOMAS_TRADUCAO)[number]; chave: string };
  /** A calculated value's or blocking rule's problem (issue 43): which, by its position, for the "Cálculos" tab. */
  calculo?: { tipo: 'calculo' | 'bloqueio' | 'exigencia'; indice: number };
  /** The message with where it is, for a list: `Campo "Nome" (seção "Requerente"): ...`. */
  texto: string;
}

/** Ties each problem to the section and field it is about (by the path `validarDefinicao` gives). */
export function localizarProblemas(d: Definicao, problemas: readonly ProblemaDefinicao[], t: Tradutor = emPortugues): ProblemaLocalizado[] {
  const textos = new Map(textosTraduziveis(d).map((x) => [x.chave, x]));
  return problemas.map((p) => {
    const tr = /^traducoes\.(en|es)\.(.+)$/.exec(p.caminho);
    if (tr) {
      const idioma = tr[1] as (typeof IDIOMAS_TRADUCAO)[number];
      const x = textos.get(tr[2]);
      return { ...p, secaoId: x?.secaoId, campoId: x?.campoId, traducao: { idioma, chave: tr[2] }, texto: `${t('def.onde-traducao', { idioma: NOME_IDIOMA[idioma] })}: ${p.mensagem}` };
    }
    const calc = /^(calculos|bloqueios)\[(\d+)\]/.exec(p.caminho);
    if (calc) {
      const indice = Number(calc[2]);
      const onde = calc[1] === 'calculos' ? t('def.onde-calculo', { nome: d.calculos?.[indice]?.rotulo?.trim() || d.calculos?.[indice]?.id || '' }) : t('def.onde-bloqueio', { n: indice + 1 });
      return { ...p, calculo: { tipo: calc[1] === 'calculos' ? ('calculo' as const) : ('bloqueio' as const), indice }, texto: `${onde}: ${p.mensagem}` };
    }
    // The rule that makes a question required is edited in "Cálculos" too, by its place among such rules.
    const exig = /^secoes\[(\d+)\]\.campos\[(\d+)\]\.obrigatorioQuando/.exec(p.caminho);
    if (exig) {
      const campo = d.secoes[Number(exig[1])]?.campos[Number(exig[2])];
      const indice = d.secoes.flatMap((s) => s.campos).filter((c) => c.obrigatorioQuando !== undefined).indexOf(campo!);
      return { ...p, calculo: { tipo: 'exigencia' as const, indice }, texto: `${t('def.onde-exigencia', { campo: campo?.rotulo || campo?.id || '' })}: ${p.mensagem}` };
    }
    const m = /^secoes\[(\d+)\](?:\.campos\[(\d+)\])?/.exec(p.caminho);
    const s = m ? d.secoes[Number(m[1])] : undefined;
    const c = s && m?.[2] !== undefined ? s.campos[Number(m[2])] : undefined;
    const titulo = s?.titulo?.trim() || t('editor.sem-titulo');
    const onde = c ? t('def.onde-campo', { campo: c.rotulo?.trim() || c.id || t('editor.sem-rotulo'), secao: titulo }) : s ? t('def.onde-secao', { secao: titulo }) : t('def.onde-formulario');
    return { ...p, secaoId: s?.id, campoId: c?.id, texto: `${onde}: ${p.mensagem}` };
  });
}
