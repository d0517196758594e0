import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EscritorCsv, jsonCompacto } from '../../src/server/api/linhaCsv';
import { celulaCsv } from '../../src/forms/csv';
import { formatarCpf } from '../../src/forms/cpf';

/** Text as citizens type it, with everything celulaCsv treats apart: ; " line breaks, formula starts (ASCII and full width). */
const texto = fc.string({ unit: fc.oneof(fc.constantFrom(';', '"', '\n', '\r', '\t', '=', '+', '-', '@', '|', '＝', '＋', '－', '＠', '\uFEFF', ' ', '\\', 'ç', 'Ã', '😀', '0', '1', '.'), fc.constantFrom(...'abcxyzABC0123456789'.split(''))), maxLength: 20 });
const escrito = (f: (e: EscritorCsv) => void) => {
  const e = new EscritorCsv(8); // small, so that it grows while writing
  f(e);
  return e.tirar().toString();
};

test('EscritorCsv.celula: os mesmos bytes que celulaCsv', () => {
  fc.assert(fc.property(fc.option(texto), (t) => assert.equal(escrito((e) => e.celula(t === null ? null : Buffer.from(t))), celulaCsv(t))), { numRuns: 2000 });
});

test('EscritorCsv.cpf: os mesmos bytes que celulaCsv(formatarCpf(…))', () => {
  const cpf = fc.oneof(fc.stringMatching(/^[0-9]{11}$/), fc.stringMatching(/^[0-9]{0,14}$/), texto);
  fc.assert(fc.property(cpf, (c) => assert.equal(escrito((e) => e.cpf(Buffer.from(c))), celulaCsv(formatarCpf(c)))), { numRuns: 2000 });
  assert.equal(escrito((e) => e.cpf(Buffer.from('52998224725'))), '529.982.247-25');
});

test('EscritorCsv.json: os mesmos bytes que celulaCsv(jsonCompacto(…)) do texto como o jsonb o escreve', () => {
  const numero = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1.5, 1e21, 123456789012345, 1234567890123456, 0.1, -0.001));
  const escalar = fc.oneof(texto, numero, fc.boolean(), fc.constant(null));
  const valor = fc.letrec<{ v: unknown }>((t) => ({ v: fc.oneof({ depthSize: 'small' }, escalar, fc.array(t('v'), { maxLength: 3 }), fc.dictionary(texto, t('v'), { maxKeys: 3 })) })).v;
  // jsonb's text: a space after each `,` and `:` outside strings; numbers as numeric prints them (plain decimals).
  const comoJsonb = (v: unknown): string =>
    Array.isArray(v) ? `[${v.map(comoJsonb).join(', ')}]` : v && typeof v === 'object' ? `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${comoJsonb(x)}`).join(', ')}}` : typeof v === 'number' ? decimal(v) : JSON.stringify(v);
  fc.assert(
    fc.property(valor, (v) => {
      const t = comoJsonb(v);
      assert.equal(escrito((e) => e.json(Buffer.from(t))), celulaCsv(jsonCompacto(t)), t);
    }),
    { numRuns: 3000 },
  );
  for (const t of ['{}', '[]', '-1', '1.50', '{"a": 1.50, "b": -0, "c": 007, "d": 1000000000000000000000}', '"x; y"', '{"k": "a\\"b\\\\"}', '0.0000001']) {
    assert.equal(escrito((e) => e.json(Buffer.from(t))), celulaCsv(jsonCompacto(t)), t);
  }
});

/** A number as PostgreSQL's numeric writes it: plain decimal digits, never an exponent. */
function decimal(n: number): string {
  if (Object.is(n, -0)) return '0';
  const s = String(n);
  if (!/e/.test(s)) return s;
  return n.toFixed(Math.min(100, Math.max(0, -Math.floor(Math.log10(Math.abs(n))) + 17))).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

test('EscritorCsv.dataHora: o timestamptz binário do COPY como dd/MM/yy HH:mm em São Paulo, com e sem horário de verão', () => {
  const intl = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hourCycle: 'h23', day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit' });
  const comoIntl = (ms: number) => {
    const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
  };
  /** PostgreSQL's binary timestamptz: int64 microseconds since 2000-01-01 UTC. */
  const binario = (micros: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(micros);
    return b;
  };
  const epoca = BigInt(Date.UTC(2000, 0, 1)) * 1000n;
  // From 1990 to 2040: the summers with daylight saving (until 2019) and their changes at midnight, before and after 2000.
  const instante = fc.bigInt({ min: BigInt(Date.UTC(1990, 0, 1)) * 1000n, max: BigInt(Date.UTC(2040, 0, 1)) * 1000n });
  // Several in one writer, in any order: the hour kept from the row before must not leak into the next.
  fc.assert(
    fc.property(fc.array(instante, { minLength: 1, maxLength: 8 }), (lista) => {
      assert.equal(escrito((e) => lista.forEach((m, i) => (i && e.byte(59), e.dataHora(binario(m - epoca))))), lista.map((m) => comoIntl(Number(m / 1000n) - (m < 0n && m % 1000n ? 1 : 0))).join(';'));
    }),
    { numRuns: 3000 },
  );
  // Around the last change (16/02/2019, 00:00 -02 back to 23:00 -03) and a start (04/11/2018, 00:00 -03 on to 01:00 -02).
  for (const iso of ['2019-02-17T01:59:59.999Z', '2019-02-17T02:00:00Z', '2019-02-17T02:59:00Z', '2019-02-17T03:00:00Z', '2018-11-04T02:59:59Z', '2018-11-04T03:00:00Z', '2000-01-01T00:00:00Z', '1999-12-31T23:59:59.999999Z']) {
    const ms = Date.parse(iso);
    assert.equal(escrito((e) => e.dataHora(binario(BigInt(ms) * 1000n - epoca))), comoIntl(ms), iso);
  }
});
