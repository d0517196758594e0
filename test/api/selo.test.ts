import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bancosDeTeste, clienteApi, entrarComo, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import { selarPdf, seloDePem } from '../../src/server/pdf/selo';

/**
 * The state's seal on every PDF (issue 44), both databases: a receipt and a staff PDF verify with poppler's pdfsig
 * (valid, the whole document signed, the signer the configured certificate — the demo authority's); one byte changed
 * and pdfsig sees the digest mismatch; the verification route says intact and which form, altered, unsigned, or
 * signed by someone else. Without a certificate, PDFs go out unsigned as before.
 */
const pasta = mkdtempSync(join(tmpdir(), 'cf-selo-teste-'));
const pdfsig = (pdf: Buffer, nome: string) => {
  const arquivo = join(pasta, nome);
  writeFileSync(arquivo, pdf);
  const r = spawnSync('pdfsig', [arquivo], { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`;
};

/** A certificate and key of nobody this service knows, made with openssl. */
function outroSelo() {
  const d = mkdtempSync(join(tmpdir(), 'cf-outro-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'k.pem', '-out', 'c.pem', '-days', '2', '-subj', '/CN=Outro signatario'], { cwd: d, stdio: 'ignore' });
  return seloDePem(execFileSync('cat', [join(d, 'c.pem')], { encoding: 'utf8' }), execFileSync('cat', [join(d, 'k.pem')], { encoding: 'utf8' }));
}

for (const banco of await bancosDeTeste()) {
  describe(`selo do Estado nos PDFs (${banco.nome})`, () => {
    let s: ServidorTeste;
    let semSelo: ServidorTeste;
    let admin: Awaited<ReturnType<typeof clienteApi>>;
    const verificar = async (pdf: Buffer) => (await fetch(`${s.url}/api/publico/comprovantes/verificacao`, { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(pdf) })).json();

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      semSelo = await subirServidor({ selo: null });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-selo', null);
      await modeloPublicado(await clienteApi(semSelo.url, 'admin'), 'teste-selo', null);
    });
    after(async () => {
      await s.fechar();
      await semSelo.fechar();
      await banco.descartar?.();
    });

    test('o comprovante e o PDF da equipe: pdfsig confere a assinatura do certificado configurado; um byte alterado, não', async () => {
      const r = await enviarFormulario(s.url, 'teste-selo', RESPOSTAS_VALIDAS);
      assert.equal(r.status, 201);
      const { url } = r.json.comprovante;
      const recibo = Buffer.from(await (await fetch(`${s.url}${url}`)).arrayBuffer());
      const [f] = await s.db.query<{ id: string }>('select id::text from formulario where protocolo = $1', [r.json.protocolo]);
      const { access_token } = await entrarComo(s.url, 'admin');
      const equipe = Buffer.from(await (await fetch(`${s.url}/api/formularios/${f.id}/pdf`, { headers: { authorization: `Bearer ${access_token}` } })).arrayBuffer());
      for (const [nome, pdf] of [['comprovante', recibo], ['equipe', equipe]] as const) {
        const saida = pdfsig(pdf, `${nome}.pdf`);
        assert.match(saida, /Signature Validation: Signature is Valid\./, `${nome}: ${saida}`);
        assert.match(saida, /Signer Certificate Common Name: Governo do Estado \(demonstração\)/, nome);
        assert.match(saida, /Total document signed/, nome);
        assert.match(saida, /Signature Type: ETSI\.CAdES\.detached/, nome);
      }
      assert.match(execFileSync('pdftotext', [join(pasta, 'comprovante.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '), /Documento assinado digitalmente por Governo do Estado \(demonstração\)/);
      const alterado = Buffer.from(recibo);
      const i = alterado.indexOf('/Title');
      alterado[i + 10] ^= 0x01;
      assert.doesNotMatch(pdfsig(alterado, 'alterado.pdf'), /Signature is Valid/);

      // The verification route: intact and which form; altered; a PDF without a signature; another signer's.
      const integro = await verificar(recibo);
      assert.deepEqual({ ...integro, assinadoEm: typeof integro.assinadoEm, recebidoEm: typeof integro.recebidoEm }, { situacao: 'integro', protocolo: r.json.protocolo, modelo: 'Teste teste-selo', recebidoEm: 'string', assinadoEm: 'string', signatario: 'Governo do Estado (demonstração)' });
      assert.equal((await verificar(alterado)).situacao, 'alterado');
      const semAssinatura = Buffer.from(await (await fetch(`${semSelo.url}${(await enviarFormulario(semSelo.url, 'teste-selo', RESPOSTAS_VALIDAS)).json.comprovante.url}`)).arrayBuffer());
      assert.ok(semAssinatura.subarray(0, 5).toString() === '%PDF-' && !semAssinatura.includes('/ByteRange'), 'without a certificate, unsigned as before');
      assert.equal((await verificar(semAssinatura)).situacao, 'sem-assinatura');
      const deOutro = await verificar(await selarPdf(semAssinatura, outroSelo(), r.json.protocolo));
      assert.deepEqual([deOutro.situacao, deOutro.protocolo, deOutro.signatario], ['outro-signatario', null, 'Outro signatario'], 'a signature by another certificate names no form');
      const nada = await fetch(`${s.url}/api/publico/comprovantes/verificacao`, { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: 'nada' });
      assert.deepEqual([nada.status, (await nada.json()).detail], [400, 'Envie o arquivo PDF do comprovante: o que chegou não é um PDF.']);
    });
  });
}
