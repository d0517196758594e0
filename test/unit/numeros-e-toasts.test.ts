import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatarNumero, formatarPercentual } from '../../src/i18n/numeros';
import { criarToasts, fecharToastsDaPagina, mostrarToast } from '../../src/console/state/toasts';

/** Issue 37's console fixes that are rules: numbers in the console's language, and which toasts a page change closes. */
test('numbers and shares as the console language writes them; a share that is not zero is never 0%', () => {
  assert.equal(formatarPercentual(0.4286, 'en', { casasFixas: true }), '42.9%');
  assert.equal(formatarPercentual(0.4286, 'pt-BR', { casasFixas: true }).replace(/\s/g, ' '), '42,9%');
  assert.equal(formatarPercentual(1 / 7, 'pt-BR').replace(/\s/g, ' '), '14,3%');
  assert.equal(formatarPercentual(1 / 7000, 'pt-BR').replace(/\s/g, ' '), '< 0,1%');
  assert.equal(formatarPercentual(1 / 7000, 'en'), '< 0.1%');
  assert.equal(formatarPercentual(0, 'en'), '0%');
  assert.equal(formatarNumero(12345, 'en'), '12,345');
  assert.equal(formatarNumero(12345, 'pt-BR'), '12.345');
});

test("another page closes the page's successes and information, not errors or warnings, nor what this move itself said", () => {
  const t = criarToasts();
  const antigo = Date.now() - 10_000;
  for (const severity of ['success', 'info', 'error', 'warn'] as const) mostrarToast(t, { severity, summary: severity, id: severity });
  for (const a of t.ativos) a.desde = antigo;
  mostrarToast(t, { severity: 'success', summary: 'Criado como cópia', id: 'agora' });
  fecharToastsDaPagina(t);
  assert.deepEqual(t.ativos.map((a) => a.id), ['error', 'warn', 'agora']);
});
