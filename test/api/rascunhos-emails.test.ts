import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { esperarAte } from '../apoio/receptor';
import { bancosDeTeste, deEndereco, clienteApi, portaLivre, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario, modeloPublicado } from '../apoio/entregas';
import { abrirCaixaDeEmails, type CaixaDeEmails } from '../../demo/server/email/caixaDemo';
import { opcoesEmailDoAmbiente } from '../../src/server/email/mensageiro';
import { textoCidadao } from '../../src/server/textosCidadao';
import type { Definicao } from '../../src/forms/definicao';

/**
 * Save and resume, and the confirmation e-mail (issue 21), against a real SMTP server started by the
 * test (smtp-server, the demo's catcher) whose messages are parsed back with mailparser.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

const DEF: Definicao = {
  emailEquipe: 'equipe.beneficios@exemplo.gov.br',
  secoes: [
    {
      id: 'requerente',
      titulo: 'Requerente',
      pagina: true,
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [], requerente: 'nome' },
        { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], requerente: 'cpf' },
        { id: 'email', tipo: 'email', rotulo: 'E-mail', obrigatorio: false, regras: [], confirmacao: true },
      ],
    },
    { id: 'pedido', titulo: 'Pedido', pagina: true, campos: [{ id: 'motivo', tipo: 'texto-longo', rotulo: 'Motivo', obrigatorio: true, regras: [] }] },
  ],
};
const RESPOSTAS = { nome: 'João Conceição', cpf: '529.982.247-25', email: 'joao@exemplo.com.br', motivo: 'Renovação do benefício' };

const pdfTexto = (pdf: Buffer) => {
  const pasta = mkdtempSync(join(tmpdir(), 'cf-email-'));
  writeFileSync(join(pasta, 'f.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(pasta, 'f.pdf'), '-'], { encoding: 'utf8' });
};


const EMAIL = { ...opcoesEmailDoAmbiente({}), caixaDemo: false, esperasS: [0.3, 0.3, 0.3, 0.3], intervaloMs: 50 };
const ENTREGAS = { ligado: true, esperasS: [0.3], timeoutMs: 2000, intervaloMs: 50, lote: 10 };

for (const banco of await bancosDeTeste()) {
  describe(`Rascunhos e e-mails (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    let caixa: CaixaDeEmails;
    const api = async (metodo: string, caminho: string, corpo?: unknown, token?: string) => {
      const r = await fetch(`${s.url}/api/publico${caminho}`, { method: metodo, headers: { ...(corpo !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: corpo !== undefined ? JSON.stringify(corpo) : undefined });
      return { status: r.status, json: r.status === 204 ? null : await r.json() };
    };
    const token = async (cpf: string) => (await api('POST', '/token-demo', { cpf })).json.token as string;

    before(async () => {
      caixa = await abrirCaixaDeEmails();
      s = await subirServidor({ databaseUrl: banco.url, entregas: ENTREGAS, email: { ...EMAIL, smtpUrl: caixa.url } });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-rascunho', null, {}, DEF);
    });
    after(async () => {
      await s.fechar();
      await caixa.fechar();
      await banco.descartar?.();
    });

    test('salvar, retomar, atualizar e enviar: o rascunho some com o envio; código desconhecido é 404 em pt-BR', async () => {
      const criado = await api('POST', '/modelos/teste-rascunho/rascunhos', { respostas: { nome: 'João' }, pagina: 'requerente' });
      assert.equal(criado.status, 201, JSON.stringify(criado.json));
      const { codigo, link, expiraEm } = criado.json;
      assert.ok(Buffer.from(codigo, 'base64url').length >= 16, 'at least 128 random bits');
      assert.equal(link, `${s.url}/cidadao.html?rascunho=${codigo}`);
      const dias = (new Date(expiraEm).getTime() - Date.now()) / 86_400_000;
      assert.ok(dias > 29.9 && dias <= 30, `expires in 30 days (${dias})`);
      // Only the code's hash is stored.
      const guardados = await s.db.query<{ codigo_hash: Buffer }>('select codigo_hash from rascunho');
      assert.ok(guardados.every((g) => !Buffer.from(g.codigo_hash).toString('latin1').includes(codigo)));

      const aberto = await api('GET', `/rascunhos/${codigo}`);
      assert.equal(aberto.status, 200);
      assert.deepEqual(aberto.json.respostas, { nome: 'João' });
      assert.equal(aberto.json.pagina, 'requerente');
      assert.equal(aberto.json.versao, 1);
      assert.deepEqual(aberto.json.definicao.secoes.map((x: { id: string }) => x.id), ['requerente', 'pedido']);

      assert.equal((await api('PUT', `/rascunhos/${codigo}`, { respostas: { ...RESPOSTAS, motivo: '' }, pagina: 'pedido' })).status, 200);
      assert.deepEqual((await api('GET', `/rascunhos/${codigo}`)).json.respostas, { ...RESPOSTAS, motivo: '' });
      // A question the model does not have, or an e-mail that is none: field errors, nothing saved.
      const ruim = await api('PUT', `/rascunhos/${codigo}`, { respostas: { inventado: 'x' }, email: 'nao-e-email' });
      assert.equal(ruim.status, 400);
      assert.deepEqual(ruim.json.errors.map((e: { field: string }) => e.field).sort(), ['email', 'respostas.inventado']);
      assert.equal((await api('GET', `/rascunhos/${codigo}`)).json.pagina, 'pedido');

      // Sent with an Idempotency-Key: repeating it (a lost answer, a double click) gives the same receipt, though the draft is gone.
      const enviar = () => fetch(`${s.url}/api/publico/modelos/teste-rascunho/formularios`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `rascunho-${codigo}` }, body: JSON.stringify({ respostas: RESPOSTAS, rascunho: codigo }) }).then(async (r) => ({ status: r.status, json: await r.json() }));
      const enviado = await enviar();
      assert.equal(enviado.status, 201, JSON.stringify(enviado.json));
      const repetido = await enviar();
      assert.equal(repetido.status, 201, JSON.stringify(repetido.json));
      assert.equal(repetido.json.protocolo, enviado.json.protocolo);
      const depois = await api('GET', `/rascunhos/${codigo}`);
      assert.equal(depois.status, 404);
      assert.equal(depois.json.detail, textoCidadao('pt-BR', 'api.rascunho-inexistente'));
      // The same code again: the draft is gone, so is the submission's key.
      assert.equal((await api('POST', '/modelos/teste-rascunho/formularios', { respostas: RESPOSTAS, rascunho: codigo })).status, 404);
      assert.equal((await api('GET', '/rascunhos/codigo-que-nao-existe')).status, 404);
      assert.equal((await api('DELETE', '/rascunhos/codigo-que-nao-existe')).status, 404);
    });

    test('o rascunho fica na versão em que começou: uma versão nova publicada não apaga respostas', async () => {
      const { codigo } = (await api('POST', '/modelos/teste-rascunho/rascunhos', { respostas: { nome: 'Ana Souza', cpf: '529.982.247-25', motivo: 'Pedido antigo' } })).json;
      // Version 2 drops "motivo" and asks something else.
      const modelo = (await admin('GET', '/modelos/teste-rascunho')).json;
      const v2: Definicao = { ...DEF, secoes: [DEF.secoes[0], { id: 'outro', titulo: 'Outro', pagina: true, campos: [{ id: 'novo', tipo: 'texto', rotulo: 'Novo', obrigatorio: true, regras: [] }] }] };
      assert.equal((await admin('PUT', '/modelos/teste-rascunho', { nome: modelo.nome, grupoControleConteudoId: modelo.grupoControleConteudo.id, definicao: v2, versao: modelo.versao })).status, 200);
      assert.equal((await admin('POST', '/modelos/teste-rascunho/versoes')).status, 201);
      const aberto = (await api('GET', `/rascunhos/${codigo}`)).json;
      assert.equal(aberto.versao, 1);
      assert.ok(aberto.definicao.secoes.some((x: { id: string }) => x.id === 'pedido'), 'the old questions');
      assert.equal(aberto.respostas.motivo, 'Pedido antigo');
      const r = await api('POST', '/modelos/teste-rascunho/formularios', { respostas: aberto.respostas, rascunho: codigo });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      assert.equal(r.json.versaoModelo, 1);
      const [f] = await s.db.query<{ respostas: Record<string, unknown> }>('select respostas from formulario where protocolo = $1', [r.json.protocolo]);
      assert.equal(f.respostas.motivo, 'Pedido antigo', 'no answer silently dropped');
      // Back to version 1's shape for the other tests.
      const m2 = (await admin('GET', '/modelos/teste-rascunho')).json;
      assert.equal((await admin('PUT', '/modelos/teste-rascunho', { nome: m2.nome, grupoControleConteudoId: m2.grupoControleConteudo.id, definicao: DEF, versao: m2.versao })).status, 200);
      assert.equal((await admin('POST', '/modelos/teste-rascunho/versoes')).status, 201);
    });

    test('expirado é 404 e a retenção o apaga; apagar pelo cidadão também', async () => {
      const { codigo } = (await api('POST', '/modelos/teste-rascunho/rascunhos', { respostas: {} })).json;
      const { codigo: outro } = (await api('POST', '/modelos/teste-rascunho/rascunhos', { respostas: {} })).json;
      assert.equal((await api('DELETE', `/rascunhos/${outro}`)).status, 204);
      assert.equal((await api('GET', `/rascunhos/${outro}`)).status, 404);
      const antes = (await s.db.query<{ n: number }>('select count(*)::int as n from rascunho'))[0].n;
      await s.db.query(`update rascunho set expira_em = now() - interval '1 second' where id = (select max(id) from rascunho where expira_em > now())`);
      assert.equal((await api('GET', `/rascunhos/${codigo}`)).status, 404);
      assert.equal(await s.retencao.limparRascunhosEEmails() >= 1, true);
      assert.equal((await s.db.query<{ n: number }>('select count(*)::int as n from rascunho'))[0].n, antes - 1);
    });

    test('num modelo restrito o rascunho é do cidadão que o começou: outro token (ou nenhum) recebe 404', async () => {
      const grupo = await admin('POST', '/grupos-acesso-publico', { nome: `Rascunhos ${Date.now()}`, cpfs: ['52998224725', '11144477735'] });
      assert.equal(grupo.status, 201, JSON.stringify(grupo.json));
      await modeloPublicado(admin, 'teste-rascunho-restrito', null, { grupoAcessoPublicoId: grupo.json.id }, DEF);
      const [maria, jose] = [await token('529.982.247-25'), await token('111.444.777-35')];
      assert.equal((await api('POST', '/modelos/teste-rascunho-restrito/rascunhos', { respostas: {} })).status, 401);
      const { codigo } = (await api('POST', '/modelos/teste-rascunho-restrito/rascunhos', { respostas: { nome: 'Maria' } }, maria)).json;
      assert.equal((await api('GET', `/rascunhos/${codigo}`, undefined, maria)).status, 200);
      assert.equal((await api('GET', `/rascunhos/${codigo}`, undefined, jose)).status, 404);
      assert.equal((await api('GET', `/rascunhos/${codigo}`)).status, 404);
      assert.equal((await api('PUT', `/rascunhos/${codigo}`, { respostas: {} }, jose)).status, 404);
      assert.equal((await api('DELETE', `/rascunhos/${codigo}`, undefined, jose)).status, 404);
      assert.equal((await api('POST', '/modelos/teste-rascunho-restrito/formularios', { respostas: { ...RESPOSTAS, cpf: '111.444.777-35' }, rascunho: codigo }, jose)).status, 404);
      assert.equal((await api('GET', `/rascunhos/${codigo}`, undefined, maria)).status, 200, 'still there for its owner');
    });

    test('o link do rascunho vai por e-mail e abre o rascunho', async () => {
      const r = await api('POST', '/modelos/teste-rascunho/rascunhos', { respostas: { nome: 'Lia' }, email: 'lia@exemplo.com.br' });
      assert.equal(r.status, 201);
      const m = await caixa.esperar((e) => e.para.includes('lia@exemplo.com.br'));
      assert.match(m.assunto, /^Continue o seu formulário: Teste teste-rascunho$/);
      assert.ok(m.texto.includes(r.json.link), m.texto);
      const job = async () => (await s.db.query<{ status: string; dados: Record<string, unknown> }>(`select status, dados from envio_email where tipo = 'RASCUNHO' and para = 'lia@exemplo.com.br'`))[0];
      await esperarAte(async () => (await job()).status === 'ENVIADO', 5000, 'the job marked sent');
      assert.deepEqual((await job()).dados, {}, 'the link is not kept once sent');
      const codigo = new URL(/https?:\/\/\S+/.exec(m.texto)![0]).searchParams.get('rascunho')!;
      assert.deepEqual((await api('GET', `/rascunhos/${codigo}`)).json.respostas, { nome: 'Lia' });
    });

    test('a jornada em contadores anônimos: iniciados e páginas do navegador (no máximo o plausível por visita), rascunhos e enviados contados pelo servidor', async () => {
      // Four visitors, each from its own loopback address (the server counts a visit per address and model).
      const passo = (visitante: number, corpo: unknown) => deEndereco(`127.0.0.${10 + visitante}`, `${s.url}/api/publico/modelos/teste-rascunho/jornada`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
      for (let i = 0; i < 4; i++) {
        assert.equal((await passo(i, { evento: 'INICIADO' })).status, 204);
        assert.equal((await passo(i, { evento: 'PAGINA', pagina: 'requerente' })).status, 204);
      }
      // A page reloaded or a script replaying "started": still one visit.
      for (let i = 0; i < 10; i++) assert.equal((await passo(0, { evento: 'INICIADO' })).status, 204);
      for (let i = 0; i < 3; i++) await passo(i, { evento: 'PAGINA', pagina: 'pedido' });
      await passo(0, { evento: 'PAGINA', pagina: 'revisao' });
      // "Sent" is never the browser's to say (issue 33): the server counts real submissions.
      const enviado = await passo(0, { evento: 'ENVIADO' });
      assert.equal(enviado.status, 400, JSON.stringify(enviado.json));
      const ruim = await passo(0, { evento: 'PAGINA', pagina: 'inventada' });
      assert.equal(ruim.status, 400);
      assert.equal(ruim.json.errors[0].message, 'Este formulário não tem essa página.');
      assert.equal((await passo(0, { evento: 'OUTRO' })).status, 400);
      const antes = await s.db.query<{ n: number }>(`select count(*)::int as n from formulario where codigo_servico = 'teste-rascunho'`);
      assert.equal((await enviarFormulario(s.url, 'teste-rascunho', RESPOSTAS)).status, 201);
      const a = (await admin('GET', '/analitico-formularios?modelo=teste-rascunho')).json;
      const j = a.jornada.find((x: { codigoServico: string }) => x.codigoServico === 'teste-rascunho');
      assert.ok(j, JSON.stringify(a.jornada));
      assert.equal(j.iniciados, 4);
      assert.ok(j.rascunhos >= 5, 'the drafts saved by the tests above');
      assert.equal(j.enviados, antes[0].n + 1, 'every real submission, and only those');
      assert.deepEqual(j.paradaMaisComum, { pagina: 'pedido', titulo: 'Pedido', pararam: 2 });
      // Nothing about anyone is stored: the counters' columns say so.
      const colunas = (await s.db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'contador_jornada' order by 1`)).map((c) => c.column_name);
      assert.deepEqual(colunas, ['codigo_servico', 'dia', 'evento', 'pagina', 'quantidade']);
    });

    test('confirmação ao cidadão: protocolo, CPF mascarado, respostas e o comprovante em PDF; aviso à equipe; eventos na linha do tempo', async () => {
      const r = await enviarFormulario(s.url, 'teste-rascunho', { ...RESPOSTAS, email: 'maria.confirma@exemplo.com.br' });
      assert.equal(r.status, 201);
      const protocolo = r.json.protocolo as string;
      const m = await caixa.esperar((e) => e.para.includes('maria.confirma@exemplo.com.br'));
      assert.equal(m.assunto, `Recebemos o seu formulário: Teste teste-rascunho (protocolo ${protocolo})`);
      for (const esperado of [protocolo, `Código de verificação: ${r.json.comprovante.codigoVerificacao}`, '***.982.247-**', 'Motivo: Renovação do benefício', 'Requerente']) assert.ok(m.texto.includes(esperado), `"${esperado}" no e-mail:\n${m.texto}`);
      assert.ok(!m.texto.includes('529.982.247-25') && !m.texto.includes('João Conceição'), 'no personal data in clear');
      assert.equal(m.anexos.length, 1);
      assert.equal(m.anexos[0].tipo, 'application/pdf');
      const t = pdfTexto(m.anexos[0].conteudo);
      assert.ok(t.includes(protocolo) && t.includes(r.json.comprovante.codigoVerificacao) && t.includes('***.982.247-**'), t);
      const equipe = await caixa.esperar((e) => e.para.includes('equipe.beneficios@exemplo.gov.br') && e.assunto.includes(protocolo));
      assert.equal(equipe.assunto, `Novo formulário: Teste teste-rascunho (protocolo ${protocolo})`);
      assert.ok(equipe.texto.includes('***.982.247-**') && !equipe.texto.includes('529.982.247-25'));
      await esperarAte(async () => (await s.db.query(`select 1 from formulario_evento e join formulario f on f.id = e.formulario_id where f.protocolo = $1 and e.tipo = 'EMAIL_ENVIADO'`, [protocolo])).length === 2, 5000, 'two EMAIL_ENVIADO events');
      const eventos = await s.db.query<{ detalhes: { email: string; para: string } }>(`select e.detalhes from formulario_evento e join formulario f on f.id = e.formulario_id where f.protocolo = $1 and e.tipo = 'EMAIL_ENVIADO' order by e.detalhes->>'email'`, [protocolo]);
      assert.deepEqual(eventos.map((e) => e.detalhes.email), ['CONFIRMACAO', 'EQUIPE']);
      assert.ok(!eventos[0].detalhes.para.includes('maria.confirma@'), `the address masked in the event: ${eventos[0].detalhes.para}`);
    });
  });
}

describe('Preenchido pelo login do cidadão', () => {
  test('o servidor usa os valores do token nas perguntas ligadas ao login, mesmo que o navegador mande outros', async () => {
    const s = await subirServidor({});
    try {
      const admin = await clienteApi(s.url, 'admin');
      const def: Definicao = {
        secoes: [
          {
            id: 'quem',
            titulo: 'Quem pede',
            campos: [
              { id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [], preencherDoLogin: 'nome', requerente: 'nome' },
              { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], preencherDoLogin: 'cpf', requerente: 'cpf' },
              { id: 'email', tipo: 'email', rotulo: 'E-mail', obrigatorio: true, regras: [], preencherDoLogin: 'email' },
              { id: 'nascimento', tipo: 'data', rotulo: 'Nascimento', obrigatorio: false, regras: [], preencherDoLogin: 'nascimento' },
              { id: 'obs', tipo: 'texto', rotulo: 'Observação', obrigatorio: false, regras: [] },
            ],
          },
        ],
      };
      await modeloPublicado(admin, 'teste-login', null, {}, def);
      const t = await fetch(`${s.url}/api/publico/token-demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf: '529.982.247-25', nome: 'Maria Gov', email: 'maria@gov.exemplo', nascimento: '1980-01-31' }) });
      const token = (await t.json()).token as string;
      const r = await enviarFormulario(s.url, 'teste-login', { nome: 'Outro Nome', email: 'outro@exemplo.com', nascimento: '2000-12-12', obs: 'digitado' }, { authorization: `Bearer ${token}` });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const [f] = await s.db.query<{ respostas: Record<string, unknown>; nome_requerente: string; cpf_requerente: string }>('select respostas, nome_requerente, cpf_requerente from formulario where protocolo = $1', [r.json.protocolo]);
      assert.deepEqual(f.respostas, { nome: 'Maria Gov', cpf: '529.982.247-25', email: 'maria@gov.exemplo', nascimento: '1980-01-31', obs: 'digitado' });
      assert.equal(f.nome_requerente, 'Maria Gov');
      assert.equal(f.cpf_requerente, '52998224725');
      // Without a login the citizen types them, and they are checked as usual.
      const anonimo = await enviarFormulario(s.url, 'teste-login', { nome: 'Ana Digitou', cpf: '111.444.777-35', email: 'ana@exemplo.com' });
      assert.equal(anonimo.status, 201);
      const [g] = await s.db.query<{ respostas: Record<string, unknown> }>('select respostas from formulario where protocolo = $1', [anonimo.json.protocolo]);
      assert.equal(g.respostas.nome, 'Ana Digitou');
    } finally {
      await s.fechar();
    }
  });
});

for (const banco of await bancosDeTeste()) describe(`Servidor de e-mail fora do ar (${banco.nome})`, () => {
  after(async () => banco.descartar?.());
  test('o envio nunca se perde; quando o SMTP volta, o e-mail chega uma vez', async () => {
    const porta = await portaLivre();
    const s = await subirServidor({ databaseUrl: banco.url, entregas: ENTREGAS, email: { ...EMAIL, smtpUrl: `smtp://127.0.0.1:${porta}`, timeoutMs: 1000 } });
    let caixa: CaixaDeEmails | undefined;
    try {
      const admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-smtp', null, {}, { secoes: [DEF.secoes[0]] });
      const r = await enviarFormulario(s.url, 'teste-smtp', { nome: 'Rui', cpf: '529.982.247-25', email: 'rui@exemplo.com.br' });
      assert.equal(r.status, 201, 'the submission is taken while the mail server is down');
      const falhas = async () => (await s.db.query(`select 1 from formulario_evento e join formulario f on f.id = e.formulario_id where f.protocolo = $1 and e.tipo = 'EMAIL_FALHOU'`, [r.json.protocolo])).length;
      await esperarAte(async () => (await falhas()) >= 1, 10_000, 'an EMAIL_FALHOU event');
      caixa = await abrirCaixaDeEmails({ porta });
      const m = await caixa.esperar((e) => e.para.includes('rui@exemplo.com.br'), 15_000);
      assert.ok(m.assunto.includes(r.json.protocolo));
      // Not a fixed wait: the job written as sent (no attempt can start after it), then a later e-mail through the same worker.
      const job = await esperarAte(async () => (await s.db.query<{ status: string; tentativas: number }>(`select status, tentativas from envio_email where para = 'rui@exemplo.com.br' and status = 'ENVIADO'`))[0], 10_000, 'o envio gravado como feito');
      assert.ok(job.tentativas >= 2);
      const sentinela = await enviarFormulario(s.url, 'teste-smtp', { nome: 'Sentinela', cpf: '111.444.777-35', email: 'sentinela@exemplo.com.br' });
      assert.equal(sentinela.status, 201);
      await caixa.esperar((e) => e.para.includes('sentinela@exemplo.com.br'), 15_000);
      assert.equal(caixa.emails.filter((e) => e.para.includes('rui@exemplo.com.br')).length, 1, 'exactly once');
      assert.equal((await s.db.query('select 1 from formulario where protocolo = $1', [r.json.protocolo])).length, 1);
    } finally {
      await s.fechar();
      await caixa?.fechar();
    }
  });
});
