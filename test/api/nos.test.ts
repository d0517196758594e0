import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { bancoPostgresNovo, clienteApi, deEndereco, portaLivre, usarPostgres, subirServidor, URL_POSTGRES_ADMIN, type ServidorTeste } from '../apoio/servidor';
import { esperarAte, subirReceptor } from '../apoio/receptor';
import { ambienteDeEntrega, enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import { abrirPonte } from '../apoio/ponte';
import { LIMITES_PADRAO } from '../../src/server/api/rotas/contextoPublico';

/**
 * Issue 34, as an operations team runs the service: several API nodes and a delivery worker on one
 * PostgreSQL and the machine's Redis, behind a real HAProxy that checks /health/ready; rolling restarts
 * (SIGTERM) and crashes (SIGKILL) during a stream of submissions; readiness that follows PostgreSQL;
 * metrics that equal the database; Redis stopped and back; request logs without personal data.
 */
const REDIS = { host: '127.0.0.1', porta: 6379 };
const comPostgres = await usarPostgres();
const comRedis = process.env.REQUIRE_REDIS === '1' || spawnSync('redis-cli', ['-h', REDIS.host, '-p', String(REDIS.porta), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
const comHaproxy = process.env.REQUIRE_HAPROXY === '1' || spawnSync('sh', ['-c', 'command -v haproxy'], { stdio: 'ignore' }).status === 0;
for (const [falta, o] of [[!comPostgres, 'PostgreSQL (REQUIRE_POSTGRES=1)'], [!comRedis, 'Redis em 127.0.0.1:6379 (REQUIRE_REDIS=1)'], [!comHaproxy, 'haproxy (REQUIRE_HAPROXY=1)']] as const) if (falta) console.log(`# sem ${o}: partes da suíte de vários nós não rodam`);

/** An address of its own for each client (127.0.0.0/8 is all loopback), different on every run: Redis keeps windows across runs. */
const enderecoNovo = () => `127.${randomInt(10, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
const JSON_CT = { 'content-type': 'application/json' };
const CPF = '529.982.247-25';
const SEGREDO_NA_RESPOSTA = 'resposta-que-nao-pode-ir-ao-log';

async function consultar<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** A process of ours (a production API node, the worker), with its output kept. */
/**
 * A compiled service process (dist/server, as production runs it): four processes transpiling the sources with tsx at
 * once on two cores once left one of them silent for 90 s before its first line, failing a CI run for no fault of the
 * service.
 */
function processo(arquivo: string, env: Record<string, string>) {
  const p: ChildProcess = spawn(process.execPath, [arquivo], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let saida = '';
  p.stdout!.on('data', (d) => (saida += d));
  p.stderr!.on('data', (d) => (saida += d));
  const fim = new Promise<number | null>((ok) => p.on('exit', (c) => ok(c)));
  return { p, fim, saida: () => saida };
}

describe('vários nós atrás de um HAProxy de verdade (PostgreSQL, Redis)', { skip: !(comPostgres && comRedis && comHaproxy) }, () => {
  let banco: { url: string; descartar: () => Promise<void> };
  let receptor: Awaited<ReturnType<typeof subirReceptor>>;
  let balanceador: ChildProcess;
  let base: string;
  let socketEstatisticas: string;
  /** Each server's state as HAProxy's own health check sees it (`show stat` on its stats socket): UP, DOWN, ... */
  const estadoNoBalanceador = () =>
    new Promise<Record<string, string>>((ok, falha) => {
      const c = connect(socketEstatisticas);
      let csv = '';
      c.on('data', (d) => (csv += d));
      c.on('error', falha);
      c.on('end', () => {
        const [cabecalho, ...linhas] = csv.trim().split('\n');
        const colunas = cabecalho.replace(/^# /, '').split(',');
        const [px, sv, st] = ['pxname', 'svname', 'status'].map((n) => colunas.indexOf(n));
        ok(Object.fromEntries(linhas.map((l) => l.split(',')).filter((l) => l[px] === 'api').map((l) => [l[sv], l[st]])));
      });
      c.end('show stat\n');
    });
  const nos: { nome: string; porta: number; gestao: number; proc: ReturnType<typeof processo> }[] = [];
  let trabalhador: ReturnType<typeof processo>;
  let gestaoTrabalhador: number;
  const LIMITE = 20;

  before(async () => {
    banco = await bancoPostgresNovo();
    receptor = await subirReceptor(() => 200);
    const ambiente = ambienteDeEntrega(receptor);
    // The schema and a published model with an integration, made once by an in-process server with the nodes' key.
    process.env.SEGREDOS_CHAVE = ambiente.SEGREDOS_CHAVE;
    try {
      const s = await subirServidor({ databaseUrl: banco.url, integracao: { permitidos: { origens: [receptor.origem] } } });
      await modeloPublicado(await clienteApi(s.url, 'admin'), 'teste-nos', receptor.url);
      await s.fechar();
    } finally {
      delete process.env.SEGREDOS_CHAVE;
    }
    // The service as production runs it: compiled once (src/server/compilar.mjs), with no run-time transpiler.
    const compilado = spawnSync(process.execPath, ['src/server/compilar.mjs'], { encoding: 'utf8' });
    assert.equal(compilado.status, 0, compilado.stderr);
    const portaBalanceador = await portaLivre();
    base = `http://127.0.0.1:${portaBalanceador}`;
    const comum = {
      ...ambiente,
      NODE_ENV: 'production',
      KEYCLOAK_URL: 'http://127.0.0.1:9',
      CIDADAO_JWKS_URL: 'http://127.0.0.1:9/certs',
      CIDADAO_ISSUER: 'http://127.0.0.1:9',
      CIDADAO_AUDIENCE: 'formularios',
      DATABASE_URL: banco.url,
      PUBLIC_URL: base,
      REDIS_URL: `redis://${REDIS.host}:${REDIS.porta}`,
      TRUST_PROXY: '127.0.0.1',
      PUBLICO_LIMITE_ENDERECO: String(LIMITE),
      ENTREGA_INTERVALO_MS: '100',
      ENTREGA_MARGEM_MS: '30000',
      DESLIGAR_DRENO_MS: '1500',
      HOST: '127.0.0.1',
    };
    for (const nome of ['a', 'b', 'c']) {
      const porta = await portaLivre();
      const gestao = await portaLivre();
      nos.push({ nome, porta, gestao, proc: processo('dist/server/producao.js', { ...comum, PORT: String(porta), PORTA_GESTAO: String(gestao), ENTREGAS: 'on' }) });
    }
    gestaoTrabalhador = await portaLivre();
    trabalhador = processo('dist/server/entregador.js', { ...comum, PORTA_GESTAO: String(gestaoTrabalhador) });
    for (const n of nos) await esperarAte(() => /produção\) em/.test(n.proc.saida()), 90_000, `nó ${n.nome} no ar: ${n.proc.saida().slice(-500)}`);
    await esperarAte(() => /Entregador de formulários/.test(trabalhador.saida()), 90_000, 'entregador no ar');
    const pasta = mkdtempSync(join(tmpdir(), 'cf-haproxy-'));
    const cfg = join(pasta, 'haproxy.cfg');
    socketEstatisticas = join(pasta, 'estatisticas.sock');
    writeFileSync(
      cfg,
      [
        'global',
        '  maxconn 2000',
        `  stats socket ${socketEstatisticas} mode 600 level user`,
        'defaults',
        '  mode http',
        '  timeout connect 1s',
        '  timeout client 30s',
        '  timeout server 30s',
        '  retries 3',
        '  option redispatch',
        'frontend publico',
        `  bind 127.0.0.1:${portaBalanceador}`,
        '  option forwardfor',
        '  default_backend api',
        'backend api',
        '  balance roundrobin',
        '  option httpchk GET /health/ready',
        '  http-check expect status 200',
        '  default-server inter 200ms fall 1 rise 2',
        ...nos.map((n) => `  server ${n.nome} 127.0.0.1:${n.porta} check`),
        '',
      ].join('\n'),
    );
    balanceador = spawn('haproxy', ['-f', cfg, '-db'], { stdio: 'ignore' });
    await esperarAte(async () => (await fetch(`${base}/health/ready`).catch(() => null))?.status === 200, 20_000, 'o balanceador responde');
  });

  after(async () => {
    balanceador?.kill('SIGKILL');
    for (const n of nos) n.proc.p.kill('SIGKILL');
    trabalhador?.p.kill('SIGKILL');
    await receptor?.fechar();
    await banco?.descartar();
  });

  const enviar = (endereco: string, extra: Record<string, string> = {}) =>
    deEndereco(endereco, `${base}/api/publico/modelos/teste-nos/formularios`, { method: 'POST', headers: { ...JSON_CT, ...extra }, body: JSON.stringify({ respostas: { ...RESPOSTAS_VALIDAS, cpf: CPF, relato: SEGREDO_NA_RESPOSTA } }) });

  /** `n` submissions, `emVoo` at a time, each from its own address; `aos(k)` runs once k have finished. */
  async function fluxo(n: number, emVoo: number, aos?: [number, () => void]) {
    const resultados: { status: number; protocolo?: string }[] = [];
    let proximo = 0;
    let feitos = 0;
    await Promise.all(
      Array.from({ length: emVoo }, async () => {
        while (proximo < n) {
          proximo++;
          const r = await enviar(enderecoNovo()).catch(() => ({ status: 0, json: {} as Record<string, string> }));
          resultados.push({ status: r.status, protocolo: r.json?.protocolo });
          if (++feitos === aos?.[0]) aos[1]();
        }
      }),
    );
    return resultados;
  }

  test('uma rajada de um endereço pelo balanceador: 429 depois do número documentado no total (não três vezes ele)', async () => {
    const endereco = enderecoNovo();
    const respostas = [];
    for (let i = 0; i < LIMITE + 10; i++) respostas.push(await enviar(endereco));
    const aceitos = respostas.filter((r) => r.status === 201).length;
    assert.equal(aceitos, LIMITE, respostas.map((r) => r.status).join(','));
    assert.equal(respostas.filter((r) => r.status === 429).length, 10);
  });

  test('SIGTERM num nó durante um fluxo de envios: nenhum falha, ele sai com 0, e nenhuma entrega fica esperando reserva', async () => {
    const a = nos[0];
    let prontidao: Promise<number> | undefined;
    let foraDuranteODreno: Promise<boolean> | undefined;
    const resultados = await fluxo(80, 4, [
      20,
      () => {
        a.proc.p.kill('SIGTERM');
        // Readiness fails at once, while the node still answers (the drain).
        prontidao = new Promise((ok) => setTimeout(ok, 100)).then(async () => (await fetch(`http://127.0.0.1:${a.gestao}/health/ready`)).status);
        let saiu = false;
        void a.proc.fim.then(() => (saiu = true));
        foraDuranteODreno = esperarAte(async () => (await estadoNoBalanceador()).a.startsWith('DOWN') && !saiu, 1200, 'a DOWN while draining').then(() => true, () => false);
      },
    ]);
    assert.deepEqual(resultados.filter((r) => r.status !== 201), [], 'every submission accepted');
    assert.equal(await prontidao, 503);
    assert.equal(await a.proc.fim, 0, a.proc.saida().slice(-1000));
    assert.ok(await foraDuranteODreno, 'HAProxy marked the draining node DOWN by its failing readiness, before it exited');
    // Everything delivered by the others well before any lease (30 s past the timeout) could end.
    await esperarAte(async () => (await consultar<{ n: number }>(banco.url, `select count(*)::int as n from retentativa_integracao where codigo_servico = 'teste-nos' and status <> 'SUCESSO'`))[0].n === 0, 15_000, 'todas as entregas feitas');
  });

  test('SIGKILL noutro nó: a verificação de saúde do balanceador o marca fora; todo 201 está gravado uma vez, com evento e entrega; o nó que resta responde', async () => {
    const b = nos[1];
    assert.equal((await estadoNoBalanceador()).b, 'UP', 'b in service before the crash');
    const resultados = await fluxo(60, 4, [15, () => b.proc.p.kill('SIGKILL')]);
    await b.proc.fim;
    // Not retries nor redispatch: HAProxy's own check of /health/ready takes the dead node out.
    await esperarAte(async () => (await estadoNoBalanceador()).b === 'DOWN', 5000, 'HAProxy marks b DOWN').catch(async (e) => assert.fail(`${e}: ${JSON.stringify(await estadoNoBalanceador())}`));
    const aceitos = resultados.filter((r) => r.status === 201).map((r) => r.protocolo!);
    assert.ok(aceitos.length >= 50, `${aceitos.length} of 60 accepted (only those in flight to the killed node may fail)`);
    const guardados = await consultar<{ protocolo: string; eventos: number; entregas: number }>(
      banco.url,
      `select f.protocolo, (select count(*) from formulario_evento e where e.formulario_id = f.id and e.tipo = 'RECEBIDO')::int as eventos,
              (select count(*) from retentativa_integracao r where r.formulario_id = f.id)::int as entregas
         from formulario f where f.protocolo = any($1)`,
      [aceitos],
    );
    assert.equal(guardados.length, aceitos.length, 'every 201 stored, once');
    assert.ok(guardados.every((g) => g.eventos === 1 && g.entregas === 1), JSON.stringify(guardados.filter((g) => g.eventos !== 1 || g.entregas !== 1)));
    const depois = await fluxo(10, 2);
    assert.deepEqual(depois.map((r) => r.status), Array(10).fill(201), 'the balancer sends only to the node left');
    assert.equal((await fetch(`${base}/api/publico/modelos`)).status, 200);
  });

  test('métricas e saúde só na porta de gestão; logs em JSON por requisição com o X-Request-Id, sem CPF, resposta nem token', async () => {
    const c = nos[2];
    assert.equal((await fetch(`${base}/metrics`)).status, 404, 'no metrics through the public port');
    assert.equal((await fetch(`http://127.0.0.1:${c.porta}/metrics`)).status, 404);
    const metricas = await (await fetch(`http://127.0.0.1:${c.gestao}/metrics`)).text();
    assert.match(metricas, /^formularios_envios_total\{resultado="aceito",motivo=""\} [1-9]\d*$/m);
    assert.match(metricas, /^formularios_http_duracao_segundos_bucket\{le="0\.1",rota="\/api\/publico\/modelos\/:codigoServico\/formularios",metodo="POST"\} \d+$/m);
    assert.match(metricas, /^formularios_process_cpu_user_seconds_total /m);
    assert.equal((await fetch(`http://127.0.0.1:${c.gestao}/health/ready`)).status, 200);
    // The standalone worker answers the same on its own management port, with the deliveries it made.
    assert.equal((await fetch(`http://127.0.0.1:${gestaoTrabalhador}/health/ready`)).status, 200);
    const doTrabalhador = await (await fetch(`http://127.0.0.1:${gestaoTrabalhador}/metrics`)).text();
    assert.match(doTrabalhador, /^formularios_entregas_pendentes \d+$/m);
    assert.match(doTrabalhador, /^formularios_entregas_total\{resultado="sucesso"\} [1-9]\d*$/m, 'the worker delivered some of the stream');
    const r = await enviar(enderecoNovo(), { 'x-request-id': 'pedido-do-portal-42', authorization: 'Bearer token-que-nao-pode-ir-ao-log' });
    assert.equal(r.headers['x-request-id'], 'pedido-do-portal-42');
    const linhaDoPedido = () => nos.flatMap((n) => n.proc.saida().split('\n')).filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).find((l) => l.reqId === 'pedido-do-portal-42' && l.msg === 'requisição');
    const doPedido = await esperarAte(linhaDoPedido, 5000, 'a linha de log do pedido').catch(() => nos.map((n) => n.proc.saida().slice(-800)).join('\n---\n'));
    assert.deepEqual(doPedido && [doPedido.rota, doPedido.metodo, doPedido.status], ['/api/publico/modelos/:codigoServico/formularios', 'POST', 401], JSON.stringify(doPedido));
    const tudo = [...nos.map((n) => n.proc.saida()), trabalhador.saida()].join('\n');
    for (const proibido of [CPF, CPF.replace(/\D/g, ''), SEGREDO_NA_RESPOSTA, 'token-que-nao-pode-ir-ao-log', 'Bearer']) assert.ok(!tudo.includes(proibido), `the logs hold "${proibido}"`);
  });
});

