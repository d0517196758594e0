/**
 * Monthly partitions (issue 19, migration 018): a database as the previous version left it, unpartitioned,
 * with forms over many months (one three years back, one ahead of the partitions kept), console-wide events
 * and every table that hangs on a form, migrates without losing or changing a row; counters and ids go on
 * as before; a month with no partition yet is caught by the default partition and moved out of it later;
 * deleting forms still deletes what hung on them.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { abrirBancoAte, migrar, type Banco } from '../../src/server/db';
import { semearDemo } from '../../demo/server/seed';
import { gerarFormularios } from '../../demo/server/gerarFormularios';
import { bancosDeTeste } from '../apoio/servidor';

const ANTES = '017_jornada.sql';
const TABELAS = ['formulario', 'formulario_evento', 'retentativa_integracao', 'submissao_idempotente', 'anexo', 'envio_email',
  'contador_formulario_dia', 'contador_formulario_mes', 'contador_evento_dia', 'contador_retentativa_dia'];

/** The columns each table has now: a later snapshot compares only these (later migrations add columns of their own). */
async function colunas(db: Banco): Promise<Record<string, string[]>> {
  const r: Record<string, string[]> = {};
  for (const t of TABELAS) r[t] = (await db.query<{ c: string }>(`select column_name as c from information_schema.columns where table_name = $1 and table_schema = current_schema()`, [t])).map((x) => x.c);
  return r;
}

