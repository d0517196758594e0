/**
 * The contract test (issue 17): every operation of /api/openapi.json called with realistic data, every
 * answer's status, headers and body checked against the document with ajv; an undocumented status fails.
 * Runs on the demo (PGlite, and PostgreSQL when reachable or REQUIRE_POSTGRES=1), or against another
 * implementation of the API:
 *   CONTRATO_API_URL=https://servidor/api CONTRATO_TOKEN=<token de um administrador> \
 *   [CONTRATO_TOKEN_SEM_ACESSO=<token de um usuário sem vínculo>] [CONTRATO_DESTINO=<URL que aceita entregas>] npm run test:contrato
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { bancosDeTeste, entrarComo, portaLivre, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { gerarCertificados } from '../../demo/server/pix/certificados';
import { iniciarSimuladorPsp, type SimuladorPsp } from '../../demo/server/pix/simuladorPsp';
import { hashDoCodigo } from '../../src/server/codigos';

type Json = any;
interface Resposta {
  status: number;
  headers: Headers;
  corpo: Json;
  tipo: string;
}
interface Alvo {
  base: string;
  tokens: { admin: string; semAcesso?: string };
  destino?: string;
  /** A signed download link of an attachment, as a delivery carries it (only the server's key makes one). */
  linkDeAnexo?: (id: string) => string;
  /** The PSP the server charges fees at (issue 38): the simulator, here; another server's PSP is not ours to pay. */
  psp?: SimuladorPsp;
  /** Makes a charge expire now (the server's own sweep then says so): only a local server can. */
  expirarPagamento?: (txid: string) => Promise<void>;
  /** A co-signer's link code for a form's pending co-signature (issue 46): only the e-mail carries one, so a local server sets a fresh one. */
  codigoDeCoassinatura?: (protocolo: string) => Promise<string>;
  fechar?: () => Promise<void>;
}

const externo = process.env.CONTRATO_API_URL;
const ponteiro = (partes: string[]) => '#/' + partes.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/** The document, its operations as (method, path regex), and an ajv that resolves its $refs. */
function lerContrato(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(doc, 'contrato');
  const operacoes: { id: string; metodo: string; caminho: string; re: RegExp; op: Json }[] = [];
  for (const [caminho, itens] of Object.entries<Json>(doc.paths)) {
    for (const [metodo, op] of Object.entries<Json>(itens)) {
      const re = new RegExp(`^${caminho.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      operacoes.push({ id: op.operationId, metodo: metodo.toUpperCase(), caminho, re, op });
    }
  }
  // A literal path wins over a template (/formularios/exportacao over /formularios/{id}).
  operacoes.sort((a, b) => (a.caminho.includes('{') ? 1 : 0) - (b.caminho.includes('{') ? 1 : 0));
  const validadores = new Map<string, ReturnType<Ajv2020['compile']>>();
  const validar = (partes: string[], valor: unknown): string | null => {
    const chave = partes.join('\u0000');
    let v = validadores.get(chave);
    if (!v) validadores.set(chave, (v = ajv.compile({ $ref: `contrato${ponteiro(partes)}` })));
    return v(valor) ? null : ajv.errorsText(v.errors, { separator: '; ' });
  };
  return { operacoes, validar };
}

async function alvos(): Promise<{ nome: string; alvo: () => Promise<Alvo> }[]> {
  if (externo) {
    return [{ nome: externo, alvo: async () => ({ base: externo.replace(/\/$/, ''), tokens: { admin: process.env.CONTRATO_TOKEN ?? '', semAcesso: process.env.CONTRATO_TOKEN_SEM_ACESSO }, destino: process.env.CONTRATO_DESTINO }) }];
  }
  const certificados = gerarCertificados();
  return (await bancosDeTeste()).map((b) => ({
    nome: b.nome,
    alvo: async () => {
      const psp = await iniciarSimuladorPsp({ certificados, clientId: 'console', clientSecret: 'segredo' });
      const porta = await portaLivre();
      const pix = { psp: { url: psp.url, clientId: 'console', clientSecret: 'segredo', cert: certificados.cliente.cert, key: certificados.cliente.key, ca: certificados.ca }, recebedor: { nome: 'Governo do Estado', cidade: 'Capital' }, webhookUrl: `http://127.0.0.1:${porta}/api/publico/pix/notificacoes`, conciliacaoMs: 60_000, margemS: 300, lote: 10 };
      const s: ServidorTeste = await subirServidor({ porta, pix, ...(b.url ? { databaseUrl: b.url } : {}) });
      const [admin, visitante] = await Promise.all([entrarComo(s.url, 'admin'), entrarComo(s.url, 'visitante')]);
      return { base: `${s.url}/api`, tokens: { admin: admin.access_token, semAcesso: visitante.access_token }, destino: `${s.url}/demo/receptor`, linkDeAnexo: (id) => s.integracao.links.gerar(id).url, psp, codigoDeCoassinatura: async (protocolo) => {
        const codigo = randomBytes(18).toString('base64url');
        await s.db.query(`update formulario_parte p set codigo_hash = $2 from formulario f where f.id = p.formulario_id and f.protocolo = $1 and p.situacao = 'PENDENTE' and p.tipo = 'COASSINATURA'`, [protocolo, hashDoCodigo(codigo)]);
        return codigo;
      }, expirarPagamento: async (txid) => (await s.db.query(`update cobranca_pix set expira_em = now() - interval '1 hour', proxima_tentativa_em = now() where txid = $1`, [txid]), await s.pix!.rodada(), undefined), fechar: async () => (await s.fechar(), await psp.fechar(), await b.descartar?.()) };
    },
  }));
}

