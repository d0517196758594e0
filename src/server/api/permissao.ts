import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Permissao } from '../../access/permissoes';
import type { Concedente } from '../../access/delegacao';
import type { Executor } from '../db';
import { acessoDe, type AcessoUsuario } from './acessoUsuario';
import { cacheDe } from './cacheAcesso';
import { proibido } from './erros';

declare module 'fastify' {
  interface FastifyRequest {
    acesso?: AcessoUsuario;
  }
}

/** The caller's access, once per request: from the node's cache (cacheAcesso.ts) when `db` has one, else from `db`. */
export async function acessoDoPedido(db: Executor, req: FastifyRequest): Promise<AcessoUsuario> {
  req.acesso ??= await (cacheDe(db)?.obter(req.chamador!.username) ?? acessoDe(db, req.chamador!.username));
  return req.acesso;
}

/** preValidation: the route's permission from the catalog (or any one of a list), or 403 with a pt-BR reason. */
export function exigir(db: Executor, permissao: Permissao | readonly Permissao[]) {
  const aceitas = typeof permissao === 'string' ? [permissao] : permissao;
  return async (req: FastifyRequest, _rep: FastifyReply) => {
    const a = await acessoDoPedido(db, req);
    if (!aceitas.some((p) => a.permissoes.includes(p))) throw proibido(aceitas.length === 1 ? `Você não tem a permissão ${aceitas[0]}.` : `Você precisa de uma destas permissões: ${aceitas.join(', ')}.`);
  };
}

/**
 * Content-control scope: null for an administrator (every group), else the caller's group ids. A
 * non-administrator sees only models (and their forms, events, retries) of their groups.
 */
export function gruposDoEscopo(a: AcessoUsuario): number[] | null {
  return a.administrador ? null : a.grupos.map((g) => g.id);
}

/** The caller as a granter (src/access/delegacao.ts). */
export function concedenteDe(a: AcessoUsuario): Concedente {
  return { username: a.username, administrador: a.administrador, permissoes: a.permissoes, grupos: a.grupos.map((g) => g.id), perfis: a.perfis.map((p) => p.id) };
}
