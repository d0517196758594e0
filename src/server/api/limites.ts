import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErroHttp } from './erros';

/**
 * The citizens' limits (issue 33), counted in fixed windows: requests per client address on every public
 * route, writes per model, bytes of uploads per address and per model, e-mails per recipient. Each request
 * may count against several (the rate-limit plugin runs one limit per request: a route's own limit
 * replaced the per-address one, so writes met 3,000 a minute instead of 120). The counts live in a store:
 * this process's memory by default; a store shared by several nodes plugs in here.
 */
export interface LojaLimites {
  /** Adds `custo` to `chave`'s window (a new window of `janelaMs` when none is open); the window's total and when it ends. */
  somar(chave: string, custo: number, janelaMs: number): Promise<{ total: number; fimEm: number }>;
}

/** Windows in this process's memory (one node; a restart forgets them). */
export function lojaEmMemoria(): LojaLimites & { tamanho(): number } {
  const janelas = new Map<string, { total: number; fimEm: number }>();
  let varrida = Date.now();
  return {
    async somar(chave, custo, janelaMs) {
      const agora = Date.now();
      // Ended windows go now and then, so the map holds only the last window's keys.
      if (agora - varrida > 60_000) {
        varrida = agora;
        for (const [k, j] of janelas) if (j.fimEm <= agora) janelas.delete(k);
      }
      let j = janelas.get(chave);
      if (!j || j.fimEm <= agora) janelas.set(chave, (j = { total: 0, fimEm: agora + janelaMs }));
      j.total += custo;
      return { ...j };
    },
    tamanho: () => janelas.size,
  };
}

export interface Limite {
  /** Part of the key: which limit this is. */
  nome: string;
  /** Per window; 0 or less: no limit. */
  max: number;
  janelaMs: number;
  /** The pt-BR refusal, given "Tente de novo em 42 s.". */
  mensagem: (tenteEm: string) => string;
  /** 429 by default. */
  status?: number;
}

/** "Tente de novo em 42 s." / "em 3 min." from the milliseconds left in the window. */
export function tenteDeNovoEm(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return `Tente de novo em ${s <= 60 ? `${s} s` : `${Math.ceil(s / 60)} min`}.`;
}

/** A key that tells nothing of what it counts (an e-mail address, a CPF): its SHA-256. */
export const chaveOpaca = (texto: string) => createHash('sha256').update(texto.trim().toLowerCase()).digest('base64url').slice(0, 22);

/**
 * One mailbox, however it is spelt (issue 50): case is not part of it, and neither is a `+tag` most providers
 * deliver to the same box. The per-recipient e-mail limits count by this.
 */
export function caixaPostal(email: string): string {
  const [local, dominio] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  return `${local.split('+')[0]}@${dominio ?? ''}`;
}
export const chaveDoDestinatario = (email: string) => chaveOpaca(caixaPostal(email));

export function criarLimites(loja: LojaLimites) {
  /** Counts `custo` against `limite` for `chave`: whether it is still within, and the window's state. */
  async function contar(limite: Limite, chave: string, custo = 1) {
    if (limite.max <= 0) return { dentro: true, restante: Infinity, fimEm: 0 };
    const { total, fimEm } = await loja.somar(`${limite.nome}:${chave}`, custo, limite.janelaMs);
    return { dentro: total <= limite.max, restante: Math.max(0, limite.max - total), fimEm };
  }
  /** Counts, and refuses past the limit: 429 (or the limit's status) with Retry-After and the limit's pt-BR message. */
  async function exigir(limite: Limite, chave: string, custo = 1, rep?: FastifyReply) {
    const c = await contar(limite, chave, custo);
    if (rep && Number.isFinite(c.restante)) rep.header('x-ratelimit-limit', String(limite.max)).header('x-ratelimit-remaining', String(c.restante));
    if (c.dentro) return;
    const ms = c.fimEm - Date.now();
    throw new ErroHttp(limite.status ?? 429, limite.mensagem(tenteDeNovoEm(ms)), undefined, undefined, { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) });
  }
  /** An onRequest hook: `limite` per what `chave` makes of the request (its client address, its model…). */
  const gancho = (limite: Limite, chave: (req: FastifyRequest) => string) => async (req: FastifyRequest, rep: FastifyReply) => exigir(limite, chave(req), 1, rep);
  return { contar, exigir, gancho };
}

export type Limites = ReturnType<typeof criarLimites>;
