import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { spawn } from 'node:child_process';
import { esperarAte } from '../apoio/receptor';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { bancosDeTeste, clienteApi, deEndereco, entrarComo, portaLivre, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import { docx, pdf, zip } from '../apoio/arquivos';
import { LIMITES_PADRAO } from '../../src/server/api/rotas/contextoPublico';
import { apagarRascunhosExpirados } from '../../src/server/api/rotas/rascunhos';
import { abrirCaixaDeEmails, type CaixaDeEmails } from '../../demo/server/email/caixaDemo';
import type { Definicao } from '../../src/forms/definicao';
import { PORTAIS } from '../../demo/server/portaisCidadao';

/**
 * Issue 33, probed as an attacker would, each one a test that failed before its fix: a document that
 * held the process, citizens' tokens of another application, writes past the per-address limit, storage
 * and mail as weapons, files that are not what they say, the journey written by anyone (in
 * rascunhos-emails), archived drafts, and the security headers of every page.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;
// What these tests prove is the event loop staying free and a document's cost, not the documents' time limit: on a
// machine kept busy by other work (issue 39), the largest document must not be cut at the default 10 s.
process.env.PDF_TEMPO_LIMITE_MS = '120000';
const JSON_CT = { 'content-type': 'application/json' };

/** Fifteen long answers of 64,000 characters without a space: the largest document a submission can make (1 MiB body, 64 KB per answer). */
const PERGUNTAS_LONGAS = 15;
const DEFINICAO_LONGA: Definicao = {
  secoes: [{ id: 'relatos', titulo: 'Relatos', campos: Array.from({ length: PERGUNTAS_LONGAS }, (_, i) => ({ id: `relato${i}`, tipo: 'texto-longo' as const, rotulo: `Relato ${i + 1}`, obrigatorio: false, regras: [{ tipo: 'maxLength' as const, max: 65_000 }] })) }],
};

for (const banco of await bancosDeTeste()) {
  describe(`na internet (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-longo', null, {}, DEFINICAO_LONGA);
      await modeloPublicado(admin, 'teste-arquivos', null);
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    /** How long the same small request takes on this machine right now, with nothing else asked of the server (its 95th percentile of 20). */
    async function latenciaDeBase(): Promise<number> {
      const tempos: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await (await fetch(`${s.url}/api/publico/modelos/nenhum-modelo`)).arrayBuffer();
        tempos.push(performance.now() - t);
      }
      return tempos.sort((a, b) => a - b)[18];
    }

    test('o maior documento possível é feito fora do laço de eventos: as outras requisições respondem em menos de 100 ms (95% delas; nenhuma presa) durante todo ele', async () => {
      // 100 ms on an idle machine; on a busy one, four times what the same request takes there without any document
      // (a document on the event loop holds every request for its whole time: seconds).
      const limite = Math.max(100, 4 * (await latenciaDeBase()));
      const respostas = Object.fromEntries(Array.from({ length: PERGUNTAS_LONGAS }, (_, i) => [`relato${i}`, String.fromCharCode(97 + i).repeat(64_000)]));
      const r = await enviarFormulario(s.url, 'teste-longo', respostas);
      assert.equal(r.status, 201, JSON.stringify(r.json).slice(0, 300));
      const [{ id }] = await s.db.query<{ id: string }>('select id::text from formulario where protocolo = $1', [r.json.protocolo]);
      // The other requests come from a process of their own (issue 49): a client in this process, which also runs
      // the server, froze with a held event loop and measured nothing (3 answers, 6 ms, while the document took 5 s).
      const sonda = spawn(process.execPath, ['test/apoio/sonda.mjs', `${s.url}/api/publico/modelos/nenhum-modelo`], { stdio: ['pipe', 'pipe', 'inherit'] });
      let saida = '';
      sonda.stdout!.on('data', (d) => (saida += d));
      await esperarAte(() => saida.includes('pronta'), 10_000, 'a sonda');
      const inicio = Date.now();
      const pdfr = await admin('GET', `/formularios/${id}/pdf`);
      const fim = Date.now();
      sonda.stdin!.end();
      await new Promise((ok) => sonda.once('exit', ok));
      assert.equal(pdfr.status, 200);
      assert.ok(fim - inicio > 200, 'the document took long enough to overlap the other requests');
      const amostras = saida.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { inicio: number; ms: number; status: number });
      // Every answer asked while the document was being built (one asked before may end within it; it counts too).
      const durante = amostras.filter((a) => a.inicio + a.ms >= inicio && a.inicio <= fim);
      assert.ok(durante.every((a) => a.status === 404), JSON.stringify(durante.filter((a) => a.status !== 404)));
      const tempos = durante.map((a) => a.ms);
      // The document's time is covered by answers: a held loop leaves it empty (few answers, one of them seconds long).
      assert.ok(tempos.length >= Math.min(20, (fim - inicio) / 100), `${tempos.length} requests answered in the ${fim - inicio} ms of the document`);
      // Most answers within the limit, and none held for anything like the document's time (on the event loop, the
      // largest document holds every request for seconds): one slow answer among hundreds is the busy machine's.
      const ordenados = [...tempos].sort((x, y) => x - y);
      const p95 = ordenados[Math.floor(ordenados.length * 0.95)];
      assert.ok(p95 < limite, `95% of the answers while the PDF was built within ${p95.toFixed(0)} ms (${tempos.length} requests; limit ${limite.toFixed(0)} ms)`);
      assert.ok(ordenados.at(-1)! < Math.max(1000, limite), `the slowest answer took ${ordenados.at(-1)!.toFixed(0)} ms`);
    });

    test('o comprovante da maior resposta aceita sai em menos de um segundo; uma resposta acima do padrão é recusada', async () => {
      /** A receipt's time and bytes. */
      const comprovante = async (respostas: Record<string, string>) => {
        const r = await enviarFormulario(s.url, 'teste-longo', respostas);
        assert.equal(r.status, 201);
        const t = performance.now();
        const c = await fetch(`${s.url}${r.json.comprovante.url}`);
        const bytes = Buffer.from(await c.arrayBuffer());
        assert.equal(c.status, 200);
        assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
        return performance.now() - t;
      };
      // A one-line receipt, twice (the first starts the PDF workers): what a receipt costs on this machine now.
      await comprovante({ relato0: 'x' });
      const pequeno = await comprovante({ relato0: 'x' });
      const ms = await comprovante({ relato0: 'x'.repeat(64_000) });
      // Under a second on an idle machine; on a busy one, at most ten one-line receipts' time (a layout that grew
      // with the square of the text took tens of seconds).
      const limite = Math.max(1000, 10 * pequeno);
      assert.ok(ms < limite, `receipt in ${ms.toFixed(0)} ms (a one-line receipt: ${pequeno.toFixed(0)} ms; limit ${limite.toFixed(0)} ms)`);
      // A question without a maximum length now has the type's default (500 for a line of text).
      const longo = await enviarFormulario(s.url, 'teste-arquivos', { ...RESPOSTAS_VALIDAS, relato: 'y'.repeat(5001) });
      assert.equal(longo.status, 400);
      assert.deepEqual(longo.json.errors, [{ field: 'respostas.relato', message: 'Este campo deve ter no máximo 5000 caracteres.' }]);
    });

    test('rascunhos conferidos como respostas (parciais) e limitados no todo; rascunho de modelo arquivado: 410 e a retenção o apaga', async () => {
      const criar = (respostas: Record<string, unknown>) => fetch(`${s.url}/api/publico/modelos/teste-arquivos/rascunhos`, { method: 'POST', headers: JSON_CT, body: JSON.stringify({ respostas }) });
      const parcial = await criar({ nome: 'Ana' });
      assert.equal(parcial.status, 201, 'incomplete is fine: nothing is required in a draft');
      const tipos = await criar({ cpf: '1'.repeat(20_000), copias: '99', tipo: 'z' });
      assert.equal(tipos.status, 400);
      assert.deepEqual(((await tipos.json()).errors as { field: string }[]).map((e) => e.field).sort(), ['respostas.copias', 'respostas.cpf', 'respostas.tipo']);
      const enorme = await criar({ cpf: '1'.repeat(70_000) });
      assert.equal(enorme.status, 413);
      const antes = await s.db.query<{ n: number }>(`select count(*)::int as n from rascunho where codigo_servico = 'teste-arquivos'`);
      assert.equal(antes[0].n, 1, 'the refused drafts wrote nothing');

      await modeloPublicado(admin, 'teste-arquivado', null);
      const salvo = await (await fetch(`${s.url}/api/publico/modelos/teste-arquivado/rascunhos`, { method: 'POST', headers: JSON_CT, body: JSON.stringify({ respostas: { nome: 'Bia' } }) })).json();
      assert.equal((await admin('POST', '/modelos/teste-arquivado/arquivamento')).status, 200);
      const aberto = await fetch(`${s.url}/api/publico/rascunhos/${salvo.codigo}`);
      assert.equal(aberto.status, 410);
      assert.equal((await aberto.json()).detail, 'Este formulário foi encerrado e não aceita mais respostas.');
      const salvar = await fetch(`${s.url}/api/publico/rascunhos/${salvo.codigo}`, { method: 'PUT', headers: JSON_CT, body: JSON.stringify({ respostas: { nome: 'Bia' }, email: 'bia@exemplo.com' }) });
      assert.equal(salvar.status, 410);
      await apagarRascunhosExpirados(s.db, 100);
      assert.deepEqual(await s.db.query(`select id from rascunho where codigo_servico = 'teste-arquivado'`), []);
    });

    test('arquivos: o nome leva a extensão do tipo detectado; pacotes de escritório de verdade; ZIP que se expande demais recusado; download com nosniff e attachment', async () => {
      const subir = (nome: string, corpo: Buffer) => fetch(`${s.url}/api/publico/modelos/teste-arquivos/anexos?campo=anexo&nome=${encodeURIComponent(nome)}`, { method: 'POST', body: new Uint8Array(corpo) });
      const poly = await subir('poly.html', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('<html><script>alert(1)</script></html>')]));
      assert.equal(poly.status, 201);
      const enviadoPoly = await poly.json();
      assert.equal(enviadoPoly.nome, 'poly.pdf');
      const exe = await subir('setup.exe', pdf(2000));
      assert.equal((await exe.json()).nome, 'setup.pdf');
      const word = await subir('ferramenta.jar', await docx());
      assert.equal(word.status, 201);
      assert.deepEqual(await word.json().then((j) => [j.nome, j.tipo]), ['ferramenta.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);
      const jar = await subir('ferramenta.docx', await zip([['word/', ''], ['META-INF/MANIFEST.MF', 'Main-Class: Ferramenta\n'], ['Ferramenta.class', Buffer.alloc(200, 1)]]));
      assert.equal(jar.status, 415, 'a ZIP whose first entry is word/ is not a Word document');
      const bomba = await zip([['[Content_Types].xml', '<Types/>'], ['word/document.xml', Buffer.alloc(200 * 1024 * 1024)]]);
      assert.ok(bomba.length < 300 * 1024, `${bomba.length} bytes`);
      const r = await subir('relatorio.docx', bomba);
      assert.equal(r.status, 415);
      assert.match((await r.json()).detail, /grande demais depois de descompactado/);
      const anexos = await s.db.query<{ nome: string }>(`select nome from anexo where codigo_servico = 'teste-arquivos' order by nome`);
      assert.deepEqual(anexos.map((a) => a.nome), ['ferramenta.docx', 'poly.pdf', 'setup.pdf'], 'nothing of the refused ones stays');

      const id = enviadoPoly.id as string;
      const enviado = await enviarFormulario(s.url, 'teste-arquivos', { ...RESPOSTAS_VALIDAS, anexo: { anexo: id } });
      assert.equal(enviado.status, 201, JSON.stringify(enviado.json));
      const [{ fid }] = await s.db.query<{ fid: string }>('select id::text as fid from formulario where protocolo = $1', [enviado.json.protocolo]);
      const { access_token } = await entrarComo(s.url, 'admin');
      const baixado = await fetch(`${s.url}/api/formularios/${fid}/anexos/${id}`, { headers: { authorization: `Bearer ${access_token}` } });
      assert.equal(baixado.status, 200);
      assert.equal(baixado.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(baixado.headers.get('content-type'), 'application/pdf');
      assert.match(baixado.headers.get('content-disposition') ?? '', /^attachment; filename="poly\.pdf"/);
      assert.match(Buffer.from(await baixado.arrayBuffer()).toString('latin1'), /^%PDF-1\.7\n<html>/, 'the bytes as sent');
    });
  });
}

test('o limite documentado, como vem: 120 requisições por minuto de um endereço, a 121ª com 429 e Retry-After', async () => {
  // Issue 49: the bursts below use a limit of 5; the default README documents is asserted once as it ships.
  assert.equal(LIMITES_PADRAO.porEnderecoPorMinuto, 120);
  const s = await subirServidor({ limitesPublico: LIMITES_PADRAO });
  try {
    const status: number[] = [];
    for (let i = 0; i < 123; i++) status.push((await deEndereco('127.0.8.1', `${s.url}/api/publico/modelos`)).status);
    assert.deepEqual([status.slice(0, 120).every((x) => x === 200), status.slice(120)], [true, [429, 429, 429]]);
    const recusada = await deEndereco('127.0.8.1', `${s.url}/api/publico/modelos`);
    assert.match(String(recusada.headers['retry-after']), /^\d+$/);
    assert.equal((await deEndereco('127.0.8.2', `${s.url}/api/publico/modelos`)).status, 200, 'another address is not held back');
  } finally {
    await s.fechar();
  }
});

describe('limites por endereço em toda rota do cidadão, cotas de anexos e e-mails por destinatário', () => {
  let s: ServidorTeste;
  let admin: Cliente;
  let caixa: CaixaDeEmails;
  const LIMITE = 5;

  before(async () => {
    caixa = await abrirCaixaDeEmails();
    s = await subirServidor({
      limitesPublico: { ...LIMITES_PADRAO, porEnderecoPorMinuto: LIMITE, porModeloPorMinuto: 1000, tokenDemoPorMinuto: 1000, anexosMbPorEnderecoPorHora: 1, anexosMbPorModeloPorHora: 2, emailsRascunhoPorDestinatarioPorHora: 3 },
      email: { de: 'Console <nao-responda@formularios.localhost>', caixaDemo: false, esperasS: [1], intervaloMs: 100, lote: 10, timeoutMs: 5000, smtpUrl: caixa.url },
    });
    // The set-up's own calls come from 127.0.0.1; each burst below from its own address.
    admin = await clienteApi(s.url, 'admin');
    await modeloPublicado(admin, 'teste-rajada', null);
  });
  after(async () => {
    await s.fechar();
    await caixa.fechar();
  });

  const contarLinhas = async () => (await s.db.query<{ f: number; a: number; r: number }>(`select (select count(*) from formulario where codigo_servico = 'teste-rajada')::int as f, (select count(*) from anexo where codigo_servico = 'teste-rajada')::int as a, (select count(*) from rascunho where codigo_servico = 'teste-rajada')::int as r`))[0];

  test('uma rajada a cada rota de escrita, de um endereço: 429 com Retry-After depois do número documentado, nada gravado pela metade', async () => {
    const rascunho = (await (await fetch(`${s.url}/api/publico/modelos/teste-rajada/rascunhos`, { method: 'POST', headers: JSON_CT, body: JSON.stringify({ respostas: {} }) })).json()).codigo as string;
    const rotas: [string, string, string, () => string | Buffer | undefined, Record<string, string>][] = [
      ['envio', 'POST', '/modelos/teste-rajada/formularios', () => JSON.stringify({ respostas: RESPOSTAS_VALIDAS }), JSON_CT],
      ['anexo', 'POST', '/modelos/teste-rajada/anexos?campo=anexo&nome=a.pdf', () => pdf(1000), {}],
      ['rascunho novo', 'POST', '/modelos/teste-rajada/rascunhos', () => JSON.stringify({ respostas: { nome: 'Ana' } }), JSON_CT],
      ['rascunho salvo', 'PUT', `/rascunhos/${rascunho}`, () => JSON.stringify({ respostas: { nome: 'Ana' } }), JSON_CT],
      ['rascunho apagado', 'DELETE', '/rascunhos/inexistente', () => undefined, {}],
      ['jornada', 'POST', '/modelos/teste-rajada/jornada', () => JSON.stringify({ evento: 'INICIADO' }), JSON_CT],
      ['token de demonstração', 'POST', '/token-demo', () => JSON.stringify({ cpf: '52998224725' }), JSON_CT],
      ['comprovante', 'GET', '/comprovantes/2026.000000001?codigo=AAAA-BBBB-CCCC', () => undefined, {}],
    ];
    for (const [i, [nome, metodo, caminho, corpo, cabecalhos]] of rotas.entries()) {
      const antes = await contarLinhas();
      const respostas = [];
      for (let n = 0; n < LIMITE + 3; n++) respostas.push(await deEndereco(`127.0.1.${i + 1}`, `${s.url}/api/publico${caminho}`, { method: metodo, headers: cabecalhos, body: corpo() }));
      const recusadas = respostas.filter((r) => r.status === 429);
      assert.equal(recusadas.length, 3, `${nome}: ${respostas.map((r) => r.status).join(',')}`);
      assert.ok(respostas.slice(0, LIMITE).every((r) => r.status !== 429), nome);
      for (const r of recusadas) {
        assert.match(String(r.headers['retry-after']), /^\d+$/, nome);
        assert.match(r.json.detail, /^Muitas requisições seguidas\. Tente de novo em \d+ s\.$/, nome);
      }
      const depois = await contarLinhas();
      const criadas = respostas.filter((r) => r.status === 201).length;
      const mudou = depois.f - antes.f + (depois.a - antes.a) + (metodo === 'POST' && nome === 'rascunho novo' ? depois.r - antes.r : 0);
      if (['envio', 'anexo', 'rascunho novo'].includes(nome)) assert.equal(mudou, criadas, `${nome}: every 201 stored, nothing else`);
    }
  });

  test('anexos não usados: cota de bytes por endereço e por modelo numa hora (429 em pt-BR, nada guardado)', async () => {
    const subir = (endereco: string, kb: number) => deEndereco(endereco, `${s.url}/api/publico/modelos/teste-rajada/anexos?campo=anexo&nome=a.pdf`, { method: 'POST', body: pdf(kb * 1024) });
    const antes = await contarLinhas();
    assert.equal((await subir('127.0.2.1', 600)).status, 201);
    const segundo = await subir('127.0.2.1', 600);
    assert.equal(segundo.status, 429);
    assert.match(segundo.json.detail, /^Você já enviou arquivos demais na última hora \(até 1 MB por hora\)\. Tente de novo em \d+ min\.$/);
    assert.equal((await subir('127.0.2.2', 900)).status, 201);
    const modelo = await subir('127.0.2.3', 900);
    assert.equal(modelo.status, 429, 'the model had its 2 MB this hour');
    assert.match(modelo.json.detail, /^Este formulário está recebendo arquivos demais agora/);
    assert.equal((await contarLinhas()).a - antes.a, 2);
  });

  test('links de rascunho por e-mail: no máximo três por caixa postal por hora, como quer que se escreva; o rascunho é salvo mesmo assim', async () => {
    const rascunho = (i: number, email: string) => deEndereco(`127.0.3.${i + 1}`, `${s.url}/api/publico/modelos/teste-rajada/rascunhos`, { method: 'POST', headers: JSON_CT, body: JSON.stringify({ respostas: {}, email }) });
    // Issue 50: a quoted or escaped local part reaches the same mailbox; it is refused as an address.
    for (const [i, email] of ['"vitima"@exemplo.com', '"v\\itima"@exemplo.com', 'vitima\\@exemplo.com'].entries()) {
      const r = await rascunho(10 + i, email);
      assert.equal(r.status, 400, `${email}: ${JSON.stringify(r.json)}`);
    }
    // Case and a +tag are the same mailbox: counted together.
    const respostas = [];
    for (const [i, email] of ['Vitima@Exemplo.com', 'vitima+1@exemplo.com', 'VITIMA+promo@exemplo.com', 'vitima@exemplo.com', 'vitima+2@EXEMPLO.com'].entries()) respostas.push(await rascunho(i, email));
    assert.deepEqual(respostas.map((r) => r.status), [201, 201, 201, 201, 201]);
    assert.deepEqual(respostas.map((r) => r.json.emailEnviado), [true, true, true, false, false]);
    const fila = await s.db.query<{ n: number }>(`select count(*)::int as n from envio_email where tipo = 'RASCUNHO' and lower(para) like 'vitima%@exemplo.com'`);
    assert.equal(fila[0].n, 3);
  });
});

describe('tokens de cidadão de outra aplicação do mesmo provedor', () => {
  let s: ServidorTeste;
  let jwks: Server;
  let assinar: (claims: Record<string, unknown>) => Promise<string>;
  const EMISSOR = 'https://sso.cidadao.exemplo/realms/cidadaos';

  before(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
    const porta = await portaLivre();
    await new Promise<void>((ok) => jwks.listen(porta, '127.0.0.1', ok));
    assinar = (claims) => new SignJWT({ cpf: '52998224725', ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuedAt(typeof claims.iat === 'number' ? claims.iat : undefined).setExpirationTime('2h').sign(privateKey);
    s = await subirServidor({ cidadao: { jwksUrl: `http://127.0.0.1:${porta}/certs`, emissor: EMISSOR, audiencia: 'formularios-portal', claimCpf: 'cpf' } });
  });
  after(async () => {
    await s.fechar();
    await new Promise((ok) => jwks.close(ok));
  });

  test('outra audiência, outro emissor, outro azp ou emitido no futuro: 401 dizendo por quê; o token deste serviço passa', async () => {
    const publicos = (await (await fetch(`${s.url}/api/publico/modelos`)).json()) as { codigoServico: string; restrito: boolean }[];
    const modelo = publicos.find((m) => !m.restrito)!.codigoServico;
    const enviar = async (claims: Record<string, unknown>) => enviarFormulario(s.url, modelo, {}, { authorization: `Bearer ${await assinar(claims)}` });
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ iss: EMISSOR, aud: 'outra-aplicacao' }, /emitida para outra aplicação/],
      [{ iss: 'https://sso.outro.exemplo/realms/x', aud: 'formularios-portal' }, /emitida por outro provedor/],
      [{ iss: EMISSOR, aud: 'formularios-portal', azp: 'outra-aplicacao' }, /emitida para outra aplicação/],
      // Issue 50: issued an hour ahead (a forged or mis-clocked token) was accepted; a few seconds of skew only.
      [{ iss: EMISSOR, aud: 'formularios-portal', azp: 'formularios-portal', iat: Math.floor(Date.now() / 1000) + 3600 }, /emitida no futuro/],
      [{ iss: EMISSOR, aud: 'formularios-portal', azp: 'formularios-portal', iat: Math.floor(Date.now() / 1000) + 60 }, /emitida no futuro/],
    ];
    for (const [claims, motivo] of casos) {
      const r = await enviar(claims);
      assert.equal(r.status, 401, JSON.stringify(claims));
      assert.match(r.json.detail, motivo);
    }
    // This service's own token gets past identification (the model's own checks come next: 400 for the empty answers).
    const proprio = await enviar({ iss: EMISSOR, aud: 'formularios-portal', azp: 'formularios-portal' });
    assert.equal(proprio.status, 400, JSON.stringify(proprio.json));
    // Two seconds ahead is a clock's ordinary skew.
    assert.equal((await enviar({ iss: EMISSOR, aud: 'formularios-portal', azp: 'formularios-portal', iat: Math.floor(Date.now() / 1000) + 2 })).status, 400);
    assert.equal((await fetch(`${s.url}/api/publico/token-demo`, { method: 'POST', headers: JSON_CT, body: '{"cpf":"52998224725"}' })).status, 404, 'no demo tokens with a real provider');
  });
});

