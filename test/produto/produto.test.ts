import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bancosDeTeste, entrarComo, portaLivre, subirServidor } from '../apoio/servidor';
import { TODAS_PERMISSOES } from '../../src/access/permissoes';

/**
 * The product as README runs it (issue 48), not its sources: `npm start` on every Node.js README names (the
 * machine's own and the one CI runs on), and production from dist/ after `npm ci --omit=dev` in a fresh copy.
 * On each: a citizen's receipt PDF, a staff PDF, and (the demo) the confirmation e-mail with its PDF attached —
 * the PDF worker thread is what broke on Node 20 when it loaded a .ts file.
 * The suite builds first (test/run.mjs: `node demo/construir.mjs`).
 */
const RAIZ = join(import.meta.dirname, '../..');

const versao = (bin: string) => execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
/** This run's Node, and the machine's own when it is another version (NODE_DA_MAQUINA; /usr/bin/node). */
const NODES = (() => {
  const lista = [{ bin: process.execPath, versao: process.version }];
  const daMaquina = process.env.NODE_DA_MAQUINA ?? '/usr/bin/node';
  if (existsSync(daMaquina) && versao(daMaquina) !== process.version) lista.push({ bin: daMaquina, versao: versao(daMaquina) });
  return lista;
})();

const textoDoPdf = (pdf: Buffer) => {
  const pasta = mkdtempSync(join(tmpdir(), 'cf-produto-'));
  writeFileSync(join(pasta, 'f.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(pasta, 'f.pdf'), '-'], { encoding: 'utf8' });
};

/** Starts `args` with `bin` and waits for the line saying where it serves. */
async function subir(bin: string, args: string[], env: NodeJS.ProcessEnv, pronto: RegExp, cwd = RAIZ): Promise<{ p: ChildProcess; saida: () => string }> {
  const p = spawn(bin, args, { cwd, env: { ...process.env, LOG: 'off', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let saida = '';
  p.stdout!.on('data', (d) => (saida += d));
  p.stderr!.on('data', (d) => (saida += d));
  await new Promise<void>((ok, erro) => {
    const t = setTimeout(() => erro(new Error(`não subiu em 120 s:\n${saida}`)), 120_000);
    p.stdout!.on('data', () => pronto.test(saida) && (clearTimeout(t), ok()));
    p.once('exit', (c) => (clearTimeout(t), erro(new Error(`saiu com código ${c}:\n${saida}`))));
  });
  return { p, saida: () => saida };
}

const RESPOSTAS_AUXILIO = {
  nome: 'Maria da Conceição',
  cpf: '529.982.247-25',
  email: 'maria.conceicao@exemplo.com.br',
  estudantes: [{ 'nome-estudante': 'Ana da Conceição', 'nascimento-estudante': '2014-03-02', serie: 'fundamental', transporte: 'nao' }],
  'renda-familiar': '2000',
  beneficio: 'nao',
  aceite: ['verdade'],
};

async function enviar(base: string, codigo: string, respostas: unknown) {
  const r = await fetch(`${base}/api/publico/modelos/${codigo}/formularios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ respostas }) });
  const corpo = await r.json();
  assert.equal(r.status, 201, JSON.stringify(corpo));
  return corpo as { protocolo: string; comprovante: { url: string } };
}

async function pdf(url: string, token?: string): Promise<string> {
  const r = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const corpo = Buffer.from(await r.arrayBuffer());
  assert.equal(r.status, 200, `${url}: ${corpo.toString().slice(0, 300)}`);
  assert.equal(r.headers.get('content-type'), 'application/pdf');
  return textoDoPdf(corpo);
}

describe('a demonstração de `npm start` em cada Node que o README nomeia', () => {
  for (const node of NODES) {
    test(`${node.versao}: comprovante do cidadão, PDF da equipe e o e-mail de confirmação com o PDF anexo`, async () => {
      const pasta = mkdtempSync(join(tmpdir(), 'cf-demo-node-'));
      const porta = await portaLivre();
      const base = `http://localhost:${porta}`;
      const demo = await subir(node.bin, ['demo/iniciar.mjs'], { PORT: String(porta), DATA_DIR: pasta, INTEGRACAO_DNS: 'local' }, /\(demonstração\) em/);
      try {
        if (node.versao.startsWith('v20.')) assert.match(demo.saida(), /AVISO: o Node\.js 20\.\d+\.\d+ passou do fim do suporte/);
        const { protocolo, comprovante } = await enviar(base, 'educacao-auxilio-familia', RESPOSTAS_AUXILIO);
        // The citizen's receipt.
        const recibo = await pdf(`${base}${comprovante.url}`);
        for (const esperado of ['Comprovante de envio', 'Auxílio Família na Escola', protocolo, 'Maria da Conceição']) assert.ok(recibo.includes(esperado), `"${esperado}" no comprovante:\n${recibo}`);
        // The staff PDF, downloaded by a signed-in administrator.
        const { access_token: token } = await entrarComo(base, 'admin');
        const lista = await fetch(`${base}/api/formularios?protocolo=${protocolo}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<{ id: string; protocolo: string }[]>);
        const formulario = lista.find((f) => f.protocolo === protocolo);
        assert.ok(formulario, JSON.stringify(lista));
        const ficha = await pdf(`${base}/api/formularios/${formulario.id}/pdf`, token);
        assert.ok(ficha.includes(protocolo) && ficha.includes('Renda mensal da família'), ficha);
        // The confirmation e-mail reached the demo's mailbox with the receipt attached.
        type Email = { id: number; para: string[]; assunto: string; anexos: { nome: string; tipo: string }[] };
        let email: Email | undefined;
        for (let i = 0; i < 100 && !email; i++) {
          const caixa = (await fetch(`${base}/demo/emails.json`).then((r) => r.json())) as Email[];
          email = caixa.find((e) => e.para.includes(RESPOSTAS_AUXILIO.email) && e.assunto.includes(protocolo));
          if (!email) await new Promise((ok) => setTimeout(ok, 200));
        }
        assert.ok(email, `sem e-mail de confirmação:\n${demo.saida()}`);
        assert.equal(email.anexos.length, 1, JSON.stringify(email.anexos));
        const anexo = Buffer.from(await (await fetch(`${base}/demo/emails/${email.id}/anexos/0`)).arrayBuffer());
        assert.ok(textoDoPdf(anexo).includes(protocolo), 'the attachment is the receipt');
        assert.doesNotMatch(demo.saida(), /ERR_UNKNOWN_FILE_EXTENSION|Erro interno/);
      } finally {
        demo.p.kill('SIGTERM');
        await new Promise((ok) => demo.p.once('exit', ok));
        rmSync(pasta, { recursive: true, force: true });
      }
    });
  }
});

describe('a produção a partir de dist/, depois de `npm ci --omit=dev` numa cópia nova', () => {
  const limpar: (() => Promise<void> | void)[] = [];
  after(async () => {
    for (const f of limpar.reverse()) await f();
  });

  test('instala só as dependências de produção; serve o comprovante e o PDF da equipe sem transpilador', async (t) => {
    const pg = (await bancosDeTeste()).find((b) => b.url);
    if (!pg) return t.skip('sem PostgreSQL: a produção exige DATABASE_URL');
    limpar.push(() => pg.descartar?.());
    // A copy holding what a deployment takes: package.json, the lock file and dist/ (no src, no demo, no test).
    const copia = mkdtempSync(join(tmpdir(), 'cf-producao-'));
    limpar.push(() => rmSync(copia, { recursive: true, force: true }));
    for (const f of ['package.json', 'package-lock.json']) cpSync(join(RAIZ, f), join(copia, f));
    cpSync(join(RAIZ, 'dist'), join(copia, 'dist'), { recursive: true });
    const npm = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: copia, encoding: 'utf8' });
    assert.equal(npm.status, 0, npm.stderr);
    for (const ausente of ['tsx', 'smtp-server', 'mailparser', '@electric-sql/pglite', 'react', '@blueprintjs/core', 'esbuild', 'typescript']) {
      assert.ok(!existsSync(join(copia, 'node_modules', ausente)), `${ausente} is not installed in production`);
    }
    for (const presente of ['fastify', 'pg', 'pdfkit', '@fontsource/noto-sans']) assert.ok(existsSync(join(copia, 'node_modules', presente)), presente);

    // The identity provider: the demo's embedded one, in this process (production is told where it is, as it would be told of Keycloak).
    const idp = await subirServidor();
    limpar.push(() => idp.fechar());
    const porta = await portaLivre();
    const base = `http://127.0.0.1:${porta}`;
    const producao = await subir(
      process.execPath,
      ['dist/server/producao.js'],
      {
        NODE_ENV: 'production', PORT: String(porta), HOST: '127.0.0.1', PUBLIC_URL: base, DATABASE_URL: pg.url!,
        KEYCLOAK_URL: idp.url, KEYCLOAK_REALM: 'demo', CIDADAO_JWKS_URL: `${idp.url}/realms/demo/protocol/openid-connect/certs`, CIDADAO_ISSUER: 'https://sso.acesso.gov.br/', CIDADAO_AUDIENCE: 'formularios-uf',
        SEGREDOS_CHAVE: Buffer.alloc(32, 5).toString('base64'),
      },
      /\(produção\) em/,
      copia,
    );
    limpar.push(async () => {
      producao.p.kill('SIGTERM');
      await new Promise((ok) => producao.p.once('exit', ok));
    });
    // An administrator linked by hand, as an operator's first step; then a model made and published through the API.
    const { default: pgc } = await import('pg');
    const c = new pgc.Client({ connectionString: pg.url });
    await c.connect();
    await c.query(`insert into vinculo_usuario (username, nome, email, administrador) values ('admin', 'Administradora', 'admin@uf.gov.br', true)`);
    const [{ id: perfil }] = (await c.query(`insert into perfil_acesso (nome, permissoes) values ('Administração', $1) returning id`, [[...TODAS_PERMISSOES]])).rows;
    await c.query(`insert into vinculo_usuario_perfil (username, perfil_id) values ('admin', $1)`, [perfil]);
    await c.end();
    const { access_token: token } = await entrarComo(idp.url, 'admin');
    const api = async (metodo: string, caminho: string, corpo?: unknown) => {
      const r = await fetch(`${base}/api${caminho}`, { method: metodo, headers: { authorization: `Bearer ${token}`, ...(corpo ? { 'content-type': 'application/json' } : {}) }, body: corpo ? JSON.stringify(corpo) : undefined });
      const texto = await r.text();
      return { status: r.status, json: texto ? JSON.parse(texto) : null };
    };
    const grupo = await api('POST', '/grupos-controle-conteudo', { nome: 'Tributos', descricao: 'Secretaria da Fazenda' });
    assert.equal(grupo.status, 201, JSON.stringify(grupo.json));
    const corpo = { nome: 'Declaração de isenção de IPVA', grupoControleConteudoId: grupo.json.id, descricao: '' };
    assert.equal((await api('POST', '/modelos', { codigoServico: 'ipva-isencao', ...corpo })).status, 201);
    const definicao = { secoes: [{ id: 'requerente', titulo: 'Requerente', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [] }, { id: 'placa', tipo: 'texto', rotulo: 'Placa do veículo', obrigatorio: true, regras: [] }] }] };
    const salvo = await api('PUT', '/modelos/ipva-isencao', { ...corpo, definicao, versao: 1 });
    assert.equal(salvo.status, 200, JSON.stringify(salvo.json));
    assert.equal((await api('POST', '/modelos/ipva-isencao/versoes')).status, 201);

    const { protocolo, comprovante } = await enviar(base, 'ipva-isencao', { nome: 'José Araújo', placa: 'ABC1D23' });
    const recibo = await pdf(`${base}${comprovante.url}`);
    assert.ok(recibo.includes(protocolo) && recibo.includes('Declaração de isenção de IPVA') && recibo.includes('José Araújo'), recibo);
    const lista = await api('GET', '/formularios?modelo=ipva-isencao');
    const ficha = await pdf(`${base}/api/formularios/${lista.json[0].id}/pdf`, token);
    assert.ok(ficha.includes(protocolo) && ficha.includes('Placa do veículo'), ficha);
    // The compiled service is not served to browsers.
    assert.equal((await fetch(`${base}/dist/server/producao.js`)).status, 404);
    assert.equal((await fetch(`${base}/dist/server/producao.js.map`)).status, 404);
    assert.doesNotMatch(producao.saida(), /tsx|ERR_MODULE_NOT_FOUND|ERR_UNKNOWN_FILE_EXTENSION/);
  });
});
