import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { acumular, mesesInteiros } from '../../src/server/api/salto';

test('acumular: o grupo que tem a linha de número alvo e quantas linhas vêm antes dele', () => {
  const faixas = [{ chave: 'a', n: '3' }, { chave: 'b', n: '0' }, { chave: 'c', n: '2' }];
  assert.deepEqual(acumular(faixas, 0), { chave: 'a', antes: 0, n: 3 });
  assert.deepEqual(acumular(faixas, 2), { chave: 'a', antes: 0, n: 3 });
  assert.deepEqual(acumular(faixas, 3), { chave: 'c', antes: 3, n: 2 });
  assert.deepEqual(acumular(faixas, 4), { chave: 'c', antes: 3, n: 2 });
  assert.equal(acumular(faixas, 5), null, 'past the end');
});

test('mesesInteiros: meses inteiros e dias de borda cobrem o período exatamente, sem sobrepor', () => {
  const dia = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86400000).toISOString().slice(0, 10);
  const proximo = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
  const dias = (a: string, b: string) => {
    const r: string[] = [];
    for (let d = a; d <= b; d = proximo(d)) r.push(d);
    return r;
  };
  const fimDoMes = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 900 }), (x, y) => {
      const [de, ate] = [dia(Math.min(x, y)), dia(Math.max(x, y))];
      const m = mesesInteiros(de, ate);
      const cobertos = !m ? dias(de, ate) : [...(m.antes ? dias(...m.antes) : []), ...dias(m.primeiro, fimDoMes(m.ultimo)), ...(m.depois ? dias(...m.depois) : [])];
      if (m) assert.ok(m.primeiro.endsWith('-01') && m.ultimo.endsWith('-01') && m.primeiro <= m.ultimo);
      assert.deepEqual(cobertos, dias(de, ate));
    }),
  );
  assert.deepEqual(mesesInteiros(undefined, undefined), { primeiro: '0001-01-01', ultimo: '9999-12-01', antes: null, depois: null });
  assert.deepEqual(mesesInteiros('2026-11-24', '2026-11-30'), null);
  assert.deepEqual(mesesInteiros('2025-11-24', '2026-11-23'), { primeiro: '2025-12-01', ultimo: '2026-10-01', antes: ['2025-11-24', '2025-11-30'], depois: ['2026-11-01', '2026-11-23'] });
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
