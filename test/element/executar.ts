/**
 * Runs the element tests: the demo server (embedded provider + API on PGlite) on a free port, and
 * @web/test-runner driving Debian's Chromium over the test bundles Rollup built with the build's
 * own plugins (.test-build/element). Tests get real tokens through the `entrar` server command.
 */
import { startTestRunner, summaryReporter, defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { entrarComo, portaLivre, subirServidor } from '../apoio/servidor';
import { CHROMIUM } from '../e2e/navegador';

const portaTestes = await portaLivre();
const origemTestes = `http://localhost:${portaTestes}`;
// With the demo receiver: the seeded models deliver there (the builder's "Enviar teste" reaches it).
const demo = await subirServidor({ origens: [origemTestes], receptor: true });

const runner = await startTestRunner({
  readCliArgs: false,
  readFileConfig: false,
  autoExitProcess: false,
  config: {
    rootDir: process.cwd(),
    files: process.env.ARQUIVOS_ELEMENTO?.split(',') ?? ['.test-build/element/*.test.js'],
    port: portaTestes,
    hostname: 'localhost',
    concurrency: 1,
    concurrentBrowsers: 1,
    nodeResolve: false,
    testsFinishTimeout: 240_000,
    browserStartTimeout: 60_000,
    staticLogging: true,
    reporters: [defaultReporter(), summaryReporter({ flatten: false })],
    testFramework: { config: { timeout: 20_000 } },
    browsers: [
      chromeLauncher({
        launchOptions: {
          executablePath: CHROMIUM,
          headless: true,
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      }),
    ],
    testRunnerHtml: (importacao) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"></head>
<body>
  <script>window.__DEMO__ = ${JSON.stringify({ url: demo.url, origemTestes })};</script>
  <script type="module" src="${importacao}"></script>
</body></html>`,
    plugins: [
      {
        name: 'comandos-console',
        async executeCommand({ command, payload }) {
          if (command === 'log') return void console.log('[navegador]', ...(payload as { a: string[] }).a);
          if (command === 'entrar') return entrarComo(demo.url, (payload as { username: string }).username, { redirectUri: `${origemTestes}/` });
          if (command === 'encerrar-sessoes') return demo.encerrarSessoes!((payload as { username: string }).username);
          return undefined;
        },
      },
    ],
  },
});

if (!runner) throw new Error('o @web/test-runner não iniciou');
const passou = await new Promise<boolean>((ok) => runner.on('stopped', ok));
await demo.fechar();
process.exit(passou ? 0 : 1);
