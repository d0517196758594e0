import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { bancoPostgresNovo, clienteApi, entrarComo, usarPostgres, URL_POSTGRES_ADMIN } from '../apoio/servidor';
import { esperarAte, subirReceptor } from '../apoio/receptor';
import { subirDemo } from '../e2e/demo';
import { ambienteDeEntrega, enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';

/**
 * Chaos (issue 18): the API's database connections are terminated again and again while citizens
 * submit, staff write and export, and the worker delivers. The process must stay up, every 201 must
 * have its stored form, every stored form its event and delivery job, and everything must recover
 * without a restart. PostgreSQL only: PGlite lives inside the process and has no connection to lose.
 */
const comPostgres = await usarPostgres();
if (!comPostgres) console.log('# PostgreSQL não alcançável: o teste de caos não roda (REQUIRE_POSTGRES=1 torna isso um erro).');

const DURACAO_MS = 6000;

describe('caos: conexões do banco derrubadas durante o trabalho (PostgreSQL)', { skip: !comPostgres }, () => {
  let banco: { url: string; descartar: () => Promise<void> };
  before(async () => {
    banco = await bancoPostgresNovo();
  });
  after(async () => banco?.descartar());

  test('a API e o entregador sobrevivem; nada é perdido nem gravado pela metade; tudo se recupera sem reiniciar', async () => {
    const receptor = await subirReceptor(() => 200);
    const demo = await subirDemo({ DATABASE_URL: banco.url, ENTREGAS: 'on', ENTREGA_INTERVALO_MS: '100', ENTREGA_LOTE: '5', ENTREGA_ESPERAS: '0.2,0.2,0.2,0.2,0.2,0.2', ENTREGA_TIMEOUT_MS: '3000', ENTREGA_MARGEM_MS: '500', ...ambienteDeEntrega(receptor) }, { dosFontes: true });
    let saiu: number | null = null;
    demo.processo.once('exit', (c) => (saiu = c ?? -1));
    const nomeBanco = new URL(banco.url).pathname.slice(1);
    const matador = new pg.Client({ connectionString: URL_POSTGRES_ADMIN });
    await matador.connect();
    try {
      const admin = await clienteApi(demo.base, 'admin');
      await modeloPublicado(admin, 'teste-caos', receptor.url);

      let derrubadas = 0;
      let parar = false;
      const caos = (async () => {
        while (!parar) {
          const r = await matador.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [nomeBanco]);
          derrubadas += r.rows[0].n;
          // Gaps of 100 to 400 ms, at random: kills land at every point of a request's life. (A fixed 120 ms
          // left no room for any submission on a busy machine, with or without the monthly partitions: no
          // 201 at all, and the test asserts there are some.)
          await new Promise((ok) => setTimeout(ok, 100 + Math.random() * 300));
        }
      })();

      const aceitos = new Map<string, string>(); // Idempotency-Key -> protocol of a 201
      const recusados503: string[] = [];
      const gruposCriados: string[] = [];
      const status = new Map<number, number>();
      const contar = (s: number) => status.set(s, (status.get(s) ?? 0) + 1);
      // Driven by counts (issue 39): at least DURACAO_MS of chaos, then on until ten kills and one accepted
      // submission have happened (a busy machine got none in a fixed 6 s once), within a generous limit.
      const minimo = Date.now() + DURACAO_MS;
      const limite = Date.now() + 90_000;
      const seguir = () => Date.now() < minimo || ((derrubadas < 10 || aceitos.size === 0) && Date.now() < limite);
      const submissoes = (async () => {
        while (seguir()) {
          await Promise.all(
            Array.from({ length: 8 }, async () => {
              const chave = randomUUID();
              const r = await enviarFormulario(demo.base, 'teste-caos', RESPOSTAS_VALIDAS, { 'idempotency-key': chave }).catch(() => ({ status: 0, json: null as any, headers: new Headers() }));
              contar(r.status);
              if (r.status === 201) aceitos.set(chave, r.json.protocolo);
              else if (r.status === 503) {
                assert.equal(r.json.title, 'Serviço indisponível');
                assert.match(r.json.detail, /banco de dados ficou indisponível/);
                assert.equal(r.headers.get('retry-after'), '1');
                recusados503.push(chave);
              } else assert.fail(`submissão: ${r.status} ${JSON.stringify(r.json)}`);
            }),
          );
        }
      })();
      const escritas = (async () => {
        for (let i = 0; seguir(); i++) {
          const nome = `Caos ${i} ${randomUUID().slice(0, 8)}`;
          const r = await admin('POST', '/grupos-acesso-publico', { nome, cpfs: ['52998224725'] }).catch(() => ({ status: 0, json: null }));
          contar(r.status);
          assert.ok([201, 503].includes(r.status), `escrita: ${r.status} ${JSON.stringify(r.json)}`);
          if (r.status === 201) gruposCriados.push(nome);
          const lote = await admin('POST', '/retentativas-integracao/execucoes-em-lote?simulacao=true', {}).catch(() => ({ status: 0, json: null }));
          assert.ok([200, 503].includes(lote.status), `lote: ${lote.status} ${JSON.stringify(lote.json)}`);
        }
      })();
      const { access_token } = await entrarComo(demo.base, 'admin');
      const exportacoes = (async () => {
        while (seguir()) {
          // A stream cut by a lost connection ends early; what matters is that the process lives on.
          const r = await fetch(`${demo.base}/api/formularios/exportacao`, { headers: { authorization: `Bearer ${access_token}` } }).catch(() => null);
          contar(r?.status ?? 0);
          await r?.text().catch(() => '');
        }
      })();
      await Promise.all([submissoes, escritas, exportacoes]);
      parar = true;
      await caos;

      assert.equal(saiu, null, 'the API process is still up');
      assert.ok(derrubadas >= 10, `connections were terminated (${derrubadas})`);
      assert.ok(aceitos.size > 0, 'some submissions went through');

      // Recovers without a restart: the next requests succeed, and the refused ones go through with their keys.
      await esperarAte(async () => (await admin('GET', '/formularios?size=1')).status === 200, 10_000, 'API de volta');
      for (const chave of recusados503) {
        const r = await enviarFormulario(demo.base, 'teste-caos', RESPOSTAS_VALIDAS, { 'idempotency-key': chave });
        assert.equal(r.status, 201, JSON.stringify(r.json));
        aceitos.set(chave, r.json.protocolo);
      }

      const c = new pg.Client({ connectionString: banco.url });
      await c.connect();
      try {
        const linhas = (await c.query<{ protocolo: string; eventos: number; entregas: number; chave: string | null }>(
          `select f.protocolo,
                  (select count(*) from formulario_evento e where e.formulario_id = f.id and e.tipo = 'RECEBIDO')::int as eventos,
                  (select count(*) from retentativa_integracao r where r.formulario_id = f.id)::int as entregas,
                  (select k.chave from submissao_idempotente k where k.formulario_id = f.id) as chave
             from formulario f where f.codigo_servico = 'teste-caos'`,
        )).rows;
        const porProtocolo = new Map(linhas.map((l) => [l.protocolo, l]));
        for (const [chave, protocolo] of aceitos) {
          assert.ok(porProtocolo.has(protocolo), `201 ${protocolo} has its stored form`);
          assert.equal(porProtocolo.get(protocolo)!.chave, chave);
        }
        for (const l of linhas) {
          assert.equal(l.eventos, 1, `${l.protocolo}: its RECEBIDO event`);
          assert.equal(l.entregas, 1, `${l.protocolo}: its delivery job`);
        }
        assert.equal(linhas.length, aceitos.size, 'no stored form without a 201 (each key stored once)');
        const grupos = new Set((await c.query<{ nome: string }>('select nome from grupo_acesso_publico')).rows.map((r) => r.nome));
        for (const g of gruposCriados) assert.ok(grupos.has(g), `group ${g} (201) stored`);
        // The worker retried its rounds: every form is delivered in the end.
        await esperarAte(async () => (await c.query(`select 1 from retentativa_integracao where codigo_servico = 'teste-caos' and status <> 'SUCESSO' limit 1`)).rowCount === 0, 60_000, 'todas as entregas feitas');
      } finally {
        await c.end();
      }
      assert.equal(saiu, null, 'still up at the end');
      console.log(`# caos: ${derrubadas} conexões derrubadas; respostas ${JSON.stringify(Object.fromEntries(status))}`);
    } finally {
      await matador.end();
      await demo.fechar();
      await receptor.fechar();
    }
  });
});
