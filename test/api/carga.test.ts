import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { abrirBanco, linhaCopia, type Banco } from '../../src/server/db';
import { semearDemo } from '../../demo/server/seed';
import { gerarFormularios } from '../../demo/server/gerarFormularios';
import { bancosDeTeste } from '../apoio/servidor';
import { contadoresPorHoraDivergentes } from '../apoio/contadoresPorHora';

/**
 * Bulk loading by COPY (issue 19: seed:large and every generated form go through `Executor.copiar`), on both
 * databases: text comes back exactly as written, a COPY that fails writes nothing, and the generated forms
 * have their events, retries, counters and masked cells as the submission would leave them.
 */
for (const banco of await bancosDeTeste()) {
  describe(`carga por COPY (${banco.nome})`, () => {
    let db: Banco;
    before(async () => {
      db = await abrirBanco(banco.url ? { databaseUrl: banco.url } : { pasta: 'memory://' });
      await semearDemo(db);
      await db.query('create table carga_teste (id int primary key, texto text)');
    });
    after(async () => {
      await db?.fechar();
      await banco.descartar?.();
    });

    const DIFICEIS = ['tab\taqui', 'linha\nnova', 'retorno\r\n', 'barra \\ invertida \\n', '\\N', '\\.', '', '  espaços  ', 'ação, coração; "aspas"', '🚀 emoji', null];
    const lidos = async () => (await db.query<{ texto: string | null }>('select texto from carga_teste order by id')).map((r) => r.texto);

    test('o texto volta exatamente como foi escrito (tabulação, quebras, barras, \\N literal, nulo)', async () => {
      await db.copiar('carga_teste', ['id', 'texto'], [DIFICEIS.slice(0, 5).map((t, i) => linhaCopia([i, t])).join('')]);
      // Inside a transaction too, in several chunks.
      await db.transacao((tx) => tx.copiar('carga_teste', ['id', 'texto'], DIFICEIS.slice(5).map((t, i) => linhaCopia([5 + i, t]))));
      assert.deepEqual(await lidos(), DIFICEIS);
    });

    test('um COPY que falha no meio não grava nada, nem o resto da transação', async () => {
      const antes = await lidos();
      const ruim = [linhaCopia([100, 'boa']), linhaCopia([101, 'boa']), 'não é número\tx\n'];
      await assert.rejects(db.copiar('carga_teste', ['id', 'texto'], ruim));
      await assert.rejects(
        db.transacao(async (tx) => {
          await tx.query(`insert into carga_teste values (200, 'antes')`);
          await tx.copiar('carga_teste', ['id', 'texto'], [linhaCopia([201, 'x']), linhaCopia([1, 'chave repetida'])]);
        }),
      );
      assert.deepEqual(await lidos(), antes);
      // The database still answers (the connection that failed was dropped or recovered).
      assert.equal((await db.query<{ n: number }>('select 1 as n'))[0].n, 1);
    });

    test('formulários gerados: eventos, retentativas, contadores e células mascaradas como num envio', async () => {
      const base = Number((await db.query<{ n: string }>('select coalesce(max(id), 0)::text as n from formulario'))[0].n);
      await db.transacao((tx) => gerarFormularios(tx, 3000, 400));
      const novos = `from formulario f where f.id > ${base}`;
      const um = async (sql: string) => Number(Object.values((await db.query<Record<string, string>>(sql))[0])[0]);
      assert.equal(await um(`select count(*)::text ${novos}`), 3000);
      // Every form has its RECEBIDO event naming its protocol, and the events its status implies.
      const faltando = await db.query(
        `select f.id, f.status ${novos} and (
           (select count(*) from formulario_evento e where e.formulario_id = f.id and e.tipo = 'RECEBIDO' and e.detalhes ->> 'protocolo' = f.protocolo and e.ocorrido_em = f.recebido_em) <> 1
           or (f.status = 'INTEGRADO') <> exists (select 1 from formulario_evento e where e.formulario_id = f.id and e.tipo = 'INTEGRADO')
           or (f.status in ('FALHA_INTEGRACAO', 'DESCARTADO')) <> exists (select 1 from retentativa_integracao r where r.formulario_id = f.id and r.status in ('PENDENTE', 'EXECUTANDO', 'ESGOTADA', 'DESCARTADA'))
           or (f.status = 'DESCARTADO') <> exists (select 1 from formulario_evento e where e.formulario_id = f.id and e.tipo = 'DESCARTADO'))`,
      );
      assert.deepEqual(faltando, []);
      // The protocol's year is the São Paulo year it was received in; the requester columns are the answers'.
      assert.equal(await um(`select count(*)::text ${novos} and left(f.protocolo, 4) <> to_char(f.recebido_em at time zone 'America/Sao_Paulo', 'YYYY')`), 0);
      assert.equal(await um(`select count(*)::text ${novos} and (f.cpf_requerente <> f.respostas ->> 'cpf' or f.nome_requerente <> f.respostas ->> 'nome')`), 0);
      // Over the period asked for: partitions by month, nothing in the default ones.
      assert.equal(await um(`select count(*)::text ${novos} and f.recebido_em < now() - interval '401 days'`), 0);
      assert.equal(await um(`select count(*)::text from formulario_padrao`), 0);
      // The counter triggers counted the COPY statements.
      assert.equal(await um(`select sum(quantidade)::text from contador_formulario_dia`), await um(`select count(*)::text from formulario`));
      assert.equal(await um(`select sum(quantidade)::text from contador_evento_dia`), await um(`select count(*)::text from formulario_evento where formulario_id is not null`));
      assert.equal(await um(`select sum(quantidade)::text from contador_evento_hora`), await um(`select sum(quantidade)::text from contador_evento_dia`));
      assert.equal(await um(`select sum(quantidade)::text from contador_evento_hora_grupo`), await um(`select sum(quantidade)::text from contador_evento_dia`));
      assert.equal(await um(`select sum(quantidade)::text from contador_evento_dia_grupo`), await um(`select sum(quantidade)::text from contador_evento_dia`));
      assert.deepEqual(await contadoresPorHoraDivergentes(db, 'formulario'), {}, 'the forms\' hours (migration 037)');
      // Masked cells written with each row: none left for the retention loop; no clear CPF in them.
      assert.equal(await um(`select count(*)::text ${novos} and (f.exportacao_mascarada is null or position(f.cpf_requerente in f.exportacao_mascarada) > 0)`), 0);
    });
  });
}
