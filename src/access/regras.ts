import { P, type Permissao } from './permissoes';

/** The three menu groups of SPEC.md section 6, plus the entries everybody sees. */
export type GrupoMenu = 'sempre' | 'designer' | 'manager' | 'administrator';

/** How a group is unlocked: any of `qualquer`, or ALL of at least one of `todosDeUm`. */
export interface RegraGrupo {
  qualquer?: readonly Permissao[];
  todosDeUm?: readonly (readonly Permissao[])[];
}

export const REGRAS_GRUPOS: Record<Exclude<GrupoMenu, 'sempre'>, RegraGrupo> = {
  designer: { qualquer: [P.READ_MODELO] },
  manager: { qualquer: [P.READ_FORMULARIO, P.READ_FORMULARIO_EVENTO] },
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

/** Why an entry is or is not visible, in pt-BR: the answer to "why can't I see X?". */
export function motivoVisibilidade(entrada: Protegido, permissoes: Permissoes): string {
  if (entrada.group !== 'sempre' && !grupoVisivel(entrada.group, permissoes)) {
    const regra = REGRAS_GRUPOS[entrada.group];
    return regra.qualquer
      ? `Falta uma destas permissões: ${regra.qualquer.join(', ')}.`
      : `Falta algum destes pares completos: ${(regra.todosDeUm ?? []).map((par) => par.join(' + ')).join('; ')}.`;
  }
  if (entrada.permission && !permissoes.has(entrada.permission)) return `Falta a permissão ${entrada.permission}.`;
  return 'Visível.';
}
