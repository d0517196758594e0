import { readFileSync, readdirSync } from 'node:fs';
import { transform } from 'esbuild';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';

/**
 * Blueprint's CSS is written for a document (:root variables, html/body rules). Inside a shadow root
 * those selectors match nothing, so they become :host; the result is imported as a string and adopted.
 */
export function paraShadowRoot(css) {
  return css
    .replace(/:root\b/g, ':host')
    .replace(/(^|[{},\s])html(?=\s*[{,.:\s])/g, '$1:host')
    .replace(/(^|[{},\s])body\.([\w-]+)/g, '$1:host(.$2)')
    .replace(/(^|[{},\s])body(?=\s*[{,])/g, '$1:host');
}

/**
 * The console never turns on Blueprint's dark theme (the "contrast" toast has its own colours), so
 * rules that only apply under `.bp6-dark` are dropped: about 6 KB gzip of the shell.
 */
export function semTemaEscuro(css) {
  return css.replace(/[^{}]*\{[^{}]*\}/g, (regra) => {
    const seletores = regra.slice(0, regra.indexOf('{'));
    return !seletores.trim().startsWith('@') && seletores.split(',').every((x) => x.includes('.bp6-dark')) ? '' : regra;
  });
}

function cssComoTexto(minificar) {
  return {
    name: 'css-como-texto',
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      let css = paraShadowRoot(code).replace(/@font-face\s*{[^}]*}/g, '');
      if (id.includes('@blueprintjs')) css = semTemaEscuro(css);
      if (minificar) css = (await transform(css, { loader: 'css', minify: true })).code;
      return { code: `export default ${JSON.stringify(css)};`, map: null };
    },
  };
}

/**
 * Blueprint's default icon loaders import all 706 icons (and the 1,122 "next" icons) dynamically, and
 * its "next" entry point is not marked side-effect free; we bundle only our icons (src/app/icones.ts).
 */
const ICONES_BP = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]/;
const semCarregadoresDeIcones = {
  name: 'sem-carregadores-de-icones',
  async resolveId(fonte, importador, opcoes) {
    if (opcoes.custom?.semCarregadores) return null;
    const r = await this.resolve(fonte, importador, { ...opcoes, skipSelf: true, custom: { ...opcoes.custom, semCarregadores: true } });
    return r && ICONES_BP.test(r.id) && !r.id.endsWith('.css') ? { ...r, moduleSideEffects: false } : null;
  },
  load(id) {
    if (/@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/](paths-loaders[\\/]|next[\\/]pathsLoader)/.test(id)) {
      return 'const semIcone = async () => []; export const allPathsLoader = semIcone; export const splitPathsBySizeLoader = semIcone; export const defaultNextIconPathsLoader = semIcone;';
    }
    return null;
  },
};

const silentCheckSso = {
  name: 'silent-check-sso',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'silent-check-sso.html', source: readFileSync('src/auth/silent-check-sso.html', 'utf8') });
  },
};

export function plugins({ minificar = true } = {}) {
  return [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(minificar ? 'production' : 'development') } }),
    semCarregadoresDeIcones,
    resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    json({ preferConst: true }),
    cssComoTexto(minificar),
    esbuild({ target: 'es2022', jsx: 'automatic', minify: minificar, legalComments: 'none', tsconfig: 'tsconfig.json' }),
  ];
}

const aviso = (w, padrao) => {
  if (w.code === 'THIS_IS_UNDEFINED' || w.code === 'CIRCULAR_DEPENDENCY' || w.code === 'MODULE_LEVEL_DIRECTIVE') return;
  padrao(w);
};

const testes = process.env.BUILD_TESTES === '1';

const elemento = [
  {
    input: 'src/element.ts',
    output: { dir: 'dist', format: 'es', entryFileNames: 'console-formularios.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins: [...plugins(), silentCheckSso],
    onwarn: aviso,
  },
  {
    input: 'src/element.ts',
    output: { file: 'dist/console-formularios.classic.js', format: 'iife', inlineDynamicImports: true, name: 'ConsoleFormularios' },
    plugins: plugins(),
    onwarn: aviso,
  },
  // The demo's citizen page (/cidadao.html): not part of the element, built beside it.
  {
    input: 'demo/cidadao/cidadao.tsx',
    output: { dir: 'dist', format: 'es', entryFileNames: 'cidadao.js', chunkFileNames: 'cidadao/[name]-[hash].js' },
    plugins: plugins(),
    onwarn: aviso,
  },
];

const elementTests = () => [
  {
    input: readdirSync('test/element').filter((f) => f.endsWith('.test.tsx') || f.endsWith('.test.ts')).map((f) => `test/element/${f}`),
    // The runner loads each test file with a ?wtr-session-id query: code the lazy pages share must live in
    // a chunk of its own, or it would load twice (two Reacts).
    output: { dir: '.test-build/element', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', manualChunks: (id) => (/[\\/]test[\\/]element[\\/]/.test(id) && !id.includes('apoio') ? undefined : 'comum') },
    // The test runner's own browser modules are served by it, at absolute paths.
    external: (id) => id.startsWith('/__web-dev-server') || id.startsWith('/__web-test-runner'),
    makeAbsoluteExternalsRelative: false,
    plugins: plugins({ minificar: false }),
    onwarn: aviso,
  },
];

export default testes ? elementTests() : elemento;
