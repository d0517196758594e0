import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lerPaginacao, parametrosLista, proximaOrdenacao, totalPaginas, PAGINACAO_PADRAO } from '../../src/contrato/paginacao';
import { errosPorCampo, reacaoAoErro, type ErroApi } from '../../src/console/api/erros';
import { TIPO_VERSAO_ANTIGA } from '../../src/contrato/problema';

const h = (o: Record<string, string>) => new Headers(o);

test('paging headers are read in one place; missing or malformed ones keep the previous value', () => {
  assert.deepEqual(PAGINACAO_PADRAO, { page: 0, size: 20, total: 0 });
  assert.deepEqual(lerPaginacao(h({ 'X-Page-Number': '2', 'X-Page-Size': '50', 'X-Total-Count': '1234' })), { page: 2, size: 50, total: 1234 });
  assert.deepEqual(lerPaginacao(h({})), { page: 0, size: 20, total: 0 });
  assert.deepEqual(lerPaginacao(h({ 'x-total-count': '7' }), { page: 1, size: 100, total: 3 }), { page: 1, size: 100, total: 7 });
  assert.deepEqual(lerPaginacao(h({ 'X-Total-Count': '-1', 'X-Page-Size': 'vinte' }), { page: 0, size: 20, total: 9 }), { page: 0, size: 20, total: 9 });
});

test('list query: repeated filters, page, size and sort=campo,direcao', () => {
  const q = parametrosLista({ page: 3, size: 50 }, [{ campo: 'nome', direcao: 'asc' }, { campo: 'criadoEm', direcao: 'desc' }], { status: ['PUBLICADO', 'RASCUNHO'], texto: 'saúde', vazio: '', nada: null });
  assert.equal(q.toString(), 'status=PUBLICADO&status=RASCUNHO&texto=sa%C3%BAde&page=3&size=50&sort=nome%2Casc&sort=criadoEm%2Cdesc');
});

test('sorting by header cycles asc, desc, none; pages never below one', () => {
  assert.deepEqual(proximaOrdenacao([], 'nome'), [{ campo: 'nome', direcao: 'asc' }]);
  assert.deepEqual(proximaOrdenacao([{ campo: 'nome', direcao: 'asc' }], 'nome'), [{ campo: 'nome', direcao: 'desc' }]);
  assert.deepEqual(proximaOrdenacao([{ campo: 'nome', direcao: 'desc' }], 'nome'), []);
  assert.deepEqual(proximaOrdenacao([{ campo: 'nome', direcao: 'desc' }], 'data'), [{ campo: 'data', direcao: 'asc' }]);
  assert.equal(totalPaginas({ page: 0, size: 20, total: 0 }), 1);
  assert.equal(totalPaginas({ page: 0, size: 20, total: 41 }), 3);
});

test("DESIGN.md section 6's error-to-page mapping", () => {
  const http = (status: number): ErroApi => ({ tipo: 'http', status, mensagem: `HTTP ${status}` });
  assert.deepEqual(reacaoAoErro({ tipo: 'rede', mensagem: 'Failed to fetch' }, 'lista'), { tipo: 'pagina', pagina: 'erro-rede' });
  assert.deepEqual(reacaoAoErro({ tipo: 'tempo-esgotado', mensagem: 't' }, 'acao'), { tipo: 'pagina', pagina: 'erro-rede' });
  assert.deepEqual(reacaoAoErro(http(403), 'lista'), { tipo: 'pagina', pagina: '403' });
  assert.deepEqual(reacaoAoErro(http(403), 'detalhe'), { tipo: 'pagina', pagina: '403' });
  // A save refused with a reason, or the database away for a moment: stay with the typed work, say why.
  const recusa = { status: 403, title: 'Acesso negado', detail: 'Só um administrador concede o papel de administrador.' };
  assert.deepEqual(reacaoAoErro({ tipo: 'http', status: 403, problema: recusa, mensagem: '' }, 'acao'), { tipo: 'toast', mensagem: recusa.detail });
  assert.deepEqual(reacaoAoErro(http(503), 'acao'), { tipo: 'toast', mensagem: 'HTTP 503' });
  assert.deepEqual(reacaoAoErro(http(404), 'detalhe'), { tipo: 'pagina', pagina: '404' });
  assert.deepEqual(reacaoAoErro(http(404), 'acao'), { tipo: 'toast', mensagem: 'HTTP 404' }, 'a 404 outside a detail view stays on the page');
  for (const s of [500, 502, 503]) assert.deepEqual(reacaoAoErro(http(s), 'lista'), { tipo: 'pagina', pagina: 'erro' });
  assert.deepEqual(reacaoAoErro(http(401), 'lista'), { tipo: 'reautenticar' });
  const problema = { status: 400, title: 'Requisição inválida', errors: [{ field: 'nome', message: 'Este campo é obrigatório.' }] };
  assert.deepEqual(reacaoAoErro({ tipo: 'http', status: 400, problema, mensagem: '' }, 'acao'), { tipo: 'campos', problema });
  assert.deepEqual(errosPorCampo(problema), { nome: 'Este campo é obrigatório.' });
  assert.deepEqual(reacaoAoErro({ tipo: 'http', status: 409, problema: { status: 409, title: 'Conflito', detail: 'Em uso.' }, mensagem: '' }, 'acao'), { tipo: 'toast', mensagem: 'Em uso.' }, 'a 409 with a reason is told as it is');
  assert.deepEqual(
    reacaoAoErro({ tipo: 'http', status: 409, problema: { type: TIPO_VERSAO_ANTIGA, status: 409, title: 'Conflito', detail: 'Alterado por outra pessoa.' }, mensagem: '' }, 'acao'),
    { tipo: 'conflito' },
    'a stale version points to the page\'s own choices',
  );
});
