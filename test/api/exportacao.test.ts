/**
 * The CSV export, made faster (issue 19: dates without one Intl call each, personal fields found once per
 * model version, the next batch read while one is written), stays byte-identical to the straightforward
 * export written here row by row from the database, masked and clear, on the seeded data and more.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, entrarComo, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { gerarFormularios } from '../../demo/server/gerarFormularios';
import { BOM, linhaCsv } from '../../src/forms/csv';
import { mascarar, mascararRespostas } from '../../src/forms/dadosPessoais';
import { formatarCpf, mascararCpf } from '../../src/forms/cpf';
import { ROTULO_STATUS_FORMULARIO, rotuloDe } from '../../src/forms/status';
import type { Definicao } from '../../src/forms/definicao';
import fc from 'fast-check';
import { jsonCompacto } from '../../demo/server/api/exportacao';

/** Text a form's answer may hold: letters with and without accents, digits, every kind of space, @, quotes, backslashes, controls, emoji. */
const texto = fc.string({ unit: fc.oneof(fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '@', '.', '-', '"', '\\', '\u0001', '\u001f', '\u2028', 'ç', 'Á', 'ñ', '😀', ';'), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789ABC'.split(''))), maxLength: 24 });
const numero = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 1.5, 1e21, 123456789.125, -0.001));
const escalar = fc.oneof(texto, numero, fc.boolean(), fc.constant(null), fc.constant(''));
const resposta: fc.Arbitrary<unknown> = fc.oneof(escalar, fc.array(fc.oneof(escalar, fc.array(escalar, { maxLength: 3 })), { maxLength: 4 }), fc.record({ nome: texto, tamanho: fc.nat(), sha256: texto }, { requiredKeys: ['tamanho'] }));

const intl = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hourCycle: 'h23', day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit' });
const dataHora = (d: Date) => {
  const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
};

for (const banco of await bancosDeTeste()) {
  describe(`exportação CSV (${banco.nome})`, () => {
    let s: ServidorTeste;
    let token: string;

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      // More than one batch of the export (5,000 rows), over many days and model versions.
      await s.db.transacao((tx) => gerarFormularios(tx, 7000, 120));
      token = (await entrarComo(s.url, 'admin')).access_token;
    });
    after(async () => {
      await s?.fechar();
      await banco.descartar?.();
    });

    async function esperado(clara: boolean): Promise<string> {
      const linhas = await s.db.query<{ protocolo: string; modelo_nome: string; codigo_servico: string; modelo_versao: number; status: 'RECEBIDO'; recebido_em: Date; nome_requerente: string | null; cpf_requerente: string | null; email_requerente: string | null; respostas: Record<string, unknown> | null; definicao: Definicao | null }>(
        `select f.protocolo, m.nome as modelo_nome, f.codigo_servico, f.modelo_versao, f.status, f.recebido_em, f.nome_requerente, f.cpf_requerente, f.email_requerente, f.respostas, v.definicao
           from formulario f join modelo m on m.codigo_servico = f.codigo_servico left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao
          order by f.recebido_em desc, f.id desc`,
      );
      return (
        BOM +
        linhaCsv(['Protocolo', 'Modelo', 'Código do serviço', 'Versão', 'Status', 'Recebido em', 'Requerente', 'CPF', 'E-mail', 'Respostas']) +
        linhas
          .map((r) =>
            linhaCsv([
              r.protocolo, r.modelo_nome, r.codigo_servico, r.modelo_versao, rotuloDe(ROTULO_STATUS_FORMULARIO, r.status).rotulo, dataHora(new Date(r.recebido_em)),
              clara ? r.nome_requerente : r.nome_requerente && mascarar('nome', r.nome_requerente),
              r.cpf_requerente ? (clara ? formatarCpf(r.cpf_requerente) : mascararCpf(r.cpf_requerente)) : '',
              clara ? r.email_requerente : r.email_requerente && mascarar('email', r.email_requerente),
              JSON.stringify(clara ? (r.respostas ?? {}) : mascararRespostas(r.definicao, r.respostas ?? {})),
            ]),
          )
          .join('')
      );
    }

    test('jsonCompacto: o texto do jsonb sem espaços, igual ao JSON.stringify das mesmas respostas', async () => {
      const respostas = fc.dictionary(fc.constantFrom('nome', 'cpf', 'e-mail', 'anexo', 'docs', 'valor', 'x', 'detalhes-longos'), resposta, { maxKeys: 6 });
      await fc.assert(
        fc.asyncProperty(fc.array(respostas, { minLength: 1, maxLength: 30 }), async (lista) => {
          const textos = await s.db.query<{ t: string }>('select v::text as t from unnest($1::jsonb[]) with ordinality as x(v, n) order by n', [lista.map((r) => JSON.stringify(r))]);
          assert.deepEqual(textos.map((r) => jsonCompacto(r.t)), textos.map((r) => JSON.stringify(JSON.parse(r.t))));
        }),
        { numRuns: 60 },
      );
    });

    for (const clara of [false, true]) {
      test(`${clara ? 'com dados pessoais' : 'mascarada'}: byte a byte igual à exportação escrita linha a linha`, async () => {
        const r = await fetch(`${s.url}/api/formularios/exportacao${clara ? '?dadosPessoais=true' : ''}`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(r.status, 200);
        const recebido = Buffer.from(await r.arrayBuffer());
        const ref = Buffer.from(await esperado(clara), 'utf8');
        assert.ok(recebido.equals(ref), `tamanhos ${recebido.length} e ${ref.length}; primeira diferença em ${recebido.findIndex((b, i) => b !== ref[i])}`);
      });
    }
  });
}
