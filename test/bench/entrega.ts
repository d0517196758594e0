/**
 * Issue 8's throughput, measured (not asserted) on the PostgreSQL server: writes
 * test/bench/resultados/entrega.json and prints it.
 *  - submissions accepted per second: POST /api/publico/.../formularios with validation, the form, its
 *    event and its delivery job in one transaction; the API in its own process, this one sending with
 *    CONCORRENCIA requests in flight (keep-alive) for SEGUNDOS seconds;
 *  - deliveries per second: the worker on its own (npm run entregador, ENTREGA_LOTE 200), then two, draining those jobs to a local
 *    receiver that answers at once.
 * A fresh database each run (bancoPostgresNovo); 2-core machine: client, API and PostgreSQL share it.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import pg from 'pg';
import { bancoPostgresNovo, clienteApi } from '../apoio/servidor';
import { esperarAte, subirReceptor } from '../apoio/receptor';
import { ambienteDeEntrega, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import { subirDemo } from '../e2e/demo';

const SEGUNDOS = Number(process.env.SEGUNDOS ?? 10);
const CONCORRENCIA = Number(process.env.CONCORRENCIA ?? 32);

const banco = await bancoPostgresNovo();
const receptor = await subirReceptor(() => 200);
const demo = await subirDemo({ DATABASE_URL: banco.url, ENTREGAS: 'off', ...ambienteDeEntrega(receptor) });
await modeloPublicado(await clienteApi(demo.base, 'admin'), 'bench-envio', receptor.url);
const alvo = `${demo.base}/api/publico/modelos/bench-envio/formularios`;
const corpo = JSON.stringify({ respostas: RESPOSTAS_VALIDAS });

// node:http with keep-alive: the lightest client, since it shares the 2 cores with the API and PostgreSQL.
const agente = new Agent({ keepAlive: true, maxSockets: CONCORRENCIA });
const postar = () =>
  new Promise<number>((ok, erro) => {
    const r = request(alvo, { method: 'POST', agent: agente, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(corpo) } }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode!));
    });
    r.on('error', erro);
    r.end(corpo);
  });
// Warm-up, then the measured window.
for (let i = 0; i < 200; i++) await postar();
let aceitos = 0;
let recusados = 0;
const latencias: number[] = [];
const fim = Date.now() + SEGUNDOS * 1000;
const inicio = performance.now();
await Promise.all(
  Array.from({ length: CONCORRENCIA }, async () => {
    while (Date.now() < fim) {
      const t = performance.now();
      const status = await postar();
      latencias.push(performance.now() - t);
      if (status === 201) aceitos++;
      else recusados++;
    }
  }),
);
const duracaoEnvio = (performance.now() - inicio) / 1000;
agente.destroy();
await demo.fechar();

// Deliveries: the worker alone drains every job.
const c = new pg.Client({ connectionString: banco.url });
await c.connect();
const pendentes = async () => Number((await c.query(`select count(*)::text as n from retentativa_integracao where codigo_servico = 'bench-envio' and status <> 'SUCESSO'`)).rows[0].n);
const total = await pendentes();
/**
 * The same number from the retries' monthly counters (kept in each writing transaction, tested equal to count(*)):
 * polled every 50 ms while the workers drain, it costs the database almost nothing, where counting the rows took a
 * few ms of the two cores each time. The end is confirmed by counting the rows.
 */
const pendentesPelosContadores = async () => Number((await c.query(`select coalesce(sum(quantidade), 0)::text as n from contador_retentativa_mes where codigo_servico = 'bench-envio' and status <> 'SUCESSO'`)).rows[0].n);
/**
 * Workers on their own (npm run entregador, each its own process, ENTREGA_LOTE jobs per claim) drain every job;
 * the clock starts at the first claim (a process's start, ~1 s here, is not throughput), and the seconds
 * from the spawn are reported beside.
 */
const LOTE = process.env.ENTREGA_LOTE ?? '200';
async function drenar(quantos: number): Promise<{ segundos: number; segundosComPartida: number; formularios: number }> {
  const partida = performance.now();
  const trabalhadores = Array.from({ length: quantos }, () =>
    spawn(process.execPath, ['--import', 'tsx', 'src/server/entrega/main.ts'], {
      env: { ...process.env, DATABASE_URL: banco.url, ENTREGA_LOTE: LOTE, ENTREGA_INTERVALO_MS: '20', ...ambienteDeEntrega(receptor) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const todos = await pendentesPelosContadores();
  await esperarAte(async () => (await pendentesPelosContadores()) < todos, 60_000, 'a primeira reserva');
  const t0 = performance.now();
  const formularios = await pendentes();
  await esperarAte(async () => (await pendentesPelosContadores()) === 0, 600_000, 'todas as entregas');
  const fim = performance.now();
  const restantes = await pendentes();
  if (restantes !== 0) throw new Error(`os contadores dizem zero, mas ${restantes} entregas continuam pendentes`);
  for (const t of trabalhadores) t.kill('SIGTERM');
  await Promise.all(trabalhadores.map((t) => new Promise((ok) => t.once('exit', ok))));
  return { segundos: (fim - t0) / 1000, segundosComPartida: (fim - partida) / 1000, formularios };
}
const duracaoEntrega = await drenar(1);
// The same jobs due again, for two workers at once.
await c.query(`update retentativa_integracao set status = 'PENDENTE', tentativas = 0, proxima_tentativa_em = now() where codigo_servico = 'bench-envio'`);
const duracaoDois = await drenar(2);
await c.end();
await receptor.fechar();
await banco.descartar();

/** From the first claim (the jobs pending then); with the process's start, over every job. */
const porSegundo = (d: { segundos: number; segundosComPartida: number; formularios: number }) => ({
  formularios: d.formularios,
  segundos: +d.segundos.toFixed(1),
  porSegundo: Math.round(d.formularios / d.segundos),
  porSegundoComPartida: Math.round(total / d.segundosComPartida),
});
const ordenadas = latencias.sort((a, b) => a - b);
const q = (x: number) => +ordenadas[Math.min(ordenadas.length - 1, Math.floor(x * ordenadas.length))].toFixed(1);
const resultado = {
  medidoEm: new Date().toISOString(),
  maquina: `${cpus().length} núcleos`,
  envios: { segundos: +duracaoEnvio.toFixed(1), concorrencia: CONCORRENCIA, aceitos, recusados, porSegundo: Math.round(aceitos / duracaoEnvio), latenciaMs: { mediana: q(0.5), p95: q(0.95) } },
  entregas: porSegundo(duracaoEntrega),
  entregasDoisEntregadores: porSegundo(duracaoDois),
  loteDoEntregador: Number(LOTE),
  metas: { enviosPorSegundo: 1500, entregasPorSegundo: 2000 },
};
const saida = 'test/bench/resultados/entrega.json';
mkdirSync(dirname(saida), { recursive: true });
writeFileSync(saida, JSON.stringify(resultado, null, 2) + '\n');
console.log(JSON.stringify(resultado, null, 2));
