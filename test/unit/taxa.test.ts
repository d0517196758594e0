import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePix, hasError } from 'pix-utils';
import QRCode from 'qrcode';
import { type Definicao } from '../../src/forms/definicao';
import { validarDefinicao } from '../../src/forms/problemasDefinicao';
import { chavePixValida, formatarReais, txidDoProtocolo, valorDaTaxa, valorPix } from '../../src/forms/taxa';
import { brCodeDaCobranca, brCodeLido, matrizQr } from '../../src/server/pix/brcode';
import { tradutor } from '../../src/i18n';

/** Issue 38's pure rules: the fee of the answers, the charge's txid and amount, and a BR Code that reads back. */
const D: Definicao = {
  secoes: [{ id: 's', titulo: 'Pedido', campos: [{ id: 'via', tipo: 'escolha-unica', rotulo: 'Via', obrigatorio: true, regras: [], opcoes: [{ valor: 'primeira', rotulo: 'Primeira via' }, { valor: 'segunda', rotulo: 'Segunda via' }] }] }],
  taxa: { porResposta: { campo: 'via', valores: { primeira: 0, segunda: 3250 } }, descricao: 'Segunda via de documento', chavePix: 'financeiro@sefaz.uf.gov.br' },
};

test('the fee of the answers: fixed, or by the answer of a single-choice question', () => {
  assert.equal(valorDaTaxa(D, { via: 'segunda' }), 3250);
  assert.equal(valorDaTaxa(D, { via: 'primeira' }), 0);
  assert.equal(valorDaTaxa(D, {}), null);
  assert.equal(valorDaTaxa({ ...D, taxa: { valorCentavos: 1990, descricao: 'Taxa', chavePix: '12345678000195' } }, {}), 1990);
  assert.equal(valorDaTaxa({ secoes: [] }, {}), null);
  assert.equal(valorPix(3250), '32.50');
  assert.equal(formatarReais(3250).replace(/\s/g, ' '), 'R$ 32,50');
  assert.equal(formatarReais(3250, 'en'), 'R$32.50');
});

test("a fee's problems, each where it is", () => {
  const t = tradutor('pt-BR');
  assert.deepEqual(validarDefinicao(D, true, {}, t), []);
  const caminhos = (taxa: NonNullable<Definicao['taxa']>) => validarDefinicao({ ...D, taxa }, false, {}, t).map((p) => p.caminho);
  assert.deepEqual(caminhos({ ...D.taxa!, valorCentavos: 100 }), ['taxa'], 'both a fixed value and one by answer');
  assert.deepEqual(caminhos({ ...D.taxa!, porResposta: { campo: 'via', valores: { primeira: 100 } } }), ['taxa.porResposta.valores']);
  assert.deepEqual(caminhos({ ...D.taxa!, porResposta: { campo: 'nao-existe', valores: {} } }), ['taxa.porResposta.campo']);
  assert.deepEqual(caminhos({ ...D.taxa!, chavePix: '123' }), ['taxa.chavePix']);
  assert.deepEqual(caminhos({ ...D.taxa!, descricao: 'x'.repeat(141) }), ['taxa.descricao']);
  assert.deepEqual(caminhos({ ...D.taxa!, prazoMinutos: 0 }), ['taxa.prazoMinutos']);
  for (const c of ['52998224725', '12345678000195', 'a@b.gov.br', '+5561999998888', '123e4567-e89b-12d3-a456-426614174000']) assert.ok(chavePixValida(c), c);
  for (const c of ['5299822472', 'sem-arroba', '+1555123456', '']) assert.ok(!chavePixValida(c), c);
});

test("the charge's txid is the protocol's, within the API Pix's [a-zA-Z0-9]{26,35}", () => {
  const txid = txidDoProtocolo('2026.000003991');
  assert.match(txid, /^[a-zA-Z0-9]{26,35}$/);
  assert.equal(txid, 'CF00000000000002026000003991');
  assert.notEqual(txidDoProtocolo('2026.000003992'), txid);
});

test('the BR Code of a charge reads back with the library (CRC16 and fields), and its QR matrix encodes it', async () => {
  const location = 'pix.psp.exemplo/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25';
  const codigo = brCodeDaCobranca(`https://${location}`, { nome: 'Governo do Estado de Exemplo', cidade: 'Capital' });
  const lido = parsePix(codigo);
  assert.ok(!hasError(lido), JSON.stringify(lido));
  assert.deepEqual(brCodeLido(codigo), { location, nome: 'GOVERNO DO ESTADO DE EXEM', cidade: 'CAPITAL' });
  // A changed character breaks the CRC16: refused.
  assert.equal(brCodeLido(codigo.slice(0, 30) + (codigo[30] === 'a' ? 'b' : 'a') + codigo.slice(31)), null);
  const matriz = matrizQr(codigo);
  const referencia = QRCode.create(codigo, { errorCorrectionLevel: 'M' }).modules;
  assert.equal(matriz.length, referencia.size);
  assert.ok(matriz.every((l) => l.length === referencia.size && /^[01]+$/.test(l)));
  assert.equal(matriz.join(''), Array.from(referencia.data, (b) => (b ? '1' : '0')).join(''));
});

test('a value in reais as a designer types it', async () => {
  const { lerReais, reaisDoCampo } = await import('../../src/forms/taxa');
  for (const [texto, centavos] of [['18,90', 1890], ['18.90', 1890], ['R$ 1.234,50', 123450], ['5', 500], ['0,5', 50], ['1.234', 123400]] as const) assert.equal(lerReais(texto), centavos, texto);
  for (const texto of ['', 'abc', '1,234', '18,905', '-3']) assert.equal(lerReais(texto), null, texto);
  assert.equal(reaisDoCampo(1890), '18,90');
  assert.equal(reaisDoCampo(undefined), '');
});
