/**
 * Writes demo/keycloak/realm-demo.json from the demo's seeded users (DESIGN.md section 9), so the real
 * Keycloak and the embedded provider know the same people. Run after changing usuariosDemo.ts:
 * `npx tsx demo/keycloak/gerarRealm.ts` (a unit test checks the file agrees).
 */
import { writeFileSync } from 'node:fs';
import { realmDemo } from './realm';

writeFileSync(new URL('./realm-demo.json', import.meta.url), JSON.stringify(realmDemo(), null, 2) + '\n');
