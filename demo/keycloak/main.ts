/** `npm run keycloak`: a real Keycloak on :8180 with realm demo, until Ctrl+C. Then `KEYCLOAK_URL=http://localhost:8180 npm start`. */
import { iniciarKeycloak, VERSAO_KEYCLOAK } from './keycloak';

const t0 = Date.now();
const kc = await iniciarKeycloak(undefined, { log: process.env.LOG === 'debug' });
console.log(`Keycloak ${VERSAO_KEYCLOAK} pronto em ${kc.url} (realm demo) em ${Math.round((Date.now() - t0) / 1000)} s.`);
console.log(`  console: KEYCLOAK_URL=${kc.url} npm start   ·   administração: ${kc.url}/admin (admin/admin)`);
for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => void kc.parar().then(() => process.exit(0)));
