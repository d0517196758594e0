import Fastify, { type FastifyInstance } from 'fastify';
import type { Metricas } from './metricas';
import { registrarSaude, type Saude } from './saude';

/**
 * The management port (issue 34): health and metrics for the monitoring and the load balancer, never on
 * the public port (Keycloak does the same on its port 9000). Bound to loopback unless HOST_GESTAO says
 * otherwise. The API nodes and the standalone delivery worker each have one.
 */
export interface OpcoesGestao {
  porta: number;
  host: string;
}

export async function abrirGestao(o: OpcoesGestao, saude: Saude, metricas: Metricas): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registrarSaude(app, saude, { detalhes: true });
  app.get('/metrics', async (_req, rep) => rep.header('content-type', metricas.registro.contentType).send(await metricas.registro.metrics()));
  await app.listen({ port: o.porta, host: o.host });
  return app;
}
