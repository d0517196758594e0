import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { bancoPostgresNovo, clienteApi, usarPostgres } from '../apoio/servidor';
import { esperarAte, esperarSentinela, subirReceptor } from '../apoio/receptor';
import { subirDemo } from '../e2e/demo';
import { ambienteDeEntrega, enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';

/**
 * Delivery across real processes on one PostgreSQL server (issue 8): a process killed with SIGKILL in
 * the middle of deliveries loses none; two processes never deliver the same form twice.
 */
const comPostgres = await usarPostgres();
if (!comPostgres) console.log('# PostgreSQL não alcançável: testes de entrega entre processos não rodam (REQUIRE_POSTGRES=1 torna isso um erro).');

const ENV_ENTREGA = { ENTREGAS: 'on', ENTREGA_INTERVALO_MS: '100', ENTREGA_LOTE: '5', ENTREGA_ESPERAS: '0.2,0.2,0.2,0.2', ENTREGA_TIMEOUT_MS: '3000' };

async function situacao(url: string, codigo: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ protocolo: string; status: string }>(`select f.protocolo, r.status from formulario f join retentativa_integracao r on r.formulario_id = f.id where f.codigo_servico = $1`, [codigo])).rows;
  } finally {
    await c.end();
  }
}

async function enviarVarios(base: string, codigo: string, n: number): Promise<string[]> {
  const protocolos: string[] = [];
  for (let i = 0; i < n; i += 10) {
    const lote = await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => enviarFormulario(base, codigo, RESPOSTAS_VALIDAS)));
    for (const r of lote) {
      assert.equal(r.status, 201, JSON.stringify(r.json));
      protocolos.push(r.json.protocolo);
    }
  }
  return protocolos;
}

describe('entrega entre processos (PostgreSQL)', { skip: !comPostgres }, () => {
  let banco: { url: string; descartar: () => Promise<void> };
  before(async () => {
    banco = await bancoPostgresNovo();
  });
  after(async () => banco?.descartar());

  test('SIGKILL no meio das entregas: ao subir de novo, todo formulário é entregue pelo menos uma vez; repetições só com a mesma chave', async () => {
    // A slow receiver, so the kill lands while deliveries are in flight.
    const receptor = await subirReceptor(() => new Promise((ok) => setTimeout(() => ok(200), 150)));
    const a = await subirDemo({ DATABASE_URL: banco.url, ...ENV_ENTREGA, ...ambienteDeEntrega(receptor), ENTREGA_MARGEM_MS: '500' }, { dosFontes: true });
    let b: Awaited<ReturnType<typeof subirDemo>> | null = null;
    try {
      await modeloPublicado(await clienteApi(a.base, 'admin'), 'teste-queda', receptor.url);
      const protocolos = await enviarVarios(a.base, 'teste-queda', 60);
      await esperarAte(() => receptor.recebidas.filter((r) => r.corpo.protocolo?.startsWith('20')).length >= 10, 20_000, 'entregas começaram');
      a.processo.kill('SIGKILL');
      await new Promise((ok) => a.processo.once('exit', ok));
      const antes = (await situacao(banco.url, 'teste-queda')).filter((x) => x.status === 'SUCESSO').length;
      assert.ok(antes < 60, `the kill landed before the end (${antes} of 60 done)`);

      b = await subirDemo({ DATABASE_URL: banco.url, ...ENV_ENTREGA, ...ambienteDeEntrega(receptor), ENTREGA_MARGEM_MS: '500' }, { dosFontes: true });
      await esperarAte(async () => (await situacao(banco.url, 'teste-queda')).every((x) => x.status === 'SUCESSO'), 60_000, 'todos entregues depois de subir de novo');
      const vistos = new Map<string, string[]>();
      for (const r of receptor.recebidas) vistos.set(r.corpo.protocolo, [...(vistos.get(r.corpo.protocolo) ?? []), String(r.cabecalhos['idempotency-key'])]);
      for (const p of protocolos) {
        assert.ok(vistos.has(p), `form ${p} delivered`);
        assert.deepEqual(new Set(vistos.get(p)), new Set([`formulario-${p}`]), `repeats of ${p} carry its key`);
      }
    } finally {
      await Promise.all([a.fechar(), b?.fechar()]);
      await receptor.fechar();
    }
  });

  test('dois processos na mesma base (um deles o entregador sozinho): cada formulário entregue exatamente uma vez', async () => {
    const receptor = await subirReceptor(() => 200);
    const a = await subirDemo({ DATABASE_URL: banco.url, ...ENV_ENTREGA, ...ambienteDeEntrega(receptor), ENTREGAS: 'off' }, { dosFontes: true });
    let b: Awaited<ReturnType<typeof subirDemo>> | null = null;
    let sozinho: ChildProcess | null = null;
    try {
      await modeloPublicado(await clienteApi(a.base, 'admin'), 'teste-dois', receptor.url);
      const protocolos = await enviarVarios(a.base, 'teste-dois', 100);
      // Two workers start on the same 100 due jobs at once: one inside an API process, one on its own (npm run entregador).
      sozinho = spawn(process.execPath, ['--import', 'tsx', 'src/server/entrega/main.ts'], { env: { ...process.env, DATABASE_URL: banco.url, ...ENV_ENTREGA, ...ambienteDeEntrega(receptor) }, stdio: ['ignore', 'pipe', 'inherit'] });
      const pronto = new Promise<void>((ok) => sozinho!.stdout!.on('data', (d: Buffer) => d.toString().includes('Entregador de formulários') && ok()));
      [b] = await Promise.all([subirDemo({ DATABASE_URL: banco.url, ...ENV_ENTREGA, ...ambienteDeEntrega(receptor) }, { dosFontes: true }), pronto]);
      await esperarAte(async () => (await situacao(banco.url, 'teste-dois')).every((x) => x.status === 'SUCESSO'), 60_000, 'todos entregues');
      // Both workers have gone round again since (a sentinel delivered), so a second delivery would be here by now.
      await esperarSentinela(a.base, 'teste-dois', receptor);
      const nossos = receptor.recebidas.filter((r) => protocolos.includes(r.corpo.protocolo));
      assert.equal(nossos.length, 100, 'one delivery per form');
      assert.equal(new Set(nossos.map((r) => r.corpo.protocolo)).size, 100);
    } finally {
      await Promise.all([a.fechar(), b?.fechar()]);
      sozinho?.kill('SIGTERM');
      await receptor.fechar();
    }
  });
});
