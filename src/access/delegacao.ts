/**
 * Who may grant what (issue 18): delegation bounded by what the granter holds, as Keycloak's
 * fine-grained admin permissions bound it. An administrator may do anything; anyone else who may manage
 * access grants only permissions they hold and groups they belong to, never changes their own link,
 * never edits a profile in their own link, never touches an administrator's link or the administrator
 * flag. Pure: the server refuses with these pt-BR reasons (403), and the tests walk every combination.
 */
import { emPortugues, type Tradutor } from '../i18n';

/** The API answers in pt-BR; the console passes its language. */
export interface Concedente {
  username: string;
  administrador: boolean;
  permissoes: readonly string[];
  /** Content-control groups the granter belongs to. */
  grupos: readonly number[];
  /** Profiles in the granter's own link. */
  perfis: readonly number[];
}

export interface PerfilConcedivel {
  id: number;
  nome: string;
  permissoes: readonly string[];
}

export interface GrupoConcedivel {
  id: number;
  nome: string;
}

/** A user link as far as delegation cares (null: none yet, or deleted). */
export interface VinculoConcedido {
  username: string;
  administrador: boolean;
  perfis: readonly PerfilConcedivel[];
  grupos: readonly GrupoConcedivel[];
}

const faltando = (c: Concedente, permissoes: readonly string[]) => permissoes.filter((p) => !c.permissoes.includes(p));
const lista = (xs: string[], t: Tradutor) => (xs.length > 4 ? t('delegacao.lista-mais', { lista: xs.slice(0, 4).join(', '), n: xs.length - 4 }) : xs.join(', '));

/** Profiles and groups present on one side only: what the change grants or takes away. */
function mudancas<T extends { id: number }>(antes: readonly T[], depois: readonly T[]): T[] {
  const a = new Set(antes.map((x) => x.id));
  const d = new Set(depois.map((x) => x.id));
  return [...depois.filter((x) => !a.has(x.id)), ...antes.filter((x) => !d.has(x.id))];
}

/** Why `c` may not change the link of `alvo` at all (their own, or an administrator's), or null. */
export function recusaAlvo(c: Concedente, alvo: { username: string; administrador: boolean }, t: Tradutor = emPortugues): string | null {
  if (c.administrador) return null;
  if (alvo.username === c.username) return t('delegacao.proprio');
  if (alvo.administrador) return t('delegacao.de-administrador');
  return null;
}

/** Why `c` may not grant or take away profile `p`, or null. */
export function recusaConcederPerfil(c: Concedente, p: PerfilConcedivel, t: Tradutor = emPortugues): string | null {
  const sem = c.administrador ? [] : faltando(c, p.permissoes);
  return sem.length ? t('delegacao.perfil', { nome: p.nome, lista: lista(sem, t) }) : null;
}

/** Why `c` may not grant or take away content-control group `g`, or null. */
export function recusaConcederGrupo(c: Concedente, g: GrupoConcedivel, t: Tradutor = emPortugues): string | null {
  return c.administrador || c.grupos.includes(g.id) ? null : t('delegacao.grupo', { nome: g.nome });
}

/** The administrator flag is granted by administrators only. */
export const soAdministradorConcede = (t: Tradutor = emPortugues) => t('delegacao.so-administrador');

/** Why `c` may not turn link `antes` into `depois` (create: antes null; delete: depois null), or null. */
export function recusaVinculo(c: Concedente, antes: VinculoConcedido | null, depois: VinculoConcedido | null): string | null {
  if (c.administrador) return null;
  const alvo = recusaAlvo(c, { username: (depois ?? antes)!.username, administrador: !!antes?.administrador });
  if (alvo) return alvo;
  if (depois?.administrador) return soAdministradorConcede();
  for (const p of mudancas(antes?.perfis ?? [], depois?.perfis ?? [])) {
    const r = recusaConcederPerfil(c, p);
    if (r) return r;
  }
  for (const g of mudancas(antes?.grupos ?? [], depois?.grupos ?? [])) {
    const r = recusaConcederGrupo(c, g);
    if (r) return r;
  }
  return null;
}

/** Why `c` may not create (antes null), change or delete (depois null) an access profile, or null. */
export function recusaPerfil(c: Concedente, antes: PerfilConcedivel | null, depois: { permissoes: readonly string[] } | null): string | null {
  if (c.administrador) return null;
  if (antes && c.perfis.includes(antes.id)) return emPortugues('delegacao.perfil-proprio', { nome: antes.nome });
  const sem = faltando(c, [...(antes?.permissoes ?? []), ...(depois?.permissoes ?? [])]);
  if (sem.length) return emPortugues('delegacao.perfil-permissoes', { lista: lista([...new Set(sem)], emPortugues) });
  return null;
}

/** Why `c` may not change or delete content-control group `g` (its members decide who sees which models), or null. */
export function recusaGrupoControle(c: Concedente, g: GrupoConcedivel): string | null {
  if (c.administrador || c.grupos.includes(g.id)) return null;
  return emPortugues('delegacao.grupo-controle', { nome: g.nome });
}

/**
 * Why `c` may not change a content-control group's members from `antes` to `depois` (usernames), or null
 * (issue 33): a member added or removed is a change to that user's link, so the link rules apply — never
 * one's own, never an administrator's (`administradores`: those among the members that are).
 */
export function recusaMembros(c: Concedente, antes: readonly string[], depois: readonly string[], administradores: ReadonlySet<string>, t: Tradutor = emPortugues): string | null {
  if (c.administrador) return null;
  const a = new Set(antes);
  const d = new Set(depois);
  for (const u of [...depois.filter((x) => !a.has(x)), ...antes.filter((x) => !d.has(x))]) {
    const r = recusaAlvo(c, { username: u, administrador: administradores.has(u) }, t);
    if (r) return r;
  }
  return null;
}
