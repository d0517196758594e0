import { test } from 'node:test';
import assert from 'node:assert/strict';
import { avisoDoNode } from '../../src/server/runtime';

test('Node.js: 24 and 22 start quietly; 20 (past its end of life) says which version to use, in one line', () => {
  assert.equal(avisoDoNode('24.21.0'), null);
  assert.equal(avisoDoNode('22.12.0'), null);
  const aviso = avisoDoNode('20.20.2')!;
  assert.match(aviso, /^AVISO: o Node\.js 20\.20\.2 passou do fim do suporte .*use o Node\.js 24 LTS/);
  assert.equal(aviso.split('\n').length, 1);
});
