import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { acumular, periodoNosContadores } from '../../src/server/api/salto';

test('acumular: o grupo que tem a linha de número alvo e quantas linhas vêm antes dele', () => {
  const faixas = [{ chave: 'a', n: '3' }, { chave: 'b', n: '0' }, { chave: 'c', n: '2' }];
  assert.deepEqual(acumular(faixas, 0), { chave: 'a', antes: 0, n: 3 });
  assert.deepEqual(acumular(faixas, 2), { chave: 'a', antes: 0, n: 3 });
  assert.deepEqual(acumular(faixas, 3), { chave: 'c', antes: 3, n: 2 });
  assert.deepEqual(acumular(faixas, 4), { chave: 'c', antes: 3, n: 2 });
  assert.equal(acumular(faixas, 5), null, 'past the end');
});

test('periodoNosContadores: meses inteiros mais e menos dias de borda somam exatamente os dias do período, lendo o mínimo de dias', () => {
  const dia = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86400000).toISOString().slice(0, 10);
  const proximo = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
  const dias = (a: string, b: string) => {
    const r: string[] = [];
    for (let d = a; d <= b; d = proximo(d)) r.push(d);
    return r;
  };
  const fimDoMes = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
  // Days counted with their signs, within a finite calendar (2023-12-01 .. 2026-12-31) standing for the open ends.
  const [PRIMEIRO, ULTIMO] = ['2023-12-01', '2026-12-31'];
  const contados = (p: ReturnType<typeof periodoNosContadores>) => {
    const n = new Map<string, number>();
    const somar = (d: string, s: number) => n.set(d, (n.get(d) ?? 0) + s);
    if (p.meses) dias(p.meses.primeiro < PRIMEIRO ? PRIMEIRO : p.meses.primeiro, p.meses.ultimo > '2026-12-01' ? ULTIMO : fimDoMes(p.meses.ultimo)).forEach((d) => somar(d, 1));
    p.somar.forEach(([a, b]) => dias(a, b).forEach((d) => somar(d, 1)));
    p.subtrair.forEach(([a, b]) => dias(a, b).forEach((d) => somar(d, -1)));
    return [...n].filter(([, s]) => s !== 0).map(([d, s]) => (assert.equal(s, 1, d), d)).sort();
  };
  fc.assert(
    fc.property(fc.option(fc.integer({ min: 0, max: 1000 })), fc.option(fc.integer({ min: 0, max: 1000 })), (x, y) => {
      const [a, b] = x !== null && y !== null && x > y ? [y, x] : [x, y];
      const [de, ate] = [a === null ? undefined : dia(a), b === null ? undefined : dia(b)];
      const p = periodoNosContadores(de, ate);
      if (p.meses) assert.ok(p.meses.primeiro.endsWith('-01') && p.meses.ultimo.endsWith('-01') && p.meses.primeiro <= p.meses.ultimo);
      assert.deepEqual(contados(p), dias(de ?? PRIMEIRO, ate ?? ULTIMO));
      const lidos = [...p.somar, ...p.subtrair].reduce((n, [i, f]) => n + dias(i, f).length, 0);
      if (de && ate) assert.ok(lidos <= dias(de, ate).length, 'never more days than the period has');
    }),
  );
  assert.deepEqual(periodoNosContadores(undefined, undefined), { meses: { primeiro: '0001-01-01', ultimo: '9999-12-01' }, somar: [], subtrair: [] });
  // This month so far: the month, less the days to come.
  assert.deepEqual(periodoNosContadores('2026-11-01', '2026-11-28'), { meses: { primeiro: '2026-11-01', ultimo: '2026-11-01' }, somar: [], subtrair: [['2026-11-29', '2026-11-30']] });
  // A year to today: two days of the first month added, the rest of this month taken away.
  assert.deepEqual(periodoNosContadores('2025-11-29', '2026-11-28'), { meses: { primeiro: '2025-12-01', ultimo: '2026-11-01' }, somar: [['2025-11-29', '2025-11-30']], subtrair: [['2026-11-29', '2026-11-30']] });
  // A week inside a month: its days.
  assert.deepEqual(periodoNosContadores('2026-11-10', '2026-11-16'), { meses: null, somar: [['2026-11-10', '2026-11-16']], subtrair: [] });
});

test('leituraNaFaixa: from the start of the span (day or hour), or from its end when that skips less; past it, the rest from the rows after it', async () => {
  const { leituraNaFaixa, ordemInversa } = await import('../../src/server/api/salto');
  assert.deepEqual(leituraNaFaixa({ pular: 100, naFaixa: 1000 }, 20), { deTras: false, offset: 100 }, 'near the start');
  assert.deepEqual(leituraNaFaixa({ pular: 900, naFaixa: 1000 }, 20), { deTras: true, offset: 80, limit: 20, depoisDaFaixa: 0 }, 'near the end: 80 rows after the page');
  assert.deepEqual(leituraNaFaixa({ pular: 980, naFaixa: 1000 }, 20), { deTras: true, offset: 0, limit: 20, depoisDaFaixa: 0 }, 'the day\'s last page skips nothing');
  assert.deepEqual(leituraNaFaixa({ pular: 993, naFaixa: 1000 }, 20), { deTras: true, offset: 0, limit: 7, depoisDaFaixa: 13 }, 'runs past the day: 7 from it, 13 from the next days');
  assert.deepEqual(leituraNaFaixa({ pular: 490, naFaixa: 1000 }, 20), { deTras: false, offset: 490 }, 'the middle: either way the same');
  assert.equal(ordemInversa('f.recebido_em desc, f.id desc'), 'f.recebido_em asc, f.id asc');
  assert.equal(ordemInversa('f.recebido_em asc, f.id desc'), 'f.recebido_em desc, f.id asc');
});
