/**
 * Issue 19, fourth round: the masked export is PostgreSQL joining each form's masked cells, written with the
 * form (submissions, bulk loads) or made again in the background (rows from before migration 020, data changed
 * since); a batch with a row without them is written the old way. Each path is compared with the row-by-row
 * export below.
 *
 * The CSV export, made faster (issue 19: dates without one Intl call each, personal fields found once per
 * model version, the next batch read while one is written), stays byte-identical to the straightforward
 * export written here row by row from the database, masked and clear, on the seeded data and more.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, entrarComo, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { DEFINICAO_COMPLETA, enviarFormulario, modeloPublicado } from '../apoio/entregas';
import { gerarFormularios } from '../../demo/server/gerarFormularios';
import { BOM, linhaCsv } from '../../src/forms/csv';
import { mascarar, mascararRespostas, type Pessoais, type TipoPessoal } from '../../src/forms/dadosPessoais';
import { formatarCpf, mascararCpf } from '../../src/forms/cpf';
import { ROTULO_STATUS_FORMULARIO, rotuloDe } from '../../src/forms/status';
import type { Definicao } from '../../src/forms/definicao';
import fc from 'fast-check';
import { exportacaoMascarada, preencherExportacaoMascarada } from '../../src/server/api/exportacao';
import { jsonCompacto } from '../../src/server/api/linhaCsv';
import { COPIAS_SIMULTANEAS, copiaDoPool } from '../../src/server/db';
import { tuplasDaCopia } from '../../src/server/copiaBinaria';

/** Text a form's answer may hold: letters with and without accents, digits, every kind of space, @, quotes, backslashes, controls, emoji. */
const texto = fc.string({ unit: fc.oneof(fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '@', '.', '-', '"', '\\', '\u0001', '\u001f', '\u2028', 'ç', 'Á', 'ñ', '😀', ';'), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789ABC'.split(''))), maxLength: 24 });
const numero = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 1.5, 1e21, 123456789.125, -0.001));
const escalar = fc.oneof(texto, numero, fc.boolean(), fc.constant(null), fc.constant(''));
const resposta: fc.Arbitrary<unknown> = fc.oneof(escalar, fc.array(fc.oneof(escalar, fc.array(escalar, { maxLength: 3 })), { maxLength: 4 }), fc.record({ nome: texto, tamanho: fc.nat(), sha256: texto }, { requiredKeys: ['tamanho'] }));

const intl = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hourCycle: 'h23', day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit' });
const dataHora = (d: Date) => {
  const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
};

const DEF_EXPORTACAO: Definicao = {
  secoes: [
    { ...DEFINICAO_COMPLETA.secoes[0], campos: DEFINICAO_COMPLETA.secoes[0].campos.map((c) => (c.id === 'nome' ? { ...c, requerente: 'nome' as const, regras: [] } : c.id === 'email' ? { ...c, requerente: 'email' as const } : c)) },
    {
      id: 'contatos',
      titulo: 'Contatos',
      repeticao: { minimo: 0, maximo: 5, item: 'contato' },
      campos: [
        { id: 'quem', tipo: 'texto', rotulo: 'Nome do contato', obrigatorio: true, regras: [], dadoPessoal: true },
        { id: 'celular', tipo: 'texto', rotulo: 'Celular', obrigatorio: false, regras: [] },
        { id: 'obs', tipo: 'texto', rotulo: 'Observação', obrigatorio: false, regras: [] },
      ],
    },
  ],
};
const ENVIOS: Record<string, unknown>[] = [
  { nome: 'Maria da Silva', cpf: '529.982.247-25', email: 'maria@exemplo.gov.br', valor: '1.50', copias: '2', docs: ['rg', 'cnh'], tipo: 'a' },
  { tipo: 'b', docs: ['cnh'], cpf: '52998224725', nome: '  José\u00a0 d\'Ávila  Júnior ', relato: 'Linha 1\nLinha 2; "aspas" e \\ barra', email: 'ze@ex.com' },
  { contatos: [{ obs: '=1+1', celular: '(61) 99999-1234', quem: 'Ana 😀 Lima' }, { quem: 'Bruno', celular: '12' }], cpf: '111.444.777-35', nome: 'Ana' },
  { nome: 'Ção Ñandú', cpf: '529.982.247-25', site: 'https://exemplo.gov.br/a;b', data: '2026-01-02', relato: '-2 @x |pipe', contatos: [] },
];

