import { test } from 'node:test';
import assert from 'node:assert/strict';
import { criarGeradorPdf, MSG_PDF_DEMORADO, MSG_PDF_OCUPADO, type OpcoesPdf, type PedidoDe } from '../../src/server/pdf/gerador';
import type { FichaPdf } from '../../src/server/pdf/fichaPdf';

/**
 * The PDF queue's order and limits (issues 33 and 50), with a stand-in worker that takes `ms` per document and answers
 * its protocol: every request below is made in one turn of the event loop, before any worker can answer, so the order
 * is the queue's own whatever the machine's load (the API test of the same rules once depended on a 30 ms head start).
 */
const trabalhador = new URL('../apoio/trabalhadorPdfDeTeste.mjs', import.meta.url);
const gerador = (o: Partial<OpcoesPdf> = {}) => criarGeradorPdf({ trabalhadores: 1, tempoLimiteMs: 5_000, fila: 64, porOrigem: 2, trabalhador, ...o });
const ficha = (protocolo: string, extra: Record<string, unknown> = {}) => ({ protocolo, ...extra }) as unknown as FichaPdf;
const cidadao = (endereco: string): PedidoDe => ({ classe: 'cidadao', origem: endereco });
const equipe = (usuario: string): PedidoDe => ({ classe: 'equipe', origem: usuario });
const FUNDO: PedidoDe = { classe: 'fundo', origem: '' };
type Pedido = [string, PedidoDe, Record<string, unknown>?];
/** Citizens' requests named by address and turn ('A1' is address A's first); the first holds the worker `ms` milliseconds. */
const cidadaos = (ms: number, ...nomes: string[]): Pedido[] =>
  nomes.map((n, i) => [n, cidadao(`10.0.0.${n.charCodeAt(0) - 64}`), i === 0 ? { ms } : undefined]);
/** `corpo` with a queue of these options, closed after. */
async function comGerador(o: Partial<OpcoesPdf>, corpo: (g: ReturnType<typeof gerador>) => Promise<void>) {
  const g = gerador(o);
  try {
    await corpo(g);
  } finally {
    await g.fechar();
  }
}

/** Asks for each document at once and answers the protocols in the order they were done (a refusal as "recusado: …"). */
async function ordem(g: ReturnType<typeof gerador>, pedidos: Pedido[]) {
  const feitos: string[] = [];
  await Promise.all(pedidos.map(([p, de, extra]) => g.gerar(ficha(p, extra), de).then(
    (b) => feitos.push(b.toString()),
    (e) => feitos.push(`recusado: ${p} ${e.status ?? '-'} ${e.detalhe ?? e.message}`),
  )));
  return feitos;
}

test('a equipe passa na frente dos cidadãos, e os documentos de fundo (e-mails) vão por último', () =>
  comGerador({}, async (g) => {
    const outros = ['B1', 'C1', 'D1', 'E1', 'F1', 'G1', 'H1'];
    const feitos = await ordem(g, [...cidadaos(40, 'A1'), ['e-mail', FUNDO], ...cidadaos(5, ...outros), ['equipe', equipe('gestor')]]);
    // The first citizen's document was already in the worker; the staff's is next, the e-mail's last.
    assert.deepEqual(feitos, ['A1', 'equipe', ...outros, 'e-mail']);
  }));

test('os cidadãos se revezam por endereço: quem pediu vários não segura os outros', () =>
  comGerador({ porOrigem: 3 }, async (g) => {
    assert.deepEqual(await ordem(g, cidadaos(20, 'A1', 'A2', 'A3', 'B1', 'B2', 'C1')), ['A1', 'A2', 'B1', 'C1', 'A3', 'B2']);
  }));

test('um endereço tem no máximo PDF_POR_ORIGEM na fila ou sendo feitos; a fila de cada classe tem o seu limite; recusa é 503 com Retry-After', async () => {
  await comGerador({ porOrigem: 2, fila: 3 }, async (g) => {
    // The citizens' room is full (A2, B1, C1 waiting) when the staff's request comes: the staff's is its own.
    const feitos = await ordem(g, [...cidadaos(20, 'A1', 'A2', 'A3', 'B1', 'C1', 'D1'), ['equipe', equipe('gestor')]]);
    assert.deepEqual(feitos.filter((f) => !f.startsWith('recusado')), ['A1', 'equipe', 'A2', 'B1', 'C1']);
    assert.deepEqual(feitos.filter((f) => f.startsWith('recusado')).sort(), [`recusado: A3 503 ${MSG_PDF_OCUPADO}`, `recusado: D1 503 ${MSG_PDF_OCUPADO}`]);
    const recusa = await g.gerar(ficha('A4'), cidadao('10.0.0.1')).then(() => null, (e) => e);
    assert.equal(recusa, null, 'once its documents are done, the address is served again');
  });
  await comGerador({ porOrigem: 1 }, async (g) => {
    const [, recusa] = await Promise.all([g.gerar(ficha('A1', { ms: 20 }), cidadao('10.0.0.1')), g.gerar(ficha('A2'), cidadao('10.0.0.1')).catch((e) => e)]);
    assert.equal(recusa.status, 503);
    assert.deepEqual(recusa.cabecalhos, { 'retry-after': '5' });
  });
});

test('um documento que passa do tempo limite recebe 503 e o seu trabalhador é trocado; os seguintes são feitos; um trabalhador que cai falha só o seu', () =>
  // A worker's start-up counts against the limit: on a busy machine it took over 100 ms.
  comGerador({ tempoLimiteMs: 2_000 }, async (g) => {
    const feitos = await ordem(g, [
      ['lento', cidadao('10.0.0.1'), { ms: 60_000 }],
      ['falho', cidadao('10.0.0.2'), { falhar: true }],
      ['caído', cidadao('10.0.0.3'), { morrer: true }],
      ['seguinte', cidadao('10.0.0.4')],
    ]);
    assert.deepEqual(feitos, [`recusado: lento 503 ${MSG_PDF_DEMORADO}`, 'recusado: falho - PDF: falhou', 'recusado: caído - o trabalhador caiu', 'seguinte']);
  }));

test('fechado, recusa o que estava sendo feito, o que esperava e o que chega', async () => {
  const g = gerador();
  const esperando = Promise.all([g.gerar(ficha('A1', { ms: 60_000 }), cidadao('10.0.0.1')).catch((e) => e), g.gerar(ficha('B1'), cidadao('10.0.0.2')).catch((e) => e)]);
  await g.fechar();
  const [a, b] = await esperando;
  assert.deepEqual([a.status, b.status], [503, 503]);
  assert.equal((await g.gerar(ficha('C1'), cidadao('10.0.0.3')).catch((e) => e)).status, 503);
});
