import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { detectarTipo, MIMES_ACEITOS } from '../../src/forms/tiposArquivo';
import { validarDefinicao } from '../../src/forms/problemasDefinicao';

const b = (...partes: (string | number[] | Buffer)[]) => Buffer.concat(partes.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p))));
/** A ZIP local file header for `nome` (stored), as the first entry of an archive. */
const entradaZip = (nome: string, conteudo = '') => b([0x50, 0x4b, 0x03, 0x04], Buffer.alloc(14).toString('latin1'), [conteudo.length, 0, 0, 0, conteudo.length, 0, 0, 0, nome.length, 0, 0, 0], nome, conteudo);

test('pelo conteúdo: PDF, imagens e documentos de escritório (todos entre os tipos documentados)', () => {
  const achados = [b('%PDF-1.7'), b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), b([0xff, 0xd8, 0xff]), b('GIF87a'), b('RIFF', [0, 0, 0, 0], 'WEBP'), b(entradaZip('[Content_Types].xml'), entradaZip('ppt/x.xml')), b(entradaZip('mimetype', 'application/vnd.oasis.opendocument.presentation'))].map((x) => detectarTipo(x)!.mime);
  for (const m of achados) assert.ok((MIMES_ACEITOS as readonly string[]).includes(m), m);
  assert.equal(detectarTipo(b('%PDF-1.7\n%âãÏÓ'))?.mime, 'application/pdf');
  assert.equal(detectarTipo(b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))?.mime, 'image/png');
  assert.equal(detectarTipo(b([0xff, 0xd8, 0xff, 0xe0]))?.mime, 'image/jpeg');
  assert.equal(detectarTipo(b('GIF89a'))?.familia, 'imagem');
  assert.equal(detectarTipo(b('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 '))?.mime, 'image/webp');
  assert.equal(detectarTipo(b(entradaZip('[Content_Types].xml'), entradaZip('word/document.xml')))?.extensao, 'docx');
  assert.equal(detectarTipo(b(entradaZip('[Content_Types].xml'), entradaZip('xl/workbook.xml')))?.extensao, 'xlsx');
  assert.equal(detectarTipo(b(entradaZip('mimetype', 'application/vnd.oasis.opendocument.text')))?.extensao, 'odt');
  assert.equal(detectarTipo(b(entradaZip('mimetype', 'application/vnd.oasis.opendocument.spreadsheet')))?.extensao, 'ods');
});

test('recusados: executáveis renomeados, scripts, outros ZIP, instaladores OLE, texto, vazio', () => {
  const recusados: [string, Buffer][] = [
    ['Windows PE (MZ)', b('MZ', [0x90, 0, 3, 0], 'This program cannot be run in DOS mode')],
    ['ELF', b([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1])],
    ['Mach-O', b([0xcf, 0xfa, 0xed, 0xfe])],
    ['script', b('#!/bin/sh\nrm -rf /\n')],
    ['JAR (ZIP sem partes de escritório)', b(entradaZip('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0'))],
    ['ZIP comprimido qualquer', b(entradaZip('leia.txt'), deflateRawSync(Buffer.from('x'.repeat(100))))],
    ['OLE (doc antigo ou .msi)', b([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['HTML', b('<!doctype html><script>alert(1)</script>')],
    ['SVG (imagem com script)', b('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['vazio', b()],
    ['PDF truncado no cabeçalho', b('%PD')],
  ];
  for (const [nome, conteudo] of recusados) assert.equal(detectarTipo(conteudo), null, nome);
});

test('os limites de arquivo só valem em campos de arquivo', () => {
  const com = (tipo: 'arquivo' | 'texto') => validarDefinicao({ secoes: [{ id: 's', titulo: 'S', campos: [{ id: 'a', tipo, rotulo: 'A', obrigatorio: false, regras: [], arquivo: { tamanhoMaximoMb: 5, tipos: ['pdf'] } }] }] });
  assert.deepEqual(com('arquivo'), []);
  assert.deepEqual(com('texto').map((p) => [p.caminho, p.mensagem]), [['secoes[0].campos[0].arquivo', 'Tamanho máximo e tipos aceitos só valem para campos de arquivo.']]);
});

test('o que um campo de arquivo aceita: o escolhido, ou 10 MB e todos os tipos; em palavras e para o seletor do navegador', async () => {
  const { limitesDoArquivo, dicaDoArquivo, aceitarDoNavegador, nomesDasFamilias } = await import('../../src/forms/tiposArquivo');
  const { tradutor } = await import('../../src/i18n');
  const pt = tradutor('pt-BR');
  assert.deepEqual(limitesDoArquivo(undefined), { mb: 10, familias: ['pdf', 'imagem', 'documento'] });
  assert.deepEqual(limitesDoArquivo({ tamanhoMaximoMb: 3, tipos: [] }), { mb: 3, familias: ['pdf', 'imagem', 'documento'] }, 'an empty list is no restriction');
  assert.equal(dicaDoArquivo({ tamanhoMaximoMb: 5, tipos: ['pdf', 'imagem'] }, pt), 'Aceita PDF ou imagens (PNG, JPEG, GIF, WebP), até 5 MB.');
  assert.equal(dicaDoArquivo(undefined, tradutor('en')), 'Accepts PDF, images (PNG, JPEG, GIF, WebP) or office documents (Word, Excel, PowerPoint, OpenDocument), up to 10 MB.');
  assert.equal(nomesDasFamilias(['documento'], pt), 'documentos de escritório (Word, Excel, PowerPoint, OpenDocument)');
  assert.equal(aceitarDoNavegador(['pdf']), '.pdf,application/pdf');
  assert.ok(aceitarDoNavegador(['imagem', 'documento']).split(',').includes('.docx'));
});
