import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESPERAS_PADRAO_S, lerEsperas, limiteTentativas, proximaEspera, VARIACAO } from '../../src/server/entrega/agenda';

test('delivery schedule: exponential waits with ±20% jitter, then exhausted', () => {
  assert.deepEqual(ESPERAS_PADRAO_S, [60, 300, 1800, 7200, 21600, 43200]);
  assert.equal(limiteTentativas(ESPERAS_PADRAO_S), 7);
  // The middle of the jitter is the configured wait; its ends are ±20%.
  assert.equal(proximaEspera(1, ESPERAS_PADRAO_S, 0.5), 60_000);
  assert.equal(proximaEspera(1, ESPERAS_PADRAO_S, 0), 60_000 * (1 - VARIACAO));
  assert.ok(proximaEspera(2, ESPERAS_PADRAO_S, 0.999999)! <= 300_000 * (1 + VARIACAO));
  assert.equal(proximaEspera(6, ESPERAS_PADRAO_S, 0.5), 43_200_000);
  assert.equal(proximaEspera(7, ESPERAS_PADRAO_S, 0.5), null, 'after the 7th attempt: exhausted');
  assert.equal(proximaEspera(0, ESPERAS_PADRAO_S), null);
  // Jitter spreads retries of many forms.
  const amostra = new Set(Array.from({ length: 50 }, () => proximaEspera(3, ESPERAS_PADRAO_S)));
  assert.ok(amostra.size > 40);
  for (const x of amostra) assert.ok(x! >= 1800_000 * 0.8 && x! <= 1800_000 * 1.2);
});

test('the schedule comes from configuration; a bad one is refused with a message', () => {
  assert.deepEqual(lerEsperas(undefined), ESPERAS_PADRAO_S);
  assert.deepEqual(lerEsperas(' '), ESPERAS_PADRAO_S);
  assert.deepEqual(lerEsperas('1, 2.5,10'), [1, 2.5, 10]);
  assert.throws(() => lerEsperas('1,abc'), /ENTREGA_ESPERAS inválido: "1,abc"/);
  assert.throws(() => lerEsperas('-1'), /ENTREGA_ESPERAS inválido/);
});
