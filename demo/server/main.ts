/**
 * `npm start`: with NODE_ENV=production, the production entry point (producao.ts: nothing of the demo is
 * loaded); otherwise the demonstration (demonstracao.ts: embedded provider, seeds, receiver, mail catcher).
 */
import { emProducao } from '../../src/server/ambiente';

if (emProducao()) await import('../../src/server/producao');
else await import('./demonstracao');