for (const { nome, alvo: criar } of await alvos()) {
  describe(`contrato da API (${nome})`, () => {
    let a: Alvo;
    let doc: Json;
    let contrato: ReturnType<typeof lerContrato>;
    /** operationId → statuses seen */
    const vistos = new Map<string, Set<number>>();

    before(async () => {
      a = await criar();
      const r = await fetch(`${a.base}/openapi.json`);
      assert.equal(r.status, 200);
      doc = await r.json();
      contrato = lerContrato(doc);
    });
    after(async () => a?.fechar?.());

    /** What any HTTP answer of this server carries, not the API's own: the connection's, the body's framing, and the security headers (README, "Em produção"). */
    const CABECALHOS_DO_HTTP = new Set([
      'date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-type', 'vary',
      'content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'cross-origin-embedder-policy', 'origin-agent-cluster', 'referrer-policy', 'strict-transport-security',
      'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'permissions-policy',
    ]);

    /** One call, checked against the document: the operation, a documented status, its headers and body. */
    async function chamar(metodo: string, caminho: string, o: { token?: string | null; corpo?: unknown; bruto?: string; cabecalhos?: Record<string, string>; espera?: number | number[] } = {}): Promise<Resposta> {
      const semQuery = caminho.split('?')[0];
      const achada = contrato.operacoes.find((x) => x.metodo === metodo && x.re.test(semQuery));
      assert.ok(achada, `${metodo} ${semQuery} não está no documento`);
      const token = o.token === undefined ? a.tokens.admin : o.token;
      const r = await fetch(`${a.base}${caminho}`, {
        method: metodo,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(o.corpo !== undefined ? { 'content-type': 'application/json' } : {}), ...o.cabecalhos },
        body: o.bruto ?? (o.corpo !== undefined ? JSON.stringify(o.corpo) : undefined),
      });
      const texto = await r.text();
      const tipo = (r.headers.get('content-type') ?? '').split(';')[0].trim();
      const corpo = tipo.endsWith('json') && texto ? JSON.parse(texto) : texto;
      const onde = `${metodo} ${caminho} → ${r.status}`;
      const documentada = achada.op.responses[String(r.status)];
      assert.ok(documentada, `${onde}: status não documentado em ${achada.id} (${JSON.stringify(corpo).slice(0, 300)})`);
      if (o.espera !== undefined) assert.ok([o.espera].flat().includes(r.status), `${onde}: esperava ${o.espera} (${JSON.stringify(corpo).slice(0, 300)})`);
      for (const [nomeCab, cab] of Object.entries<Json>(documentada.headers ?? {})) {
        const valor = r.headers.get(nomeCab);
        if (valor === null) {
          assert.ok(!cab.required, `${onde}: falta o cabeçalho ${nomeCab}`);
          continue;
        }
        const erro = contrato.validar(['paths', achada.caminho, achada.metodo.toLowerCase(), 'responses', String(r.status), 'headers', nomeCab, 'schema'], valor);
        assert.equal(erro, null, `${onde}: cabeçalho ${nomeCab}=${valor}: ${erro}`);
      }
      // Issue 50: a header the API sends is documented (X-Request-Id, WWW-Authenticate, Retry-After were not), save HTTP's own and the security ones.
      const documentados = new Set(Object.keys(documentada.headers ?? {}).map((n) => n.toLowerCase()));
      const naoDocumentados = [...r.headers.keys()].filter((n) => !documentados.has(n) && !CABECALHOS_DO_HTTP.has(n) && !n.startsWith('access-control-'));
      assert.deepEqual(naoDocumentados, [], `${onde}: cabeçalhos que o documento não diz`);
      if (documentada.content) {
        assert.ok(documentada.content[tipo], `${onde}: tipo ${tipo} não documentado (${Object.keys(documentada.content)})`);
        const erro = contrato.validar(['paths', achada.caminho, achada.metodo.toLowerCase(), 'responses', String(r.status), 'content', tipo, 'schema'], corpo);
        assert.equal(erro, null, `${onde}: corpo fora do contrato: ${erro}\n${JSON.stringify(corpo).slice(0, 500)}`);
      } else {
        assert.equal(texto, '', `${onde}: corpo não documentado`);
      }
      const s = vistos.get(achada.id) ?? new Set<number>();
      s.add(r.status);
      vistos.set(achada.id, s);
      return { status: r.status, headers: r.headers, corpo, tipo };
    }

    test('o documento: OpenAPI 3.1, cada operação com operationId único, resumo, tag e respostas de erro em problem+json', () => {
      assert.equal(doc.openapi, '3.1.0');
      assert.ok(doc.servers?.length, 'servers');
      const ids = contrato.operacoes.map((o) => o.id);
      assert.equal(new Set(ids).size, ids.length, 'operationId repetido');
      for (const o of contrato.operacoes) {
        assert.ok(o.id && o.op.summary && o.op.tags?.length, `${o.metodo} ${o.caminho}: operationId, summary e tag`);
        for (const [status, r] of Object.entries<Json>(o.op.responses)) {
          if (Number(status) >= 400) assert.ok(r.content?.['application/problem+json'], `${o.id} ${status}: problem+json`);
        }
        const publica = o.caminho.startsWith('/publico/');
        assert.deepEqual(o.op.security, publica ? [] : undefined, `${o.id}: ${publica ? 'pública' : 'com token'}`);
      }
    });

    test('cada operação, com dados realistas, responde como o documento diz', async () => {
      const sufixo = randomBytes(3).toString('hex');
      const cpf = '529.982.247-25';
      // Access
      await chamar('GET', '/perfis-acesso/administradores', { espera: 200 });
      await chamar('GET', '/perfis-acesso/permissoes/admin', { espera: 200 });
      await chamar('GET', '/vinculos-usuarios/eu', { espera: 200 });
      await chamar('GET', '/permissoes', { espera: 200 });
      await chamar('GET', '/perfis-acesso?size=5&sort=nome,desc', { espera: 200 });
      const perfil = (await chamar('POST', '/perfis-acesso', { corpo: { nome: `Contrato ${sufixo}`, descricao: 'Perfil do teste de contrato', permissoes: ['READ_FORMULARIO'] }, espera: 201 })).corpo;
      await chamar('GET', `/perfis-acesso/${perfil.id}`, { espera: 200 });
      const perfil2 = (await chamar('PUT', `/perfis-acesso/${perfil.id}`, { corpo: { nome: perfil.nome, descricao: 'Alterado', permissoes: ['READ_FORMULARIO', 'READ_FORMULARIO_EVENTO'], versao: perfil.versao }, espera: 200 })).corpo;
      const velho = await chamar('PUT', `/perfis-acesso/${perfil.id}`, { corpo: { nome: perfil.nome, permissoes: [], versao: perfil.versao }, espera: 409 });
      assert.equal(velho.corpo.type, 'urn:console-formularios:problema:versao-antiga');
      await chamar('GET', '/grupos-controle-conteudo?texto=a', { espera: 200 });
      const grupo = (await chamar('POST', '/grupos-controle-conteudo', { corpo: { nome: `Contrato ${sufixo}`, membros: ['admin'] }, espera: 201 })).corpo;
      await chamar('GET', `/grupos-controle-conteudo/${grupo.id}`, { espera: 200 });
      await chamar('PUT', `/grupos-controle-conteudo/${grupo.id}`, { corpo: { nome: grupo.nome, descricao: 'Do teste de contrato', membros: ['admin'], versao: grupo.versao }, espera: 200 });
      await chamar('GET', '/grupos-acesso-publico', { espera: 200 });
      const publico = (await chamar('POST', '/grupos-acesso-publico', { corpo: { nome: `Contrato ${sufixo}`, cpfs: [cpf] }, espera: 201 })).corpo;
      await chamar('GET', `/grupos-acesso-publico/${publico.id}`, { espera: 200 });
      await chamar('PUT', `/grupos-acesso-publico/${publico.id}`, { corpo: { nome: publico.nome, cpfs: [cpf, '111.444.777-35'], versao: publico.versao }, espera: 200 });
      await chamar('GET', '/vinculos-usuarios?administrador=false&sort=nome,asc', { espera: 200 });
      const username = `contrato.${sufixo}`;
      const vinculo = (await chamar('POST', '/vinculos-usuarios', { corpo: { username, nome: 'Contrato Teste', email: `${username}@exemplo.gov.br`, perfis: [perfil.id], grupos: [grupo.id] }, espera: 201 })).corpo;
      await chamar('GET', `/vinculos-usuarios/${username}`, { espera: 200 });
      await chamar('PUT', `/vinculos-usuarios/${username}`, { corpo: { nome: 'Contrato Teste Alterado', email: vinculo.email, perfis: [perfil2.id], grupos: [grupo.id], versao: vinculo.versao }, espera: 200 });
      await chamar('GET', '/auditoria-acesso?size=5', { espera: 200 });

      // Models
      await chamar('GET', '/modelos?status=PUBLICADO&size=5', { espera: 200 });
      await chamar('GET', '/modelos-opcoes', { espera: 200 });
      await chamar('GET', '/modelos-grupos', { espera: 200 });
      const codigo = `contrato-${sufixo}`;
      const integracao = a.destino ? { url: a.destino, metodo: 'POST', cabecalhos: {} } : undefined;
      const modelo = (await chamar('POST', '/modelos', { corpo: { codigoServico: codigo, nome: 'Pedido do contrato', descricao: 'Modelo do teste de contrato', grupoControleConteudoId: grupo.id, retencaoDias: 365, ...(integracao ? { integracao } : {}) }, espera: 201 })).corpo;
      await chamar('GET', `/modelos/${codigo}`, { espera: 200 });
      const definicao = {
        secoes: [
          {
            id: 'requerente',
            titulo: 'Requerente',
            campos: [
              { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], requerente: 'cpf' },
              { id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [{ tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 120 }], requerente: 'nome' },
              { id: 'nascimento', tipo: 'data', rotulo: 'Data de nascimento', obrigatorio: false, regras: [{ tipo: 'dataNaoFutura' }] },
              { id: 'assunto', tipo: 'escolha-unica', rotulo: 'Assunto', obrigatorio: true, regras: [], opcoes: [{ valor: 'a', rotulo: 'Alvará' }, { valor: 'b', rotulo: 'Certidão' }] },
              { id: 'documento', tipo: 'arquivo', rotulo: 'Documento', obrigatorio: false, regras: [], arquivo: { tamanhoMaximoMb: 1, tipos: ['pdf'] } },
              { id: 'celular', tipo: 'telefone', rotulo: 'Celular', obrigatorio: false, regras: [], verificado: true },
            ],
          },
        ],
      };
      const salvo = (await chamar('PUT', `/modelos/${codigo}`, { corpo: { nome: modelo.nome, descricao: modelo.descricao, grupoControleConteudoId: grupo.id, retencaoDias: 365, definicao, versao: modelo.versao, ...(integracao ? { integracao } : {}) }, espera: 200 })).corpo;
      assert.deepEqual(salvo.definicao, definicao, 'a definição volta como foi salva (nenhuma regra perdida na serialização)');
      await chamar('POST', `/modelos/${codigo}/versoes`, { espera: 201 });
      await chamar('POST', `/modelos/${codigo}/versoes`, { espera: 409 });
      await chamar('GET', `/modelos/${codigo}/versoes`, { espera: 200 });
      await chamar('GET', `/modelos/${codigo}/versoes/1`, { espera: 200 });
      await chamar('GET', `/modelos/${codigo}/versoes/99`, { espera: 404 });
      await chamar('POST', `/modelos/${codigo}/integracao/segredo`, { espera: integracao ? 201 : [201, 409] });
      await chamar('POST', `/modelos/${codigo}/integracao/teste`, { espera: integracao ? 200 : 409 });
      await chamar('DELETE', `/modelos/${codigo}/integracao/pausa`, { espera: 200 });
      // A designer's year (issue 36): copies, a file to another environment and back, the history and its restore.
      await chamar('GET', '/modelos?modeloBase=false&size=5', { espera: 200 });
      const copia = (await chamar('POST', `/modelos/${codigo}/copias`, { corpo: { codigoServico: `${codigo}-c`, nome: 'Cópia do contrato' }, espera: 201 })).corpo;
      const arquivo = (await chamar('GET', `/modelos/${codigo}/exportacao`, { espera: 200 })).corpo;
      await chamar('POST', '/modelos/importacao/previa', { corpo: { arquivo, codigoServico: `${codigo}-i`, grupoControleConteudoId: grupo.id }, espera: 200 });
      await chamar('POST', '/modelos/importacao/previa', { corpo: { arquivo: { ...arquivo, checksum: `sha256:${'0'.repeat(64)}` } }, espera: 400 });
      // Issue 50: the dry run a client would guess from the bulk retries' ?simulacao=true is refused, not a real import.
      const simulada = await chamar('POST', '/modelos/importacao?simulacao=true', { corpo: { arquivo, codigoServico: `${codigo}-s`, grupoControleConteudoId: grupo.id }, espera: 400 });
      assert.deepEqual((simulada.corpo as Json).errors, [{ field: 'simulacao', message: 'Parâmetro desconhecido.' }]);
      await chamar('GET', `/modelos/${codigo}-s`, { espera: 404 });
      await chamar('POST', '/modelos/importacao', { corpo: { arquivo, codigoServico: `${codigo}-i`, grupoControleConteudoId: grupo.id }, espera: 201 });
      const historico = (await chamar('GET', `/modelos/${codigo}/historico?size=5`, { espera: 200 })).corpo;
      await chamar('GET', `/modelos/${codigo}/historico/${historico.at(-1).id}`, { espera: 200 });
      await chamar('GET', `/modelos/${codigo}/historico/999999999`, { espera: 404 });
      await chamar('POST', `/modelos/${copia.codigoServico}/historico/${(await chamar('GET', `/modelos/${copia.codigoServico}/historico`, { espera: 200 })).corpo[0].id}/restauracao`, { corpo: { versao: copia.versao }, espera: 200 });

      // The citizen's side
      await chamar('GET', '/publico/modelos', { token: null, espera: 200 });
      await chamar('GET', `/publico/modelos/${codigo}`, { token: null, espera: 200 });
      const respostas = { cpf, nome: 'Maria da Silva', nascimento: '1990-05-17', assunto: 'a' };
      const chave = `contrato-${sufixo}`;
      const anexo = await chamar('POST', `/publico/modelos/${codigo}/anexos?campo=documento&nome=pedido.pdf`, { token: null, bruto: '%PDF-1.4 contrato', cabecalhos: { 'content-type': 'application/pdf' }, espera: 201 });
      assert.equal(anexo.corpo.tipo, 'application/pdf');
      await chamar('POST', `/publico/modelos/${codigo}/anexos?campo=documento&nome=x.pdf`, { token: null, bruto: 'MZ não é PDF', cabecalhos: { 'content-type': 'application/pdf' }, espera: 415 });
      const comAnexo = { ...respostas, documento: { anexo: anexo.corpo.id } };
      const recibo = await chamar('POST', `/publico/modelos/${codigo}/formularios`, { token: null, corpo: { respostas: comAnexo }, cabecalhos: { 'idempotency-key': chave }, espera: 201 });
      const { codigoVerificacao, url } = recibo.corpo.comprovante;
      assert.ok(String((await chamar('GET', url.replace(/^\/api/, ''), { token: null, espera: 200 })).corpo).startsWith('%PDF-'));
      await chamar('GET', `/publico/comprovantes/${recibo.corpo.protocolo}?codigo=AAAA-AAAA-AAAA`, { token: null, espera: 404 });
      assert.equal((await chamar('GET', `/formularios/verificacao?protocolo=${recibo.corpo.protocolo}&codigo=${codigoVerificacao}`, { espera: 200 })).corpo.valido, true);
      const repetido = await chamar('POST', `/publico/modelos/${codigo}/formularios`, { token: null, corpo: { respostas: comAnexo }, cabecalhos: { 'idempotency-key': chave }, espera: 201 });
      assert.equal(repetido.headers.get('idempotent-replayed'), 'true');
      assert.equal(repetido.corpo.protocolo, recibo.corpo.protocolo);
      await chamar('POST', `/publico/modelos/${codigo}/formularios`, { token: null, corpo: { respostas: { ...respostas, assunto: 'b' } }, cabecalhos: { 'idempotency-key': chave }, espera: 422 });
      await chamar('POST', `/publico/modelos/${codigo}/formularios`, { token: null, corpo: { respostas: { ...respostas, nome: 'M' } }, espera: 400 });
      await chamar('GET', '/publico/modelos/nao-existe-nunca', { token: null, espera: 404 });
      // A PDF checked by its signature (issue 44): one without any is said so.
      assert.equal((await chamar('POST', '/publico/comprovantes/verificacao', { token: null, bruto: '%PDF-1.4 sem assinatura', cabecalhos: { 'content-type': 'application/pdf' }, espera: 200 })).corpo.situacao, 'sem-assinatura');
      // gov.br reliability (issue 44): a model that asks nothing takes any account, or none; one asking for prata wants a login.
      assert.deepEqual((await chamar('GET', `/publico/modelos/${codigo}/confiabilidade`, { token: null, espera: 200 })).corpo, { nivel: null, selos: [], segundoFator: false });
      if (!externo) await chamar('GET', '/publico/modelos/tributos-itcmd/confiabilidade', { token: null, espera: 401 });
      // The citizen's gov.br signature (issue 44): the submission checked and kept while the citizen is at gov.br; a "no" there
      // (the browser's return, out of the document) leaves it refused, and its outcome says so.
      const assinatura = await chamar('POST', `/publico/modelos/${codigo}/assinaturas`, { token: null, corpo: { respostas, retorno: `${a.base}/cidadao.html` }, espera: externo ? [201, 503] : 201 });
      await chamar('POST', `/publico/modelos/${codigo}/assinaturas`, { token: null, corpo: { respostas, retorno: 'https://fora.example.org/' }, espera: 400 });
      if (assinatura.status === 201) {
        assert.equal((await fetch(`${a.base}/publico/assinaturas/retorno?state=${assinatura.corpo.id}&error=access_denied`, { redirect: 'manual' })).status, 303);
        assert.equal((await chamar('GET', `/publico/assinaturas/${assinatura.corpo.id}`, { token: null, espera: 200 })).corpo.situacao, 'RECUSADA');
      }
      await chamar('GET', '/publico/assinaturas/nenhuma-assinatura-0000', { token: null, espera: 404 });
      // Verified contact (issue 45): a code to the phone (the demo's SMS gateway), a wrong code, the right one, an unknown one.
      const verificacao = await chamar('POST', `/publico/modelos/${codigo}/verificacoes`, { token: null, corpo: { campo: 'celular', valor: '(11) 98765-4321' }, espera: externo ? [201, 503] : 201 });
      await chamar('POST', `/publico/modelos/${codigo}/verificacoes`, { token: null, corpo: { campo: 'nome', valor: 'Maria' }, espera: 400 });
      if (!externo) {
        const sms = ((await (await fetch(`${a.base.replace(/\/api$/, '')}/demo/sms.json`)).json()) as { para: string; texto: string }[]).find((m) => m.para === '+5511987654321')!;
        const certo = sms.texto.slice(0, 6);
        await chamar('POST', `/publico/verificacoes/${verificacao.corpo.id}/confirmacao`, { token: null, corpo: { codigo: certo === '000000' ? '111111' : '000000' }, espera: 422 });
        assert.equal((await chamar('POST', `/publico/verificacoes/${verificacao.corpo.id}/confirmacao`, { token: null, corpo: { codigo: certo }, espera: 200 })).corpo.prova, verificacao.corpo.id);
        // Without the proof, the number is refused naming the question (the API suite sends it with the proof).
        await chamar('POST', `/publico/modelos/${codigo}/formularios`, { token: null, corpo: { respostas: { ...respostas, celular: '(11) 98765-4321' } }, espera: 422 });
      }
      await chamar('POST', '/publico/verificacoes/nenhuma-verificacao-0000/confirmacao', { token: null, corpo: { codigo: '123456' }, espera: 404 });
      // The CEP lookup (issue 44), from the demo's own CEP service on loopback.
      assert.equal((await chamar('GET', '/publico/cep/01001-000', { token: null, espera: 200 })).corpo.logradouro, 'Praça da Sé');
      await chamar('GET', '/publico/cep/99999999', { token: null, espera: 404 });
      // Save and resume (issue 21): a draft made, read, saved again, sent from, and another one deleted.
      const rascunho = await chamar('POST', `/publico/modelos/${codigo}/rascunhos`, { token: null, corpo: { respostas: { nome: 'Maria' }, pagina: 'x' }, espera: 201 });
      assert.equal((await chamar('GET', `/publico/rascunhos/${rascunho.corpo.codigo}`, { token: null, espera: 200 })).corpo.respostas.nome, 'Maria');
      await chamar('PUT', `/publico/rascunhos/${rascunho.corpo.codigo}`, { token: null, corpo: { respostas: respostas }, espera: 200 });
      await chamar('POST', `/publico/modelos/${codigo}/formularios`, { token: null, corpo: { respostas, rascunho: rascunho.corpo.codigo }, espera: 201 });
      await chamar('GET', `/publico/rascunhos/${rascunho.corpo.codigo}`, { token: null, espera: 404 });
      await chamar('POST', `/publico/modelos/${codigo}/jornada`, { token: null, corpo: { evento: 'INICIADO' }, espera: 204 });
      await chamar('POST', `/publico/modelos/${codigo}/jornada`, { token: null, corpo: { evento: 'PAGINA', pagina: 'pagina-que-nao-existe' }, espera: 400 });
      const outro = await chamar('POST', `/publico/modelos/${codigo}/rascunhos`, { token: null, corpo: { respostas: {} }, espera: 201 });
      await chamar('DELETE', `/publico/rascunhos/${outro.corpo.codigo}`, { token: null, espera: 204 });
      // A fee paid by Pix (issue 38): the payment the page polls, a renewal refused while active, the PSP's notification.
      if (a.psp) {
        const comTaxa = `${codigo}-pix`;
        const m = (await chamar('POST', '/modelos', { corpo: { codigoServico: comTaxa, nome: 'Taxa do contrato', grupoControleConteudoId: grupo.id }, espera: 201 })).corpo;
        const defTaxa = { secoes: [{ id: 's', titulo: 'Pedido', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [] }] }], taxa: { valorCentavos: 1990, descricao: 'Taxa do contrato', chavePix: 'financeiro@exemplo.gov.br' } };
        await chamar('PUT', `/modelos/${comTaxa}`, { corpo: { nome: m.nome, grupoControleConteudoId: grupo.id, definicao: defTaxa, versao: m.versao }, espera: 200 });
        await chamar('POST', `/modelos/${comTaxa}/versoes`, { espera: 201 });
        const enviado = (await chamar('POST', `/publico/modelos/${comTaxa}/formularios`, { token: null, corpo: { respostas: { nome: 'Maria' } }, espera: 201 })).corpo;
        assert.equal(enviado.status, 'AGUARDANDO_PAGAMENTO');
        const caminhoPagamento = enviado.pagamento.url.replace(/^\/api/, '');
        const pagamento = (await chamar('GET', caminhoPagamento, { token: null, espera: 200 })).corpo;
        assert.equal(pagamento.status, 'ATIVA');
        await chamar('POST', caminhoPagamento.replace('?', '/renovacao?'), { token: null, espera: 409 });
        await chamar('GET', caminhoPagamento.replace(/codigo=[^&]+/, 'codigo=AAAA-AAAA-AAAA'), { token: null, espera: 404 });
        await chamar('POST', '/publico/pix/notificacoes/pix', { token: null, corpo: { pix: [{ txid: pagamento.txid }] }, espera: 200 });
        // Expired, it is renewed once with another txid; that one is paid.
        await a.expirarPagamento!(pagamento.txid);
        assert.equal((await chamar('GET', caminhoPagamento, { token: null, espera: 200 })).corpo.status, 'EXPIRADA');
        const renovado = (await chamar('POST', caminhoPagamento.replace('?', '/renovacao?'), { token: null, espera: 200 })).corpo;
        assert.ok((await a.psp.pagar(renovado.txid)).ok);
        assert.equal((await chamar('GET', caminhoPagamento, { token: null, espera: 200 })).corpo.status, 'PAGA');
        // Refunded from the drawer: part of it, never beyond what is left.
        const idTaxa = (await chamar('GET', `/formularios?modelo=${comTaxa}`, { espera: 200 })).corpo[0].id;
        await chamar('POST', `/formularios/${idTaxa}/devolucoes`, { corpo: { valor: '99,00' }, espera: 400 });
        assert.equal((await chamar('POST', `/formularios/${idTaxa}/devolucoes`, { corpo: { valor: '1,00', motivo: 'Teste de contrato' }, espera: 200 })).corpo.devolvido, '1.00');
      }

      // Steps after sending (issue 46): a co-signature and an analysis; the citizen's progress; "Minhas análises".
      if (a.codigoDeCoassinatura) {
        const comEtapas = `${codigo}-etapas`;
        const m = (await chamar('POST', '/modelos', { corpo: { codigoServico: comEtapas, nome: 'Contrato com etapas', grupoControleConteudoId: grupo.id }, espera: 201 })).corpo;
        const defEtapas = {
          secoes: [{ id: 's', titulo: 'Pedido', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [] }, { id: 'parecer', tipo: 'texto', rotulo: 'Parecer', obrigatorio: true, regras: [], etapa: 'analise' }] }],
          etapas: [
            { id: 'fiador', tipo: 'coassinatura', titulo: 'Assinatura do fiador', prazoDias: 5, coassinantes: [{ email: 'fiador@exemplo.gov.br', nome: 'Fiador' }] },
            { id: 'analise', tipo: 'analise', titulo: 'Análise', prazoDias: 5, grupoControleConteudoId: grupo.id },
          ],
          // The co-signer may sign with gov.br too (issue 44's signature asked, not required).
          assinatura: 'opcional',
        };
        await chamar('PUT', `/modelos/${comEtapas}`, { corpo: { nome: m.nome, grupoControleConteudoId: grupo.id, definicao: defEtapas, versao: m.versao }, espera: 200 });
        await chamar('POST', `/modelos/${comEtapas}/versoes`, { espera: 201 });
        const enviado = (await chamar('POST', `/publico/modelos/${comEtapas}/formularios`, { token: null, corpo: { respostas: { nome: 'Maria' } }, espera: 201 })).corpo;
        await chamar('GET', enviado.andamento.url.replace(/^\/api/, ''), { token: null, espera: 200 });
        await chamar('GET', `/publico/comprovantes/${enviado.protocolo}/andamento?codigo=ERRADO`, { token: null, espera: 404 });
        const link = await a.codigoDeCoassinatura(enviado.protocolo);
        assert.equal((await chamar('GET', `/publico/coassinaturas/${link}`, { token: null, espera: 200 })).corpo.etapa, 'Assinatura do fiador');
        await chamar('GET', '/publico/coassinaturas/link-que-nao-existe-000', { token: null, espera: 404 });
        await chamar('POST', `/publico/coassinaturas/${link}`, { token: null, corpo: { decisao: 'RECUSAR' }, espera: 422 });
        await chamar('POST', `/publico/coassinaturas/${link}/assinatura`, { token: null, corpo: { retorno: 'https://fora.exemplo/volta' }, espera: 400 });
        assert.match((await chamar('POST', `/publico/coassinaturas/${link}/assinatura`, { token: null, corpo: { retorno: `${new URL(a.base).origin}/cidadao.html` }, espera: 201 })).corpo.url, /^http/);
        await chamar('POST', `/publico/coassinaturas/${link}`, { token: null, corpo: { decisao: 'ASSINAR' }, espera: 200 });
        await chamar('POST', `/publico/coassinaturas/${link}`, { token: null, corpo: { decisao: 'ASSINAR' }, espera: 409 });
        const pendentes = (await chamar('GET', '/analises?sort=prazoEm,asc', { espera: 200 })).corpo;
        const idEtapas = pendentes.find((x: Json) => x.formulario.protocolo === enviado.protocolo).formulario.id;
        await chamar('POST', `/formularios/${idEtapas}/analise`, { corpo: { decisao: 'APROVAR' }, espera: 400 });
        assert.equal((await chamar('POST', `/formularios/${idEtapas}/analise`, { corpo: { decisao: 'APROVAR', respostas: { parecer: 'De acordo.' } }, espera: 200 })).corpo.status, 'APROVADO');
        await chamar('POST', `/formularios/${idEtapas}/analise`, { corpo: { decisao: 'RECUSAR', motivo: 'Tarde demais' }, espera: 409 });
      }

      // Filled forms and operation
      const lista = await chamar('GET', `/formularios?modelo=${codigo}&sort=recebidoEm,desc`, { espera: 200 });
      assert.equal(lista.headers.get('x-total-count'), '2', 'the form and the one sent from the draft');
      const id = lista.corpo.find((f: Json) => f.protocolo === recibo.corpo.protocolo).id;
      await chamar('GET', `/formularios/${id}`, { espera: 200 });
      await chamar('GET', `/formularios/${id}/dados-pessoais`, { espera: 200 });
      assert.equal((await chamar('GET', `/formularios/${id}/anexos/${anexo.corpo.id}`, { espera: 200 })).corpo, '%PDF-1.4 contrato');
      if (a.linkDeAnexo) {
        const link = new URL(a.linkDeAnexo(anexo.corpo.id));
        const caminho = link.pathname.replace(/^\/api/, '') + link.search;
        assert.equal((await chamar('GET', caminho, { token: null, espera: 200 })).corpo, '%PDF-1.4 contrato');
        await chamar('GET', caminho.replace(/assinatura=[^&]+/, 'assinatura=outra'), { token: null, espera: 403 });
      }
      const pdf = await chamar('GET', `/formularios/${id}/pdf?dadosPessoais=true`, { espera: 200 });
      assert.ok(String(pdf.corpo).startsWith('%PDF-'));
      const csv = await chamar('GET', `/formularios/exportacao?modelo=${codigo}`, { espera: 200 });
      assert.ok(csv.corpo.includes(recibo.corpo.protocolo));
      await chamar('GET', `/formularios/relatorio-titular?cpf=${encodeURIComponent(cpf)}`, { espera: 200 });
      await chamar('GET', `/formularios/relatorio-titular?cpf=${encodeURIComponent(cpf)}&formato=csv`, { espera: 200 });
      await chamar('GET', '/formularios/relatorio-titular?cpf=123', { espera: 400 });
      await chamar('GET', `/analitico-formularios?modelo=${codigo}`, { espera: 200 });
      await chamar('GET', '/analitico-formularios?de=2026-02-30', { espera: 400 });
      await chamar('GET', `/formularios-eventos?formulario=${id}`, { espera: 200 });
      await chamar('GET', '/retentativas-integracao?size=5', { espera: 200 });
      const filaDoModelo = (await chamar('GET', `/retentativas-integracao?modelo=${codigo}&status=PENDENTE&status=ESGOTADA`, { espera: 200 })).corpo;
      const fila = filaDoModelo.length ? filaDoModelo : (await chamar('GET', '/retentativas-integracao?status=PENDENTE&status=ESGOTADA', { espera: 200 })).corpo;
      assert.ok(fila.length, 'há uma retentativa para executar e descartar');
      await chamar('POST', `/retentativas-integracao/${fila[0].id}/execucoes`, { espera: [202, 409] });
      await chamar('POST', `/retentativas-integracao/${fila[0].id}/descarte`, { corpo: { motivo: 'Descartada pelo teste de contrato' }, espera: 200 });
      await chamar('POST', `/retentativas-integracao/${fila[0].id}/execucoes`, { espera: 409 });
      await chamar('POST', `/retentativas-integracao/${fila[0].id}/descarte`, { corpo: { motivo: 'De novo' }, espera: 409 });
      await chamar('POST', '/retentativas-integracao/execucoes-em-lote?simulacao=true', { corpo: { modelo: [codigo] }, espera: 200 });
      await chamar('POST', '/retentativas-integracao/execucoes-em-lote', { corpo: { modelo: [codigo], status: ['ESGOTADA'] }, espera: 200 });

      // Archiving, then the refusals and deletions
      await chamar('POST', `/modelos/${codigo}/arquivamento`, { espera: 200 });
      await chamar('GET', `/publico/modelos/${codigo}`, { token: null, espera: 410 });
      await chamar('POST', `/modelos/${codigo}/arquivamento`, { espera: 409 });
      await chamar('DELETE', `/modelos/${codigo}/arquivamento`, { espera: 200 });
      await chamar('DELETE', `/modelos/${codigo}`, { espera: 409 });
      await chamar('POST', '/modelos', { corpo: { codigoServico: `${codigo}-x`, nome: 'Rascunho descartável', grupoControleConteudoId: grupo.id }, espera: 201 });
      await chamar('DELETE', `/modelos/${codigo}-x`, { espera: 204 });
      await chamar('DELETE', `/modelos/${codigo}-c`, { espera: 204 });
      await chamar('DELETE', `/modelos/${codigo}-i`, { espera: 204 });
      await chamar('DELETE', `/perfis-acesso/${perfil.id}`, { espera: 409 });
      await chamar('DELETE', `/grupos-controle-conteudo/${grupo.id}`, { espera: 409 });
      await chamar('DELETE', '/vinculos-usuarios/admin', { espera: 409 });
      await chamar('DELETE', `/vinculos-usuarios/${username}`, { espera: 204 });
      await chamar('DELETE', `/perfis-acesso/${perfil.id}`, { espera: 204 });
      await chamar('DELETE', `/grupos-acesso-publico/${publico.id}`, { espera: 204 });
      const vazio = (await chamar('POST', '/grupos-controle-conteudo', { corpo: { nome: `Contrato vazio ${sufixo}` }, espera: 201 })).corpo;
      await chamar('DELETE', `/grupos-controle-conteudo/${vazio.id}`, { espera: 204 });
    });

    /** The staff calls any signed-in user may make, linked or not (SPEC.md section 7's start-up calls and one's own link). */
    const DE_QUALQUER_SESSAO = new Set(['consultarAdministrador', 'consultarMeuVinculo']);

    test('as recusas de toda operação estão documentadas: sem token, sem vínculo, inexistente, corpo inválido, corpo que não é JSON', async () => {
      const exemplo: Record<string, string> = { username: 'ninguem-aqui', codigoServico: 'nao-existe-nunca', numero: '999999', id: '999999999', perfilAcessoId: '999999', grupoControleConteudoId: '999999', grupoAcessoPublicoId: '999999' };
      let parametroRecusado = 0;
      for (const o of contrato.operacoes) {
        const caminho = o.caminho.replace(/\{([^}]+)\}/g, (_, p) => exemplo[p] ?? 'x');
        const temCorpo = !!o.op.requestBody;
        if (!o.op.security) {
          await chamar(o.metodo, caminho, { token: null, espera: 401 });
          await chamar(o.metodo, caminho, { token: 'nao.e.um.token', espera: 401 });
          // A signed-in user nobody linked (visitante) is refused everywhere but their own session's calls.
          if (a.tokens.semAcesso) await chamar(o.metodo, caminho, { token: a.tokens.semAcesso, ...(temCorpo ? { corpo: {} } : {}), espera: DE_QUALQUER_SESSAO.has(o.id) ? 200 : 403 });
        }
        // A citizen's route with an id that does not exist: not found (or refused by its schema), and documented.
        if (o.caminho.includes('{') && o.op.security) await chamar(o.metodo, caminho, { token: null, ...(temCorpo ? { corpo: { respostas: {} } } : {}), espera: [400, 404] });
        if (o.caminho.includes('{') && !o.op.security) {
          // A user nobody linked simply has no permissions (SPEC.md section 7); every other id is not found.
          await chamar(o.metodo, caminho, { ...(temCorpo ? { corpo: {} } : {}), espera: o.id === 'listarPermissoesDoUsuario' ? 200 : [400, 404] });
        }
        if (temCorpo) {
          await chamar(o.metodo, caminho, { token: o.op.security ? null : undefined, corpo: { campoQueNaoExiste: [1] }, espera: [400, 404] });
          await chamar(o.metodo, caminho, { token: o.op.security ? null : undefined, bruto: '<nome>x</nome>', cabecalhos: { 'content-type': 'application/xml' }, espera: [415, 404] });
          // Issue 50: a form-encoded or plain-text body is not JSON either (a form-encoded one once created a group).
          if (o.op.requestBody.content?.['application/json']) {
            await chamar(o.metodo, caminho, { token: o.op.security ? null : undefined, bruto: 'nome=Grupo+de+formulario&descricao=x', cabecalhos: { 'content-type': 'application/x-www-form-urlencoded' }, espera: 415 });
            await chamar(o.metodo, caminho, { token: o.op.security ? null : undefined, bruto: '{"nome":"Grupo em texto"}', cabecalhos: { 'content-type': 'text/plain;charset=UTF-8' }, espera: 415 });
          }
        }
        if (o.metodo === 'POST' && o.caminho.endsWith('/grupos-controle-conteudo')) {
          // Signed in as an administrator, who may create groups: still refused, nothing created.
          await chamar(o.metodo, caminho, { bruto: 'nome=Grupo+por+formulario&descricao=x', cabecalhos: { 'content-type': 'application/x-www-form-urlencoded' }, espera: 415 });
        }
        // Issue 50: a query parameter the operation does not document is refused, naming it (POST /modelos/importacao?simulacao=true imported).
        if (o.metodo !== 'OPTIONS') {
          const r = await chamar(o.metodo, `${caminho}?parametroQueNaoExiste=1`, { ...(temCorpo ? { corpo: {} } : {}), espera: [400, 401, 403, 404, 415] });
          // (A path's ids and a body are checked first: their own refusals come before the query's.)
          const naQuery = r.status === 400 && (r.corpo as Json).errors?.some((e: Json) => e.field === 'parametroQueNaoExiste' && e.message === 'Parâmetro desconhecido.');
          if (naQuery) parametroRecusado++;
          else if (r.status === 400) assert.ok(temCorpo || o.caminho.includes('{'), `${o.metodo} ${caminho}: ${JSON.stringify(r.corpo)}`);
        }
        if (o.op.parameters?.some((p: Json) => p.in === 'query' && p.name === 'size')) {
          await chamar(o.metodo, `${caminho}?size=101`, { espera: 400 });
          await chamar(o.metodo, `${caminho}?page=-1`, { espera: 400 });
        }
      }
      // Not vacuous: most operations were seen refusing the unknown parameter by name.
      assert.ok(parametroRecusado > contrato.operacoes.length / 3, `${parametroRecusado} de ${contrato.operacoes.length}`);
    });

    test('toda operação documentada foi chamada com sucesso', () => {
      // Against another server, a signed attachment link can only come from one of its deliveries: that one operation is named, not called.
      // …and its fees are paid at its own PSP: the payment operations are named, not called, without ours.
      const semComoChamar = [...(a.linkDeAnexo ? [] : ['baixarAnexoPorLink']), ...(a.psp ? [] : ['obterPagamento', 'renovarPagamento', 'notificarPix', 'devolverPagamento']), ...(a.codigoDeCoassinatura ? [] : ['obterCoassinatura', 'responderCoassinatura', 'iniciarCoassinaturaGovbr', 'obterAndamento', 'listarAnalises', 'analisarFormulario'])];
      if (semComoChamar.length) console.log(`# não chamada contra ${externo}: ${semComoChamar.join(', ')} (o link assinado só vem numa entrega do servidor; o pagamento, no PSP dele)`);
      const faltam = contrato.operacoes.filter((o) => !semComoChamar.includes(o.id) && ![...(vistos.get(o.id) ?? [])].some((s) => s < 300)).map((o) => `${o.metodo} ${o.caminho} (${o.id})`);
      assert.deepEqual(faltam, []);
    });
  });
}
