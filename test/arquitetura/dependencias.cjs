/**
 * The architecture, as rules dependency-cruiser checks (issue 48). `npm test` runs them first
 * (test/arquitetura/verificar.mjs): any violation or cycle fails the run. The picture in README
 * ("Organização do código") is drawn from the same graph by `npm run arquitetura`.
 *
 * Layers, from the bottom:
 *   shared rules   src/forms, src/validation, src/access, src/i18n, src/contrato: pure, no UI, no server
 *   service        src/server: the production service (API, submissions, deliveries, Pix, PDF, e-mail)
 *   console        src/console: <console-formularios> (React, Blueprint, router, keycloak-js)
 *   citizen        src/cidadao: <formulario-cidadao> (React and the shared rules only)
 *   demo           demo/: what the demonstration adds around the service
 */
/** @type {import('dependency-cruiser').IConfiguration} */
const COMPARTILHADO = '^src/(forms|validation|access|i18n|contrato)/';
/** Packages are matched by where they resolve (node_modules/<name>/...). */
const NAVEGADOR = '^node_modules/(react|react-dom|@blueprintjs/[^/]+|react-router|react-router-dom|keycloak-js|valtio|redaxios|@r2wc/[^/]+)/';

module.exports = {
  forbidden: [
    { name: 'sem-ciclos', severity: 'error', comment: 'No circular dependency anywhere: move the shared names down into a module both read.', from: {}, to: { circular: true } },
    { name: 'servico-sem-demo', severity: 'error', comment: 'The service never imports the demonstration.', from: { path: '^src/server/' }, to: { path: '^demo/' } },
    { name: 'servico-sem-navegador', severity: 'error', comment: 'The service never imports browser code (the elements, React, Blueprint, the router, keycloak-js).', from: { path: '^src/server/' }, to: { path: ['^src/(console|cidadao)/', NAVEGADOR] } },
    { name: 'cidadao-sem-console', severity: 'error', comment: '<formulario-cidadao> never imports the console, Blueprint, the router or keycloak-js.', from: { path: '^src/cidadao/' }, to: { path: ['^src/(console|server)/', '^node_modules/(@blueprintjs/[^/]+|react-router|react-router-dom|keycloak-js|valtio|redaxios)/'] } },
    { name: 'console-sem-servico', severity: 'error', comment: 'The console reaches the service through HTTP only.', from: { path: '^src/console/' }, to: { path: ['^src/server/', '^demo/'] } },
    {
      name: 'console-so-o-desenho-do-cidadao', severity: 'error',
      comment: "The console takes from the citizen's element only its plain-HTML form (the builder's preview and the published-version view draw what the citizen gets), never the element, its API client or its memory.",
      from: { path: '^src/console/' }, to: { path: '^src/cidadao/', pathNot: '^src/cidadao/(Formulario|Campo|Revisao)\\.tsx$' },
    },
    { name: 'regras-puras', severity: 'error', comment: 'Shared rules import no UI and no server: they run in both elements and in the service.', from: { path: COMPARTILHADO }, to: { path: ['^src/(server|console|cidadao)/', '^demo/', NAVEGADOR, '^node_modules/(fastify|pg|pdfkit|nodemailer|ioredis|@fastify/[^/]+)/'] } },
    { name: 'src-sem-testes', severity: 'error', comment: 'Product code never imports the tests.', from: { path: '^(src|demo)/' }, to: { path: '^test/' } },
    {
      name: 'producao-sem-devdependencies', severity: 'error',
      comment: 'The service runs after `npm ci --omit=dev`: nothing it loads may be a devDependency (the embedded database is loaded by the demo only, through a dynamic import; compilar.mjs is the build, run with the devDependencies).',
      from: { path: '^src/server/', pathNot: '^src/server/compilar\\.mjs$' }, to: { dependencyTypes: ['npm-dev', 'npm-no-pkg', 'npm-unknown'], dynamic: false },
    },
    { name: 'sem-orfaos', severity: 'error', comment: 'A module nobody imports is dead code (entry points excepted).', from: { orphan: true, pathNot: ['\\.d\\.ts$', '^src/server/(producao|entrega/main|pdf/trabalhadorPdf)\\.ts$', '^src/(console/element|cidadao/elemento)\\.ts$', '^demo/', '^test/'] }, to: {} },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.(css|html|json)$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
    reporterOptions: {
      archi: { collapsePattern: '^(src/(server|console|cidadao|forms|validation|access|i18n|contrato)|demo/(server|keycloak|cidadao)|test/[^/]+)/' },
    },
  },
};
