import type { Banco, Executor } from '../db';
import { acessoDe, type AcessoUsuario } from './acessoUsuario';

/**
 * What a staff user may see (administrator, permissions, profiles, groups), kept per user so a request does not
 * ask the database for it (issue 47: that lookup was most of a staff call's time at ten million forms). Each entry
 * lives `validadeMs` at most (1 s: the bound on a stale decision when a node misses a message); any change to
 * access clears them all at once, on this node when it made the change and on every node by PostgreSQL's
 * NOTIFY (migration 027). Far below any token's lifetime, so nothing is kept past a token's expiry.
 */
export interface CacheAcesso {
  obter(username: string): Promise<AcessoUsuario>;
  /** Everything forgotten (an access change). */
  invalidar(): void;
  /** How many times the database was asked (the cache's misses). */
  consultas(): number;
  parar(): Promise<void>;
}

export const VALIDADE_ACESSO_MS = 1000;
const MAXIMO = 10_000;

export async function criarCacheAcesso(db: Banco, o: { validadeMs?: number } = {}): Promise<CacheAcesso> {
  const validade = o.validadeMs ?? VALIDADE_ACESSO_MS;
  const entradas = new Map<string, { acesso: Promise<AcessoUsuario>; ate: number }>();
  const invalidar = () => entradas.clear();
  let consultas = 0;
  const parar = await db.escutar('acesso_alterado', invalidar);
  const cache: CacheAcesso = {
    obter(username) {
      const agora = Date.now();
      const e = entradas.get(username);
      if (e && e.ate > agora) return e.acesso;
      consultas++;
      const acesso = acessoDe(db, username);
      const entrada = { acesso, ate: agora + validade };
      if (entradas.size >= MAXIMO) entradas.delete(entradas.keys().next().value!);
      entradas.set(username, entrada);
      // A failed lookup is not kept; nor is one a change overtook while it ran (its entry is already gone).
      acesso.catch(() => entradas.get(username) === entrada && entradas.delete(username));
      return acesso;
    },
    invalidar,
    consultas: () => consultas,
    parar,
  };
  caches.set(db, cache);
  return cache;
}

/** Each database's cache, for acessoDoPedido (a transaction's executor has none: inside one, access is read fresh). */
const caches = new WeakMap<Executor, CacheAcesso>();
export const cacheDe = (db: Executor): CacheAcesso | undefined => caches.get(db);
