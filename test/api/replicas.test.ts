import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as esperar } from 'node:timers/promises';
import pg from 'pg';
import { bancoPostgresNovo, clienteApi, entrarComo, portaLivre, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import { esperarAte } from '../apoio/receptor';
import { abrirPonte } from '../apoio/ponte';
import { leituraDe } from '../../src/server/leitura';
import { COPIAS_SIMULTANEAS } from '../../src/server/db';
import { tuplasDaCopia } from '../../src/server/copiaBinaria';
import { URL_REPLICA } from '../apoio/enderecos.mjs';

/**
 * Read replicas (issue 47) against a real streaming replica of the machine's PostgreSQL (`pg_basebackup -R`, started
 * by test/apoio/replica.mjs on 127.0.0.1:5433; .ci/run makes it): lists read the replica while it is caught up, a
 * staff user's own write is read from the primary, a replica left behind (its replay paused) is skipped and comes
 * back, and one that stops answering in the middle of a stream of reads fails none of them.
 */
async function replicaAlcancavel(): Promise<boolean> {
  const c = new pg.Client({ connectionString: URL_REPLICA, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return (await c.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0].r;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}
const comReplica = process.env.REQUIRE_REPLICA === '1' || (await replicaAlcancavel());
if (!comReplica) console.log(`# Sem réplica de leitura em ${URL_REPLICA}: os testes de réplica não rodam (sudo node test/apoio/replica.mjs a cria; REQUIRE_REPLICA=1 torna isso um erro).`);

const ATRASO_MAXIMO_MS = 4000;
const JANELA_MS = ATRASO_MAXIMO_MS + 100;

describe('réplicas de leitura (PostgreSQL e uma réplica de verdade)', { skip: !comReplica }, () => {
  let banco: Awaited<ReturnType<typeof bancoPostgresNovo>>;
  let s: ServidorTeste;
  let ponte: Awaited<ReturnType<typeof abrirPonte>>;
  let tokenAdmin: string;
  let naReplica: pg.Client;
  let admin: Awaited<ReturnType<typeof clienteApi>>;
  let portaGestao: number;
  const leitura = () => leituraDe(s.db)!;
  const ativa = () => leitura().estado()[0].ativa;
  /** The forms list of one protocol, as the console asks for it. */
  const listar = async (protocolo: string) => {
    const r = await admin('GET', `/formularios?protocolo=${protocolo}`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return (r.json as { protocolo: string }[]).map((f) => f.protocolo);
  };
  /** The protocols in the CSV export of one protocol (masked), whole. */
  const exportados = async (protocolo: string) => {
    const r = await fetch(`${s.url}/api/formularios/exportacao?protocolo=${protocolo}`, { headers: { authorization: `Bearer ${tokenAdmin}` } });
    assert.equal(r.status, 200);
    return (await r.text()).split('\r\n').slice(1, -1).map((l) => l.split(';')[0]);
  };
  const naReplicaExiste = async (protocolo: string) => (await naReplica.query('select 1 from formulario where protocolo = $1', [protocolo])).rowCount === 1;

  before(async () => {
    banco = await bancoPostgresNovo();
    const replica = new URL(URL_REPLICA);
    replica.pathname = new URL(banco.url).pathname;
    // The service reaches the replica through a bridge this test can cut.
    ponte = await abrirPonte({ host: replica.hostname, porta: Number(replica.port) });
    const viaPonte = new URL(replica.toString());
    viaPonte.host = `127.0.0.1:${ponte.porta}`;
    portaGestao = await portaLivre();
    s = await subirServidor({ databaseUrl: banco.url, leitura: { urls: [viaPonte.toString()], atrasoMaximoMs: ATRASO_MAXIMO_MS, intervaloMs: 100 }, gestao: { porta: portaGestao, host: '127.0.0.1' } });
    // The server's database (made again from the run's seed as it starts: bancos.ts) reaches the replica by its WAL.
    naReplica = await esperarAte<pg.Client | null>(async () => {
      const c = new pg.Client({ connectionString: replica.toString() });
      try {
        await c.connect();
        return c;
      } catch {
        await c.end().catch(() => undefined);
        return null;
      }
    }, 15_000, 'o banco novo na réplica') as pg.Client;
    admin = await clienteApi(s.url, 'admin');
    tokenAdmin = (await entrarComo(s.url, 'admin')).access_token;
    await modeloPublicado(admin, 'teste-replica', null);
    await esperarAte(async () => ativa(), 15_000, 'a réplica servindo');
  });
  after(async () => {
    await naReplica?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await naReplica?.end().catch(() => undefined);
    await s?.fechar();
    await ponte?.cortar();
    await banco?.descartar();
  });

  test('as listas leem a réplica; a escrita de quem lê vem do primário; a réplica atrasada sai das leituras e volta', async () => {
    // The staff user's own writes above (publishing) are older than the window: their reads may go to the replica.
    await esperar(JANELA_MS);
    const antes = await enviarFormulario(s.url, 'teste-replica', RESPOSTAS_VALIDAS);
    assert.equal(antes.status, 201);
    await esperarAte(() => naReplicaExiste(antes.json.protocolo), 10_000, 'o formulário na réplica');
    assert.deepEqual(await listar(antes.json.protocolo), [antes.json.protocolo]);

    await naReplica.query('select pg_wal_replay_pause()');
    const novo = await enviarFormulario(s.url, 'teste-replica', RESPOSTAS_VALIDAS);
    assert.equal(novo.status, 201, 'a citizen writes to the primary');
    const { replica: lidasAntes } = leitura().contagem();
    assert.deepEqual(await listar(novo.json.protocolo), [], 'read from the replica, which has not replayed it');
    assert.equal(leitura().contagem().replica, lidasAntes + 1);
    assert.equal((await fetch(`${s.url}/api/publico/modelos/teste-replica`)).status, 200, 'the public model read, from the replica');
    assert.deepEqual(await exportados(antes.json.protocolo), [antes.json.protocolo], 'the export (one COPY), from the replica');
    assert.deepEqual(await exportados(novo.json.protocolo), [], 'the export does not have it either');

    // A staff write of the same user: their next reads come from the primary and see everything.
    assert.equal((await admin('POST', '/grupos-controle-conteudo', { nome: `Réplica ${Date.now()}`, descricao: 'Leitura depois da escrita' })).status, 201);
    assert.deepEqual(await listar(novo.json.protocolo), [novo.json.protocolo], 'read-your-writes');

    // Paused, the replica falls behind past the bound and is skipped: everyone reads the primary.
    await esperarAte(async () => !ativa(), ATRASO_MAXIMO_MS + 5000, 'a réplica fora das leituras');
    const metricas = await (await fetch(`http://127.0.0.1:${portaGestao}/metrics`)).text();
    assert.match(metricas, /formularios_replica_ativa\{replica="postgres:\/\/postgres@127\.0\.0\.1:\d+\/cf_teste_\w+"\} 0/);
    assert.match(metricas, /formularios_replica_atraso_segundos\{replica="[^"]+"\} [4-9]/);
    await esperar(JANELA_MS);
    assert.deepEqual(await listar(novo.json.protocolo), [novo.json.protocolo], 'the primary, while the replica is behind');

    await naReplica.query('select pg_wal_replay_resume()');
    await esperarAte(async () => ativa(), 10_000, 'a réplica de volta');
    const { replica } = leitura().contagem();
    assert.deepEqual(await listar(novo.json.protocolo), [novo.json.protocolo], 'the replica, caught up');
    assert.equal(leitura().contagem().replica, replica + 1);
  });

  test('uma réplica que para de responder no meio de um fluxo de leituras: todas respondem, do primário', async () => {
    await esperarAte(async () => ativa(), 10_000, 'a réplica servindo');
    const f = await enviarFormulario(s.url, 'teste-replica', RESPOSTAS_VALIDAS);
    await esperarAte(() => naReplicaExiste(f.json.protocolo), 10_000, 'o formulário na réplica');
    const respostas: number[] = [];
    const fluxo = (async () => {
      for (let i = 0; i < 40; i++) {
        respostas.push((await admin('GET', '/formularios?size=5')).status);
        respostas.push((await admin('GET', '/analitico-formularios')).status);
        await esperar(25);
      }
    })();
    await esperar(400);
    await ponte.cortar();
    await fluxo;
    assert.deepEqual([...new Set(respostas)], [200], `every read answered: ${respostas.join(',')}`);
    assert.equal(ativa(), false, 'out of the reads');
    assert.deepEqual(await listar(f.json.protocolo), [f.json.protocolo], 'from the primary');
    assert.deepEqual(await exportados(f.json.protocolo), [f.json.protocolo], 'the export too');
    await ponte.restaurar();
    await esperarAte(async () => ativa(), 10_000, 'a réplica de volta');
  });

  test('uma cópia da réplica parada antes da primeira leitura devolve o seu lugar no pool da réplica', async () => {
    await esperarAte(async () => ativa(), 10_000, 'a réplica servindo');
    const { replica: lidasAntes } = leitura().contagem();
    const daReplica = leitura().para('ninguem-escreveu');
    assert.equal(leitura().contagem().replica, lidasAntes + 1, 'the replica executor');
    // More than its pool's places, each stopped before it is read: none is kept.
    for (let i = 0; i <= COPIAS_SIMULTANEAS; i++) {
      const c = daReplica.copiaDe!('select g from generate_series(1, 3) g', []);
      assert.ok(c, `place ${i + 1}`);
      await c.return(undefined);
    }
    const c = daReplica.copiaDe!('select g from generate_series(1, 3) g', []);
    assert.ok(c);
    let linhas = 0;
    for await (const lote of tuplasDaCopia(c)) linhas += lote.length;
    assert.equal(linhas, 3);
  });
});
