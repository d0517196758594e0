import { test } from 'node:test';
import assert from 'node:assert/strict';
import { criarToasts, fecharToast, limparToasts, mostrarToast, INTENCAO, GRUPO_ERROS } from '../../src/console/state/toasts';
import { comEscopo, criarCarregamento, iniciar, ocupado, terminar } from '../../src/console/state/carregamento';
import { aposNavegar, criarUi } from '../../src/console/state/ui';
import { criarListas, estadoLista, mudarFiltros, mudarTamanho } from '../../src/console/state/listas';
import { usuarioDoToken } from '../../src/console/auth/usuario';
import { ehRetornoDoLogin } from '../../src/console/auth/keycloak';

test('toasts: an id already shown is replaced in place; defaults; close', () => {
  const t = criarToasts();
  const a = mostrarToast(t, { summary: 'A' });
  mostrarToast(t, { id: 'x', summary: 'B', severity: 'warn' });
  mostrarToast(t, { id: 'x', summary: 'C', severity: 'error', group: GRUPO_ERROS });
  assert.equal(t.ativos.length, 2);
  assert.deepEqual(t.ativos.map((x) => x.summary), ['A', 'C']);
  assert.equal(t.ativos[0].group, 'top-right');
  assert.equal(t.ativos[0].severity, 'info');
  assert.equal(t.ativos[0].closable, true);
  fecharToast(t, a);
  assert.deepEqual(t.ativos.map((x) => x.id), ['x']);
  limparToasts(t, GRUPO_ERROS);
  assert.equal(t.ativos.length, 0);
  assert.deepEqual(INTENCAO, { info: 'primary', success: 'success', warn: 'warning', error: 'danger', secondary: 'none', contrast: 'none' });
});

test('loading scopes count, and end even when the work fails', async () => {
  const c = criarCarregamento();
  iniciar(c, 'a');
  iniciar(c, 'a');
  terminar(c, 'a');
  assert.equal(ocupado(c), true);
  terminar(c, 'a');
  assert.equal(ocupado(c), false);
  await assert.rejects(comEscopo(c, 'b', async () => { assert.equal(ocupado(c, 'b'), true); throw new Error('x'); }));
  assert.equal(ocupado(c), false);
});

test('menu starts expanded and closes after a choice only under 768 px', () => {
  const ui = criarUi();
  assert.equal(ui.menuAberto, true);
  aposNavegar(ui, 768);
  assert.equal(ui.menuAberto, true);
  aposNavegar(ui, 767);
  assert.equal(ui.menuAberto, false);
});

test('list state is kept per key; new filters or size go back to the first page', () => {
  const l = criarListas();
  const e = estadoLista(l, 'modelos');
  e.paginacao.page = 4;
  assert.equal(estadoLista(l, 'modelos').paginacao.page, 4, 'coming back finds the same page');
  mudarFiltros(e, { status: 'PUBLICADO' });
  assert.equal(e.paginacao.page, 0);
  e.paginacao.page = 2;
  mudarTamanho(e, 50);
  assert.deepEqual({ ...e.paginacao }, { page: 0, size: 50, total: 0 });
});

test("user details come from the token's claims as DESIGN.md section 5 maps them", () => {
  assert.deepEqual(
    usuarioDoToken({ sub: 'u-1', preferred_username: 'gestor', given_name: 'Gabriela', family_name: 'Gestora Almeida', name: 'Gabriela Gestora Almeida', email: 'g@x.br', email_verified: true }),
    { uuid: 'u-1', username: 'gestor', firstName: 'Gabriela', surnames: 'Gestora Almeida', completeName: 'Gabriela Gestora Almeida', email: 'g@x.br', emailVerified: true },
  );
  const minimo = usuarioDoToken({ sub: 's', preferred_username: 'ze' });
  assert.equal(minimo.firstName, 'ze', 'no given name: the username greets');
  assert.equal(minimo.emailVerified, false);
});

test("the identity provider's redirect back is recognised", () => {
  assert.equal(ehRetornoDoLogin('https://p.gov.br/#state=a&session_state=b&code=c'), true);
  assert.equal(ehRetornoDoLogin('https://p.gov.br/?state=a&error=login_required'), true);
  assert.equal(ehRetornoDoLogin('https://p.gov.br/formularios'), false);
});
