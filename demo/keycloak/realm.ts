import { USUARIOS_DEMO } from '../server/usuariosDemo';

/** Host origins the realm's client accepts: the demo (`npm start`), and the Keycloak suite's demo (8181) and portal host pages (8182). */
export const ORIGENS_HOST = ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://localhost:8181', 'http://127.0.0.1:8181', 'http://localhost:8182'];

/**
 * Realm `demo` for a real Keycloak: the public client `console-formularios` (standard flow, PKCE S256,
 * redirects and web origins of the demo hosts, post-logout redirect), the seeded users with names,
 * verified e-mails and passwords (= username), and a 60 s access token so refresh is observable.
 */
export function realmDemo() {
  return {
    realm: 'demo',
    enabled: true,
    displayName: 'Console de Formulários (demonstração)',
    sslRequired: 'none',
    accessTokenLifespan: 60,
    ssoSessionIdleTimeout: 1800,
    ssoSessionMaxLifespan: 36000,
    internationalizationEnabled: true,
    supportedLocales: ['pt-BR', 'en'],
    defaultLocale: 'pt-BR',
    // Brute-force detection: after 5 failures a user waits 60 s more for each further failure (up to
    // 15 min); failures are forgotten after 12 h. README asks a state's administrator to turn it on too.
    bruteForceProtected: true,
    permanentLockout: false,
    failureFactor: 5,
    waitIncrementSeconds: 60,
    maxFailureWaitSeconds: 900,
    minimumQuickLoginWaitSeconds: 60,
    quickLoginCheckMilliSeconds: 1000,
    maxDeltaTimeSeconds: 43200,
    clients: [
      {
        clientId: 'console-formularios',
        name: 'Console de Formulários',
        enabled: true,
        publicClient: true,
        protocol: 'openid-connect',
        standardFlowEnabled: true,
        implicitFlowEnabled: false,
        directAccessGrantsEnabled: false,
        serviceAccountsEnabled: false,
        redirectUris: ORIGENS_HOST.map((o) => `${o}/*`),
        webOrigins: ORIGENS_HOST,
        attributes: { 'pkce.code.challenge.method': 'S256', 'post.logout.redirect.uris': ORIGENS_HOST.map((o) => `${o}/*`).join('##') },
      },
    ],
    users: USUARIOS_DEMO.map((u) => ({
      username: u.username,
      enabled: true,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      emailVerified: true,
      credentials: [{ type: 'password', value: u.username, temporary: false }],
    })),
  };
}
