import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { Banco } from '../db';
import type { Leitura } from '../leitura';

/**
 * The metrics an operations team watches (issue 34), in Prometheus' text format with the maintained
 * client (prom-client), served on the management port only: HTTP requests by route template, method and
 * status with a latency histogram; citizens' submissions accepted and refused by reason; deliveries and
 * e-mails by outcome, how many wait and how old the oldest is (read from PostgreSQL when scraped); the
 * database pool; the process. One registry per server (tests run several in one process).
 */
export type ResultadoEntrega = 'sucesso' | 'falha' | 'esgotada';
export type ResultadoEmail = 'enviado' | 'falha' | 'esgotado';

/** Why a submission was refused, by its status (the route answers problem+json with it). */
export const MOTIVO_RECUSA: Record<number, string> = { 400: 'validacao', 401: 'nao_autenticado', 403: 'proibido', 404: 'nao_encontrado', 410: 'encerrado', 413: 'grande_demais', 415: 'tipo', 422: 'idempotencia', 429: 'limite', 503: 'indisponivel' };

export function criarMetricas(db: Banco, o: { processo?: boolean; leitura?: Leitura } = {}) {
  const registro = new Registry();
  if (o.processo !== false) collectDefaultMetrics({ register: registro, prefix: 'formularios_' });
  const requisicoes = new Counter({ name: 'formularios_http_requisicoes_total', help: 'Requisições HTTP por rota (o modelo do caminho), método e status.', labelNames: ['rota', 'metodo', 'status'], registers: [registro] });
  const duracao = new Histogram({ name: 'formularios_http_duracao_segundos', help: 'Tempo de resposta por rota e método.', labelNames: ['rota', 'metodo'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registro] });
  const envios = new Counter({ name: 'formularios_envios_total', help: 'Envios de cidadãos: aceitos, e recusados por motivo.', labelNames: ['resultado', 'motivo'], registers: [registro] });
  const entregas = new Counter({ name: 'formularios_entregas_total', help: 'Tentativas de entrega às integrações, por resultado.', labelNames: ['resultado'], registers: [registro] });
  const emails = new Counter({ name: 'formularios_emails_total', help: 'Tentativas de envio de e-mail, por resultado.', labelNames: ['resultado'], registers: [registro] });
  const fila = async (tabela: 'retentativa_integracao' | 'envio_email') =>
    (await db.query<{ n: number; idade: number | null }>(`select count(*)::int as n, extract(epoch from now() - min(criado_em))::float8 as idade from ${tabela} where status in ('PENDENTE', 'EXECUTANDO')`))[0];
  new Gauge({
    name: 'formularios_entregas_pendentes',
    help: 'Entregas que esperam (pendentes ou em andamento), lidas do PostgreSQL.',
    registers: [registro],
    async collect() {
      this.set((await fila('retentativa_integracao')).n);
    },
  });
  new Gauge({
    name: 'formularios_entrega_mais_antiga_segundos',
    help: 'Idade da entrega pendente mais antiga (0 sem nenhuma).',
    registers: [registro],
    async collect() {
      this.set((await fila('retentativa_integracao')).idade ?? 0);
    },
  });
  new Gauge({
    name: 'formularios_emails_pendentes',
    help: 'E-mails que esperam (pendentes ou em andamento).',
    registers: [registro],
    async collect() {
      this.set((await fila('envio_email')).n);
    },
  });
  new Gauge({
    name: 'formularios_email_mais_antigo_segundos',
    help: 'Idade do e-mail pendente mais antigo (0 sem nenhum).',
    registers: [registro],
    async collect() {
      this.set((await fila('envio_email')).idade ?? 0);
    },
  });
  if (db.conexoes)
    new Gauge({
      name: 'formularios_banco_conexoes',
      help: 'Conexões dos dois pools com o PostgreSQL primário (o de todas as instruções e o das planejadas uma vez): total, ociosas e pedidos esperando uma.',
      labelNames: ['estado'],
      registers: [registro],
      collect() {
        const c = db.conexoes!();
        this.set({ estado: 'total' }, c.total);
        this.set({ estado: 'ociosas' }, c.ociosas);
        this.set({ estado: 'esperando' }, c.esperando);
      },
    });
  const leitura = o.leitura;
  if (leitura?.estado().length) {
    // Read replicas (issue 47): which serve, how far behind, and where the reads went.
    new Gauge({
      name: 'formularios_replica_ativa',
      help: 'Se a réplica de leitura serve leituras (1) ou foi deixada de lado (0: atrasada demais ou sem resposta).',
      labelNames: ['replica'],
      registers: [registro],
      collect() {
        for (const r of leitura.estado()) this.set({ replica: r.nome }, r.ativa ? 1 : 0);
      },
    });
    new Gauge({
      name: 'formularios_replica_atraso_segundos',
      help: 'Quanto a réplica estava atrás do primário na última verificação (-1: não respondeu).',
      labelNames: ['replica'],
      registers: [registro],
      collect() {
        for (const r of leitura.estado()) this.set({ replica: r.nome }, r.atrasoMs === null ? -1 : r.atrasoMs / 1000);
      },
    });
    new Gauge({
      name: 'formularios_leituras',
      help: 'Leituras de listas, totais, analítico, exportações e modelos públicos desde o início, por destino.',
      labelNames: ['destino'],
      registers: [registro],
      collect() {
        const c = leitura.contagem();
        this.set({ destino: 'primario' }, c.primario);
        this.set({ destino: 'replica' }, c.replica);
      },
    });
  }
  return {
    registro,
    entrega: (r: ResultadoEntrega) => entregas.inc({ resultado: r }),
    email: (r: ResultadoEmail) => emails.inc({ resultado: r }),
    /** Counts every request of `app` (by its route template, never its path: no code or CPF in a label) and the citizens' submissions. */
    observar(app: FastifyInstance) {
      app.addHook('onResponse', async (req, rep) => {
        const rota = req.routeOptions.url ?? 'desconhecida';
        requisicoes.inc({ rota, metodo: req.method, status: String(rep.statusCode) });
        duracao.observe({ rota, metodo: req.method }, rep.elapsedTime / 1000);
        if (req.method === 'POST' && rota === '/api/publico/modelos/:codigoServico/formularios') {
          if (rep.statusCode < 300) envios.inc({ resultado: 'aceito', motivo: '' });
          else envios.inc({ resultado: 'recusado', motivo: MOTIVO_RECUSA[rep.statusCode] ?? String(rep.statusCode) });
        }
      });
    },
  };
}

export type Metricas = ReturnType<typeof criarMetricas>;
