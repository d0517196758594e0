/**
 * Deep pages of the forms, events and retries lists start from the counters (issue 19): for random filters,
 * orders, sizes and pages (the first, the deep ones, the last, past the end), every page equals the naive
 * offset query's page, and the total equals count(*).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { gerarFormularios } from '../../demo/server/gerarFormularios';
import { SALTO_MINIMO } from '../../src/server/api/salto';

type Cliente = Awaited<ReturnType<typeof clienteApi>>;

for (const banco of await bancosDeTeste()) {
  describe(`paginação profunda pelos contadores (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente, gestor: Cliente;
    let modelos: string[];
    let grupoGestor: number[];

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      // Enough forms, over enough days and months, for pages far past SALTO_MINIMO (retries too: ~15% of forms).
      await s.db.transacao((tx) => gerarFormularios(tx, 10 * SALTO_MINIMO, 75));
      assert.ok(Number((await s.db.query<{ n: string }>('select count(*)::text as n from retentativa_integracao'))[0].n) > 1.2 * SALTO_MINIMO);
      [admin, gestor] = await Promise.all(['admin', 'gestor'].map((u) => clienteApi(s.url, u)));
      modelos = (await s.db.query<{ codigo_servico: string }>('select distinct codigo_servico from formulario order by 1')).map((r) => r.codigo_servico);
      grupoGestor = (await s.db.query<{ grupo_id: number }>(`select grupo_id from vinculo_usuario_grupo where username = 'gestor'`)).map((r) => r.grupo_id);
    });
    after(async () => {
      await s?.fechar();
      await banco.descartar?.();
    });

    const data = (atras: number) => new Date(Date.now() - atras * 86400000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

    for (const lista of [
      { caminho: '/formularios', escopado: 'gestor', tabela: 'formulario', tempo: 'recebido_em', campo: 'recebidoEm', chave: 'status', valores: ['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'DESCARTADO'] },
      { caminho: '/formularios-eventos', escopado: 'gestor', tabela: 'formulario_evento', tempo: 'ocorrido_em', campo: 'ocorridoEm', chave: 'tipo', valores: ['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'DESCARTADO'] },
      { caminho: '/retentativas-integracao', escopado: 'suporte', tabela: 'retentativa_integracao', tempo: 'criado_em', campo: 'criadoEm', chave: 'status', valores: ['PENDENTE', 'EXECUTANDO', 'SUCESSO', 'ESGOTADA', 'DESCARTADA'] },
    ]) {
      test(`${lista.caminho}: toda página, da primeira à última e além, igual à da consulta com offset (administrador e ${lista.escopado}, com os seus grupos)`, async () => {
        const escopado = await clienteApi(s.url, lista.escopado);
        const grupos = (await s.db.query<{ grupo_id: number }>(`select grupo_id from vinculo_usuario_grupo where username = $1`, [lista.escopado])).map((r) => r.grupo_id);
        await fc.assert(
          fc.asyncProperty(
            fc.record({
              // No model and no type half the time each: the lists' own ways without filters (by hour, by the caller's groups' hours).
              modelo: fc.oneof(fc.constant([]), fc.subarray(modelos, { maxLength: 3 })),
              valores: fc.oneof(fc.constant([]), fc.subarray(lista.valores, { maxLength: 2 })),
              periodo: fc.option(fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 80 })), { nil: undefined }),
              ordem: fc.constantFrom(undefined, `${lista.campo},desc`, `${lista.campo},asc`, lista.campo),
              size: fc.constantFrom(20, 50, 100),
              fracao: fc.double({ min: 0, max: 1.05, noNaN: true }),
              ultima: fc.boolean(),
              escopado: fc.boolean(),
            }),
            async (f) => {
              const [de, ate] = f.periodo ? [data(Math.max(...f.periodo)), data(Math.min(...f.periodo))] : [];
              const c: string[] = [];
              const params: unknown[] = [];
              if (f.modelo.length) c.push(`codigo_servico = any($${params.push(f.modelo)})`);
              if (f.valores.length) c.push(`${lista.chave} = any($${params.push(f.valores)})`);
              if (f.escopado) c.push(`grupo_controle_conteudo_id = any($${params.push(grupos)})`);
              if (de) c.push(`dia_sao_paulo(${lista.tempo}) between $${params.push(de)}::date and $${params.push(ate)}::date`);
              const onde = c.length ? `where ${c.join(' and ')}` : '';
              const total = Number((await s.db.query<{ n: string }>(`select count(*)::text as n from ${lista.tabela} ${onde}`, params))[0].n);
              const paginas = Math.max(1, Math.ceil(total / f.size));
              const page = f.ultima ? paginas - 1 : Math.floor(f.fracao * paginas);
              const direcao = f.ordem === undefined || f.ordem.endsWith(',desc') ? 'desc' : 'asc';
              const esperado = (await s.db.query<{ id: string }>(`select id::text from ${lista.tabela} ${onde} order by ${lista.tempo} ${direcao}, id desc limit ${f.size} offset ${page * f.size}`, params)).map((r) => Number(r.id));
              const q = new URLSearchParams({ page: String(page), size: String(f.size) });
              for (const m of f.modelo) q.append('modelo', m);
              for (const x of f.valores) q.append(lista.chave, x);
              if (de) (q.set('de', de), q.set('ate', ate!));
              if (f.ordem) q.set('sort', f.ordem);
              const r = await (f.escopado ? escopado : admin)('GET', `${lista.caminho}?${q}`);
              assert.equal(r.status, 200);
              assert.equal(Number(r.headers.get('x-total-count')), total, `${q}`);
              assert.deepEqual(r.json.map((x: { id: number }) => x.id), esperado, `${q}`);
            },
          ),
          { numRuns: 100 },
        );
      });
    }

    test('analítico: totais por modelo e status (meses inteiros pelos contadores mensais, as bordas pelos diários) iguais ao GROUP BY dos formulários', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            modelo: fc.subarray(modelos, { maxLength: 2 }),
            de: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
            ate: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
            comoGestor: fc.boolean(),
          }),
          async (f) => {
            const [de, ate] = f.de !== undefined && f.ate !== undefined && f.de < f.ate ? [data(f.ate), data(f.de)] : [f.de === undefined ? undefined : data(f.de), f.ate === undefined ? undefined : data(f.ate)].sort();
            const c: string[] = [];
            const params: unknown[] = [];
            if (f.modelo.length) c.push(`codigo_servico = any($${params.push(f.modelo)})`);
            if (f.comoGestor) c.push(`grupo_controle_conteudo_id = any($${params.push(grupoGestor)})`);
            if (de) c.push(`dia_sao_paulo(recebido_em) >= $${params.push(de)}::date`);
            if (ate) c.push(`dia_sao_paulo(recebido_em) <= $${params.push(ate)}::date`);
            const linhas = await s.db.query<{ codigo_servico: string; status: string; n: string }>(`select codigo_servico, status, count(*)::text as n from formulario ${c.length ? `where ${c.join(' and ')}` : ''} group by 1, 2`, params);
            const esperado = Object.fromEntries(linhas.map((l) => [`${l.codigo_servico} ${l.status}`, Number(l.n)]));
            const q = new URLSearchParams();
            for (const m of f.modelo) q.append('modelo', m);
            if (de) q.set('de', de);
            if (ate) q.set('ate', ate);
            const r = await (f.comoGestor ? gestor : admin)('GET', `/analitico-formularios?${q}`);
            assert.equal(r.status, 200);
            const obtido = Object.fromEntries(r.json.modelos.flatMap((m: { codigoServico: string; porStatus: Record<string, number> }) => Object.entries(m.porStatus).map(([st, n]) => [`${m.codigoServico} ${st}`, n])));
            assert.deepEqual(obtido, esperado, `${q}`);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
}
