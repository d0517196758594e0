import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { realmDemo } from '../../demo/keycloak/realm';
import { USUARIOS_DEMO } from '../../demo/server/usuariosDemo';

test('the Keycloak realm file is the one realm.ts builds from the seeded users (regenerate with demo/keycloak/gerarRealm.ts)', () => {
  const arquivo = JSON.parse(readFileSync('demo/keycloak/realm-demo.json', 'utf8'));
  assert.deepEqual(arquivo, realmDemo());
  assert.deepEqual(arquivo.users.map((u: { username: string }) => u.username), USUARIOS_DEMO.map((u) => u.username));
  const cliente = arquivo.clients[0];
  assert.equal(cliente.publicClient, true);
  assert.equal(cliente.attributes['pkce.code.challenge.method'], 'S256');
  assert.equal(arquivo.accessTokenLifespan, 60);
  // Brute-force detection on (issue 18): a few failures, then a growing wait, never a permanent lock.
  assert.equal(arquivo.bruteForceProtected, true);
  assert.equal(arquivo.permanentLockout, false);
  assert.ok(arquivo.failureFactor > 0 && arquivo.failureFactor <= 10);
  assert.ok(arquivo.waitIncrementSeconds > 0 && arquivo.maxFailureWaitSeconds >= arquivo.waitIncrementSeconds);
  assert.ok(arquivo.users.every((u: { emailVerified: boolean; firstName: string }) => u.emailVerified && u.firstName));
});
