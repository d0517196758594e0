/**
 * The production entry point (issue 33): the service of servico.ts, configured by the environment, and
 * nothing of the demo — no embedded identity provider, seeds, receiver, mail catcher, demo tokens or demo
 * pages are imported here or by anything it imports (test/unit/producao.test.ts reads the graph).
 * `npm start` with NODE_ENV=production comes here; so does `node --import tsx src/server/producao.ts`.
 */
import { configuracaoOuSair } from './ambiente';
import { opcoesProducaoDoAmbiente } from './configuracao';
import { avisoDoNode } from './runtime';
import { MSG_SEM_SELO } from './pdf/selo';
import { criarApp, montarServico } from './servico';
import { compilarTodos } from './api/compiladores';
import { desligarNoSinal } from './operacao/desligamento';

const aviso = avisoDoNode();
if (aviso) console.warn(aviso);

const o = configuracaoOuSair(() => opcoesProducaoDoAmbiente({ ...process.env, NODE_ENV: 'production' }));
// Without a certificate, receipts and staff PDFs go out unsigned, as before issue 44: said, not refused.
if (!o.selo) console.warn(MSG_SEM_SELO);
const app = await criarApp(o);
const servico = await montarServico(app, o);
desligarNoSinal(app, servico.saude, o.desligamento);
// Every route's schemas compiled before the first request, as Fastify does (the tests' servers compile at first use).
await app.ready();
compilarTodos();
await app.listen({ port: o.porta, host: o.host });
console.log(`Console de Formulários (produção) em ${o.urlPublica}, porta ${o.porta}${o.gestao ? `; saúde e métricas em http://${o.gestao.host}:${o.gestao.porta}` : ''}`);
