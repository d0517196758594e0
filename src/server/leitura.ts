import { semSenha } from './ambiente';
import { aoParar, conexaoPerdida, copiaDoPool, fecharPools, linhasDosPools, poolsPostgres, type Banco, type Executor } from './db';

/**
 * Read replicas (issue 47): lists, totals, analytics, exports and the public model reads go to a streaming replica
 * of the primary (DATABASE_URL_LEITURA, one or several); every write, and every read that must see its caller's own
 * write, to the primary.
 *
 * - A replica serves only while it answers and is caught up: every `intervaloMs` it is asked how far behind it is
 *   (0 when it has replayed all it received; otherwise the time since the last transaction it replayed). Past
 *   `atrasoMaximoMs`, or without an answer in time, it is skipped, with a log line (and the metrics read `estado`);
 *   back within the bound, it serves again.
 * - A read whose replica fails mid-way (the server went away between two checks) is asked again of the primary:
 *   reads are repeatable, and a replica's failure never becomes the caller's.
 * - Read-your-writes: a staff user's reads go to the primary for `atrasoMaximoMs + intervaloMs` after any write of
 *   theirs (`escreveu`): a replica allowed to serve is at most that far behind, so the write is there by then.
 *   Kept in the process that took the write: with several nodes and no stickiness, a read right after a write on
 *   another node may be up to that window behind (README, "Vários nós").
 */
export interface Leitura {
  /** Where a read of `quem` (a staff username; none for a citizen) goes: a replica, or the primary. */
  para(quem?: string | null): Executor;
  /** `quem` wrote: their reads go to the primary for the window. */
  escreveu(quem: string): void;
  /** Each replica now, for the metrics and the health checks. */
  estado(): EstadoReplica[];
  /** How many reads went where since the start. */
  contagem(): { primario: number; replica: number };
  fechar(): Promise<void>;
}

export interface EstadoReplica {
  /** The address without its password. */
  nome: string;
  ativa: boolean;
  /** How far behind at the last check, in ms (null: it did not answer). */
  atrasoMs: number | null;
}

export interface OpcoesLeitura {
  atrasoMaximoMs: number;
  intervaloMs: number;
  aviso?: (linha: string) => void;
}

export const LEITURA_PADRAO = { atrasoMaximoMs: 1000, intervaloMs: 250 } as const;

/** Each database's reads (a transaction's executor has none: inside one, everything is the primary). */
const leituras = new WeakMap<Executor, Leitura>();
/** Where a read of `quem` goes, for the routes: a replica or the primary (`db` itself without replicas). */
export const lerDe = (db: Executor, quem?: string | null): Executor => leituras.get(db)?.para(quem) ?? db;
export const leituraDe = (db: Executor): Leitura | undefined => leituras.get(db);

/** The primary alone (no replicas, or PGlite): every read where the writes are. */
export const somentePrimario = (db: Banco): Leitura => {
  let primario = 0;
  return { para: () => (primario++, db), escreveu: () => undefined, estado: () => [], contagem: () => ({ primario, replica: 0 }), fechar: async () => undefined };
};

/** How far behind a replica is, by its own account (0 when it replayed everything it received). */
const ATRASO_SQL = `select pg_is_in_recovery() as replica,
  case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
       else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0) end::float8 as atraso`;

export async function abrirLeitura(primario: Banco, urls: string[], o: OpcoesLeitura = LEITURA_PADRAO): Promise<Leitura> {
  const l = await abrir(primario, urls, o);
  leituras.set(primario, l);
  return l;
}

/**
 * A replica's COPY: gone before its first byte, the primary's (`primario`, told why; no place there either: the error
 * stands); after it, the download fails. Stopped before its first read, the replica's COPY is stopped too (its place
 * on the replica's pool given back).
 */
function depoisDoPrimeiroByteSoNaReplica(copia: AsyncGenerator<Buffer>, primario: (e: Error) => AsyncGenerator<Buffer> | null): AsyncGenerator<Buffer> {
  const leitura = (async function* () {
    let comecou = false;
    try {
      for await (const pedaco of copia) {
        comecou = true;
        yield pedaco;
      }
    } catch (e) {
      const outra = !comecou && conexaoPerdida(e) ? primario(e as Error) : null;
      if (!outra) throw e;
      yield* outra;
    }
  })();
  // (Stopped mid-way, the loop above stops it as well and reports its errors; this call's are the same ones.)
  return aoParar(leitura, () => copia.return(undefined).catch(() => undefined));
}

