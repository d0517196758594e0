import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import { cabecalhosDoPedido } from '../../src/forms/integracao';

/**
 * Submissions arriving together are written in groups (issue 19, src/server/api/enviosEmGrupo.ts), on the
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
      // A new version published while submissions are in flight (after the 5th of 30 is answered): a form written
      // after the publication carries the new version; those sent after it answered all do; none is lost.
      const modelo = (await admin('GET', '/modelos/teste-grupo')).json;
      const [{ velha }] = await s.db.query<{ velha: number }>(`select ultima_versao as velha from modelo where codigo_servico = 'teste-grupo'`);
      const publicar = async () => {
        const definicao = { ...modelo.definicao, secoes: modelo.definicao.secoes.map((x: { campos: { ajuda?: string }[] }, i: number) => (i ? x : { ...x, campos: x.campos.map((c, j) => (j ? c : { ...c, ajuda: 'Como no documento.' })) })) };
        const salvo = await admin('PUT', '/modelos/teste-grupo', { nome: 'Teste grupo renomeado', grupoControleConteudoId: modelo.grupoControleConteudo.id, integracao: { url: modelo.integracao.url, metodo: modelo.integracao.metodo, cabecalhos: cabecalhosDoPedido(modelo.integracao.cabecalhos, {}) }, definicao, versao: modelo.versao });
        assert.equal(salvo.status, 200, JSON.stringify(salvo.json));
        const publicado = await admin('POST', '/modelos/teste-grupo/versoes');
        assert.equal(publicado.status, 201, JSON.stringify(publicado.json));
      };
      let respondidos = 0;
      let publicacao: Promise<void> | undefined;
      const durante = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          enviarFormulario(s.url, 'teste-grupo', { ...RESPOSTAS_VALIDAS, nome: `Durante ${i}` }).then((r) => {
            if (++respondidos === 5) publicacao = publicar();
            return r;
          }),
        ),
      );
      await publicacao;
      const depois = await Promise.all(Array.from({ length: 5 }, (_, i) => enviarFormulario(s.url, 'teste-grupo', { ...RESPOSTAS_VALIDAS, nome: `Depois ${i}` })));
      const todos = [...durante, ...depois];
      assert.deepEqual(todos.map((x) => x.status), todos.map(() => 201));
      const [{ nova, publicada }] = await s.db.query<{ nova: number; publicada: string }>(
        `select m.ultima_versao as nova, v.publicado_em::text as publicada from modelo m join modelo_versao v on v.codigo_servico = m.codigo_servico and v.numero = m.ultima_versao where m.codigo_servico = 'teste-grupo'`,
      );
      assert.equal(nova, velha + 1);
      const guardados = await s.db.query<{ protocolo: string; modelo_versao: number; depois: boolean }>(`select protocolo, modelo_versao, recebido_em > $2::timestamptz as depois from formulario where protocolo = any($1)`, [todos.map((x) => x.json.protocolo), publicada]);
      assert.equal(guardados.length, 35, 'none lost');
      const porProtocolo = new Map(guardados.map((g) => [g.protocolo, g]));
      assert.deepEqual(depois.map((x) => porProtocolo.get(x.json.protocolo)!.modelo_versao), Array(5).fill(nova), 'sent after the publication: the new version');
      assert.deepEqual(guardados.filter((g) => g.depois && g.modelo_versao !== nova), [], 'written after the publication with the old version');
      assert.ok(guardados.every((g) => g.modelo_versao === velha || g.modelo_versao === nova));
    });
  });
}