describe('prontidão, métricas e Redis num nó', { skip: !comPostgres }, () => {
  test('readiness: 503 com o PostgreSQL inalcançável e 200 de novo sem reiniciar; 503 ao desligar', async () => {
    const b = await bancoPostgresNovo();
    const destino = new URL(URL_POSTGRES_ADMIN);
    const ponte = await abrirPonte({ host: destino.hostname, porta: Number(destino.port || 5432) });
    const url = new URL(b.url);
    url.host = `127.0.0.1:${ponte.porta}`;
    const portaGestao = await portaLivre();
    const s = await subirServidor({ databaseUrl: url.toString(), semear: false, gestao: { porta: portaGestao, host: '127.0.0.1' } });
    try {
      const pronto = async () => {
        const r = await fetch(`${s.url}/health/ready`);
        return { status: r.status, corpo: (await r.json()) as { status: string; checks: { name: string; status: string }[] } };
      };
      const ok = await pronto();
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.corpo.checks.map((c) => [c.name, c.status]), [['desligamento', 'UP'], ['postgresql', 'UP'], ['migracoes', 'UP']]);
      await ponte.cortar();
      const fora = await pronto();
      assert.equal(fora.status, 503);
      assert.equal(fora.corpo.checks.find((c) => c.name === 'postgresql')!.status, 'DOWN');
      // Issue 50: the public port says UP/DOWN only — not the driver's message with the database's address;
      // the management port (loopback) keeps the reason for the operator.
      const publico = JSON.stringify(fora.corpo);
      assert.doesNotMatch(publico, /motivo|ECONN|127\.0\.0\.1|localhost|\d{4,5}/, publico);
      const gestao = (await (await fetch(`http://127.0.0.1:${portaGestao}/health/ready`)).json()) as { checks: { name: string; data?: { motivo: string } }[] };
      assert.ok(gestao.checks.find((c) => c.name === 'postgresql')!.data?.motivo, JSON.stringify(gestao));
      assert.equal((await fetch(`${s.url}/health/live`)).status, 200, 'alive all the same');
      await ponte.restaurar();
      await esperarAte(async () => (await pronto()).status === 200, 10_000, 'pronto de novo');
      s.saude.desligar();
      const desligando = await pronto();
      assert.equal(desligando.status, 503);
      assert.equal(desligando.corpo.checks.find((c) => c.name === 'desligamento')!.status, 'DOWN');
    } finally {
      await s.fechar();
      await ponte.cortar();
      await b.descartar();
    }
  });

  test('métricas: depois de um tráfego conhecido, os contadores e a fila de entregas iguais ao que o banco diz', async () => {
    const porta = await portaLivre();
    const receptor = await subirReceptor(() => 200);
    const s = await subirServidor({ gestao: { porta, host: '127.0.0.1' }, integracao: { permitidos: { origens: [receptor.origem] } } });
    try {
      await modeloPublicado(await clienteApi(s.url, 'admin'), 'teste-metricas', receptor.url);
      for (let i = 0; i < 7; i++) assert.equal((await enviarFormulario(s.url, 'teste-metricas', RESPOSTAS_VALIDAS)).status, 201);
      for (let i = 0; i < 3; i++) assert.equal((await enviarFormulario(s.url, 'teste-metricas', {})).status, 400);
      assert.equal((await enviarFormulario(s.url, 'modelo-que-nao-existe', {})).status, 404);
      const ler = async () => {
        const texto = await (await fetch(`http://127.0.0.1:${porta}/metrics`)).text();
        const valor = (nome: string) => Number(new RegExp(`^${nome.replace(/[{}"=]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(texto)?.[1] ?? NaN);
        return { texto, valor };
      };
      const pendentes = async () => (await s.db.query<{ n: number }>(`select count(*)::int as n from retentativa_integracao where status in ('PENDENTE', 'EXECUTANDO')`))[0].n;
      let m = await ler();
      assert.equal(m.valor('formularios_envios_total{resultado="aceito",motivo=""}'), 7);
      assert.equal(m.valor('formularios_envios_total{resultado="recusado",motivo="validacao"}'), 3);
      assert.equal(m.valor('formularios_envios_total{resultado="recusado",motivo="nao_encontrado"}'), 1);
      assert.equal(m.valor('formularios_entregas_pendentes'), await pendentes());
      assert.ok(m.valor('formularios_entrega_mais_antiga_segundos') > 0);
      // One round of the worker: every attempt it made is counted by its outcome.
      const feitas = await s.entregador.rodada();
      assert.ok(feitas > 0);
      m = await ler();
      const porResultado = ['sucesso', 'falha', 'esgotada'].map((r) => m.valor(`formularios_entregas_total{resultado="${r}"}`) || 0);
      assert.equal(porResultado.reduce((a, b) => a + b, 0), feitas);
      assert.equal(m.valor('formularios_entregas_pendentes'), await pendentes());
      assert.equal((await fetch(`${s.url}/metrics`)).status, 404, 'not on the public port');
    } finally {
      await s.fechar();
      await receptor.fechar();
    }
  });

  test('Redis parado no meio: as requisições seguem, limitadas por nó; quando ele volta, o limite é um só de novo', { skip: !comRedis }, async () => {
    const ponte = await abrirPonte(REDIS);
    const limites = { ...LIMITES_PADRAO, porEnderecoPorMinuto: 5, porModeloPorMinuto: 0 };
    const redisUrl = `redis://127.0.0.1:${ponte.porta}`;
    const [s1, s2] = [await subirServidor({ redisUrl, limitesPublico: limites }), await subirServidor({ redisUrl, limitesPublico: limites })];
    const rajada = async () => {
      const endereco = enderecoNovo();
      const status: number[] = [];
      for (let i = 0; i < 8; i++) for (const s of [s1, s2]) status.push((await deEndereco(endereco, `${s.url}/api/publico/modelos`)).status);
      return status;
    };
    const redisNo = async (s: ServidorTeste) => ((await (await fetch(`${s.url}/health/ready`)).json()) as { checks: { name: string; status: string }[] }).checks.find((c) => c.name === 'redis')!.status;
    try {
      const compartilhado = await rajada();
      assert.equal(compartilhado.filter((x) => x === 200).length, 5, `one limit for both nodes: ${compartilhado}`);
      await ponte.cortar();
      const sozinhos = await rajada();
      assert.ok(sozinhos.every((x) => x === 200 || x === 429), `nothing else: ${sozinhos}`);
      assert.equal(sozinhos.filter((x) => x === 200).length, 10, `per node while Redis is away: ${sozinhos}`);
      assert.equal((await fetch(`${s1.url}/health/ready`)).status, 200, 'the node stays ready');
      assert.equal(await redisNo(s1), 'DOWN');
      await ponte.restaurar();
      await esperarAte(async () => (await redisNo(s1)) === 'UP' && (await redisNo(s2)) === 'UP', 15_000, 'o Redis de volta nos dois nós');
      const deNovo = await rajada();
      assert.equal(deNovo.filter((x) => x === 200).length, 5, `shared again: ${deNovo}`);
    } finally {
      await s1.fechar();
      await s2.fechar();
      await ponte.cortar();
    }
  });
});
