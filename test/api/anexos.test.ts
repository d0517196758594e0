import { after, before, describe, test } from 'node:test';
import { pdf, emPedacos, juntar } from '../apoio/arquivos';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bancosDeTeste, clienteApi, entrarComo, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { armazenamentoPostgres, emPartes } from '../../src/server/anexos/armazenamento';
import { criarAnexos, type Anexos } from '../../src/server/anexos/anexos';
import type { CampoDefinicao } from '../../src/forms/definicao';

/**
 * Attachments' storage and checks (issue 15), on the real databases: an upload streams in pieces,
 * is checked by size and by content as it comes, and is stored with its SHA-256 in 256 KB rows; read
 * back, it is byte-identical. A refused upload leaves no row and no part; orphans are removed.
 * Through HTTP too: the public upload route takes the file as the body. (Referencing uploads from a
 * submission, the citizen's page and the drawer's download come next: see the issue's note.)
 */
const campo = (extra: Partial<CampoDefinicao> = {}): CampoDefinicao => ({ id: 'documento', tipo: 'arquivo', rotulo: 'Documento', obrigatorio: true, regras: [], ...extra });

const contar = async (s: ServidorTeste) => (await s.db.query<{ a: string; p: string }>('select (select count(*) from anexo)::text as a, (select count(*) from anexo_parte)::text as p'))[0];

test('emPartes regroups any stream into parts of the same size', async () => {
  const dados = randomBytes(1_000_003);
  const partes: Buffer[] = [];
  for await (const p of emPartes(emPedacos(dados, 7_777), 262_144)) partes.push(p);
  assert.deepEqual(partes.map((p) => p.length), [262_144, 262_144, 262_144, 213_571]);
  assert.ok(Buffer.concat(partes).equals(dados));
});

