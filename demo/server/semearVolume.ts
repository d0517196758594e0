/**
 * `npm run seed:large -- --formularios 1000000 [--dias 365]`: adds that many filled forms (with their
 * events and retries) to the database of DATABASE_URL, or to the demo's PGlite. For benchmarks.
 */
import { abrirBanco } from '../../src/server/db';
import { semearDemo } from './seed';
import { carregarEmLotes } from './gerarFormularios';
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
await carregarEmLotes(db, total, dias, (feitos) => console.log(`${feitos} de ${total} formulários (${((Date.now() - inicio) / 1000).toFixed(0)} s)`));
const [{ n }] = await db.query<{ n: string }>('select count(*)::text as n from formulario');
console.log(`Pronto: ${n} formulários no banco (${db.tipo}), contadores refeitos, em ${((Date.now() - inicio) / 1000).toFixed(0)} s.`);
await db.fechar();
