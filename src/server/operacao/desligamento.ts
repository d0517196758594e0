import type { FastifyInstance } from 'fastify';
import type { Saude } from './saude';

/**
 * A graceful shutdown on SIGTERM (issue 34), as a rolling restart needs it: readiness fails at once (the
 * balancer stops sending new requests after its next check); for `drenoMs` the node still serves what
 * arrives, every answer closing its connection; then it stops accepting connections, finishes the requests
 * in flight (up to `esperaS`), and its onClose hooks let the delivery and e-mail workers finish what they
 * claimed and close the pool. Then it exits 0. A second signal, or the wait running out, closes every
 * connection at once (SIGKILL stays as before: nothing lost, leases expire).
 */
export function desligarNoSinal(app: FastifyInstance, saude: Saude, o: { drenoMs: number; esperaS: number; aoSair?: (codigo: number) => void }) {
  const sair = o.aoSair ?? ((codigo: number) => process.exit(codigo));
  // While shutting down, no connection is kept alive for a next request.
  app.addHook('onSend', async (_req, rep) => {
    if (saude.desligando) rep.header('connection', 'close');
  });
  let emCurso = false;
  const desligar = async () => {
    if (emCurso) {
      app.server.closeAllConnections();
      return;
    }
    emCurso = true;
    saude.desligar();
    app.log.warn('desligando: readiness em 503, terminando o que está em andamento');
    if (o.drenoMs > 0) await new Promise((ok) => setTimeout(ok, o.drenoMs));
    const limite = setTimeout(() => {
      app.log.warn(`desligando: ${o.esperaS} s se passaram; as conexões que restam são fechadas`);
      app.server.closeAllConnections();
    }, o.esperaS * 1000);
    limite.unref();
    try {
      await app.close();
      sair(0);
    } catch (e) {
      console.error(`Erro ao desligar: ${(e as Error).message}`);
      sair(1);
    }
  };
  for (const sinal of ['SIGTERM', 'SIGINT'] as const) process.on(sinal, () => void desligar());
  return desligar;
}
