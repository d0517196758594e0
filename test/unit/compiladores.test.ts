import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { COMPILADORES_DE_ESQUEMA, compilarTodos } from '../../src/server/api/compiladores';

/** A route as the API's route table makes it: new schema objects at every call, as each server builds its own. */
function rota(cabecalho = 'idempotency-key') {
  return {
    schema: {
      headers: Type.Object({ [cabecalho]: Type.Optional(Type.String({ minLength: 1 })) }),
      body: Type.Object({ nome: Type.String({ minLength: 2 }), idade: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ nome: Type.String(), chave: Type.Union([Type.String(), Type.Null()]) }) },
    },
    handler: async (req: { body: unknown; headers: Record<string, unknown> }) => ({ ...(req.body as object), chave: req.headers['idempotency-key'] ?? null, segredo: 'não sai' }),
  };
}

async function app(cabecalho?: string) {
  const a = Fastify({ ajv: { customOptions: { allErrors: true, removeAdditional: false } }, schemaController: COMPILADORES_DE_ESQUEMA });
  a.post('/pessoas', rota(cabecalho) as never);
  await a.ready();
  return a;
}

test('two apps of one process validate and answer through the same compiled schemas, as Fastify alone does', async () => {
  const { buildValidator, buildSerializer } = COMPILADORES_DE_ESQUEMA!.compilersFactory!;
  const opcoes = { customOptions: { allErrors: true, removeAdditional: false } };
  const esquema = () => ({ schema: rota().schema.body, method: 'POST', url: '/pessoas', httpPart: 'body' });
  assert.equal(buildValidator!({}, opcoes)(esquema() as never), buildValidator!({}, opcoes)(esquema() as never), 'an equal schema in a second app: the same validator');
  assert.notEqual(buildValidator!({}, { customOptions: { allErrors: false } })(esquema() as never), buildValidator!({}, opcoes)(esquema() as never), 'other options: compiled again');
  const resposta = () => ({ schema: rota().schema.response[200], method: 'POST', url: '/pessoas', httpStatus: '200' });
  assert.equal(buildSerializer!({}, {})(resposta() as never), buildSerializer!({}, {})(resposta() as never));

  for (const a of [await app(), await app()]) {
    const ok = await a.inject({ method: 'POST', url: '/pessoas', headers: { 'Idempotency-Key': 'k1' }, payload: { nome: 'Ana', idade: 30 } });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { nome: 'Ana', chave: 'k1' }, 'the answer through its schema: what it does not declare stays out');
    const ruim = await a.inject({ method: 'POST', url: '/pessoas', payload: { nome: 'A', idade: -1, extra: 1 } });
    assert.equal(ruim.statusCode, 400);
    assert.equal(ruim.json().message.split(', ').length, 3, 'every problem at once (allErrors), the unknown field refused');
    const vazio = await a.inject({ method: 'POST', url: '/pessoas', headers: { 'idempotency-key': '' }, payload: { nome: 'Ana', idade: 1 } });
    assert.equal(vazio.statusCode, 400, 'the header validated by its lower-case name');
    await a.close();
  }
});

test('a header declared with capitals stops the server at start, with its name', async () => {
  await assert.rejects(app('Idempotency-Key'), /POST \/pessoas: o cabeçalho "Idempotency-Key" precisa ser declarado em minúsculas/);
});

test('a schema is compiled at its first use, or by compilarTodos before a production node listens', () => {
  const { buildValidator } = COMPILADORES_DE_ESQUEMA!.compilersFactory!;
  const opcoes = { customOptions: { allErrors: true, removeAdditional: false } };
  compilarTodos();
  // A schema Ajv refuses shows when it is compiled: not when the route is set up, at its first call.
  const ruim = () => buildValidator!({}, opcoes)({ schema: { type: 'objeto' }, method: 'GET', url: '/x', httpPart: 'querystring' } as never) as (d: unknown) => unknown;
  const validar = ruim();
  assert.throws(() => validar({}), /schema is invalid/);
  // Set up again (another app): the same function, compiled again only when asked, as a production node asks.
  ruim();
  assert.equal(compilarTodos(), 0, 'the first call compiled it (and failed): nothing pending');
  const outro = buildValidator!({}, opcoes)({ schema: { type: 'objeto', title: 'outro' }, method: 'GET', url: '/y', httpPart: 'querystring' } as never);
  assert.ok(outro);
  assert.throws(() => compilarTodos(), /schema is invalid/, 'a production node stops at start, as Fastify did');
});
