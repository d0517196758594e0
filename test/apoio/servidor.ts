import { criarServidor, type OpcoesServidor, type Servidor } from '../../demo/server/app';
import { LIMITES_PADRAO } from '../../src/server/api/rotas/contextoPublico';
import { resolvedorLocal } from '../../src/server/entrega/destino';
import { copiarSementePostgres, pgliteDeTeste, pgliteSemeado } from './bancos';
import { portaLivre } from './cliente';

export { clienteApi, deEndereco, entrarComo, portaLivre, type Tokens } from './cliente';
export { bancoPostgresNovo, bancosDeTeste, pgliteDeTeste, URL_POSTGRES_ADMIN, usarPostgres, type BancoTeste } from './bancos';

export interface ServidorTeste extends Servidor {
  url: string;
  fechar: () => Promise<void>;
}

/**
 * The demo server on a free loopback port, PGlite in memory (from pgliteDeTeste) unless a database URL is given; seeded
 * as the demo is, from this run's copy of the seed when `npm test` runs it (bancos.ts, semente).
 */
export async function subirServidor(extra: Partial<OpcoesServidor> = {}): Promise<ServidorTeste> {
  const porta = extra.porta ?? (await portaLivre());
  const url = `http://127.0.0.1:${porta}`;
  const emMemoria = !extra.databaseUrl && (extra.pastaDados ?? 'memory://') === 'memory://';
  const semear = extra.semear ?? true;
  const semente = semear && emMemoria ? pgliteSemeado() : undefined;
  // A copy of the seed is seeded already: the demo's seed only points its models at this server's receiver (seed.ts).
  if (semear && !!extra.databaseUrl) await copiarSementePostgres(extra.databaseUrl);
  const opcoes: OpcoesServidor = {
    pgliteInicial: emMemoria ? await (semente ?? pgliteDeTeste()) : undefined,
    porta,
    urlPublica: url,
    realm: 'demo',
    clientId: 'console-formularios',
    pastaDados: 'memory://',
    origens: [url],
    semear,
    log: false,
    // No rate limit unless a test asks for one: suites send hundreds of submissions from 127.0.0.1.
    limitesPublico: { ...LIMITES_PADRAO, porEnderecoPorMinuto: 0, porModeloPorMinuto: 0, tokenDemoPorMinuto: 0 },
    ...extra,
    // No DNS server is ever asked during tests: names resolve from a local table only.
    // The seeded models deliver to this server's own /demo/receptor: its origin is allowed like the demo's.
    integracao: { resolver: resolvedorLocal, permitidos: { origens: [url] }, ...extra.integracao },
  };
  const s = await criarServidor(opcoes);
  await s.app.listen({ port: porta, host: '127.0.0.1' });
  return { ...s, url, fechar: () => s.app.close() };
}
