/**
 * The delivery worker on its own (`npm run entregador`), beside API processes started with
 * ENTREGAS=off, or as more workers: it needs the PostgreSQL server of DATABASE_URL (the embedded
 * PGlite belongs to one process). Same configuration as in the API process (README.md).
 */
import { abrirBanco, migrar } from '../db';
import { criarEntregador, opcoesEntregasDoAmbiente } from './entregador';

if (!process.env.DATABASE_URL) {
  console.error('O entregador separado precisa de DATABASE_URL (um servidor PostgreSQL); com o PGlite embutido, ele roda dentro do processo da API.');
  process.exit(2);
}
const db = await abrirBanco({ databaseUrl: process.env.DATABASE_URL });
await migrar(db);
const o = opcoesEntregasDoAmbiente({ ...process.env, ENTREGAS: 'on' });
const entregador = criarEntregador(db, o);
entregador.iniciar();
console.log(`Entregador de formulários: lote ${o.lote}, tempo limite ${o.timeoutMs} ms, esperas ${o.esperasS.join(', ')} s`);
for (const sinal of ['SIGINT', 'SIGTERM'] as const)
  process.on(sinal, () =>
    void entregador
      .parar()
      .then(() => db.fechar())
      .then(() => process.exit(0)),
  );