for (const banco of await bancosDeTeste()) {
  describe(`anexos (${banco.nome})`, () => {
    let s: ServidorTeste;
    let anexos: Anexos;

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      anexos = criarAnexos(s.db, armazenamentoPostgres(s.db));
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    test('aceito: guardado em partes com o seu SHA-256 e lido de volta idêntico', async () => {
      const dados = pdf(1_500_000);
      const a = await anexos.receber({ codigoServico: 'saude-ouvidoria', campo: campo(), nome: 'laudo médico.pdf', corpo: emPedacos(dados) });
      assert.deepEqual({ nome: a.nome, mime: a.mime, tamanho: a.tamanho, sha256: a.sha256 }, { nome: 'laudo médico.pdf', mime: 'application/pdf', tamanho: dados.length, sha256: createHash('sha256').update(dados).digest('hex') });
      const [{ n }] = await s.db.query<{ n: string }>('select count(*)::text as n from anexo_parte where anexo_id = $1', [a.id]);
      assert.equal(Number(n), 6, '1.5 MB in 256 KB rows');
      const lido = await juntar(anexos.ler(a.id));
      assert.ok(lido.equals(dados), 'byte-identical');
      assert.equal(createHash('sha256').update(lido).digest('hex'), a.sha256);
      assert.deepEqual(await anexos.obter(a.id), { ...a, codigoServico: 'saude-ouvidoria', campo: 'documento', formularioId: null });
    });

    test('recusados pelo tamanho e pelo conteúdo (um executável renomeado), sem deixar nada guardado', async () => {
      const antes = await contar(s);
      await assert.rejects(anexos.receber({ codigoServico: 'saude-ouvidoria', campo: campo({ arquivo: { tamanhoMaximoMb: 1 } }), nome: 'grande.pdf', corpo: emPedacos(pdf(1_048_577)) }), (e: { status: number; detalhe: string }) => e.status === 413 && e.detalhe.includes('(1 MB)'));
      const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(300_000)]);
      await assert.rejects(anexos.receber({ codigoServico: 'saude-ouvidoria', campo: campo(), nome: 'documento.pdf', corpo: emPedacos(exe) }), (e: { status: number; detalhe: string }) => e.status === 415 && /conferido pelo conteúdo/.test(e.detalhe));
      await assert.rejects(anexos.receber({ codigoServico: 'saude-ouvidoria', campo: campo({ arquivo: { tipos: ['imagem'] } }), nome: 'foto.jpg', corpo: emPedacos(pdf(5_000)) }), (e: { status: number; detalhe: string }) => e.status === 415 && e.detalhe.includes('envie imagens'), 'a PDF where only images are allowed');
      await assert.rejects(anexos.receber({ codigoServico: 'saude-ouvidoria', campo: campo(), nome: 'vazio.pdf', corpo: emPedacos(Buffer.alloc(0)) }), (e: { status: number }) => e.status === 415);
      assert.deepEqual(await contar(s), antes, 'no row and no part of a refused upload');
    });

    test('pela API pública: o corpo é o arquivo; aceito com o seu SHA-256; recusado pelo conteúdo, pelo tamanho, sem campo', async () => {
      const admin = await clienteApi(s.url, 'admin');
      const grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
      const corpo = { nome: 'Pedido com anexo', grupoControleConteudoId: grupo };
      await admin('POST', '/modelos', { codigoServico: 'teste-anexo', ...corpo });
      const definicao = { secoes: [{ id: 's', titulo: 'Documentos', campos: [campo({ arquivo: { tamanhoMaximoMb: 1, tipos: ['pdf', 'imagem'] } }), { id: 'obs', tipo: 'texto', rotulo: 'Observação', obrigatorio: false, regras: [] }] }] };
      assert.equal((await admin('PUT', '/modelos/teste-anexo', { ...corpo, definicao, versao: 1 })).status, 200);
      assert.equal((await admin('POST', '/modelos/teste-anexo/versoes')).status, 201);
      const enviar = (bytes: Buffer, consulta: string, tipo = 'application/octet-stream') => fetch(`${s.url}/api/publico/modelos/teste-anexo/anexos${consulta}`, { method: 'POST', headers: { 'content-type': tipo }, body: new Uint8Array(bytes) });
      const dados = pdf(700_000);
      const r = await enviar(dados, `?campo=documento&nome=${encodeURIComponent('comprovante de residência.pdf')}`, 'application/pdf');
      assert.equal(r.status, 201);
      const a = await r.json();
      assert.deepEqual({ nome: a.nome, tipo: a.tipo, tamanho: a.tamanho, sha256: a.sha256 }, { nome: 'comprovante de residência.pdf', tipo: 'application/pdf', tamanho: dados.length, sha256: createHash('sha256').update(dados).digest('hex') });
      assert.ok((await juntar(anexos.ler(a.id))).equals(dados), 'stored byte-identical');
      const antes = await contar(s);
      const exe = await enviar(Buffer.concat([Buffer.from('MZ'), randomBytes(10_000)]), '?campo=documento&nome=documento.pdf', 'application/pdf');
      assert.equal(exe.status, 415);
      assert.match((await exe.json()).detail, /envie PDF ou imagens/);
      const grande = await enviar(pdf(1_048_577), '?campo=documento&nome=grande.pdf');
      assert.equal(grande.status, 413);
      assert.match((await grande.json()).detail, /tamanho máximo deste campo \(1 MB\)/);
      const json = await enviar(Buffer.from('{"a":1}'), '?campo=documento', 'application/json');
      assert.equal(json.status, 415, 'a JSON body is a file like any other (and not a PDF)');
      assert.equal((await enviar(dados, '?campo=obs')).status, 400, 'not a file field');
      assert.equal((await enviar(dados, '')).status, 400, 'no field');
      assert.equal((await fetch(`${s.url}/api/publico/modelos/nao-existe/anexos?campo=documento`, { method: 'POST', body: new Uint8Array(dados) })).status, 404);
      assert.deepEqual(await contar(s), antes, 'nothing stored of the refused ones');

      // The submission refers to the upload; the form keeps the file's name, type, size and SHA-256.
      const enviar2 = (respostas: unknown) => fetch(`${s.url}/api/publico/modelos/teste-anexo/formularios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ respostas }) });
      const ok = await enviar2({ documento: { anexo: a.id }, obs: 'segue o comprovante' });
      assert.equal(ok.status, 201, await ok.clone().text());
      const { protocolo } = await ok.json();
      const [f] = await s.db.query<{ id: string; respostas: Record<string, unknown> }>('select id::text, respostas from formulario where protocolo = $1', [protocolo]);
      assert.deepEqual(f.respostas.documento, { anexo: a.id, nome: 'comprovante de residência.pdf', tipo: 'application/pdf', tamanho: dados.length, sha256: a.sha256 });
      assert.equal((await anexos.obter(a.id))?.formularioId, f.id, 'the upload is now the form\'s');
      const reuso = await enviar2({ documento: { anexo: a.id } });
      assert.equal(reuso.status, 400, 'an upload already used by another submission');
      assert.match(JSON.stringify((await reuso.json()).errors), /já foi usado em outro envio/);
      assert.equal((await enviar2({ documento: { anexo: '00000000-0000-4000-8000-000000000000' } })).status, 400, 'an id nobody uploaded');
      assert.equal((await enviar2({ documento: { anexo: 'não é um id' } })).status, 400);

      // Staff download it byte-identical, with its SHA-256; each download is an event.
      const token = (await entrarComo(s.url, 'gestor')).access_token;
      const baixado = await fetch(`${s.url}/api/formularios/${f.id}/anexos/${a.id}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(baixado.status, 200);
      assert.equal(baixado.headers.get('content-type'), 'application/pdf');
      assert.equal(baixado.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(baixado.headers.get('repr-digest'), `sha-256=:${Buffer.from(a.sha256, 'hex').toString('base64')}:`);
      assert.match(baixado.headers.get('content-disposition')!, /filename\*=UTF-8''comprovante%20de%20resid%C3%AAncia\.pdf/);
      assert.ok(Buffer.from(await baixado.arrayBuffer()).equals(dados), 'byte-identical');
      const [e] = await s.db.query<{ autor: string; detalhes: { anexo: string } }>(`select autor, detalhes from formulario_evento where formulario_id = $1 and tipo = 'ANEXO_BAIXADO'`, [f.id]);
      assert.deepEqual([e.autor, e.detalhes.anexo], ['gestor', a.id]);
      const [outro] = await s.db.query<{ id: string }>(`select id::text from formulario where codigo_servico like 'saude-%' order by id limit 1`);
      assert.equal((await fetch(`${s.url}/api/formularios/${outro.id}/anexos/${a.id}`, { headers: { authorization: `Bearer ${token}` } })).status, 404, 'not an attachment of that form');
      const [tributos] = await s.db.query<{ id: string }>(`select id::text from formulario where codigo_servico like 'tributos-%' order by id limit 1`);
      assert.equal((await fetch(`${s.url}/api/formularios/${tributos.id}/anexos/${a.id}`, { headers: { authorization: `Bearer ${token}` } })).status, 403, 'content-control groups first');
      assert.equal((await fetch(`${s.url}/api/formularios/${f.id}/anexos/${a.id}`)).status, 401);
      // The form's PDF lists the attachment with its SHA-256.
      const pdfDoFormulario = Buffer.from(await (await fetch(`${s.url}/api/formularios/${f.id}/pdf`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
      const pasta = mkdtempSync(join(tmpdir(), 'cf-anexo-'));
      writeFileSync(join(pasta, 'f.pdf'), pdfDoFormulario);
      const texto = execFileSync('pdftotext', [join(pasta, 'f.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      assert.ok(texto.includes('comprovante de residência.pdf') && texto.includes(`SHA-256 ${a.sha256}`), texto);
    });

    test('um nome de arquivo perigoso fica inofensivo; órfãos antigos são removidos, os novos ficam', async () => {
      const a = await anexos.receber({ codigoServico: 'saude-ouvidoria', campo: campo(), nome: '../../etc/"passwd"\r\n.pdf', corpo: emPedacos(pdf(1000)) });
      assert.equal(a.nome, '.._.._etc__passwd___.pdf');
      await s.db.query(`update anexo set criado_em = now() - interval '2 days' where id = $1`, [a.id]);
      const novo = await anexos.receber({ codigoServico: 'saude-ouvidoria', campo: campo(), nome: 'novo.pdf', corpo: emPedacos(pdf(1000)) });
      const removidos = await anexos.removerOrfaos(new Date(Date.now() - 24 * 3600 * 1000));
      assert.ok(removidos >= 1);
      assert.equal(await anexos.obter(a.id), undefined);
      assert.deepEqual(await juntar(anexos.ler(a.id)), Buffer.alloc(0), 'its parts went with it');
      assert.equal((await anexos.obter(novo.id))?.id, novo.id, 'a recent upload stays');
      assert.equal(await anexos.obter('nao-e-um-uuid'), undefined);
    });
  });
}
