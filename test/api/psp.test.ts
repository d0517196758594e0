import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { gerarCertificados, type Certificados } from '../../demo/server/pix/certificados';
import { iniciarSimuladorPsp, type SimuladorPsp } from '../../demo/server/pix/simuladorPsp';
import { criarClientePsp, PspIndisponivel } from '../../src/server/pix/psp';
import { brCodeDaCobranca, brCodeLido } from '../../src/server/pix/brcode';

/**
 * The API Pix client against the PSP simulator (issue 38), both on loopback: OAuth2 client credentials over mutual
 * TLS, a charge with the protocol's txid, its BR Code pointing at its location, the webhook and the notification
 * the PSP sends when the citizen pays, a refund; and the handshake refused without the client certificate.
 */
describe('o cliente da API Pix e o PSP simulado', () => {
  let certs: Certificados;
  let psp: SimuladorPsp;
  let receptor: Server;
  let recebidas: unknown[] = [];
  let urlReceptor = '';
  before(async () => {
    certs = gerarCertificados();
    psp = await iniciarSimuladorPsp({ certificados: certs, clientId: 'console', clientSecret: 'segredo-do-psp' });
    receptor = createServer((req, res) => {
      let corpo = '';
      req.on('data', (p) => (corpo += p));
      req.on('end', () => (recebidas.push({ caminho: req.url, corpo: JSON.parse(corpo) }), res.writeHead(200).end()));
    });
    await new Promise<void>((ok) => receptor.listen(0, '127.0.0.1', ok));
    const a = receptor.address();
    urlReceptor = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/api/publico/pix/notificacoes`;
  });
  after(async () => {
    await psp.fechar();
    receptor.close();
  });

  const cliente = (o: Partial<Parameters<typeof criarClientePsp>[0]> = {}) => criarClientePsp({ url: psp.url, clientId: 'console', clientSecret: 'segredo-do-psp', cert: certs.cliente.cert, key: certs.cliente.key, ca: certs.ca, ...o });

  test('cobrança com o txid do protocolo, BR Code que aponta para ela, pagamento notificado no webhook, consulta e devolução', async () => {
    const c = cliente();
    const txid = 'CF00000000000002026000000001';
    const criada = await c.criarCobranca(txid, { expiracao: 1800, valor: '32.50', chave: 'financeiro@sefaz.uf.gov.br', solicitacaoPagador: 'Segunda via' });
    assert.equal(criada.status, 201);
    assert.deepEqual([criada.json.txid, criada.json.status, criada.json.valor.original], [txid, 'ATIVA', '32.50']);
    assert.equal(brCodeLido(brCodeDaCobranca(criada.json.loc!.location, { nome: 'Governo do Estado', cidade: 'Capital' }))?.location, criada.json.loc!.location);
    // The same txid again: the same charge (a retry after a lost answer creates nothing new).
    assert.equal((await c.criarCobranca(txid, { expiracao: 1800, valor: '32.50', chave: 'financeiro@sefaz.uf.gov.br', solicitacaoPagador: 'Segunda via' })).json.loc!.location, criada.json.loc!.location);
    assert.equal((await c.registrarWebhook('financeiro@sefaz.uf.gov.br', urlReceptor)).status, 204);
    const pago = await psp.pagar(txid);
    assert.ok(pago.ok);
    assert.equal(pago.notificacao, 200);
    assert.deepEqual(recebidas, [{ caminho: '/api/publico/pix/notificacoes/pix', corpo: { pix: [{ endToEndId: pago.endToEndId, txid, valor: '32.50', horario: psp.cobranca(txid)!.pix![0].horario }] } }]);
    const consulta = await c.consultarCobranca(txid);
    assert.deepEqual([consulta.json.status, consulta.json.pix?.[0].endToEndId], ['CONCLUIDA', pago.endToEndId]);
    const devolucao = await c.devolver(pago.endToEndId, 'D1', '32.50');
    assert.deepEqual([devolucao.status, devolucao.json.status, devolucao.json.valor], [201, 'DEVOLVIDO', '32.50']);
    assert.equal((await c.devolver(pago.endToEndId, 'D2', '0.01')).status, 400, 'nothing left to refund');
    assert.equal((await c.consultarCobranca('CF00000000000002026999999999')).status, 404);
    c.fechar();
  });

  test('sem o certificado de cliente o PSP recusa a conexão; credenciais erradas, 401 dito', async () => {
    const semCert = cliente({ cert: undefined, key: undefined });
    await assert.rejects(semCert.consultarCobranca('CF00000000000002026000000001'), PspIndisponivel);
    semCert.fechar();
    const outroSegredo = cliente({ clientSecret: 'errado' });
    await assert.rejects(outroSegredo.consultarCobranca('CF00000000000002026000000001'), /recusou as credenciais \(HTTP 401\)/);
    outroSegredo.fechar();
  });
});
