import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { comLinks, criarLinksAnexos } from '../../src/server/anexos/links';

/** The signed, expiring download links of a delivery's attachments (issue 15). */
const ID = '3f0c7a52-8d1e-4b6a-9c2f-1e2d3c4b5a69';
const agora = Date.parse('2026-11-23T12:00:00Z');
const links = criarLinksAnexos({ urlPublica: 'https://formularios.exemplo.gov.br', chaveSegredos: randomBytes(32), validadeS: 3600 });
const partes = (url: string) => {
  const u = new URL(url);
  return { id: u.pathname.split('/').pop()!, expira: Number(u.searchParams.get('expira')), assinatura: u.searchParams.get('assinatura')! };
};

test('a link works for its attachment until it expires, and not after', () => {
  const { url, expiraEm } = links.gerar(ID, agora);
  assert.match(url, /^https:\/\/formularios\.exemplo\.gov\.br\/api\/publico\/anexos\/3f0c7a52-8d1e-4b6a-9c2f-1e2d3c4b5a69\?expira=\d+&assinatura=[\w-]{43}$/);
  assert.equal(expiraEm, '2026-11-23T13:00:00.000Z');
  const p = partes(url);
  assert.equal(links.conferir(p.id, p.expira, p.assinatura, agora + 3_599_000), 'ok');
  assert.equal(links.conferir(p.id.toUpperCase(), p.expira, p.assinatura, agora), 'ok', 'the id in either case');
  assert.equal(links.conferir(p.id, p.expira, p.assinatura, agora + 3_601_000), 'expirado');
});

test('a link changed in any part, or made with another key, is not ours', () => {
  const p = partes(links.gerar(ID, agora).url);
  assert.equal(links.conferir(p.id, p.expira + 1, p.assinatura, agora), 'invalido', 'stretched');
  assert.equal(links.conferir(ID.replace('3f', '4f'), p.expira, p.assinatura, agora), 'invalido', 'another attachment');
  assert.equal(links.conferir(p.id, p.expira, p.assinatura.slice(1), agora), 'invalido', 'cut short');
  assert.equal(links.conferir(p.id, p.expira, '', agora), 'invalido');
  const outra = criarLinksAnexos({ urlPublica: 'https://x', chaveSegredos: randomBytes(32), validadeS: 3600 });
  assert.equal(outra.conferir(p.id, p.expira, p.assinatura, agora), 'invalido', 'another server key');
});

test('a delivery\'s answers: each attachment gains its link; other answers are untouched', () => {
  const anexo = { anexo: ID, nome: 'rg.pdf', tipo: 'application/pdf', tamanho: 10, sha256: 'ab'.repeat(32) };
  const r = comLinks({ nome: 'Ana', rg: anexo, lista: ['a'], vazio: null }, links, agora);
  assert.deepEqual({ ...r, rg: undefined }, { nome: 'Ana', rg: undefined, lista: ['a'], vazio: null });
  assert.deepEqual(r.rg, { ...anexo, url: links.gerar(ID, agora).url, urlExpiraEm: '2026-11-23T13:00:00.000Z' });
});
