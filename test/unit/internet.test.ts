import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quebrarPalavrasLongas } from '../../src/server/pdf/fichaPdf';
import { arquivosSemEnvio, errosDasRespostas, errosDoRascunho } from '../../src/forms/preenchimento';
import { regrasDoCampo, TAMANHO_MAXIMO_PADRAO, type Definicao } from '../../src/forms/definicao';
import { recusaMembros, type Concedente } from '../../src/access/delegacao';
import { conferirPacote } from '../../src/server/anexos/pacoteZip';
import { detectarTipo } from '../../src/forms/tiposArquivo';
import { criarLimites, lojaEmMemoria, tenteDeNovoEm } from '../../src/server/api/limites';
import { docx, zip } from '../apoio/arquivos';

/** Issue 33's pure rules, each on its own. */

test('PDF layout: a word wider than the line is cut into pieces that fit, each character measured once; words that fit are left alone', () => {
  let medidas = 0;
  const medir = (t: string) => (medidas++, t.length * 5);
  const cortado = quebrarPalavrasLongas(`curta ${'a'.repeat(1000)} outra`, medir, 100);
  const linhas = cortado.split('\n');
  assert.equal(linhas.join(''), `curta ${'a'.repeat(1000)} outra`);
  assert.ok(linhas.slice(1, -1).every((l) => l.length === 20), 'each piece fills the 100-unit line');
  assert.ok(medidas <= 1002, `${medidas} measurements for 1,000 characters`);
  assert.equal(quebrarPalavrasLongas('palavras curtas cabem como estão', medir, 100), 'palavras curtas cabem como estão');
});

const D: Definicao = {
  secoes: [
    { id: 's', titulo: 'S', campos: [
      { id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [] },
      { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [] },
      { id: 'relato', tipo: 'texto-longo', rotulo: 'Relato', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 20_000 }] },
      { id: 'doc', tipo: 'arquivo', rotulo: 'Documento', obrigatorio: false, regras: [] },
    ] },
    { id: 'itens', titulo: 'Itens', repeticao: { minimo: 2, maximo: 3 }, campos: [{ id: 'x', tipo: 'inteiro', rotulo: 'X', obrigatorio: true, regras: [] }] },
  ],
};

test('text answers have a default maximum length; a designer maximum replaces it', () => {
  assert.deepEqual(TAMANHO_MAXIMO_PADRAO, { texto: 500, 'texto-longo': 5000, email: 254, url: 2000 });
  assert.deepEqual(regrasDoCampo(D.secoes[0].campos[0]), [{ tipo: 'required' }, { tipo: 'maxLength', max: 500 }]);
  assert.deepEqual(regrasDoCampo(D.secoes[0].campos[2]), [{ tipo: 'maxLength', max: 20_000 }]);
  assert.deepEqual(errosDasRespostas(D, { nome: 'n'.repeat(501), cpf: '529.982.247-25', itens: [{ x: 1 }, { x: 2 }] }), { nome: 'Este campo deve ter no máximo 500 caracteres.' });
});

test('a draft: nothing required, too few items is fine, but every answer present within its rules', () => {
  assert.deepEqual(errosDoRascunho(D, {}), {});
  assert.deepEqual(errosDoRascunho(D, { nome: 'Ana', itens: [{}] }), {});
  assert.deepEqual(Object.keys(errosDoRascunho(D, { cpf: '1'.repeat(6500), nome: 'n'.repeat(600), itens: [{ x: 'dez' }, {}, {}, {}] })).sort(), ['cpf', 'itens', 'itens[0].x', 'nome']);
});

test('a file answer must name an upload; the old { nome, tamanho } shape is refused', () => {
  assert.deepEqual(arquivosSemEnvio(D, { doc: { anexo: '0e4ac6a8-6f2d-4a53-9d5a-1f0c3b2a9e11' } }), []);
  assert.deepEqual(arquivosSemEnvio(D, { doc: { nome: 'a.exe', tamanho: 1 } }), ['doc']);
  assert.deepEqual(arquivosSemEnvio(D, { doc: '' }), []);
});

test('content-control group members follow the link rules: never one\'s own, never an administrator\'s', () => {
  const c: Concedente = { username: 'op', administrador: false, permissoes: [], grupos: [1], perfis: [] };
  const adms = new Set(['admin']);
  assert.match(recusaMembros(c, ['admin', 'op', 'ana'], ['op'], adms)!, /vínculo de um administrador/);
  assert.match(recusaMembros(c, ['ana'], ['ana', 'op'], adms)!, /seu próprio vínculo/);
  assert.match(recusaMembros(c, ['op', 'ana'], ['ana'], adms)!, /seu próprio vínculo/);
  assert.equal(recusaMembros(c, ['admin', 'op'], ['admin', 'op', 'ana'], adms), null, 'adding someone else is delegation as usual');
  assert.equal(recusaMembros({ ...c, administrador: true }, ['admin'], [], adms), null);
});

test('office packages: content types (OOXML) or manifest (ODF) present, and bounded when expanded', async () => {
  const tipo = (b: Buffer) => {
    const inicio = detectarTipo(b)!;
    return conferirPacote(b, b.length, inicio);
  };
  assert.deepEqual(tipo(await docx()), { familia: 'documento', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensao: 'docx' });
  const odt = await zip([['mimetype', 'application/vnd.oasis.opendocument.text'], ['META-INF/manifest.xml', '<manifest/>'], ['content.xml', '<x/>']]);
  assert.equal((tipo(odt) as { extensao: string }).extensao, 'odt');
  assert.ok('recusa' in tipo(await zip([['mimetype', 'application/vnd.oasis.opendocument.text'], ['content.xml', '<x/>']])), 'ODF without its manifest');
  assert.ok('recusa' in tipo(await zip([['word/', ''], ['Main.class', 'x']])), 'a jar whose first entry is word/');
  const grande = tipo(await zip([['[Content_Types].xml', '<T/>'], ['word/document.xml', Buffer.alloc(20 * 1024 * 1024)]]));
  assert.match((grande as { recusa: string }).recusa, /grande demais depois de descompactado/, 'ratio over 100');
  assert.ok('recusa' in tipo(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)])), 'no central directory');
});

test('limits: fixed windows per key and limit; several limits on one request all count', async () => {
  const l = criarLimites(lojaEmMemoria());
  const porEndereco = { nome: 'e', max: 2, janelaMs: 60_000, mensagem: (t: string) => `Muitas. ${t}` };
  const porModelo = { nome: 'm', max: 100, janelaMs: 60_000, mensagem: (t: string) => `Modelo. ${t}` };
  for (let i = 0; i < 2; i++) {
    await l.exigir(porModelo, 'x');
    await l.exigir(porEndereco, '1.2.3.4');
  }
  await assert.rejects(l.exigir(porEndereco, '1.2.3.4'), (e: { status: number; detalhe: string; cabecalhos: Record<string, string> }) => e.status === 429 && /^Muitas\. Tente de novo em \d+ s\.$/.test(e.detalhe) && Number(e.cabecalhos['retry-after']) > 0);
  await l.exigir(porEndereco, '5.6.7.8');
  assert.equal((await l.contar(porModelo, 'x')).restante, 97);
  assert.equal((await l.contar({ ...porModelo, max: 0 }, 'x')).dentro, true, '0: no limit');
  assert.equal(tenteDeNovoEm(1500), 'Tente de novo em 2 s.');
  assert.equal(tenteDeNovoEm(3_000_000), 'Tente de novo em 50 min.');
});
