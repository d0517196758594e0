import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { bancosDeTeste, clienteApi, entrarComo, portaLivre, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { esperarAte, subirReceptor } from '../apoio/receptor';
import { DEFINICAO_COMPLETA, enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import { mascarar } from '../../src/forms/dadosPessoais';
import { mascararCpf } from '../../src/forms/cpf';
import { AC_ASSINATURA_DEMO, assinaturaGovbrDemo, CODIGO_SMS_DEMO, RECUSA_BRONZE } from '../../demo/server/assinaturaGovbrDemo';

/**
 * The citizen's gov.br advanced signature (issue 44), both databases, against the demo's simulator of the ITI's API,
 * driven as a browser would (each redirect followed by hand): the answers are checked before the citizen goes to
 * gov.br; authorised with a prata account, the form is written with the receipt the citizen signed — pdfsig sees two
 * valid signatures (the citizen's over the document, the state's seal over all of it), and `openssl cms -verify` checks
 * the stored PKCS#7 over the signed bytes against the simulator's authority; the drawer and the delivery carry it. A
 * bronze account gets gov.br's own words, a "no" at gov.br and gov.br down leave nothing written; a model requiring
 * the signature refuses a plain send; an optional one takes it marked unsigned.
 */
const pasta = mkdtempSync(join(tmpdir(), 'cf-assinatura-teste-'));
const arquivo = (nome: string, conteudo: Buffer | string) => (writeFileSync(join(pasta, nome), conteudo), join(pasta, nome));
const CPF = '529.982.247-25';

/** The citizen at gov.br: the authorisation page, the account and the SMS code, then back through the API to the portal. */
async function assinarNoGovbr(url: string, conta: { nivel?: 'bronze' | 'prata' | 'ouro'; negar?: boolean; cpf?: string } = {}): Promise<string> {
  const pagina = await fetch(url);
  assert.equal(pagina.status, 200);
  const html = await pagina.text();
  assert.match(html, /Autorizar a assinatura/);
  const oculto = (n: string) => new RegExp(`name="${n}" value="([^"]*)"`).exec(html)![1].replace(/&amp;/g, '&');
  const acao = new URL(/action="([^"]+)"/.exec(html)![1], url);
  const corpo = new URLSearchParams({ redirect_uri: oculto('redirect_uri'), state: oculto('state'), client_id: oculto('client_id'), nome: 'Maria Cidadã', cpf: conta.cpf ?? CPF, nivel: conta.nivel ?? 'prata', codigo: CODIGO_SMS_DEMO, decisao: conta.negar ? 'negar' : 'autorizar' });
  const autorizada = await fetch(acao, { method: 'POST', body: corpo, redirect: 'manual' });
  assert.equal(autorizada.status, 303);
  const retorno = await fetch(autorizada.headers.get('location')!, { redirect: 'manual' });
  assert.equal(retorno.status, 303, await retorno.clone().text());
  return retorno.headers.get('location')!;
}

for (const banco of await bancosDeTeste()) {
  describe(`assinatura gov.br do cidadão (${banco.nome})`, () => {
    let s: ServidorTeste;
    let semGovbr: ServidorTeste;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    let admin: Awaited<ReturnType<typeof clienteApi>>;
    const publico = async (metodo: string, caminho: string, corpo?: unknown, base = s.url) => {
      const r = await fetch(`${base}/api/publico${caminho}`, { method: metodo, headers: corpo === undefined ? {} : { 'content-type': 'application/json' }, body: corpo === undefined ? undefined : JSON.stringify(corpo) });
      return { status: r.status, json: await r.json() };
    };
    const iniciar = (codigo: string, respostas: unknown = RESPOSTAS_VALIDAS, base = s.url) => publico('POST', `/modelos/${codigo}/assinaturas`, { respostas, retorno: `${base}/cidadao.html?formulario=${codigo}` }, base);
    const quantos = async (codigo: string, servidor = s) => Number((await servidor.db.query<{ n: string }>('select count(*) as n from formulario where codigo_servico = $1', [codigo]))[0].n);

    before(async () => {
      receptor = await subirReceptor();
      s = await subirServidor({ databaseUrl: banco.url, entregas: { ligado: true, esperasS: [0.3], timeoutMs: 500, intervaloMs: 50, lote: 10 }, integracao: { permitidos: { origens: [receptor.origem] } } });
      // gov.br's signature API down: its OAuth answers (the simulator), its API does not (a port nobody listens on).
      const porta = await portaLivre();
      semGovbr = await subirServidor({ porta, assinaturaGovbr: { ...assinaturaGovbrDemo(`http://127.0.0.1:${porta}`), apiUrl: `http://127.0.0.1:${await portaLivre()}/externo/v2` } });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-assinado', receptor.url, {}, { ...DEFINICAO_COMPLETA, assinatura: 'exigida' });
      await modeloPublicado(admin, 'teste-assinatura-opcional', null, {}, { ...DEFINICAO_COMPLETA, assinatura: 'opcional' });
      await modeloPublicado(await clienteApi(semGovbr.url, 'admin'), 'teste-assinado', null, {}, { ...DEFINICAO_COMPLETA, assinatura: 'exigida' });
    });
    after(async () => {
      await s.fechar();
      await semGovbr.fechar();
      await receptor.fechar();
      await banco.descartar?.();
    });

    test('prata: o comprovante é o documento assinado pelo cidadão e selado pelo Estado; o PKCS#7 confere com openssl; a ficha e a entrega trazem a assinatura', async () => {
      const antes = await quantos('teste-assinado');
      const inicio = await iniciar('teste-assinado');
      assert.equal(inicio.status, 201, JSON.stringify(inicio.json));
      const autorizacao = new URL(inicio.json.url);
      assert.deepEqual([autorizacao.pathname, autorizacao.searchParams.get('scope'), autorizacao.searchParams.get('state')], ['/demo/assinatura-govbr/oauth2.0/authorize', 'sign', inicio.json.id]);
      assert.equal(await quantos('teste-assinado'), antes, 'nothing is written before the signature');

      const volta = new URL(await assinarNoGovbr(inicio.json.url));
      assert.equal(`${volta.origin}${volta.pathname}`, `${s.url}/cidadao.html`);
      assert.equal(volta.searchParams.get('assinatura-govbr'), inicio.json.id);
      const fim = await publico('GET', `/assinaturas/${inicio.json.id}`);
      assert.equal(fim.json.situacao, 'ASSINADA', JSON.stringify(fim.json));
      assert.equal(await quantos('teste-assinado'), antes + 1);

      const pdf = Buffer.from(await (await fetch(`${s.url}${fim.json.recibo.comprovante.url}`)).arrayBuffer());
      const sig = spawnSync('pdfsig', [arquivo('assinado.pdf', pdf)], { encoding: 'utf8' }).stdout;
      const [cidadao, estado] = sig.split(/Signature #2:/);
      assert.match(cidadao, /Signer Certificate Common Name: MARIA CIDADA:52998224725/);
      assert.match(cidadao, /Signature Validation: Signature is Valid\./);
      assert.match(estado, /Signer Certificate Common Name: Governo do Estado \(demonstração\)/);
      assert.match(estado, /Signature Validation: Signature is Valid\./);
      assert.match(estado, /Total document signed/);
      assert.match(spawnSync('pdftotext', [join(pasta, 'assinado.pdf'), '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' '), /Assinado eletronicamente por MARIA CIDADA com a conta gov\.br/);
      // The same document every time it is asked for: stored, never made again.
      assert.ok(Buffer.from(await (await fetch(`${s.url}${fim.json.recibo.comprovante.url}`)).arrayBuffer()).equals(pdf));

      // The stored PKCS#7 over the bytes the citizen's signature covers, against the simulator's authority.
      const [f] = await s.db.query<{ id: string; pkcs7: Buffer }>('select f.id::text, c.pkcs7 from formulario f join comprovante_assinado c on c.formulario_id = f.id where f.protocolo = $1', [fim.json.recibo.protocolo]);
      const faixa = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.toString('latin1'))!.slice(1).map(Number);
      const coberto = Buffer.concat([pdf.subarray(faixa[0], faixa[0] + faixa[1]), pdf.subarray(faixa[2], faixa[2] + faixa[3])]);
      const certs = spawnSync('openssl', ['pkcs7', '-inform', 'DER', '-in', arquivo('cidadao.p7s', Buffer.from(f.pkcs7)), '-print_certs'], { encoding: 'utf8' }).stdout;
      const ac = certs.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!.map((p) => new X509Certificate(p)).find((c) => c.subject === c.issuer)!;
      assert.match(ac.subject, new RegExp(`CN=${AC_ASSINATURA_DEMO.replace(/[()]/g, '\\$&')}`));
      const verifica = (conteudo: Buffer) => spawnSync('openssl', ['cms', '-verify', '-inform', 'DER', '-in', join(pasta, 'cidadao.p7s'), '-content', arquivo('coberto.bin', conteudo), '-binary', '-CAfile', arquivo('ac.pem', ac.toString()), '-purpose', 'any', '-out', '/dev/null'], { encoding: 'utf8' });
      const ok = verifica(coberto);
      assert.equal(ok.status, 0, ok.stderr);
      const mudado = Buffer.from(coberto);
      mudado[100] ^= 1;
      assert.notEqual(verifica(mudado).status, 0, 'a changed byte fails');

      const { access_token } = await entrarComo(s.url, 'admin');
      const ficha = await (await fetch(`${s.url}/api/formularios/${f.id}`, { headers: { authorization: `Bearer ${access_token}` } })).json();
      assert.deepEqual({ ...ficha.assinatura, assinadoEm: typeof ficha.assinatura.assinadoEm }, { situacao: 'ASSINADO', nome: mascarar('nome', 'MARIA CIDADA'), cpf: mascararCpf('52998224725'), emissor: AC_ASSINATURA_DEMO, assinadoEm: 'string' }, 'the signer masked, as the requester');
      const entrega = await esperarAte(() => receptor.doProtocolo(fim.json.recibo.protocolo)[0], 10_000, 'entrega');
      const corpo = entrega.corpo as unknown as { assinatura: { nome: string; pkcs7: string } };
      assert.equal(corpo.assinatura.nome, 'MARIA CIDADA');
      assert.ok(Buffer.from(corpo.assinatura.pkcs7, 'base64').equals(Buffer.from(f.pkcs7)), 'the delivery carries the PKCS#7');
      // Coming back to the return address again (a reload) writes nothing twice.
      assert.equal((await fetch(`${s.url}/api/publico/assinaturas/retorno?state=${inicio.json.id}&code=outro`, { redirect: 'manual' })).status, 303);
      assert.equal(await quantos('teste-assinado'), antes + 1);
    });

    test('bronze recebe as palavras do gov.br; "não autorizar" e o gov.br fora do ar não guardam nada', async () => {
      const antes = await quantos('teste-assinado');
      const bronze = await iniciar('teste-assinado');
      await assinarNoGovbr(bronze.json.url, { nivel: 'bronze' });
      assert.deepEqual((await publico('GET', `/assinaturas/${bronze.json.id}`)).json, { situacao: 'RECUSADA', motivo: RECUSA_BRONZE, recibo: null });
      const negada = await iniciar('teste-assinado');
      await assinarNoGovbr(negada.json.url, { negar: true });
      assert.match((await publico('GET', `/assinaturas/${negada.json.id}`)).json.motivo, /A assinatura não foi autorizada no gov\.br\. Suas respostas continuam guardadas/);
      assert.equal(await quantos('teste-assinado'), antes);

      const fora = await iniciar('teste-assinado', RESPOSTAS_VALIDAS, semGovbr.url);
      assert.equal(fora.status, 201);
      await assinarNoGovbr(fora.json.url);
      const r = await publico('GET', `/assinaturas/${fora.json.id}`, undefined, semGovbr.url);
      assert.deepEqual([r.json.situacao, r.json.recibo], ['RECUSADA', null]);
      assert.match(r.json.motivo, /não respondeu\. Suas respostas continuam guardadas/);
      assert.equal(await quantos('teste-assinado', semGovbr), 0);
    });

    test('as respostas são conferidas antes do gov.br; o envio sem assinatura é recusado no modelo que a exige e marcado no que a pede', async () => {
      const errada = await iniciar('teste-assinado', { ...RESPOSTAS_VALIDAS, nome: 'M' });
      assert.equal(errada.status, 400);
      assert.ok(errada.json.errors.some((e: { field: string }) => e.field === 'respostas.nome'));
      const fora = await publico('POST', '/modelos/teste-assinado/assinaturas', { respostas: RESPOSTAS_VALIDAS, retorno: 'https://portal.example.org/formulario' });
      assert.equal(fora.status, 400, 'only back to an allowed portal');
      const direto = await enviarFormulario(s.url, 'teste-assinado', RESPOSTAS_VALIDAS);
      assert.equal(direto.status, 422);
      assert.match(direto.json.detail, /precisa da sua assinatura gov\.br/);
      assert.equal((await enviarFormulario(s.url, 'teste-assinado', RESPOSTAS_VALIDAS, { 'accept-language': 'en' })).json.detail, 'This form needs your gov.br signature: use "Sign with gov.br and send".');

      const opcional = await enviarFormulario(s.url, 'teste-assinatura-opcional', RESPOSTAS_VALIDAS);
      assert.equal(opcional.status, 201);
      const [f] = await s.db.query<{ assinatura: unknown }>('select assinatura from formulario where protocolo = $1', [opcional.json.protocolo]);
      assert.deepEqual(f.assinatura, { situacao: 'SEM_ASSINATURA' });
      const pdf = Buffer.from(await (await fetch(`${s.url}${opcional.json.comprovante.url}`)).arrayBuffer());
      assert.match(spawnSync('pdftotext', [arquivo('opcional.pdf', pdf), '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' '), /Enviado sem a assinatura gov\.br do requerente/);
      assert.equal((await publico('GET', '/assinaturas/inexistente-0000')).status, 404);
    });
  });
}
