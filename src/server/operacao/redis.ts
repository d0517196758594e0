import { Redis } from 'ioredis';
import type { LojaLimites } from '../api/limites';
import { lojaEmMemoria } from '../api/limites';
import type { Verificacao } from './saude';

/**
 * Redis, the engine every multi-node deployment already runs (issue 34): with REDIS_URL the citizens'
 * limits are counted there, so N nodes enforce one limit. Commands never queue while Redis is away and
 * time out fast: a request never waits on it. If Redis stops answering, each node counts in its own memory
 * (the same limits, per node) and says so in the log at most once a minute; when Redis answers again the
 * counts are shared again. Nothing fails with 500 because of Redis.
 */
export async function conectarRedis(url: string, esperaMs = 5000): Promise<Redis> {
  const r = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 250, connectTimeout: 1000, retryStrategy: (n) => Math.min(n * 200, 2000) });
  // Connection errors are the fallback's business (below); without a listener ioredis prints each one.
  r.on('error', () => undefined);
  // The node starts counting in Redis from its first request (commands never queue while it connects);
  // a Redis that does not answer within `esperaMs` does not hold the start: the fallback counts meanwhile.
  await new Promise<void>((ok) => {
    const t = setTimeout(ok, esperaMs);
    r.once('ready', () => (clearTimeout(t), ok()));
  });
  return r;
}

/** One window per key, atomically: add, start the window's expiry on its first count, read what is left of it. */
const SOMAR = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;

export function lojaRedis(redis: Redis, o: { prefixo?: string; avisar?: (mensagem: string) => void } = {}): LojaLimites & { reservaAtiva(): boolean } {
  const prefixo = o.prefixo ?? 'formularios:limite:';
  const reserva = lojaEmMemoria();
  const avisar = o.avisar ?? ((m: string) => console.warn(m));
  let ultimoAviso = 0;
  let naReserva = false;
  return {
    async somar(chave, custo, janelaMs) {
      try {
        const [total, ttl] = (await redis.eval(SOMAR, 1, `${prefixo}${chave}`, custo, janelaMs)) as [number, number];
        naReserva = false;
        return { total, fimEm: Date.now() + ttl };
      } catch (e) {
        naReserva = true;
        if (Date.now() - ultimoAviso > 60_000) {
          ultimoAviso = Date.now();
          avisar(`[limites] o Redis não respondeu (${(e as Error).message}): os limites contam só neste nó até ele voltar.`);
        }
        return reserva.somar(chave, custo, janelaMs);
      }
    },
    reservaAtiva: () => naReserva,
  };
}

/** Readiness shows whether Redis answers (when configured); the node stays ready without it, counting per node. */
export const verificacaoRedis = (redis: Redis): Verificacao => ({
  nome: 'redis',
  critica: false,
  verificar: async () => {
    if ((await redis.ping()) !== 'PONG') throw new Error('o Redis não respondeu PONG');
  },
});