async function abrir(primario: Banco, urls: string[], o: OpcoesLeitura): Promise<Leitura> {
  if (!urls.length || primario.tipo !== 'postgres') return somentePrimario(primario);
  const aviso = o.aviso ?? ((l: string) => console.warn(l));
  const replicas = await Promise.all(urls.map(async (url) => {
    // A lost idle connection is the checks' business (the next one finds the replica gone).
    const pools = await poolsPostgres(url, { esperaMs: 2000, aoPerder: () => undefined });
    const r = { nome: semSenha(url), pools, ativa: false, vista: false, atrasoMs: null as number | null, executor: null as unknown as Executor };
    r.executor = {
      query: async (sql, params, preparada) => {
        try {
          return await linhasDosPools(pools, sql, params, preparada);
        } catch (e) {
          if (!conexaoPerdida(e)) throw e;
          // Gone between two checks: out until the next check finds it, and this read done by the primary.
          mudar(r, false, null, `não responde (${(e as Error).message})`);
          return primario.query(sql, params, preparada);
        }
      },
      copiaDe(consulta, params) {
        const copia = copiaDoPool(pools.pool, consulta, params);
        return copia && depoisDoPrimeiroByteSoNaReplica(copia, (e) => {
          mudar(r, false, null, `não responde (${e.message})`);
          return primario.copiaDe?.(consulta, params) ?? null;
        });
      },
      script: (sql) => primario.script(sql),
      copiar: (tabela, colunas, pedacos) => primario.copiar(tabela, colunas, pedacos),
    };
    return r;
  }));
  type Replica = (typeof replicas)[number];
  function mudar(r: Replica, ativa: boolean, atrasoMs: number | null, motivo: string) {
    r.atrasoMs = atrasoMs;
    if (r.ativa === ativa && r.vista) return;
    const primeira = !r.vista;
    r.ativa = ativa;
    r.vista = true;
    if (ativa) aviso(`[leitura] réplica ${r.nome} ${primeira ? 'servindo' : 'de volta às'} leituras (atraso ${Math.round(atrasoMs ?? 0)} ms)`);
    else aviso(`[leitura] réplica ${r.nome} fora das leituras: ${motivo}; lendo do primário`);
  }
  async function conferir(r: Replica) {
    let limite: NodeJS.Timeout | undefined;
    try {
      const tempo = new Promise<never>((_, nao) => (limite = setTimeout(() => nao(new Error(`sem resposta em ${o.atrasoMaximoMs} ms`)), o.atrasoMaximoMs)));
      const [x] = (await Promise.race([r.pools.pool.query<{ replica: boolean; atraso: number }>(ATRASO_SQL), tempo])).rows;
      if (!x.replica) mudar(r, false, null, 'não é mais uma réplica (promovida?)');
      else if (x.atraso > o.atrasoMaximoMs) mudar(r, false, x.atraso, `atraso de ${Math.round(x.atraso)} ms (máximo ${o.atrasoMaximoMs})`);
      else mudar(r, true, x.atraso, '');
    } catch (e) {
      mudar(r, false, null, `não responde (${(e as Error).message})`);
    } finally {
      clearTimeout(limite);
    }
  }
  await Promise.all(replicas.map(conferir));
  let parado = false;
  let relogio: NodeJS.Timeout | undefined;
  const ciclo = async () => {
    await Promise.all(replicas.map(conferir));
    if (!parado) (relogio = setTimeout(() => void ciclo(), o.intervaloMs)).unref();
  };
  (relogio = setTimeout(() => void ciclo(), o.intervaloMs)).unref();

  const janela = o.atrasoMaximoMs + o.intervaloMs;
  const escritas = new Map<string, number>();
  let vez = 0;
  const contagem = { primario: 0, replica: 0 };
  const escreveuAgora = (quem: string) => (escritas.get(quem) ?? 0) > Date.now();
  return {
    para(quem) {
      const ativas = replicas.filter((r) => r.ativa);
      if (!ativas.length || (quem && escreveuAgora(quem))) return contagem.primario++, primario;
      contagem.replica++;
      return ativas[vez++ % ativas.length].executor;
    },
    escreveu(quem) {
      if (escritas.size > 10_000) for (const [k, ate] of escritas) if (ate <= Date.now()) escritas.delete(k);
      escritas.set(quem, Date.now() + janela);
    },
    estado: () => replicas.map((r) => ({ nome: r.nome, ativa: r.ativa, atrasoMs: r.atrasoMs })),
    contagem: () => ({ ...contagem }),
    async fechar() {
      parado = true;
      clearTimeout(relogio);
      await Promise.all(replicas.map((r) => fecharPools(r.pools).catch(() => undefined)));
    },
  };
}
