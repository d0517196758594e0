import type { FastifyInstance } from 'fastify';
import type { Banco } from '../db';
import { migracoesPendentes } from '../db';

/**
 * Liveness and readiness on the conventions operators know from Keycloak (issue 34): `GET /health/live`
 * (the process answers) and `GET /health/ready` (PostgreSQL answers within a short time, every migration
 * is applied, Redis answers when configured, the node is not shutting down), JSON with each check's state,
 * 200 when all are UP, 503 otherwise. A load balancer sends traffic by `ready`.
 */
export interface Verificacao {
  nome: string;
  /** Resolves when UP; throws (or takes longer than the limit) when DOWN, with a pt-BR reason. */
  verificar(): Promise<void>;
  /**
   * false: shown, but the node stays ready without it (Redis: every node would fail together and the
   * balancer would have nowhere to send anyone, while the limits can count per node meanwhile).
   */
  critica?: boolean;
}

export interface EstadoSaude {
  status: 'UP' | 'DOWN';
  checks: { name: string; status: 'UP' | 'DOWN'; data?: { motivo: string } }[];
}

const LIMITE_MS = 1000;

const comLimite = <T>(p: Promise<T>, ms: number, motivo: string) =>
  Promise.race([p, new Promise<never>((_, erro) => setTimeout(() => erro(new Error(motivo)), ms).unref())]);

export function criarSaude(o: { db: Banco; outras?: Verificacao[]; limiteMs?: number }) {
  let desligando = false;
  const limite = o.limiteMs ?? LIMITE_MS;
  const verificacoes: Verificacao[] = [
    { nome: 'desligamento', verificar: async () => void (desligando && (() => { throw new Error('o nó está desligando'); })()) },
    { nome: 'postgresql', verificar: async () => void (await o.db.query('select 1')) },
    {
      nome: 'migracoes',
      verificar: async () => {
        const faltam = await migracoesPendentes(o.db);
        if (faltam.length) throw new Error(`faltam ${faltam.length} migrações: ${faltam.join(', ')}`);
      },
    },
    ...(o.outras ?? []),
  ];
  async function pronto(): Promise<EstadoSaude> {
    const checks = await Promise.all(
      verificacoes.map(async (v) => {
        try {
          await comLimite(v.verificar(), limite, `sem resposta em ${limite} ms`);
          return { name: v.nome, status: 'UP' as const, critica: v.critica !== false };
        } catch (e) {
          return { name: v.nome, status: 'DOWN' as const, critica: v.critica !== false, data: { motivo: (e as Error).message } };
        }
      }),
    );
    return { status: checks.every((c) => c.status === 'UP' || !c.critica) ? 'UP' : 'DOWN', checks: checks.map(({ critica: _, ...c }) => c) };
  }
  return {
    pronto,
    /** From now on the node is not ready (SIGTERM). */
    desligar: () => void (desligando = true),
    get desligando() {
      return desligando;
    },
  };
}

export type Saude = ReturnType<typeof criarSaude>;

/**
 * /health/live and /health/ready on `app`. The management port shows each check's reason (`detalhes`); the public
 * port says only UP or DOWN per check (issue 50: with PostgreSQL down, the public answer carried the database's
 * address from the driver's message, and Redis's text too).
 */
export function registrarSaude(app: FastifyInstance, saude: Saude, o: { detalhes: boolean }) {
  app.get('/health/live', { schema: { hide: true } }, async (_req, rep) => rep.header('cache-control', 'no-store').send({ status: 'UP', checks: [] }));
  app.get('/health/ready', { schema: { hide: true } }, async (_req, rep) => {
    const e = await saude.pronto();
    const corpo = o.detalhes ? e : { status: e.status, checks: e.checks.map(({ name, status }) => ({ name, status })) };
    return rep.code(e.status === 'UP' ? 200 : 503).header('cache-control', 'no-store').send(corpo);
  });
}
