/**
 * `npm run seed:large -- --formularios 1000000 [--dias 365]`: adds that many filled forms (with their
 * events and retries) to the database of DATABASE_URL, or to the demo's PGlite. For benchmarks.
 */
import { abrirBanco } from './db';
import { semearDemo } from './seed';
import { gerarFormularios, recontar } from './gerarFormularios';
import { opcoesDoAmbiente } from './app';

const arg = (nome: string, padrao: number) => {
  const i = process.argv.indexOf(`--${nome}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : padrao;
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${nome} precisa de um número inteiro.`);
  return v;
};

const total = arg('formularios', 1_000_000);
const dias = arg('dias', 365);
const o = opcoesDoAmbiente();
const db = await abrirBanco({ databaseUrl: o.databaseUrl, pasta: o.pastaDados });
await semearDemo(db);
const inicio = Date.now();
const LOTE = 100_000;
for (let feitos = 0; feitos < total; feitos += LOTE) {
  const n = Math.min(LOTE, total - feitos);
  // Each batch commits on its own; the counter trigger is off inside it and the counters rebuilt below.
  await db.transacao(async (tx) => {
    await tx.query('alter table formulario disable trigger formulario_contadores');
    await gerarFormularios(tx, n, dias, false);
    await tx.query('alter table formulario enable trigger formulario_contadores');
  });
  console.log(`${feitos + n} de ${total} formulários (${((Date.now() - inicio) / 1000).toFixed(0)} s)`);
}
await db.transacao(recontar);
await db.query('analyze');
const [{ n }] = await db.query<{ n: string }>('select count(*)::text as n from formulario');
console.log(`Pronto: ${n} formulários no banco (${db.tipo}), contadores refeitos, em ${((Date.now() - inicio) / 1000).toFixed(0)} s.`);
await db.fechar();
