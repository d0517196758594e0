import { LIMITES_PADRAO } from '../../src/server/api/rotas/contextoPublico';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { esperarAte, esperarSentinela, subirReceptor, type Recebida } from '../apoio/receptor';
import { DEFINICAO_COMPLETA, enviarFormulario, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import type { Resolvedor } from '../../src/server/entrega/destino';
import type { Conector } from '../../src/server/entrega/envio';
import { conectorHttp } from '../../src/server/entrega/envio';
import { garantirSegredos } from '../../src/server/entrega/integracao';

/**
 * Integrations receivers can trust and attackers can't use (issue 14), against a real local receiver:
 * Standard Webhooks signatures verified with the maintained `standardwebhooks` library across a
 * rotation, the destination guard at save and at send, header rules, no response body stored, the
 * test delivery, the pause after exhausted deliveries, and the limits of the public endpoints.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

// Names resolve from this table only (no DNS server is asked); a test may change an answer.
const TABELA: Record<string, string[]> = { 'api.exemplo.gov.br': ['200.152.38.1'], 'interno.exemplo.gov.br': ['127.0.0.1'], 'muda.exemplo.gov.br': ['200.152.38.2'] };
const resolver: Resolvedor = async (host) => {
  if (!TABELA[host]) throw Object.assign(new Error('não encontrado'), { code: 'ENOTFOUND' });
  return TABELA[host].map((address) => ({ address, family: 4 }));
};

for (const banco of await bancosDeTeste()) {
  describe(`integrações confiáveis (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    // Connections go through the real connector, always to a real local receiver. A public name of the table
    // (which may not be contacted from here) is recorded with the address that was checked, and its connection
    // is routed to the local receiver: the delivery is real, and no traffic leaves the machine. A hostile address
    // never reaches this function at all — that is what "not contacted" means below.
    const abertas: string[] = [];
    const conectar: Conector = async (p) => {
      if (p.ip === '127.0.0.1' && p.url.origin === receptor.origem) return conectorHttp(p);
      abertas.push(`${p.url.hostname} -> ${p.ip}`);
      return conectorHttp({ ...p, url: new URL(`${p.url.pathname}${p.url.search}`, receptor.origem), ip: '127.0.0.1', familia: 4 });
    };

    before(async () => {
      receptor = await subirReceptor();
      s = await subirServidor({
        databaseUrl: banco.url,
        entregas: { ligado: true, esperasS: [], timeoutMs: 2000, intervaloMs: 50, lote: 10 },
        integracao: { permitidos: { origens: [receptor.origem] }, resolver, conectar, pausaApos: 3, sobreposicaoS: 3600 },
      });
      admin = await clienteApi(s.url, 'admin');
    });
    after(async () => {
      await s.fechar();
      await receptor.fechar();
      await banco.descartar?.();
    });

    const grupo = async () => (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
    /** Creates and publishes a model delivering to `url`; answers the secret shown at creation. */
    async function publicar(codigo: string, url: string): Promise<string> {
      const corpo = { nome: `Teste ${codigo}`, grupoControleConteudoId: await grupo(), integracao: { url, metodo: 'POST', cabecalhos: { 'X-Orgao': 'saude' } } };
      const criado = await admin('POST', '/modelos', { codigoServico: codigo, ...corpo });
      assert.equal(criado.status, 201, JSON.stringify(criado.json));
      assert.equal((await admin('PUT', `/modelos/${codigo}`, { ...corpo, definicao: DEFINICAO_COMPLETA, versao: criado.json.versao })).status, 200);
      assert.equal((await admin('POST', `/modelos/${codigo}/versoes`)).status, 201);
      return criado.json.segredoNovo;
    }
    const entregue = (protocolo: string): Promise<Recebida> => esperarAte(() => receptor.doProtocolo(protocolo).at(-1), 10_000, `entrega de ${protocolo}`) as Promise<Recebida>;
    const cabecalhos = (r: Recebida) => Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(r.cabecalhos[h])]));
    const verifica = (segredo: string, r: Recebida) => {
      try {
        new Webhook(segredo).verify(r.texto, cabecalhos(r));
        return true;
      } catch {
        return false;
      }
    };

    test('entregas assinadas (Standard Webhooks), verificadas com a biblioteca standardwebhooks, através de uma rotação do segredo', async () => {
      const a = await publicar('teste-assinada', receptor.url);
      assert.match(a, /^whsec_/, 'the secret is shown once, at creation');
      const modelo = (await admin('GET', '/modelos/teste-assinada')).json;
      assert.equal(JSON.stringify(modelo).includes(a.slice(6)), false, 'and never again');
      assert.equal(modelo.integracao.segredo.existe, true);

      const p1 = (await enviarFormulario(s.url, 'teste-assinada', RESPOSTAS_VALIDAS)).json.protocolo;
      const r1 = await entregue(p1);
      assert.ok(verifica(a, r1), 'signed with the model secret');
      assert.equal(r1.cabecalhos['webhook-id'], `entrega_${r1.corpo.entregaId}`);
      assert.equal(r1.cabecalhos['idempotency-key'], `formulario-${p1}`, 'the idempotency key is still there');
      assert.equal(verifica('whsec_' + Buffer.alloc(32, 1).toString('base64'), r1), false, 'another secret does not verify');

      // Rotation: during the overlap both the old-secret-only and the new-secret-only receivers accept.
      const rotacao = await admin('POST', '/modelos/teste-assinada/integracao/segredo');
      assert.equal(rotacao.status, 201);
      const b = rotacao.json.segredo;
      assert.notEqual(b, a);
      assert.ok(rotacao.json.anteriorValidoAte);
      const p2 = (await enviarFormulario(s.url, 'teste-assinada', RESPOSTAS_VALIDAS)).json.protocolo;
      const r2 = await entregue(p2);
      assert.equal(String(r2.cabecalhos['webhook-signature']).split(' ').length, 2);
      assert.ok(verifica(a, r2), 'old secret, during the overlap');
      assert.ok(verifica(b, r2), 'new secret');

      // After the overlap: only the new one.
      await s.db.query(`update modelo set integracao_segredo_anterior_ate = now() - interval '1 second' where codigo_servico = 'teste-assinada'`);
      await s.db.query(`update modelo set versao = versao + 1 where codigo_servico = 'teste-assinada'`);
      const p3 = (await enviarFormulario(s.url, 'teste-assinada', RESPOSTAS_VALIDAS)).json.protocolo;
      const r3 = await entregue(p3);
      assert.equal(verifica(a, r3), false, 'old secret no longer');
      assert.ok(verifica(b, r3));
      // Attempts of one delivery keep one webhook-id.
      assert.equal(new Set(receptor.doProtocolo(p3).map((r) => r.cabecalhos['webhook-id'])).size, 1);
    });

    test('"Enviar teste": uma entrega de teste assinada, com a resposta do destino em pt-BR', async () => {
      const segredo = (await admin('POST', '/modelos/teste-assinada/integracao/segredo')).json.segredo;
      const ok = await admin('POST', '/modelos/teste-assinada/integracao/teste');
      assert.equal(ok.status, 200);
      assert.deepEqual([ok.json.ok, ok.json.statusHttp, ok.json.mensagem], [true, 200, 'O destino respondeu 200: a entrega de teste foi aceita.']);
      const r = receptor.recebidas.at(-1)!;
      assert.equal(r.corpo.teste, true);
      assert.ok(verifica(segredo, r));
      receptor.responder(() => ({ status: 503, corpo: 'pilha interna: senha=hunter2 em 10.0.0.7' }));
      try {
        const falha = await admin('POST', '/modelos/teste-assinada/integracao/teste');
        assert.deepEqual([falha.json.ok, falha.json.mensagem], [false, 'O destino respondeu 503 (serviço indisponível).']);
      } finally {
        receptor.responder(() => 200);
      }
      const gestor = await clienteApi(s.url, 'designer');
      assert.equal((await gestor('POST', '/modelos/teste-assinada/integracao/teste')).status, 200, 'designer holds UPDATE_MODELO');
      const semPermissao = await clienteApi(s.url, 'gestor');
      assert.equal((await semPermissao('POST', '/modelos/teste-assinada/integracao/segredo')).status, 403);
    });

    test('o corpo da resposta de um destino nunca é guardado nem mostrado', async () => {
      await publicar('teste-corpo', receptor.url);
      receptor.responder(() => ({ status: 500, corpo: 'SEGREDO-INTERNO-123 stack trace' }));
      try {
        const p = (await enviarFormulario(s.url, 'teste-corpo', RESPOSTAS_VALIDAS)).json.protocolo;
        const [r] = (await esperarAte(async () => {
          const x = await s.db.query<{ id: string; status: string; ultimo_erro: string }>(`select r.id::text, r.status, r.ultimo_erro from retentativa_integracao r join formulario f on f.id = r.formulario_id where f.protocolo = $1 and r.status = 'ESGOTADA'`, [p]);
          return x.length ? x : null;
        }))!;
        assert.equal(r.ultimo_erro, 'O destino respondeu 500 (erro interno).');
        const tudo = JSON.stringify([await admin('GET', `/retentativas-integracao?size=100`), await admin('GET', `/formularios-eventos?protocolo=${p}`), await s.db.query(`select * from formulario_evento e join formulario f on f.id = e.formulario_id where f.protocolo = $1`, [p])]);
        assert.equal(tudo.includes('SEGREDO-INTERNO'), false);
      } finally {
        receptor.responder(() => 200);
      }
    });

    test('o guarda de destino: recusado ao salvar (endereço escrito e o que o nome resolve) e ao enviar, quando o nome muda depois', async () => {
      const base = { nome: 'Hostil', grupoControleConteudoId: await grupo() };
      const hostis = ['http://127.0.0.1:5432/', 'https://169.254.169.254/latest/meta-data/', 'https://2130706433/', 'https://[::ffff:127.0.0.1]/', 'https://localhost./', 'https://interno.exemplo.gov.br/', 'http://api.exemplo.gov.br/', `${receptor.origem.replace('127.0.0.1', 'localhost')}/recebe`];
      for (const [i, url] of hostis.entries()) {
        const r = await admin('POST', '/modelos', { ...base, codigoServico: `hostil-${i}`, integracao: { url } });
        assert.equal(r.status, 400, url);
        assert.equal(r.json.errors[0].field, 'integracao.url', url);
      }
      assert.equal((await s.db.query(`select 1 from modelo where codigo_servico like 'hostil-%'`)).length, 0, 'nothing stored');
      // Saved while it pointed outward; its name later resolves inward: the send is refused, nothing is opened.
      await publicar('teste-muda', 'https://muda.exemplo.gov.br/recebe');
      TABELA['muda.exemplo.gov.br'] = ['10.0.0.5'];
      const antes = abertas.length;
      const p = (await enviarFormulario(s.url, 'teste-muda', RESPOSTAS_VALIDAS)).json.protocolo;
      const [r] = (await esperarAte(async () => {
        const x = await s.db.query<{ ultimo_erro: string }>(`select r.ultimo_erro from retentativa_integracao r join formulario f on f.id = r.formulario_id where f.protocolo = $1 and r.tentativas > 0 and r.status <> 'EXECUTANDO'`, [p]);
        return x.length ? x : null;
      }))!;
      assert.equal(r.ultimo_erro, 'Destino recusado: O nome muda.exemplo.gov.br aponta para 10.0.0.5, um endereço de rede privada (10.0.0.0/8); a entrega não foi feita.');
      assert.equal(abertas.length, antes, 'no connection was opened');
      // A public answer again: delivered, to the address that was checked.
      TABELA['muda.exemplo.gov.br'] = ['200.152.38.2'];
      const p2 = (await enviarFormulario(s.url, 'teste-muda', RESPOSTAS_VALIDAS)).json.protocolo;
      await esperarAte(() => receptor.doProtocolo(p2).length > 0, 5000, `entrega de ${p2} no receptor`);
      assert.equal(abertas.at(-1), 'muda.exemplo.gov.br -> 200.152.38.2', 'to the address that was checked');
      assert.equal(receptor.doProtocolo(p).length, 0, 'the refused one never arrived');
      await esperarAte(async () => (await s.db.query<{ status: string }>(`select r.status from retentativa_integracao r join formulario f on f.id = r.formulario_id where f.protocolo = $1`, [p2]))[0].status === 'SUCESSO', 5000, `${p2} registrada como entregue`);
    });

    test('cabeçalhos: quebra de linha, nomes reservados e nomes inválidos recusados com mensagens em pt-BR', async () => {
      const base = { codigoServico: 'teste-cabecalhos', nome: 'Cabeçalhos', grupoControleConteudoId: await grupo() };
      const casos: [Record<string, string>, RegExp][] = [
        [{ 'X-A': 'b\r\nInjected: 1' }, /quebra de linha/],
        [{ Host: 'interno' }, /não pode ser configurado/],
        [{ 'Content-Length': '0' }, /não pode ser configurado/],
        [{ 'webhook-signature': 'v1,falsa' }, /não pode ser configurado/],
      ];
      for (const [cabecalhos, msg] of casos) {
        const r = await admin('POST', '/modelos', { ...base, integracao: { url: 'https://api.exemplo.gov.br/x', cabecalhos } });
        assert.equal(r.status, 400, JSON.stringify(cabecalhos));
        assert.match(r.json.errors.map((e: { message: string }) => e.message).join(' '), msg);
        assert.equal(r.json.errors[0].field, `integracao.cabecalhos.${Object.keys(cabecalhos)[0]}`);
      }
      assert.equal((await admin('POST', '/modelos', { ...base, integracao: { url: 'https://api.exemplo.gov.br/x', cabecalhos: { Authorization: 'Bearer abc' } } })).status, 201);
    });

    test('os valores dos cabeçalhos são segredos: cifrados no banco, fora de toda resposta (também para quem só lê modelos), trocados só de propósito e nunca copiados', async () => {
      const TOKEN = 'Bearer token-do-orgao-que-ninguem-le';
      const CHAVE = 'chave-de-api-que-ninguem-le';
      const codigo = 'teste-cabecalhos-segredo';
      const corpo = { nome: 'Cabeçalhos secretos', grupoControleConteudoId: await grupo(), integracao: { url: receptor.url, metodo: 'POST', cabecalhos: { Authorization: TOKEN, 'X-Api-Key': CHAVE } } };
      const criado = await admin('POST', '/modelos', { codigoServico: codigo, ...corpo });
      assert.equal(criado.status, 201, JSON.stringify(criado.json));
      const semValores = (texto: string) => ![TOKEN, CHAVE, 'token-do-orgao', 'chave-de-api'].some((v) => texto.includes(v));
      assert.ok(semValores(JSON.stringify(criado.json)), 'not even in the answer to the one who typed them');
      assert.deepEqual(criado.json.integracao.cabecalhos, ['Authorization', 'X-Api-Key']);
      // At rest: encrypted, not the values.
      const [linha] = await s.db.query<{ c: string }>('select integracao_cabecalhos::text as c from modelo where codigo_servico = $1', [codigo]);
      assert.ok(semValores(linha.c) && linha.c.includes('Authorization'), linha.c);
      // A user whose only permission is READ_MODELO (issue 50: they read the values).
      const perfil = (await admin('POST', '/perfis-acesso', { nome: 'Leitor de modelos (teste)', permissoes: ['READ_MODELO'] })).json.id;
      const v = (await admin('GET', '/vinculos-usuarios/auditor')).json;
      assert.equal((await admin('PUT', '/vinculos-usuarios/auditor', { nome: v.nome, email: v.email, administrador: false, perfis: [perfil], grupos: v.grupos.map((g: { id: number }) => g.id), versao: v.versao })).status, 200);
      const leitor = await clienteApi(s.url, 'auditor');
      const lido = await leitor('GET', `/modelos/${codigo}`);
      assert.equal(lido.status, 200);
      assert.deepEqual(lido.json.integracao.cabecalhos, ['Authorization', 'X-Api-Key']);
      assert.ok(semValores(JSON.stringify(lido.json)), JSON.stringify(lido.json.integracao));
      assert.ok(semValores(JSON.stringify((await leitor('GET', `/modelos/${codigo}/historico`)).json)));
      // The deliveries carry the values, decrypted.
      assert.equal((await admin('PUT', `/modelos/${codigo}`, { ...corpo, integracao: { ...corpo.integracao, cabecalhos: { Authorization: null, 'X-Api-Key': null } }, definicao: DEFINICAO_COMPLETA, versao: criado.json.versao })).status, 200);
      assert.equal((await admin('POST', `/modelos/${codigo}/versoes`)).status, 201);
      const p1 = (await enviarFormulario(s.url, codigo, RESPOSTAS_VALIDAS)).json.protocolo;
      const r1 = await entregue(p1);
      assert.deepEqual([r1.cabecalhos.authorization, r1.cabecalhos['x-api-key']], [TOKEN, CHAVE], 'kept by null on save');
      // Replaced on purpose, one kept, one removed by leaving it out.
      let m = (await admin('GET', `/modelos/${codigo}`)).json;
      const trocado = await admin('PUT', `/modelos/${codigo}`, { ...corpo, integracao: { ...corpo.integracao, cabecalhos: { Authorization: 'Bearer outro' } }, definicao: m.definicao, versao: m.versao });
      assert.deepEqual([trocado.status, trocado.json.integracao.cabecalhos], [200, ['Authorization']]);
      const r2 = await entregue((await enviarFormulario(s.url, codigo, RESPOSTAS_VALIDAS)).json.protocolo);
      assert.deepEqual([r2.cabecalhos.authorization, r2.cabecalhos['x-api-key']], ['Bearer outro', undefined]);
      // null for a header the model does not have: nothing to keep, said on the field; nothing saved.
      m = (await admin('GET', `/modelos/${codigo}`)).json;
      const semValor = await admin('PUT', `/modelos/${codigo}`, { ...corpo, integracao: { ...corpo.integracao, cabecalhos: { Authorization: null, 'X-Novo': null } }, definicao: m.definicao, versao: m.versao });
      assert.equal(semValor.status, 400);
      assert.deepEqual(semValor.json.errors, [{ field: 'integracao.cabecalhos.X-Novo', message: 'O modelo não tem um valor guardado para o cabeçalho "X-Novo": informe o valor.' }]);
      assert.equal((await admin('GET', `/modelos/${codigo}`)).json.versao, m.versao);
      // A copy goes without them, like the secret.
      const copia = await admin('POST', `/modelos/${codigo}/copias`, { codigoServico: `${codigo}-copia` });
      assert.equal(copia.status, 201, JSON.stringify(copia.json));
      assert.deepEqual(copia.json.integracao.cabecalhos, []);
      assert.deepEqual(await s.db.query('select integracao_cabecalhos as c from modelo where codigo_servico = $1', [`${codigo}-copia`]), [{ c: {} }]);
      // The test delivery carries the value too.
      assert.equal((await admin('POST', `/modelos/${codigo}/integracao/teste`)).json.ok, true);
      assert.equal(receptor.recebidas.at(-1)!.cabecalhos.authorization, 'Bearer outro');
      // A value stored in clear before this release: the start-up step encrypts it in place, and it still goes out.
      await s.db.query(`update modelo set integracao_cabecalhos = '{"Authorization": "Bearer de-antes"}' where codigo_servico = $1`, [codigo]);
      await garantirSegredos(s.db, s.integracao);
      const [antigo] = await s.db.query<{ c: string }>('select integracao_cabecalhos::text as c from modelo where codigo_servico = $1', [codigo]);
      assert.ok(!antigo.c.includes('de-antes') && antigo.c.includes('Authorization'), antigo.c);
      assert.equal((await admin('POST', `/modelos/${codigo}/integracao/teste`)).json.ok, true);
      assert.equal(receptor.recebidas.at(-1)!.cabecalhos.authorization, 'Bearer de-antes');
    });

    test('entregas esgotadas seguidas pausam a integração; novos formulários esperam na fila; retomar entrega', async () => {
      await publicar('teste-pausa', receptor.url);
      receptor.responder(() => 503);
      const protocolos: string[] = [];
      try {
        for (let i = 0; i < 3; i++) protocolos.push((await enviarFormulario(s.url, 'teste-pausa', RESPOSTAS_VALIDAS)).json.protocolo);
        await esperarAte(async () => (await admin('GET', '/modelos/teste-pausa')).json.integracao.pausadaEm, 10_000, 'pausada');
        const m = (await admin('GET', '/modelos/teste-pausa')).json;
        assert.equal(m.integracao.esgotadasSeguidas, 3);
        const opcoes = (await admin('GET', '/modelos-opcoes')).json.find((x: { codigoServico: string }) => x.codigoServico === 'teste-pausa');
        assert.ok(opcoes.integracaoPausadaEm, 'the retries page learns of the pause');
      } finally {
        receptor.responder(() => 200);
      }
      const fila = (await enviarFormulario(s.url, 'teste-pausa', RESPOSTAS_VALIDAS)).json.protocolo;
      // A sentinel of another model, not paused, delivered after it: the worker has gone round and left this one queued.
      await publicar('teste-pausa-sentinela', receptor.url);
      await esperarSentinela(s.url, 'teste-pausa-sentinela', receptor);
      assert.equal(receptor.doProtocolo(fila).length, 0, 'queued, not sent');
      const [{ status }] = await s.db.query<{ status: string }>(`select r.status from retentativa_integracao r join formulario f on f.id = r.formulario_id where f.protocolo = $1`, [fila]);
      assert.equal(status, 'PENDENTE');
      const gestor = await clienteApi(s.url, 'gestor');
      assert.equal((await gestor('DELETE', '/modelos/teste-pausa/integracao/pausa')).status, 403);
      const retomada = await admin('DELETE', '/modelos/teste-pausa/integracao/pausa');
      assert.equal(retomada.status, 200);
      assert.deepEqual([retomada.json.integracao.pausadaEm, retomada.json.integracao.esgotadasSeguidas], [null, 0]);
      await entregue(fila);
    });
  });
}