/** Each table's rows (the columns of `de`), as text, in a stable order: what "without losing or changing a row" compares. */
async function retrato(db: Banco, de: Record<string, string[]>): Promise<Record<string, { n: number; md5: string }>> {
  const r: Record<string, { n: number; md5: string }> = {};
  for (const t of TABELAS) {
    const [l] = await db.query<{ n: number; md5: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(y.t, '|' order by y.t), '')) as md5
         from (select (select jsonb_object_agg(k, v) from jsonb_each(to_jsonb(x)) as e(k, v) where k = any($1::text[]))::text as t from ${t} x) y`,
      [de[t]],
    );
    r[t] = l;
  }
  return r;
}

/** Counters against count(*): the forms' by model, São Paulo day and status. */
async function contadoresConferem(db: Banco): Promise<void> {
  const diferentes = await db.query(`
    select * from (select codigo_servico, dia, status, sum(quantidade)::int as n from contador_formulario_dia group by 1, 2, 3) c
    full join (select codigo_servico, dia_sao_paulo(recebido_em) as dia, status, count(*)::int as n from formulario group by 1, 2, 3) f using (codigo_servico, dia, status)
    where coalesce(c.n, 0) <> coalesce(f.n, 0)`);
  assert.deepEqual(diferentes, []);
}

for (const banco of await bancosDeTeste()) {
  describe(`partições mensais (${banco.nome})`, () => {
    let db: Banco;
    let antes: Record<string, { n: number; md5: string }>;
    let colunasAntes: Record<string, string[]>;
    let maiorId: number;

    before(async () => {
      db = await abrirBancoAte({ databaseUrl: banco.url, pasta: 'memory://' }, ANTES);
      await semearDemo(db);
      await db.transacao((tx) => gerarFormularios(tx, 3000, 400));
      // A form three years back and one two months ahead (no partition is kept that far), with a draft's
      // upload, an e-mail job and an idempotency key hanging on the first; a console-wide event.
      const [velho] = await db.query<{ id: number }>(`
        insert into formulario (protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, respostas, status, recebido_em)
        select '2023.999000001', codigo_servico, grupo_controle_conteudo_id, ultima_versao, '{"nome":"Antigo"}', 'INTEGRADO', now() - interval '3 years'
          from modelo where ultima_versao > 0 order by codigo_servico limit 1 returning id`);
      await db.query(`
        insert into formulario (protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, respostas, recebido_em)
        select '2027.999000002', codigo_servico, grupo_controle_conteudo_id, ultima_versao, '{}', now() + interval '7 months'
          from modelo where ultima_versao > 0 order by codigo_servico limit 1`);
      await db.query(`insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, ocorrido_em, autor, detalhes)
        select id, codigo_servico, grupo_controle_conteudo_id, 'RECEBIDO', recebido_em, 'portal-cidadao', '{}' from formulario where id = $1`, [velho.id]);
      await db.query(`insert into formulario_evento (tipo, autor, detalhes) values ('EXPORTACAO_DADOS_PESSOAIS', 'admin', '{"linhas": 10}')`);
      await db.query(`insert into submissao_idempotente (codigo_servico, chave, hash_corpo, formulario_id) select codigo_servico, 'chave-1', 'h', id from formulario where id = $1`, [velho.id]);
      await db.query(`insert into anexo (id, codigo_servico, campo, nome, mime, tamanho, sha256, formulario_id) select $2, codigo_servico, 'doc', 'a.pdf', 'application/pdf', 1, 'x', id from formulario where id = $1`, [velho.id, randomUUID()]);
      await db.query(`insert into envio_email (formulario_id, tipo, para) values ($1, 'CONFIRMACAO', 'a@b.example')`, [velho.id]);
      colunasAntes = await colunas(db);
      antes = await retrato(db, colunasAntes);
      maiorId = (await db.query<{ m: number }>('select max(id)::int as m from formulario'))[0].m;
      assert.ok(antes.formulario.n > 3000 && antes.formulario_evento.n > 3000, 'dados de partida');
      assert.deepEqual(await migrar(db, '018_particoes_mensais.sql'), ['018_particoes_mensais.sql']);
      await migrar(db);
      await db.query('select manter_particoes()');
    });
    after(async () => {
      await db?.fechar();
      await banco.descartar?.();
    });

    test('nenhuma linha perdida nem mudada; formulários e eventos particionados por mês', async () => {
      assert.deepEqual(await retrato(db, colunasAntes), antes);
      const tipos = await db.query<{ relname: string; relkind: string }>(`select relname, relkind from pg_class where relname in ('formulario', 'formulario_evento') order by 1`);
      assert.deepEqual(tipos, [{ relname: 'formulario', relkind: 'p' }, { relname: 'formulario_evento', relkind: 'p' }]);
      // Every row sits in its month's partition; the default ones are empty; there is one for the far past and future.
      const foraDoMes = await db.query(`
        select f.tableoid::regclass::text as particao, count(*)::int as n from formulario f
         where f.tableoid::regclass::text <> 'formulario_' || to_char(dia_sao_paulo(f.recebido_em), 'YYYY_MM') group by 1
        union all
        select e.tableoid::regclass::text, count(*)::int from formulario_evento e
         where e.tableoid::regclass::text <> 'formulario_evento_' || to_char(dia_sao_paulo(e.ocorrido_em), 'YYYY_MM') group by 1`);
      assert.deepEqual(foraDoMes, []);
      const [{ meses }] = await db.query<{ meses: number }>(`select count(*)::int as meses from pg_inherits where inhparent = 'formulario'::regclass`);
      assert.ok(meses >= 16, `um mês por partição, do mais antigo ao futuro, mais a padrão (${meses})`);
      await contadoresConferem(db);
    });

    test('os ids seguem a mesma sequência e um mês sem partição cai na padrão até ganhar a sua', async () => {
      const [novo] = await db.query<{ id: number; particao: string }>(`
        insert into formulario (protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, respostas, recebido_em)
        select '2031.999000003', codigo_servico, grupo_controle_conteudo_id, ultima_versao, '{}', now() + interval '5 years'
          from modelo where ultima_versao > 0 order by codigo_servico limit 1 returning id, tableoid::regclass::text as particao`);
      assert.ok(Number(novo.id) > maiorId);
      assert.equal(novo.particao, 'formulario_padrao');
      await contadoresConferem(db);
      const [{ n }] = await db.query<{ n: number }>('select manter_particoes() as n');
      assert.ok(n >= 1);
      const [depois] = await db.query<{ particao: string }>('select tableoid::regclass::text as particao from formulario where id = $1', [novo.id]);
      assert.match(depois.particao, /^formulario_20\d\d_\d\d$/);
      // Moving it out of the default partition did not count it twice (nor uncount it).
      await contadoresConferem(db);
      assert.equal((await db.query<{ n: number }>('select manter_particoes() as n'))[0].n, 0, 'nada mais a criar');
    });

    test('apagar formulários ainda apaga eventos, retentativas, chaves, anexos e e-mails deles', async () => {
      const [velho] = await db.query<{ id: number }>(`select id from formulario where protocolo = '2023.999000001'`);
      const alvo = (await db.query<{ id: number }>(`select formulario_id as id from retentativa_integracao order by id limit 3`)).map((r) => r.id);
      const contar = async (ids: number[]) =>
        (await db.query<{ n: number }>(`select ((select count(*) from formulario_evento where formulario_id = any($1)) + (select count(*) from retentativa_integracao where formulario_id = any($1))
           + (select count(*) from submissao_idempotente where formulario_id = any($1)) + (select count(*) from anexo where formulario_id = any($1))
           + (select count(*) from envio_email where formulario_id = any($1)))::int as n`, [ids]))[0].n;
      const ids = [velho.id, ...alvo];
      assert.ok((await contar(ids)) >= 8);
      const [{ avulsos }] = await db.query<{ avulsos: number }>('select count(*)::int as avulsos from formulario_evento where formulario_id is null');
      await db.query('delete from formulario where id = any($1)', [ids]);
      assert.equal(await contar(ids), 0);
      assert.equal((await db.query<{ avulsos: number }>('select count(*)::int as avulsos from formulario_evento where formulario_id is null'))[0].avulsos, avulsos, 'eventos sem formulário ficam');
      await contadoresConferem(db);
    });
  });
}
