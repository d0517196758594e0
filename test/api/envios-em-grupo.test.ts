import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';

/**
 * Submissions arriving together are written in groups (issue 19, demo/server/api/enviosEmGrupo.ts), on the
 * real databases: every accepted submission has its form, one RECEBIDO event, its delivery job and its key;
 * counters equal count(*); the same Idempotency-Key sent at once (in one group or two) gives one form and
 * the same receipt; the same key with other answers is refused; a model changed meanwhile is read again.
 */
for (const banco of await bancosDeTeste()) {
  describe(`envios em grupo (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Awaited<ReturnType<typeof clienteApi>>;

    before(async () => {
      // A delivery job for each form (the worker is off: the jobs stay pending, nothing is sent).
      s = await subirServidor({ databaseUrl: banco.url, integracao: { permitidos: { origens: ['http://127.0.0.1:9'] } } });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-grupo', 'http://127.0.0.1:9/recebe');
    });
    after(async () => {
      await s?.fechar();
      await banco.descartar?.();
    });

    const contar = async (sql: string, params: unknown[] = []) => Number((await s.db.query<{ n: string }>(sql, params))[0].n);

    test('80 ao mesmo tempo: cada um com formulário, evento, entrega e contadores; escritos em grupos', async () => {
      const respostas = Array.from({ length: 80 }, (_, i) => ({ ...RESPOSTAS_VALIDAS, nome: `Pessoa ${i}`, copias: String(1 + (i % 5)) }));
      const r = await Promise.all(respostas.map((x) => enviarFormulario(s.url, 'teste-grupo', x)));
      assert.deepEqual(r.map((x) => x.status), r.map(() => 201));
      const protocolos = r.map((x) => x.json.protocolo as string);
      assert.equal(new Set(protocolos).size, 80);
      const formularios = await s.db.query<{ protocolo: string; nome: string; recebido_em: string; eventos: number; entregas: number }>(
        `select f.protocolo, f.respostas ->> 'nome' as nome, f.recebido_em::text,
                (select count(*)::int from formulario_evento e where e.formulario_id = f.id and e.tipo = 'RECEBIDO') as eventos,
                (select count(*)::int from retentativa_integracao t where t.formulario_id = f.id and t.status = 'PENDENTE') as entregas
           from formulario f where f.protocolo = any($1)`,
        [protocolos],
      );
      assert.equal(formularios.length, 80);
      // Each receipt names its own answers (no mix-up inside a group).
      const porProtocolo = new Map(formularios.map((f) => [f.protocolo, f]));
      protocolos.forEach((p, i) => assert.equal(porProtocolo.get(p)!.nome, `Pessoa ${i}`));
      assert.ok(formularios.every((f) => f.eventos === 1 && f.entregas === 1));
      // One transaction's now(): forms written by the same statement share it. (PGlite runs each query in this
      // thread, so the next requests are only read once it is done: groups of one there.)
      if (banco.nome === 'PostgreSQL') assert.ok(new Set(formularios.map((f) => f.recebido_em)).size < 80, 'some were written together');
      assert.equal(await contar(`select coalesce(sum(quantidade), 0)::text as n from contador_formulario_dia where codigo_servico = 'teste-grupo'`), await contar(`select count(*)::text as n from formulario where codigo_servico = 'teste-grupo'`));
      assert.equal(await contar(`select coalesce(sum(quantidade), 0)::text as n from contador_evento_dia where codigo_servico = 'teste-grupo'`), await contar(`select count(*)::text as n from formulario_evento where codigo_servico = 'teste-grupo'`));
    });

    test('a mesma Idempotency-Key ao mesmo tempo: um formulário e o mesmo recibo; com outras respostas, 422', async () => {
      const antes = await contar(`select count(*)::text as n from formulario where codigo_servico = 'teste-grupo'`);
      const envios = Array.from({ length: 30 }, (_, i) => enviarFormulario(s.url, 'teste-grupo', { ...RESPOSTAS_VALIDAS, nome: `Chave ${i % 10}` }, { 'idempotency-key': `grupo-${i % 10}` }));
      const r = await Promise.all(envios);
      assert.deepEqual(r.map((x) => x.status), r.map(() => 201));
      for (let k = 0; k < 10; k++) assert.equal(new Set(r.filter((_, i) => i % 10 === k).map((x) => x.json.protocolo)).size, 1, `key ${k}`);
      assert.equal(await contar(`select count(*)::text as n from formulario where codigo_servico = 'teste-grupo'`), antes + 10);
      assert.equal(await contar(`select count(*)::text as n from submissao_idempotente where chave like 'grupo-%'`), 10);
      const [outra, mesma] = await Promise.all([
        enviarFormulario(s.url, 'teste-grupo', { ...RESPOSTAS_VALIDAS, nome: 'Outra pessoa' }, { 'idempotency-key': 'grupo-1' }),
        enviarFormulario(s.url, 'teste-grupo', { ...RESPOSTAS_VALIDAS, nome: 'Chave 1' }, { 'idempotency-key': 'grupo-1' }),
      ]);
      assert.equal(outra.status, 422);
      assert.equal(mesma.status, 201);
      assert.equal(mesma.headers.get('idempotent-replayed'), 'true');
    });

    test('o modelo muda enquanto chegam envios: nenhum fica com a versão velha nem se perde', async () => {
      const lento = Array.from({ length: 20 }, (_, i) => enviarFormulario(s.url, 'teste-grupo', { ...RESPOSTAS_VALIDAS, nome: `Durante ${i}` }));
      const modelo = (await admin('GET', '/modelos/teste-grupo')).json;
      const salvo = await admin('PUT', '/modelos/teste-grupo', { nome: 'Teste grupo renomeado', grupoControleConteudoId: modelo.grupoControleConteudo.id, integracao: { url: modelo.integracao.url, metodo: modelo.integracao.metodo, cabecalhos: modelo.integracao.cabecalhos }, definicao: modelo.definicao, versao: modelo.versao });
      assert.equal(salvo.status, 200, JSON.stringify(salvo.json));
      const r = await Promise.all(lento);
      assert.deepEqual(r.map((x) => x.status), r.map(() => 201));
      assert.equal(await contar(`select count(*)::text as n from formulario where protocolo = any($1)`, [r.map((x) => x.json.protocolo)]), 20);
    });
  });
}
