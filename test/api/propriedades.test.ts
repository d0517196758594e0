import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { DEFINICAO_COMPLETA, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';

/**
 * Property-based: whatever body a write route gets and whatever query a list gets, the answer is 2xx or
 * a client error with a pt-BR problem (never 500), and after a refusal nothing stored has changed.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;
const TABELAS = ['perfil_acesso', 'grupo_controle_conteudo', 'grupo_acesso_publico', 'grupo_acesso_publico_cidadao', 'vinculo_usuario', 'vinculo_usuario_perfil', 'vinculo_usuario_grupo', 'modelo', 'modelo_versao', 'retentativa_integracao', 'formulario'];

// Text no route needs and PostgreSQL cannot always store (issue 18): every C0 and C1 control character,
// DEL, unpaired surrogates, mixed with ordinary text (tab and line breaks are allowed and come along too).
const CONTROLES = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f', ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i))];
const textoHostil = fc.string({ unit: fc.oneof(fc.constantFrom(...CONTROLES, '\ud800', '\udbff', '\udc00', '\udfff', '😀', 'ç'), fc.string({ minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 12 });
// Deep nesting, in objects and arrays, beyond any form's shape.
const aninhado = fc.tuple(fc.integer({ min: 20, max: 400 }), fc.boolean()).map(([n, lista]) => {
  let v: unknown = 'fundo';
  for (let i = 0; i < n; i++) v = lista ? [v] : { a: v };
  return v;
});
// Names an object already has through its prototype, as keys and as sort fields.
const PROTOTIPO = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', 'isPrototypeOf'];
const chaveDeProtótipo = fc.constantFrom(...PROTOTIPO);

// Values that look like what a form sends, and values that do not.
const valor = fc.oneof(
  textoHostil,
  aninhado,
  fc.dictionary(chaveDeProtótipo, fc.string({ maxLength: 4 }), { maxKeys: 2 }),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -2, max: 5 })), { maxLength: 4 }),
  fc.constantFrom('READ_MODELO', '529.982.247-25', 'https://x.gov.br', 'a@b.br', '', ' ', '2026-01-01', 'PUBLICADO', 'ESGOTADA'),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);
const corpo = (campos: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.record(Object.fromEntries(campos.map((c) => [c, valor])), { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(chaveDeProtótipo, textoHostil), valor, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );

const ESCRITAS: [string, string, string[]][] = [
  ['POST', '/perfis-acesso', ['nome', 'descricao', 'permissoes', 'extra']],
  ['PUT', '/perfis-acesso/2', ['nome', 'descricao', 'permissoes', 'versao']],
  ['POST', '/grupos-controle-conteudo', ['nome', 'descricao', 'membros']],
  ['PUT', '/grupos-controle-conteudo/1', ['nome', 'descricao', 'membros', 'versao']],
  ['POST', '/grupos-acesso-publico', ['nome', 'descricao', 'cpfs']],
  ['PUT', '/grupos-acesso-publico/2', ['nome', 'descricao', 'cpfs', 'versao']],
  ['POST', '/vinculos-usuarios', ['username', 'nome', 'email', 'administrador', 'perfis', 'grupos']],
  ['PUT', '/vinculos-usuarios/gestor', ['nome', 'email', 'administrador', 'perfis', 'grupos', 'versao']],
  ['POST', '/modelos', ['codigoServico', 'nome', 'descricao', 'grupoControleConteudoId', 'grupoAcessoPublicoId', 'integracao']],
  ['PUT', '/modelos/saude-ouvidoria', ['nome', 'descricao', 'grupoControleConteudoId', 'definicao', 'versao', 'integracao']],
  ['POST', '/retentativas-integracao/1/descarte', ['motivo']],
  ['POST', '/retentativas-integracao/execucoes-em-lote?simulacao=true', ['modelo', 'status', 'de', 'ate']],
];
const LISTAS: [string, string[]][] = [
  ['/perfis-acesso', ['texto', 'permissao']],
  ['/grupos-controle-conteudo', ['texto']],
  ['/grupos-acesso-publico', ['texto']],
  ['/vinculos-usuarios', ['texto', 'perfil', 'grupo', 'administrador']],
  ['/modelos', ['texto', 'status', 'grupo']],
  ['/formularios', ['modelo', 'status', 'de', 'ate', 'protocolo', 'cpf']],
  ['/formularios-eventos', ['modelo', 'formulario', 'protocolo', 'tipo', 'de', 'ate']],
  ['/retentativas-integracao', ['modelo', 'status', 'de', 'ate']],
  ['/analitico-formularios', ['modelo', 'de', 'ate']],
  ['/auditoria-acesso', ['recurso', 'acao', 'alvo', 'autor']],
];

for (const banco of await bancosDeTeste()) {
  describe(`API: entradas arbitrárias (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    const RODADAS = banco.url ? 25 : 40;
    // What is stored, per table: its rows and the sum of their xmin. Any write (insert, update, delete, in any number of
    // transactions) changes one of the two: a row written gets the writing transaction's id, greater than every xmin
    // already there. Stricter than the rows' text (a rewrite of a row to the same values counts), and ~10x cheaper:
    // the text of 4,000 seeded forms, sorted and hashed twice per refusal, was most of this file's time (28/11).
    const retrato = async () =>
      (await s.db.query<{ t: string; h: string }>(TABELAS.map((t) => `select '${t}' as t, count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) as h from ${t} x`).join(' union all '))).map((r) => `${r.t}:${r.h}`).join(',');

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      admin = await clienteApi(s.url, 'admin');
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    for (const [metodo, caminho, campos] of ESCRITAS) {
      test(`${metodo} ${caminho}: 2xx ou 4xx com problema em pt-BR; nada muda depois de uma recusa`, async () => {
        await fc.assert(
          fc.asyncProperty(corpo(campos), async (b) => {
            const antes = await retrato();
            const r = await admin(metodo, caminho, b);
            assert.ok(r.status < 500, `${r.status} para ${JSON.stringify(b)}`);
            if (r.status >= 400) {
              assert.equal(typeof r.json?.title, 'string', JSON.stringify(r.json));
              assert.equal(typeof r.json?.detail, 'string');
              assert.equal(await retrato(), antes, `mudou algo depois de ${r.status}: ${JSON.stringify(b)}`);
            }
          }),
          { numRuns: RODADAS },
        );
      });
    }

    test('envio público: respostas hostis (controles, surrogates, aninhamento, nomes de protótipo) dão 201 ou 400, nunca 500', async () => {
      await modeloPublicado(admin, 'teste-propriedades', null);
      const campos = DEFINICAO_COMPLETA.secoes[0].campos.map((c) => c.id);
      await fc.assert(
        fc.asyncProperty(fc.oneof(corpo(campos), fc.record({ ...Object.fromEntries(Object.entries(RESPOSTAS_VALIDAS).map(([k, v]) => [k, fc.constant(v)])), relato: valor, anexo: fc.record({ nome: fc.oneof(textoHostil, fc.string()), tamanho: fc.oneof(fc.integer(), fc.double()) }) })), async (respostas) => {
          const r = await fetch(`${s.url}/api/publico/modelos/teste-propriedades/formularios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ respostas }) });
          assert.ok(r.status === 201 || r.status === 400, `${r.status} para ${JSON.stringify(respostas)}`);
          if (r.status === 400) assert.equal(typeof (await r.json()).detail, 'string');
        }),
        { numRuns: RODADAS * 2 },
      );
    });

    test('listas: qualquer combinação de parâmetros dá 200 com cabeçalhos de paginação, ou 400', async () => {
      const parametro = fc.oneof(
        fc.string({ maxLength: 12 }),
        textoHostil,
        fc.integer({ min: -5, max: 200 }).map(String),
        fc.constantFrom('asc', 'desc', 'nome,asc', 'recebidoEm,desc', 'x,y', '2026-02-30', '2026-01-01', 'true', 'PUBLICADO'),
        fc.tuple(chaveDeProtótipo, fc.constantFrom('', ',asc', ',desc', ',__proto__')).map(([c, d]) => c + d),
      );
      for (const [caminho, filtros] of LISTAS) {
        await fc.assert(
          fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...filtros, 'page', 'size', 'sort', 'desconhecido'), parametro), { maxLength: 5 }), async (pares) => {
            const q = new URLSearchParams(pares).toString();
            const r = await admin('GET', `${caminho}?${q}`);
            assert.ok(r.status === 200 || r.status === 400, `${r.status} para ${caminho}?${q}`);
            if (r.status === 200 && caminho !== '/analitico-formularios') assert.match(r.headers.get('x-total-count') ?? '', /^\d+$/, `${caminho}?${q}`);
            if (r.status === 400) assert.equal(typeof r.json.detail, 'string');
          }),
          { numRuns: RODADAS },
        );
      }
    });
  });
}