describe('cabeçalhos de segurança em toda página e na API', () => {
  let s: ServidorTeste;
  before(async () => {
    s = await subirServidor({ email: { de: 'x <x@formularios.localhost>', caixaDemo: true, esperasS: [1], intervaloMs: 1000, lote: 1, timeoutMs: 1000 }, pspDemo: true });
  });
  after(() => s.fechar());

  test('nosniff, no-referrer, sem moldura de outro site (X-Frame-Options e frame-ancestors), CSP em cada página; a API legível por outra origem só por CORS', async () => {
    const auth = `/realms/demo/protocol/openid-connect/auth?${new URLSearchParams({ client_id: 'console-formularios', redirect_uri: `${s.url}/`, state: 's', response_mode: 'fragment', response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`;
    // Every page the demo serves (issue 49: the portal pages, /demo/pix and silent-check-sso.html were not checked).
    const paginas = ['/', '/index.html', '/console/formularios', '/cidadao.html', '/cidadao/portais.html', ...PORTAIS.map((x) => `/cidadao/portal-${x}.html`), '/incorporado.html', '/silent-check-sso.html', auth, '/demo/emails', '/demo/receptor', '/demo/pix'];
    const api = ['/api/openapi.json', '/api/publico/modelos', '/api/modelos', '/api/nada', '/dist/console-formularios.js'];
    for (const caminho of [...paginas, ...api]) {
      const r = await fetch(`${s.url}${caminho}`);
      assert.ok(r.status < 500, `${caminho}: ${r.status}`);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff', caminho);
      assert.equal(r.headers.get('referrer-policy'), 'no-referrer', caminho);
      assert.equal(r.headers.get('x-frame-options'), 'SAMEORIGIN', caminho);
      assert.match(r.headers.get('strict-transport-security') ?? '', /max-age=\d+/, caminho);
      const csp = r.headers.get('content-security-policy') ?? '';
      assert.match(csp, /frame-ancestors '(self|none)'/, `${caminho}: ${csp}`);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, caminho);
      if (caminho.startsWith('/api/') || caminho.startsWith('/dist/')) assert.equal(r.headers.get('cross-origin-resource-policy'), 'cross-origin', caminho);
    }
    // The GOV.UK portal page's fonts, where its CSS asks for them (issue 50: 404).
    const css = await (await fetch(`${s.url}/vendor/govuk-frontend.min.css`)).text();
    const fontes = [...css.matchAll(/url\((\/assets\/fonts\/[^)]+)\)/g)].map((m) => m[1]);
    assert.ok(fontes.length >= 2, css.slice(0, 200));
    for (const f of fontes) {
      const r = await fetch(`${s.url}${f}`);
      assert.deepEqual([f, r.status, r.headers.get('content-type')], [f, 200, f.endsWith('.woff2') ? 'font/woff2' : 'font/woff']);
    }
    // The embedded provider's sign-in page: its own CSP, framed by nobody.
    const login = await fetch(`${s.url}${auth}`);
    assert.match(login.headers.get('content-security-policy') ?? '', /^default-src 'none'; style-src 'sha256-[^']+'; frame-ancestors 'none'/);
    // The demo's strict page CSP is kept (no script but its own).
    assert.match((await fetch(`${s.url}/`)).headers.get('content-security-policy') ?? '', /script-src 'self'; style-src 'self'/);
  });
});