for (const banco of await bancosDeTeste()) describe(`limites dos endpoints públicos (${banco.nome})`, () => {
  let s: ServidorTeste;
  before(async () => {
    s = await subirServidor({ databaseUrl: banco.url, limitesPublico: { ...LIMITES_PADRAO, porEnderecoPorMinuto: 5, porModeloPorMinuto: 0, tokenDemoPorMinuto: 2, corpoBytes: 4096, respostaBytes: 512 } });
    const admin = await clienteApi(s.url, 'admin');
    const corpo = { nome: 'Limites', grupoControleConteudoId: (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id };
    await admin('POST', '/modelos', { codigoServico: 'teste-limites', ...corpo });
    await admin('PUT', '/modelos/teste-limites', { ...corpo, definicao: DEFINICAO_COMPLETA, versao: 1 });
    await admin('POST', '/modelos/teste-limites/versoes');
  });
  after(async () => {
    await s.fechar();
    await banco.descartar?.();
  });

  test('uma rajada além do limite por endereço: 429 com Retry-After e problema em pt-BR; abaixo do limite, tudo gravado', async () => {
    const respostas = await Promise.all(Array.from({ length: 9 }, () => enviarFormulario(s.url, 'teste-limites', RESPOSTAS_VALIDAS)));
    const aceitos = respostas.filter((r) => r.status === 201);
    const recusados = respostas.filter((r) => r.status === 429);
    assert.equal(aceitos.length + recusados.length, 9);
    assert.ok(aceitos.length >= 4 && aceitos.length <= 5, `${aceitos.length} aceitos`);
    for (const r of recusados) {
      assert.match(r.headers.get('retry-after') ?? '', /^\d+$/);
      assert.equal(r.json.title, 'Muitas requisições');
      assert.match(r.json.detail, /^Muitas requisições seguidas\. Tente de novo em \d+ s\.$/);
    }
    const guardados = await s.db.query<{ protocolo: string }>(`select protocolo from formulario where codigo_servico = 'teste-limites'`);
    assert.deepEqual(guardados.map((g) => g.protocolo).sort(), aceitos.map((r) => r.json.protocolo).sort(), 'every 201 stored, nothing else');
  });

  test('o endpoint de token de demonstração tem um limite mais apertado; corpo e resposta grandes demais: 413', async () => {
    const s2 = await subirServidor({ databaseUrl: banco.url, limitesPublico: { ...LIMITES_PADRAO, porEnderecoPorMinuto: 0, porModeloPorMinuto: 3, tokenDemoPorMinuto: 2, corpoBytes: 4096, respostaBytes: 512 } });
    try {
      const token = () => fetch(`${s2.url}/api/publico/token-demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf: '52998224725' }) });
      assert.deepEqual([(await token()).status, (await token()).status, (await token()).status], [200, 200, 429]);
      const porModelo = [];
      for (let i = 0; i < 4; i++) porModelo.push(await enviarFormulario(s2.url, 'saude-cartao-sus', {}));
      assert.equal(porModelo[3].status, 429);
      assert.match(porModelo[3].json.detail, /^Este formulário está recebendo envios demais agora/);
    } finally {
      await s2.fechar();
    }
    const s3 = await subirServidor({ databaseUrl: banco.url, limitesPublico: { ...LIMITES_PADRAO, porEnderecoPorMinuto: 0, porModeloPorMinuto: 0, tokenDemoPorMinuto: 0, corpoBytes: 4096, respostaBytes: 512 } });
    try {
      const r = await enviarFormulario(s3.url, 'saude-cartao-sus', { relato: 'x'.repeat(600) });
      assert.equal(r.status, 413);
      assert.deepEqual(r.json.errors, [{ field: 'respostas.relato', message: 'Esta resposta é grande demais (no máximo 512 bytes).' }]);
      const corpo = await fetch(`${s3.url}/api/publico/modelos/saude-cartao-sus/formularios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ respostas: { a: 'y'.repeat(5000) } }) });
      assert.equal(corpo.status, 413);
      assert.equal((await corpo.json()).detail, 'O corpo da requisição é grande demais (no máximo 4 KB).');
    } finally {
      await s3.fechar();
    }
  });
});
