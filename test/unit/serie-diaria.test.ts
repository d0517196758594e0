import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { serieDosContadores } from '../../src/server/api/serieDiaria';
import { STATUS_FORMULARIO } from '../../src/forms/status';

test('serieDosContadores: linhas de contador somadas por dia e status, na ordem dos dias, com a data de São Paulo', () => {
  assert.deepEqual(serieDosContadores(null), []);
  assert.deepEqual(serieDosContadores('9828 RECEBIDO 3,8825 INTEGRADO 2,9828 RECEBIDO 4,9828 FALHA_INTEGRACAO 1'), [
    { total: 2, porStatus: { INTEGRADO: 2 }, dia: '2024-02-29' },
    { total: 8, porStatus: { FALHA_INTEGRACAO: 1, RECEBIDO: 7 }, dia: '2026-11-28' },
  ]);
  // A day whose forms all went away (a deletion counted -1 on an unfolded slice) is not in the series; a status at zero is not named.
  assert.deepEqual(serieDosContadores('0 RECEBIDO 2,0 RECEBIDO -2,1 INTEGRADO 1,1 RECEBIDO 1,1 RECEBIDO -1'), [{ total: 1, porStatus: { INTEGRADO: 1 }, dia: '2000-01-02' }]);
});

test('serieDosContadores: igual à soma ingênua por dia e status para quaisquer linhas', () => {
  // Days before 2000 too, and statuses the series does not name (a name of the same length, a prefix, one longer): in the total only.
  const desconhecidos = ['RECUSADX', 'RECEBID', 'RECEBIDOS', 'EXPIRADOS', 'X'];
  const linha = fc.record({ dia: fc.integer({ min: -3_000, max: 12_000 }), status: fc.constantFrom(...STATUS_FORMULARIO, ...desconhecidos), n: fc.integer({ min: -3, max: 50 }) });
  fc.assert(
    fc.property(fc.array(linha, { maxLength: 60 }), (linhas) => {
      const esperado = new Map<number, Map<string, number>>();
      for (const l of linhas) esperado.set(l.dia, new Map(esperado.get(l.dia) ?? []).set(l.status, (esperado.get(l.dia)?.get(l.status) ?? 0) + l.n));
      const serie = serieDosContadores(linhas.length ? linhas.map((l) => `${l.dia} ${l.status} ${l.n}`).join(',') : null);
      const dias = [...esperado].filter(([, m]) => [...m.values()].reduce((a, b) => a + b, 0) > 0).sort(([a], [b]) => a - b);
      assert.deepEqual(
        serie.map((d) => d.dia),
        dias.map(([d]) => new Date(Date.UTC(2000, 0, 1 + d)).toISOString().slice(0, 10)),
      );
      serie.forEach((d, i) => {
        const m = dias[i][1];
        assert.equal(d.total, [...m.values()].reduce((a, b) => a + b, 0));
        assert.deepEqual(d.porStatus, Object.fromEntries([...m].filter(([s, n]) => n > 0 && !desconhecidos.includes(s)).sort(([a], [b]) => a.localeCompare(b))));
      });
    }),
  );
});

test('dataDoDia: a data de cada dia contado desde 2000-01-01, igual à do calendário do JavaScript', async () => {
  const { dataDoDia } = await import('../../src/server/api/serieDiaria');
  fc.assert(fc.property(fc.integer({ min: -730_000, max: 2_920_000 }), (n) => assert.equal(dataDoDia(n), new Date(Date.UTC(2000, 0, 1 + n)).toISOString().slice(0, 10))));
  assert.equal(dataDoDia(0), '2000-01-01');
  assert.equal(dataDoDia(8825), '2024-02-29');
  assert.equal(dataDoDia(9828), '2026-11-28');
});
