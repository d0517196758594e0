import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { abrirBanco, type Banco } from '../../src/server/db';
import { semearDemo } from '../../demo/server/seed';
import { bancosDeTeste } from '../apoio/servidor';

/**
 * The demo started again on another port on the same data (`npm start`, then `PORT=3999 npm start` with the same
 * DATA_DIR): its seeded models deliver to the receiver of the demo that runs now, not to the port of the first one;
 * a destination staff chose stays where it was.
 */
for (const banco of await bancosDeTeste()) {
  describe(`a demo reiniciada em outra porta (${banco.nome})`, () => {
    let db: Banco;
    const PRIMEIRA = 'http://localhost:8080/demo/receptor';
    const SEGUNDA = 'http://localhost:3999/demo/receptor';
    const ESCOLHIDA = 'http://127.0.0.1:7070/sistema-do-orgao/receber';
    before(async () => {
      db = await abrirBanco(banco.url ? { databaseUrl: banco.url } : { pasta: 'memory://' });
      assert.equal(await semearDemo(db, PRIMEIRA), true);
    });
    after(async () => {
      await db?.fechar();
      await banco.descartar?.();
    });

    test('os modelos semeados, suas retentativas e seu histórico passam a entregar na porta nova', async () => {
      const [{ codigo_servico: escolhido }] = await db.query<{ codigo_servico: string }>(`select codigo_servico from modelo where integracao_url = $1 order by codigo_servico limit 1`, [PRIMEIRA]);
      await db.query('update modelo set integracao_url = $2 where codigo_servico = $1', [escolhido, ESCOLHIDA]);
      const destinos = async () => Object.fromEntries((await db.query<{ codigo_servico: string; integracao_url: string | null }>('select codigo_servico, integracao_url from modelo order by 1')).map((m) => [m.codigo_servico, m.integracao_url]));
      const antes = await destinos();
      const [{ n: retentativas }] = await db.query<{ n: number }>('select count(*)::int as n from retentativa_integracao where destino = $1', [PRIMEIRA]);
      assert.ok(retentativas > 0, 'a semente tem retentativas para o receptor da demo');

      assert.equal(await semearDemo(db, SEGUNDA), false, 'já semeado: nada é semeado de novo');
      const depois = await destinos();
      for (const [codigo, url] of Object.entries(antes)) assert.equal(depois[codigo], url === PRIMEIRA ? SEGUNDA : url, codigo);
      assert.equal(depois[escolhido], ESCOLHIDA);
      const [r] = await db.query<{ velhas: number; novas: number }>('select count(*) filter (where destino = $1)::int as velhas, count(*) filter (where destino = $2)::int as novas from retentativa_integracao', [PRIMEIRA, SEGUNDA]);
      assert.deepEqual(r, { velhas: 0, novas: retentativas });
      const [h] = await db.query<{ velhos: number; novos: number }>(`select count(*) filter (where strpos(estado::text, $1) > 0)::int as velhos, count(*) filter (where strpos(estado::text, $2) > 0)::int as novos from modelo_historico`, [PRIMEIRA, SEGUNDA]);
      assert.equal(h.velhos, 0);
      assert.ok(h.novos > 0, 'o histórico dos modelos guarda o destino novo');
    });
  });
}
