import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TokensVerificados } from '../../src/server/api/tokensVerificados';

function relogio(inicioMs = 1_000_000_000_000) {
  let agora = inicioMs;
  return { agora: () => agora, andar: (ms: number) => void (agora += ms) };
}

test('a kept token is found by its exact text only', () => {
  const r = relogio();
  const t = new TokensVerificados<string>({ maximo: 10, idadeMaximaMs: 60_000, toleranciaS: 5, agora: r.agora });
  t.guardar('a.b.c', r.agora() / 1000 + 300, 'admin');
  assert.equal(t.obter('a.b.c'), 'admin');
  assert.equal(t.obter('a.b.d'), undefined);
  assert.equal(t.obter('a.b.c '), undefined);
});

test('never past the expiry plus the tolerance', () => {
  const r = relogio();
  const t = new TokensVerificados<string>({ maximo: 10, idadeMaximaMs: 60_000, toleranciaS: 5, agora: r.agora });
  t.guardar('x', r.agora() / 1000 + 10, 'gestor');
  r.andar(14_999);
  assert.equal(t.obter('x'), 'gestor');
  r.andar(1);
  assert.equal(t.obter('x'), undefined, 'at exp + tolerance the token is no longer served');
  assert.equal(t.tamanho, 0, 'and it is dropped');
});

test('never longer than the maximum age, however far the expiry', () => {
  const r = relogio();
  const t = new TokensVerificados<string>({ maximo: 10, idadeMaximaMs: 60_000, toleranciaS: 5, agora: r.agora });
  t.guardar('x', r.agora() / 1000 + 86_400, 'gestor');
  r.andar(59_999);
  assert.equal(t.obter('x'), 'gestor');
  r.andar(1);
  assert.equal(t.obter('x'), undefined);
});

test('a token already past its bound is not kept', () => {
  const r = relogio();
  const t = new TokensVerificados<string>({ maximo: 10, idadeMaximaMs: 60_000, toleranciaS: 5, agora: r.agora });
  t.guardar('x', r.agora() / 1000 - 10, 'gestor');
  assert.equal(t.tamanho, 0);
});

test('beyond the maximum, the oldest verified go first', () => {
  const r = relogio();
  const t = new TokensVerificados<number>({ maximo: 3, idadeMaximaMs: 60_000, toleranciaS: 5, agora: r.agora });
  for (const n of [1, 2, 3]) t.guardar(`t${n}`, r.agora() / 1000 + 300, n);
  t.guardar('t1', r.agora() / 1000 + 300, 1); // verified again: now the newest
  t.guardar('t4', r.agora() / 1000 + 300, 4);
  assert.equal(t.tamanho, 3);
  assert.equal(t.obter('t2'), undefined);
  assert.deepEqual(['t1', 't3', 't4'].map((k) => t.obter(k)), [1, 3, 4]);
});
