import { test } from 'node:test';
import assert from 'node:assert/strict';
import { destinoVerificado, motivoNaoPublico, recusaDoEndereco, type Resolvedor } from '../../src/server/entrega/destino';
import { enviarAssinado, type Conector, type PedidoConexao } from '../../src/server/entrega/envio';
import { assinatura, cabecalhosAssinados, cofre, novoSegredo } from '../../src/server/entrega/assinatura';
import { problemaCabecalho, lerCabecalhos } from '../../src/forms/integracao';

/**
 * The destination guard (issue 14): hostile addresses are refused before any connection is opened.
 * The sender gets a resolver (a table: no DNS server is asked) and a connector that only records what it
 * would have opened; for a hostile address it must record nothing.
 */
const PUBLICO = '200.152.38.1';
const TABELA: Record<string, string[]> = {
  'api.exemplo.gov.br': [PUBLICO],
  'interno.exemplo.gov.br': ['127.0.0.1'],
  'privado.exemplo.gov.br': ['10.0.0.5'],
  'metade.exemplo.gov.br': [PUBLICO, '192.168.10.2'],
  'v6.exemplo.gov.br': ['::1'],
  'mapeado.exemplo.gov.br': ['::ffff:10.0.0.1'],
  'metadados.exemplo.gov.br': ['169.254.169.254'],
  'ula.exemplo.gov.br': ['fd00:ec2::254'],
};
const resolver: Resolvedor = async (host) => {
  const ips = TABELA[host];
  if (!ips) throw Object.assign(new Error('não encontrado'), { code: 'ENOTFOUND' });
  return ips.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const HOSTIS = [
  // Loopback in every spelling WHATWG URL parsing accepts.
  'https://127.0.0.1/x', 'https://127.1/', 'https://2130706433/', 'https://0x7f000001/', 'https://0177.0.0.1/', 'https://0x7f.0.0.1/', 'https://127.255.255.254:8443/',
  'https://localhost/', 'https://LOCALHOST./', 'https://api.localhost/',
  'https://[::1]/', 'https://[0:0:0:0:0:0:0:1]/', 'https://[::ffff:127.0.0.1]/', 'https://[::ffff:7f00:1]/', 'https://[::127.0.0.1]/', 'https://[64:ff9b::7f00:1]/', 'https://[2002:7f00:1::]/',
  // Cloud metadata.
  'https://169.254.169.254/latest/meta-data/', 'https://[::ffff:169.254.169.254]/', 'https://169.254.170.2/v2/credentials', 'https://[fd00:ec2::254]/', 'https://metadata.google.internal/computeMetadata/v1/',
  // Private, CGNAT, this-network, multicast, broadcast, reserved, benchmarking.
  'https://10.0.0.1/', 'https://10.255.255.53/', 'https://172.16.0.1/', 'https://172.31.255.255/', 'https://192.168.0.1/', 'https://192.168.1.1:8443/',
  'https://100.64.0.1/', 'https://100.127.255.254/', 'https://0.0.0.0/', 'https://0/', 'https://224.0.0.1/', 'https://239.255.255.250/', 'https://255.255.255.255/', 'https://240.0.0.1/', 'https://198.18.0.1/',
  // IPv6 private, link-local, multicast, unspecified, Teredo.
  'https://[fe80::1]/', 'https://[fc00::1]/', 'https://[ff02::1]/', 'https://[::]/', 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  // Issue 33: every trailing dot, the IPv4-translated range (::ffff:0:0/96), and special-purpose IPv6 outside 2000::/3 or within 2001::/23, 3fff::/20, 5f00::/16.
  'https://localhost../', 'https://localhost.../', 'https://api.localhost../', 'https://[::ffff:0:7f00:1]/', 'https://[::ffff:0:a00:5]/', 'https://[::ffff:0:a9fe:a9fe]/',
  'https://[100::1]/', 'https://[4000::1]/', 'https://[2001:2::1]/', 'https://[2001:20::1]/', 'https://[3fff::1]/', 'https://[5f00::1]/',
  // Names that exist only inside a network.
  'https://intranet/', 'https://servidor.local/', 'https://roteador.home.arpa/', 'https://destino.invalid/',
  // Credentials in the address, plain http, other schemes.
  'https://usuario:senha@api.exemplo.gov.br/', 'http://api.exemplo.gov.br/', 'ftp://api.exemplo.gov.br/', 'file:///etc/passwd', 'gopher://127.0.0.1:6379/_INFO',
  // Public-looking names that resolve inward (a local resolver's answers, or a later DNS change).
  'https://interno.exemplo.gov.br/', 'https://privado.exemplo.gov.br/', 'https://metade.exemplo.gov.br/', 'https://v6.exemplo.gov.br/', 'https://mapeado.exemplo.gov.br/', 'https://metadados.exemplo.gov.br/', 'https://ula.exemplo.gov.br/',
];

function espiao(): { conectar: Conector; abertas: PedidoConexao[] } {
  const abertas: PedidoConexao[] = [];
  return { abertas, conectar: async (p) => (abertas.push(p), { status: 200 }) };
}

const enviar = (destino: string, conectar: Conector, origens: string[] = []) =>
  enviarAssinado({ permitidos: { origens }, resolver, conectar }, { destino, metodo: 'POST', cabecalhos: {}, corpo: '{}', id: 'entrega_1', segredos: [], timeoutMs: 1000 });

test(`the destination guard refuses ${HOSTIS.length} hostile addresses at save and at send, before any connection`, async () => {
  assert.ok(HOSTIS.length >= 40);
  for (const destino of HOSTIS) {
    // At save: what the model's route checks (the address as written, then what its name resolves to).
    const aoSalvar = await destinoVerificado(destino, { origens: [] }, resolver);
    assert.ok('recusa' in aoSalvar && !aoSalvar.semDns, `${destino}: refused at save`);
    const { conectar, abertas } = espiao();
    const r = await enviar(destino, conectar);
    assert.equal(r.ok, false, destino);
    assert.match(r.erro ?? '', /^Destino recusado: /, destino);
    assert.deepEqual(abertas, [], `${destino}: no connection opened`);
  }
});

test('a public destination is contacted at the very address that was checked; an allowlisted internal one too, over http', async () => {
  const a = espiao();
  const r = await enviar('https://api.exemplo.gov.br/recebe', a.conectar);
  assert.equal(r.ok, true);
  assert.equal(a.abertas.length, 1);
  assert.equal(a.abertas[0].ip, PUBLICO);
  assert.equal(a.abertas[0].url.hostname, 'api.exemplo.gov.br', 'TLS still checks the certificate for the name');
  const b = espiao();
  assert.equal((await enviar('http://127.0.0.1:9999/demo/receptor', b.conectar, ['http://127.0.0.1:9999'])).ok, true);
  assert.equal(b.abertas[0].ip, '127.0.0.1');
  const c = espiao();
  assert.equal((await enviar('http://127.0.0.1:9998/x', c.conectar, ['http://127.0.0.1:9999'])).ok, false, 'another port is another origin');
  assert.deepEqual(c.abertas, []);
});

test('the address as written (save time): pt-BR reasons', () => {
  const p = { origens: ['http://localhost:8080'] };
  assert.match(recusaDoEndereco('https://169.254.169.254/latest', p)!, /^O destino 169\.254\.169\.254 é um endereço link-local, onde ficam os metadados de nuvem/);
  assert.match(recusaDoEndereco('https://[::ffff:10.0.0.1]/', p)!, /de rede privada \(10\.0\.0\.0\/8\), escrito como IPv6/);
  assert.match(recusaDoEndereco('http://api.exemplo.gov.br/', p)!, /^Use https/);
  assert.match(recusaDoEndereco('https://a:b@api.exemplo.gov.br/', p)!, /usuário e senha/);
  assert.match(recusaDoEndereco('https://servidor.local/', p)!, /só existe dentro de uma rede interna/);
  assert.equal(recusaDoEndereco('https://api.exemplo.gov.br/x', p), null);
  assert.equal(recusaDoEndereco('http://localhost:8080/demo/receptor', p), null, 'allowlisted');
  assert.equal(motivoNaoPublico('8.8.8.8'), null);
  assert.equal(motivoNaoPublico('2804:14c::1'), null, 'a Brazilian public IPv6');
  assert.equal(motivoNaoPublico('[::1]'), 'inválido');
});

test('headers: names are tokens, values have no line break or control character, reserved ones are refused', () => {
  assert.match(problemaCabecalho('X-A', 'b\r\nInjected: 1')!, /quebra de linha ou caractere de controle/);
  assert.match(problemaCabecalho('X-A', 'b\u0000')!, /caractere de controle/);
  for (const h of ['Host', 'content-length', 'Transfer-Encoding', 'Connection', 'Webhook-Signature', 'Idempotency-Key']) assert.match(problemaCabecalho(h, 'x')!, /não pode ser configurado/, h);
  assert.match(problemaCabecalho('Nome Ruim', 'x')!, /só pode ter letras, números e hífens/);
  assert.equal(problemaCabecalho('Authorization', 'Bearer abc.def'), null);
  assert.equal(lerCabecalhos('Host: evil').problema, 'Linha 1: O cabeçalho Host é definido pelo próprio console ou pela conexão HTTP e não pode ser configurado.');
});

test('Standard Webhooks signatures and the secrets vault', () => {
  const segredo = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  // The specification's own example vector.
  assert.equal(assinatura(segredo, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'), 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  const [a, b] = [novoSegredo(), novoSegredo()];
  assert.match(a, /^whsec_[A-Za-z0-9+/]{43}=$/);
  const h = cabecalhosAssinados([a, b], 'entrega_9', '{}', 1_700_000_000_000);
  assert.equal(h['webhook-timestamp'], '1700000000');
  assert.deepEqual(h['webhook-signature'].split(' '), [assinatura(a, 'entrega_9', 1700000000, '{}'), assinatura(b, 'entrega_9', 1700000000, '{}')]);
  const c = cofre(Buffer.alloc(32, 7));
  const cifrado = c.cifrar(a);
  assert.ok(!cifrado.includes(a.slice(6, 20)));
  assert.equal(c.decifrar(cifrado), a);
  assert.throws(() => cofre(Buffer.alloc(32, 8)).decifrar(cifrado), 'another key cannot read it');
});

test("the allowed demo receiver is a path, not its whole origin: the server's own API and other paths are refused (issue 33)", () => {
  const p = { origens: [], caminhos: ['http://localhost:8080/demo/receptor'] };
  assert.equal(recusaDoEndereco('http://localhost:8080/demo/receptor', p), null);
  assert.equal(recusaDoEndereco('http://localhost:8080/demo/receptor/falha?x=1', p), null);
  for (const u of ['http://localhost:8080/api/modelos', 'http://localhost:8080/realms/demo/protocol/openid-connect/logout', 'http://localhost:8080/demo/receptor/../../api/modelos', 'http://localhost:8080/demo/receptorx', 'http://localhost:8081/demo/receptor', 'https://localhost:8080/demo/receptor']) {
    assert.ok(recusaDoEndereco(u, p), u);
  }
});
