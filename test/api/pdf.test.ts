import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bancosDeTeste, clienteApi, deEndereco, entrarComo, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario } from '../apoio/entregas';
import type { Definicao } from '../../src/forms/definicao';

/**
 * "Baixar PDF" (issue 15): the PDF, read back as text with Debian's pdftotext, holds the protocol, the
 * labels and the answers with their accents; personal data masked unless asked for with the permission;
 * content-control groups apply; each download is an event. The first page, rendered with pdftoppm, is
 * kept in test-results/ for review.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

const DEF: Definicao = {
  secoes: [
    {
      id: 'requerente',
      titulo: 'Identificação do requerente',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [], requerente: 'nome' },
        { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], requerente: 'cpf' },
        { id: 'municipio', tipo: 'escolha-unica', rotulo: 'Município', obrigatorio: true, regras: [], opcoes: [{ valor: 'sjc', rotulo: 'São José dos Campos' }, { valor: 'sp', rotulo: 'São Paulo' }] },
      ],
    },
    {
      id: 'pedido',
      titulo: 'Solicitação',
      campos: [
        { id: 'motivo', tipo: 'texto-longo', rotulo: 'Descrição da situação', obrigatorio: true, regras: [] },
        { id: 'urgencia', tipo: 'texto', rotulo: 'Por que é urgente?', obrigatorio: false, regras: [], condicao: { juncao: 'todas', criterios: [{ campo: 'motivo', operador: 'igual', valor: 'urgente' }] } },
      ],
    },
  ],
};
const RESPOSTAS = { nome: 'João Conceição Araújo', cpf: '529.982.247-25', municipio: 'sjc', motivo: 'Ação de manutenção na calçada, próxima à praça.' };

const texto = (pdf: Buffer) => {
  const pasta = mkdtempSync(join(tmpdir(), 'cf-pdf-'));
  writeFileSync(join(pasta, 'f.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(pasta, 'f.pdf'), '-'], { encoding: 'utf8' });
};

for (const banco of await bancosDeTeste()) {
  describe(`PDF de um formulário (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    let tokens: Record<'admin' | 'gestor', string>;
    let id: string;
    let protocolo: string;
    let comprovante: { codigoVerificacao: string; url: string };

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      admin = await clienteApi(s.url, 'admin');
      tokens = { admin: (await entrarComo(s.url, 'admin')).access_token, gestor: (await entrarComo(s.url, 'gestor')).access_token };
      const grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
      const corpo = { nome: 'Manutenção de calçadas', grupoControleConteudoId: grupo };
      assert.equal((await admin('POST', '/modelos', { codigoServico: 'teste-pdf', ...corpo })).status, 201);
      assert.equal((await admin('PUT', '/modelos/teste-pdf', { ...corpo, definicao: DEF, versao: 1 })).status, 200);
      assert.equal((await admin('POST', '/modelos/teste-pdf/versoes')).status, 201);
      const r = await enviarFormulario(s.url, 'teste-pdf', RESPOSTAS);
      assert.equal(r.status, 201, JSON.stringify(r.json));
      protocolo = r.json.protocolo;
      comprovante = r.json.comprovante;
      [{ id }] = await s.db.query<{ id: string }>('select id::text from formulario where protocolo = $1', [protocolo]);
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    const baixar = async (token: string, consulta = '', formulario = id) => {
      const r = await fetch(`${s.url}/api/formularios/${formulario}/pdf${consulta}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: r.status, headers: r.headers, corpo: Buffer.from(await r.arrayBuffer()) };
    };

    test('o PDF traz modelo, versão, protocolo, situação, rótulos e respostas com acentos; dados pessoais mascarados; vira evento', async () => {
      const r = await baixar(tokens.gestor);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'application/pdf');
      assert.match(r.headers.get('content-disposition')!, /^attachment; filename="formulario-\d+\.pdf"$/);
      assert.equal(r.corpo.subarray(0, 5).toString(), '%PDF-');
      const t = texto(r.corpo);
      for (const esperado of ['Manutenção de calçadas', protocolo, 'Versão do modelo: 1', 'Situação: Recebido', 'Identificação do requerente', 'Município', 'São José dos Campos', 'Descrição da situação', 'Ação de manutenção na calçada, próxima à praça.', 'Dados pessoais mascarados.', 'Gerado em', 'por gestor']) {
        assert.ok(t.includes(esperado), `"${esperado}" no PDF:\n${t}`);
      }
      assert.ok(!t.includes('João Conceição Araújo') && !t.includes('529.982.247-25'), 'no personal data in clear');
      assert.ok(t.includes('***.982.247-**'), `the CPF masked as on screen:\n${t}`);
      assert.ok(!t.includes('Por que é urgente?'), 'a question the citizen never saw is left out');
      const eventos = await s.db.query<{ autor: string; detalhes: { dadosPessoais: boolean } }>(`select autor, detalhes from formulario_evento where formulario_id = $1 and tipo = 'PDF_BAIXADO'`, [id]);
      assert.deepEqual(eventos, [{ autor: 'gestor', detalhes: { dadosPessoais: false } }]);
      // The first page, for whoever reviews the layout.
      const saida = join('test-results', 'pdf');
      mkdirSync(saida, { recursive: true });
      const pasta = mkdtempSync(join(tmpdir(), 'cf-pdf-'));
      writeFileSync(join(pasta, 'f.pdf'), r.corpo);
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', join(pasta, 'f.pdf'), join(pasta, 'pagina')]);
      copyFileSync(join(pasta, 'pagina.png'), join(saida, `ficha-${banco.nome.toLowerCase()}.png`));
    });

    test('sem máscara só com READ_FORMULARIO_DADOS_PESSOAIS, e fica registrado', async () => {
      assert.equal((await baixar(tokens.gestor, '?dadosPessoais=true')).status, 403);
      const r = await baixar(tokens.admin, '?dadosPessoais=true');
      assert.equal(r.status, 200);
      const t = texto(r.corpo);
      assert.ok(t.includes('João Conceição Araújo') && t.includes('529.982.247-25'), t);
      assert.ok(!t.includes('Dados pessoais mascarados.'));
      const [e] = await s.db.query<{ detalhes: { dadosPessoais: boolean } }>(`select detalhes from formulario_evento where formulario_id = $1 and tipo = 'PDF_BAIXADO' and autor = 'admin'`, [id]);
      assert.deepEqual(e.detalhes, { dadosPessoais: true });
    });

    test('o comprovante do cidadão: PDF sem token pelo protocolo e o código, com as suas respostas e o código impresso', async () => {
      assert.match(comprovante.codigoVerificacao, /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      assert.equal(comprovante.url, `/api/publico/comprovantes/${protocolo}?codigo=${comprovante.codigoVerificacao}`);
      const r = await fetch(`${s.url}${comprovante.url}`);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'application/pdf');
      assert.equal(r.headers.get('cache-control'), 'no-store');
      const corpo = Buffer.from(await r.arrayBuffer());
      const t = texto(corpo);
      for (const esperado of ['Comprovante de envio', 'Manutenção de calçadas', protocolo, `Código de verificação: ${comprovante.codigoVerificacao}`, 'João Conceição Araújo', '529.982.247-25', 'São José dos Campos', 'Ação de manutenção na calçada, próxima à praça.']) {
        assert.ok(t.includes(esperado), `"${esperado}" no comprovante:\n${t}`);
      }
      assert.ok(!t.includes('Por que é urgente?'));
      const pasta = mkdtempSync(join(tmpdir(), 'cf-pdf-'));
      writeFileSync(join(pasta, 'c.pdf'), corpo);
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', join(pasta, 'c.pdf'), join(pasta, 'pagina')]);
      mkdirSync(join('test-results', 'pdf'), { recursive: true });
      copyFileSync(join(pasta, 'pagina.png'), join('test-results', 'pdf', `comprovante-${banco.nome.toLowerCase()}.png`));
      // A wrong code is as good as no receipt at all.
      const errado = comprovante.codigoVerificacao.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
      assert.equal((await fetch(`${s.url}/api/publico/comprovantes/${protocolo}?codigo=${errado}`)).status, 404);
      assert.equal((await fetch(`${s.url}/api/publico/comprovantes/2026.999999999?codigo=${comprovante.codigoVerificacao}`)).status, 404);
    });

    test('o servidor confere um comprovante no console: protocolo e código (como digitados) conferem ou não', async () => {
      const ok = await admin('GET', `/formularios/verificacao?protocolo=${protocolo}&codigo=${encodeURIComponent(comprovante.codigoVerificacao.toLowerCase().replace(/-/g, ' '))}`);
      assert.equal(ok.status, 200);
      assert.equal(ok.json.valido, true);
      assert.equal(ok.json.formulario.protocolo, protocolo);
      assert.equal(ok.json.formulario.cpfRequerente, '***.982.247-**', 'masked, as in the list');
      const nao = await admin('GET', `/formularios/verificacao?protocolo=${protocolo}&codigo=AAAA-AAAA-AAAA`);
      assert.deepEqual(nao.json, { valido: false });
      const [semCodigo] = await s.db.query<{ protocolo: string }>(`select protocolo from formulario where codigo_verificacao is null limit 1`);
      assert.deepEqual((await admin('GET', `/formularios/verificacao?protocolo=${semCodigo.protocolo}&codigo=AAAA-AAAA-AAAA`)).json, { valido: false }, 'a form received before receipts existed has none');
    });

    test('grupos de controle de conteúdo valem para o PDF; sem token, 401; formulário que não existe, 404', async () => {
      const [tributos] = await s.db.query<{ id: string }>(`select id::text from formulario where codigo_servico like 'tributos-%' order by id limit 1`);
      assert.equal((await baixar(tokens.gestor, '', tributos.id)).status, 403, 'gestor is not in the Tributos group');
      assert.equal((await baixar(tokens.admin, '', tributos.id)).status, 200);
      assert.equal((await fetch(`${s.url}/api/formularios/${id}/pdf`)).status, 401);
      assert.equal((await baixar(tokens.admin, '', '999999999')).status, 404);
    });

    test('a fila de PDFs é justa (issue 50): o mesmo comprovante pedido 70 vezes é feito uma vez; um endereço não segura a fila; a equipe passa na frente', async () => {
      // 70 at once for one receipt from one address: all served, from one build (the bytes carry the instant they were made).
      const rajada = await Promise.all(Array.from({ length: 70 }, () => deEndereco('127.0.50.1', `${s.url}${comprovante.url}`)));
      assert.deepEqual([...new Set(rajada.map((r) => r.status))], [200]);
      assert.equal(new Set(rajada.map((r) => r.json)).size, 1, 'one build served them all');

      // Receipts of other forms (each built anew).
      const outros: string[] = [];
      for (let i = 0; i < 18; i++) outros.push((await enviarFormulario(s.url, 'teste-pdf', { ...RESPOSTAS, motivo: `Pedido número ${i} da fila justa.` })).json.comprovante.url);
      // One address asking for six at once: at most PDF_POR_ORIGEM (2) of its own queued or being built; the rest told when to come back.
      const deUm = await Promise.all(outros.slice(0, 6).map((u) => deEndereco('127.0.50.2', `${s.url}${u}`)));
      const recusados = deUm.filter((r) => r.status === 503);
      assert.ok(deUm.filter((r) => r.status === 200).length >= 2 && recusados.length >= 1, deUm.map((r) => r.status).join(','));
      for (const r of recusados) {
        assert.equal(r.headers['retry-after'], '5');
        assert.equal(r.json.detail, 'Muitos PDFs sendo gerados agora. Tente de novo em alguns segundos.');
      }
      // Twelve citizens at once, and then a staff download: it goes ahead of the citizens still waiting. The exact order
      // is the queue's unit test (test/unit/fila-pdf.test.ts); here, that the API gives each request its class. Had the
      // staff's been queued as a citizen's, it would be done last; a receipt takes ~25 ms, so on a busy machine two or
      // three were done before the staff's request had passed its checks (it was once 4th of nine): the bound leaves room.
      const terminados: string[] = [];
      const cidadaos = outros.slice(6).map((u, i) => deEndereco(`127.0.51.${i + 1}`, `${s.url}${u}`).then((r) => (terminados.push(`cidadão ${r.status}`), r)));
      await new Promise((ok) => setTimeout(ok, 30));
      const equipe = baixar(tokens.admin).then((r) => (terminados.push(`equipe ${r.status}`), r));
      await Promise.all([...cidadaos, equipe]);
      assert.equal((await equipe).status, 200);
      assert.ok(terminados.indexOf('equipe 200') <= 6, terminados.join(', '));
      assert.deepEqual(terminados.filter((t) => t.startsWith('cidadão')), Array(12).fill('cidadão 200'), 'one each: nobody refused');
    });
  });
}
