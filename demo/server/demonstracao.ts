/** The demonstration (`npm start` without NODE_ENV=production): the service with the demo's parts (app.ts). */
import { criarServidor, opcoesDoAmbiente } from './app';
import { USUARIOS_DEMO } from './usuariosDemo';
import { avisoDoNode } from '../../src/server/runtime';
import { configuracaoOuSair } from '../../src/server/ambiente';
import { desligamentoDoAmbiente } from '../../src/server/configuracao';
import { desligarNoSinal } from '../../src/server/operacao/desligamento';

const aviso = avisoDoNode();
if (aviso) console.warn(aviso);

// A configuration that cannot run (a bad SMTP_URL, SEGREDOS_CHAVE…): one line saying why, start nothing.
const { o, desligamento } = configuracaoOuSair(() => ({ o: opcoesDoAmbiente(), desligamento: desligamentoDoAmbiente(process.env, 0) }));
const host = process.env.HOST ?? '127.0.0.1';
const { app, db, saude } = await criarServidor(o);
desligarNoSinal(app, saude, desligamento);
await app.listen({ port: o.porta, host });
console.log(`\nConsole de Formulários (demonstração) em ${o.urlPublica}`);
console.log(`  banco: ${db.tipo === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${o.pastaDados}`}`);
console.log(o.keycloakUrl ? `  identidade: Keycloak em ${o.keycloakUrl}, realm ${o.realm}` : `  identidade: provedor EMBUTIDO (somente desenvolvimento/QA) em ${o.urlPublica}/realms/${o.realm}; usuários: ${USUARIOS_DEMO.map((u) => u.username).join(', ')} (senha = usuário)`);
if (!o.keycloakUrl && host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') console.warn('  ATENÇÃO: o provedor embutido está exposto fora da máquina local (HOST).');

