import { test } from 'node:test';
import assert from 'node:assert/strict';
import { comLiterais, tuplasDaCopia } from '../../src/server/copiaBinaria';

/** PostgreSQL's binary COPY of `linhas` (text fields, null for NULL), as its documentation describes it. */
function copiaBinaria(linhas: (string | null)[][], extensao = Buffer.alloc(0)): Buffer {
  const partes = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(4), Buffer.alloc(4), extensao];
  partes[2].writeUInt32BE(extensao.length);
  for (const l of linhas) {
    const n = Buffer.alloc(2);
    n.writeInt16BE(l.length);
    partes.push(n);
    for (const c of l) {
      const tamanho = Buffer.alloc(4);
      const b = c === null ? Buffer.alloc(0) : Buffer.from(c);
      tamanho.writeInt32BE(c === null ? -1 : b.length);
      partes.push(tamanho, b);
    }
  }
  partes.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(partes);
}

async function ler(pedacos: Buffer[]) {
  const linhas: (string | null)[][] = [];
  for await (const lote of tuplasDaCopia((async function* () {
    yield* pedacos;
  })())) for (const l of lote) linhas.push(l.map((c) => (c === null ? null : c.toString())));
  return linhas;
}

const LINHAS = [['2026.000001;Modelo;x\r\n', null], [null, 'Ção 😀; "aspas" \\ \n'], ['', ''], ['só um campo longo '.repeat(50), null]];

test('tuplasDaCopia: as linhas e os campos (NULL e texto vazio distintos), cortados em qualquer byte', async () => {
  const bytes = copiaBinaria(LINHAS, Buffer.from('ext'));
  assert.deepEqual(await ler([bytes]), LINHAS);
  for (let corte = 1; corte < bytes.length; corte++) assert.deepEqual(await ler([bytes.subarray(0, corte), bytes.subarray(corte)]), LINHAS, `cut at ${corte}`);
  assert.deepEqual(await ler([...bytes].map((b) => Buffer.from([b]))), LINHAS, 'one byte at a time');
});

test('tuplasDaCopia: uma cópia interrompida, sem o fim ou com lixo depois dele, é erro, não um arquivo curto', async () => {
  const bytes = copiaBinaria(LINHAS);
  await assert.rejects(ler([bytes.subarray(0, bytes.length - 2)]), /interrompida antes do fim/);
  await assert.rejects(ler([bytes.subarray(0, bytes.length - 30)]), /interrompida antes do fim/);
  await assert.rejects(ler([bytes, Buffer.from([0])]), /depois do fim/);
  await assert.rejects(ler([Buffer.from('PGCOPY\nxxxxxxxxxxxxxxxxxxxx')]), /assinatura inválida/);
  assert.deepEqual(await ler([copiaBinaria([])]), []);
});

test('comLiterais: cada $n vira o literal do seu valor, e um texto hostil continua um texto', () => {
  const escapar = (s: string) => `'${s.replace(/'/g, "''")}'`;
  assert.equal(
    comLiterais('select $1, $2::int, $10, any($3), $4, $5 from t where x = $1', ['a\'b', 7, ['x', 'y"z', null, 'w\\'], true, null, 6, 7, 8, 9, 'dez'], escapar),
    `select 'a''b', (7)::int, 'dez', any('{"x","y\\"z",NULL,"w\\\\"}'), true, null from t where x = 'a''b'`,
  );
  assert.equal(comLiterais('select $1', [-3], escapar), 'select (-3)');
  assert.throws(() => comLiterais('select $2', [1], escapar), /sem valor/);
  assert.throws(() => comLiterais('select $1', [Number.NaN], escapar), /número inválido/);
});