for (const banco of await bancosDeTeste()) {
  describe(`exportação CSV (${banco.nome})`, () => {
    let s: ServidorTeste;
    let token: string;

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      // More than one batch of the export (5,000 rows), over many days and model versions.
      await s.db.transacao((tx) => gerarFormularios(tx, 7000, 120));
      token = (await entrarComo(s.url, 'admin')).access_token;
      // Submissions through the public API: answers in any key order, numbers, accents, spaces of every kind,
      // quotes and semicolons, a repeating set with personal questions (their cells are made at the submission).
      await modeloPublicado(await clienteApi(s.url, 'admin'), 'teste-exportacao', null, {}, DEF_EXPORTACAO);
      for (const respostas of ENVIOS) assert.equal((await enviarFormulario(s.url, 'teste-exportacao', respostas)).status, 201, JSON.stringify(respostas));
    });
    after(async () => {
      await s?.fechar();
      await banco.descartar?.();
    });

    async function esperado(clara: boolean): Promise<string> {
      const linhas = await s.db.query<{ protocolo: string; modelo_nome: string; codigo_servico: string; modelo_versao: number; status: 'RECEBIDO'; recebido_em: Date; nome_requerente: string | null; cpf_requerente: string | null; email_requerente: string | null; respostas: Record<string, unknown> | null; definicao: Definicao | null }>(
        `select f.protocolo, m.nome as modelo_nome, f.codigo_servico, f.modelo_versao, f.status, f.recebido_em, f.nome_requerente, f.cpf_requerente, f.email_requerente, f.respostas, v.definicao
           from formulario f join modelo m on m.codigo_servico = f.codigo_servico left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao
          order by f.recebido_em desc, f.id desc`,
      );
      return (
        BOM +
        linhaCsv(['Protocolo', 'Modelo', 'Código do serviço', 'Versão', 'Status', 'Recebido em', 'Requerente', 'CPF', 'E-mail', 'Respostas', 'Valor pago (R$)', 'Pago em', 'txid do Pix', 'Identificador do Pix (E2E)']) +
        linhas
          .map((r) =>
            linhaCsv([
              r.protocolo, r.modelo_nome, r.codigo_servico, r.modelo_versao, rotuloDe(ROTULO_STATUS_FORMULARIO, r.status).rotulo, dataHora(new Date(r.recebido_em)),
              clara ? r.nome_requerente : r.nome_requerente && mascarar('nome', r.nome_requerente),
              r.cpf_requerente ? (clara ? formatarCpf(r.cpf_requerente) : mascararCpf(r.cpf_requerente)) : '',
              clara ? r.email_requerente : r.email_requerente && mascarar('email', r.email_requerente),
              JSON.stringify(clara ? (r.respostas ?? {}) : mascararRespostas(r.definicao, r.respostas ?? {})),
              '', '', '', '',
            ]),
          )
          .join('')
      );
    }

    test('jsonCompacto: o texto do jsonb sem espaços, igual ao JSON.stringify das mesmas respostas', async () => {
      const respostas = fc.dictionary(fc.constantFrom('nome', 'cpf', 'e-mail', 'anexo', 'docs', 'valor', 'x', 'detalhes-longos'), resposta, { maxKeys: 6 });
      await fc.assert(
        fc.asyncProperty(fc.array(respostas, { minLength: 1, maxLength: 30 }), async (lista) => {
          const textos = await s.db.query<{ t: string }>('select v::text as t from unnest($1::jsonb[]) with ordinality as x(v, n) order by n', [lista.map((r) => JSON.stringify(r))]);
          assert.deepEqual(textos.map((r) => jsonCompacto(r.t)), textos.map((r) => JSON.stringify(JSON.parse(r.t))));
        }),
        { numRuns: 60 },
      );
    });

    async function conferir(clara: boolean) {
      const r = await fetch(`${s.url}/api/formularios/exportacao${clara ? '?dadosPessoais=true' : ''}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(r.status, 200);
      const recebido = Buffer.from(await r.arrayBuffer());
      const ref = Buffer.from(await esperado(clara), 'utf8');
      assert.ok(recebido.equals(ref), `tamanhos ${recebido.length} e ${ref.length}; primeira diferença em ${recebido.findIndex((b, i) => b !== ref[i])}`);
    }
    const pendentes = async () => Number((await s.db.query<{ n: string }>('select count(*)::text as n from formulario where exportacao_mascarada is null'))[0].n);

    for (const clara of [false, true]) {
      test(`${clara ? 'com dados pessoais' : 'mascarada'}: byte a byte igual à exportação escrita linha a linha`, async () => {
        if (!clara) assert.equal(await pendentes(), 0, 'the seeded and submitted forms have their masked cells');
        await conferir(clara);
      });
    }

    test('com filtros (modelo, status, período e protocolo): as mesmas linhas, só as do filtro', async () => {
      const hoje = new Date().toISOString().slice(0, 10);
      const doModelo = (csv: string) => csv.split('\r\n').filter((l) => l.split(';')[2] === 'teste-exportacao');
      for (const clara of [false, true]) {
        const r = await fetch(`${s.url}/api/formularios/exportacao?modelo=teste-exportacao&modelo=outro-que-nao-existe&status=RECEBIDO&de=2020-01-01&ate=${hoje}${clara ? '&dadosPessoais=true' : ''}`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(r.status, 200);
        const linhas = (await r.text()).split('\r\n');
        assert.equal(linhas.length, ENVIOS.length + 2, 'header, one line per submission, and the empty end');
        assert.deepEqual(linhas.slice(1, -1), doModelo(await esperado(clara)));
      }
      const [{ protocolo }] = await s.db.query<{ protocolo: string }>(`select protocolo from formulario where codigo_servico = 'teste-exportacao' order by id limit 1`);
      const r = await fetch(`${s.url}/api/formularios/exportacao?protocolo=${encodeURIComponent(` ${protocolo} `)}`, { headers: { authorization: `Bearer ${token}` } });
      const linhas = (await r.text()).split('\r\n');
      assert.deepEqual([linhas.length, linhas[1].split(';')[0]], [3, protocolo]);
      // A value with quotes and backslashes is a literal in the statement, never SQL.
      const hostil = await fetch(`${s.url}/api/formularios/exportacao?protocolo=${encodeURIComponent("x' or '1'='1\\")}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(hostil.status, 200);
      assert.equal((await hostil.text()).split('\r\n').length, 2, 'only the header');
    });

    test('no máximo COPIAS_SIMULTANEAS cópias por pool (um download lento não prende a API); a que termina ou para devolve o lugar', { skip: !banco.url && 'só num servidor PostgreSQL' }, async () => {
      const { default: pg } = await import('pg');
      const pool = new pg.Pool({ connectionString: banco.url, max: 10 });
      // More than the socket buffers hold: a reader that stops keeps its COPY (and connection) in flight.
      const consulta = 'select g, repeat($1, 100) from generate_series(1, 300000) g';
      try {
        const abertas = [];
        for (let i = 0; i < COPIAS_SIMULTANEAS; i++) {
          const c = copiaDoPool(pool, consulta, ['x']);
          assert.ok(c, `place ${i + 1}`);
          assert.equal((await c.next()).done, false);
          abertas.push(c);
        }
        assert.equal(copiaDoPool(pool, consulta, ['x']), null, 'no place left: the caller reads in batches');
        assert.equal((await pool.query('select 1 as um')).rows[0].um, 1, 'the pool still serves queries');
        await abertas[0].return(undefined);
        const outra = copiaDoPool(pool, consulta, ['x']);
        assert.ok(outra, 'a stopped COPY gave its place back');
        let linhas = 0;
        for await (const lote of tuplasDaCopia(outra)) linhas += lote.length;
        assert.equal(linhas, 300000);
        for (const c of abertas.slice(1)) await c.return(undefined);
        // Every place back, and one given up before its first read is given back too.
        const todas = Array.from({ length: COPIAS_SIMULTANEAS }, () => copiaDoPool(pool, consulta, ['x']));
        assert.ok(todas.every((c) => c !== null), 'every place back');
        for (const c of todas) await c!.return(undefined);
        const depois = copiaDoPool(pool, consulta, ['x']);
        assert.ok(depois);
        await depois.return(undefined);
        assert.equal(pool.totalCount - pool.idleCount, 0, 'no connection left checked out');
      } finally {
        await pool.end();
      }
    });

    test('células mascaradas feitas no envio, do objeto recebido, iguais às feitas do texto do jsonb', async () => {
      const chaves = fc.constantFrom('nome', 'cpf', 'e-mail', 'anexo', 'docs', 'x', 'ab', 'b', '10', '9', 'é', 'z z', 'detalhes-longos');
      const tipos = fc.constantFrom<TipoPessoal>('cpf', 'email', 'telefone', 'nome', 'outro');
      const pessoaisArb = fc.array(fc.tuple(chaves, fc.oneof(tipos, fc.array(fc.tuple(chaves, tipos), { maxLength: 3 }).map((l) => new Map(l)))), { maxLength: 4 }).map((l) => new Map(l) as Pessoais);
      const requerente = fc.record({ nome: fc.option(texto), cpf: fc.option(fc.constantFrom('52998224725', '11144477735')), email: fc.option(texto) });
      const respostas = fc.dictionary(chaves, fc.oneof(resposta, fc.array(fc.dictionary(chaves, resposta, { maxKeys: 3 }), { maxLength: 2 })), { maxKeys: 7 });
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(respostas, pessoaisArb, requerente), { minLength: 1, maxLength: 20 }), async (casos) => {
          const textos = await s.db.query<{ t: string }>('select v::text as t from unnest($1::jsonb[]) with ordinality as x(v, n) order by n', [casos.map(([r]) => JSON.stringify(r))]);
          assert.deepEqual(
            casos.map(([r, p, q]) => exportacaoMascarada(p, q, r)),
            casos.map(([, p, q], i) => exportacaoMascarada(p, q, JSON.parse(textos[i].t))),
          );
        }),
        { numRuns: 60 },
      );
    });

    test('dados que mudam esquecem as células; o lote sem elas sai linha a linha, e o preenchimento as refaz', async () => {
      // A changed answer, a changed requester (as anonymisation does), and a change that writes its own cells.
      await s.db.query(`update formulario set respostas = respostas || '{"motivo": "outro; \\"motivo\\""}'::jsonb where id in (select id from formulario order by id limit 30)`);
      await s.db.query(`update formulario set nome_requerente = 'Novo  Nome', email_requerente = null where id in (select id from formulario order by id desc limit 5)`);
      await s.db.query(`update formulario set cpf_requerente = '11144477735', exportacao_mascarada = 'feita' where id = (select max(id) from formulario)`);
      assert.equal(await pendentes(), 34);
      assert.equal((await s.db.query<{ c: string }>('select exportacao_mascarada as c from formulario where id = (select max(id) from formulario)'))[0].c, 'feita');
      await s.db.query(`update formulario set exportacao_mascarada = null where id = (select max(id) from formulario)`);
      await conferir(false);
      let feitos = 0;
      for (let n; (n = (await preencherExportacaoMascarada(s.db, { lote: 7 })).feitos); ) feitos += n;
      assert.equal(feitos, 35);
      assert.equal(await pendentes(), 0);
      await conferir(false);
    });

    test('um protocolo que não é uma célula simples sai entre aspas, com ou sem as células guardadas', async () => {
      // The cells written anew in the same statement (else the trigger forgets them), then put back as they were.
      const alvo = `(select min(id) from formulario where exportacao_mascarada is not null)`;
      await s.db.query(`update formulario set protocolo = '=1;"x"', exportacao_mascarada = exportacao_mascarada || '!' where id = ${alvo}`);
      await s.db.query(`update formulario set exportacao_mascarada = left(exportacao_mascarada, -1) where protocolo = '=1;"x"'`);
      await s.db.query(`update formulario set protocolo = '-2', exportacao_mascarada = null where id = (select max(id) from formulario)`);
      assert.equal(await pendentes(), 1);
      await conferir(false);
      await conferir(true);
    });
  });
}
