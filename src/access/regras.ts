import { descricaoPermissao, P, type Permissao } from './permissoes';
import { emPortugues, type Tradutor } from '../i18n';


/** The three menu groups of SPEC.md section 6, plus the entries everybody sees. */
export type GrupoMenu = 'sempre' | 'designer' | 'manager' | 'administrator';

/** How a group is unlocked: any of `qualquer`, or ALL of at least one of `todosDeUm`. */
export interface RegraGrupo {
  qualquer?: readonly Permissao[];
  todosDeUm?: readonly (readonly Permissao[])[];
}

export const REGRAS_GRUPOS: Record<Exclude<GrupoMenu, 'sempre'>, RegraGrupo> = {
  designer: { qualquer: [P.READ_MODELO] },
  // Issue 46: an analyst with only the review permissions sees the group with "Minhas análises".
  manager: { qualquer: [P.READ_FORMULARIO, P.READ_FORMULARIO_EVENTO, P.READ_FORMULARIO_ANALISE] },
  administrator: {
    todosDeUm: [
      [P.READ_PERFIL_ACESSO, P.CREATE_PERFIL_ACESSO],
      [P.READ_GRUPO_ACESSO_PUBLICO, P.CREATE_GRUPO_ACESSO_PUBLICO],
      [P.READ_GRUPO_CONTROLE_CONTEUDO, P.CREATE_GRUPO_CONTROLE_CONTEUDO],
    ],
  },
};

export type Permissoes = ReadonlySet<string>;

export function grupoVisivel(grupo: GrupoMenu, permissoes: Permissoes): boolean {
  if (grupo === 'sempre') return true;
  const regra = REGRAS_GRUPOS[grupo];
  if (regra.qualquer) return regra.qualquer.some((p) => permissoes.has(p));
  return (regra.todosDeUm ?? []).some((par) => par.every((p) => permissoes.has(p)));
}

export interface Protegido {
  group: GrupoMenu;
  permission?: Permissao;
}

/** An entry (and its route) is visible only if its group is AND the user holds the entry's permission. */
export function entradaVisivel(entrada: Protegido, permissoes: Permissoes): boolean {
  return grupoVisivel(entrada.group, permissoes) && (!entrada.permission || permissoes.has(entrada.permission));
}

/** A permission as staff read it, the code after it for whoever configures profiles. */
const permissaoPorExtenso = (p: Permissao, t: Tradutor) => `${descricaoPermissao(p, t)} (${p})`;
const ou = (xs: string[], t: Tradutor) => (xs.length > 1 ? t('motivo.ou', { lista: xs.slice(0, -1).join(', '), ultimo: xs[xs.length - 1] }) : xs[0]);

/**
 * Why an entry is or is not visible, in plain words with the codes as secondary detail: the answer to
 * "why can't I see X?". The Administração group asks for one complete pair; an entry's own permission
 * alone is not enough there, and the sentence says which pair would show it.
 */
export function motivoVisibilidade(entrada: Protegido, permissoes: Permissoes, t: Tradutor = emPortugues): string {
  if (entrada.group !== 'sempre' && !grupoVisivel(entrada.group, permissoes)) {
    const regra = REGRAS_GRUPOS[entrada.group];
    const grupo = t(`menu.grupo.${entrada.group}`);
    if (regra.qualquer) return t('motivo.grupo-qualquer', { n: regra.qualquer.length, grupo, lista: ou(regra.qualquer.map((p) => permissaoPorExtenso(p, t)), t) });
    const pares = regra.todosDeUm ?? [];
    const comecado = pares.find((par) => par.some((p) => permissoes.has(p)));
    const falta = comecado?.filter((p) => !permissoes.has(p)) ?? [];
    const propria = entrada.permission && permissoes.has(entrada.permission) ? t('motivo.propria', { permissao: entrada.permission }) : '';
    return `${t('motivo.grupo-par', { grupo })}${propria} ${comecado ? t('motivo.falta-par', { lista: ou(falta.map((p) => permissaoPorExtenso(p, t)), t) }) : t('motivo.pares', { lista: pares.map((par) => par.join(' + ')).join('; ') })}`;
  }
  if (entrada.permission && !permissoes.has(entrada.permission)) return t('motivo.falta', { permissao: permissaoPorExtenso(entrada.permission, t) });
  return t('motivo.visivel');
}
