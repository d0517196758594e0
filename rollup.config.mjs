import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { transform } from 'esbuild';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import esbuild, { minify } from 'rollup-plugin-esbuild';

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

/** The selectors of a rule, split at the commas that are not inside parentheses (:not(.a, .b)). */
function seletoresDe(lista) {
  const partes = [];
  let nivel = 0, inicio = 0;
  for (let i = 0; i < lista.length; i++) {
    if (lista[i] === '(') nivel++;
    else if (lista[i] === ')') nivel--;
    else if (lista[i] === ',' && nivel === 0) partes.push(lista.slice(inicio, i)), (inicio = i + 1);
  }
  return [...partes, lista.slice(inicio)];
}

/**
 * The class names Blueprint's `Classes` module still defines once tree-shaken (its rendered code:
 * `const NAVBAR_HEADING = \`${NAVBAR}-heading\`;`), resolved: exactly the constants some kept code uses.
 */
export function classesDoModulo(codigo) {
  const valores = new Map();
  for (const [, nome, aspas, crase] of codigo.matchAll(/(?:let|const|var)\s+([\w$]+)\s*=\s*(?:"([^"]*)"|`([^`]*)`)/g)) {
    valores.set(nome, (aspas ?? crase).replace(/\$\{([\w$]+)\}/g, (x, v) => valores.get(v) ?? x));
  }
  return new Set([...valores.values()].filter((v) => /^bp6-[\w-]+$/.test(v)));
}

/**
 * Class names composed at run time from words the code does not hold together: react-transition-group's
 * phases after a transition's base class (`bp6-overlay-appear-active`), and the toaster's positions.
 */
const COMPOSTAS = [/^-(appear|enter|exit)(-active|-done)?$/, /^-(top|bottom|left|right|in-portal|inline)$/];

/**
 * Which Blueprint classes the bundle can render: those its `Classes` module still defines (`definidas`,
 * from `classesDoModulo`), any written whole in the code (`"bp6-navbar"`) or as `-a-b` (`${NS}-a-b`
 * outside that module), those built by the class functions from a prefix and a word (`${NS}-intent-` and
 * "primary"; `${NS}-icon-` and "info-sign"), and the run-time compositions above after a used class.
 * Conservative on purpose: a false "used" only keeps a rule. The dark theme is never used (the console
 * never turns it on).
 */
export function classesUsadas(codigo, definidas = new Set()) {
  const palavras = new Set(codigo.match(/[A-Za-z0-9_-]+/g));
  const cache = new Map();
  const usada = (classe) => {
    if (classe === 'bp6-dark') return false;
    if (!cache.has(classe)) {
      cache.set(classe, false); // a class is never its own evidence
      const ns = classe.slice(0, classe.indexOf('-'));
      let sim = definidas.has(classe) || palavras.has(classe) || palavras.has(classe.slice(ns.length));
      for (let i = ns.length + 2; !sim && i < classe.length; i++) {
        const [inicio, resto] = [classe.slice(0, i), classe.slice(i)];
        sim = inicio.endsWith('-') ? palavras.has(inicio.slice(ns.length)) && palavras.has(resto) : COMPOSTAS.some((c) => c.test(resto)) && usada(inicio);
      }
      cache.set(classe, sim);
    }
    return cache.get(classe);
  };
  return usada;
}

/** A selector without what :not()/:is()/:where()/:has() hold: classes there need not be present for it to match. */
const exigidas = (sel) => sel.replace(/:(not|is|where|has)\((?:[^()]|\([^()]*\))*\)/g, '');

/**
 * Blueprint's CSS without the rules the bundle can never match: a selector goes when one of the bp6
 * classes it requires is not used (`usada`), a rule when all its selectors went, an at-rule block when
 * it is empty.
 * Selectors without bp6 classes (:host, keyframe steps) stay.
 */
export function purgarBlueprint(css, usada) {
  const semRegras = css.replace(/[^{}]*\{[^{}]*\}/g, (regra) => {
    const lista = regra.slice(0, regra.indexOf('{'));
    if (lista.trim().startsWith('@')) return regra;
    const ficam = seletoresDe(lista).filter((sel) => [...exigidas(sel).matchAll(/\.(bp6-[\w-]+)/g)].every(([, c]) => usada(c)));
    return ficam.length ? ficam.join(',') + regra.slice(regra.indexOf('{')) : '';
  });
  let antes;
  let depois = semRegras;
  do (antes = depois), (depois = antes.replace(/@(media|supports|container)[^{}]*\{\s*\}/g, ''));
  while (depois !== antes);
  return depois;
}

const MARCA_BLUEPRINT = '__CSS_DO_BLUEPRINT__';
const CLASSES_BP = /@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]common[\\/]classes\.js$/;

/**
 * CSS imported as text (for adoptedStyleSheets). Blueprint's stylesheet is only known to be needed
 * once the bundle is written: its module exports a mark, and when every chunk is ready the mark is
 * replaced with the stylesheet purged against all the chunks' code (about 25 KB gzip less).
 */
function cssComoTexto(minificar) {
  let blueprint = null;
  return {
    name: 'css-como-texto',
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      let css = paraShadowRoot(code).replace(/@font-face\s*{[^}]*}/g, '');
      if (minificar) css = (await transform(css, { loader: 'css', minify: true })).code;
      if (!id.includes('@blueprintjs')) return { code: `export default ${JSON.stringify(css)};`, map: null };
      blueprint = css;
      return { code: `export default ${JSON.stringify(MARCA_BLUEPRINT)};`, map: null };
    },
    generateBundle(_, pacote) {
      if (blueprint === null) return;
      const pedacos = Object.values(pacote).filter((p) => p.type === 'chunk');
      const modulos = pedacos.flatMap((p) => Object.entries(p.modules));
      const definidas = classesDoModulo(modulos.filter(([id]) => CLASSES_BP.test(id)).map(([, m]) => m.code ?? '').join('\n'));
      const css = JSON.stringify(purgarBlueprint(blueprint, classesUsadas(pedacos.map((p) => p.code).join('\n'), definidas)));
      const marca = new RegExp(`(["'\`])${MARCA_BLUEPRINT}\\1`, 'g');
      for (const p of pedacos) p.code = p.code.replace(marca, () => css);
    },
  };
}

/**
 * Blueprint, trimmed to what the console draws:
 *  - its ESM modules are side-effect free (its package.json lists a context-menu singleton we never
 *    use): without this, every component class (sliders, numeric input, context menu…) stays in the
 *    shell, since a class extending React's CommonJS Component counts as a side effect;
 *  - the default icon loaders import all 706 icons (and the 1,122 "next" icons) dynamically: we bundle
 *    only our icons (src/console/app/icones.ts);
 *  - `IconNames` and the name lists exist to validate names against all icons: one enum of 706 entries
 *    in the shell. Names are derived from the key instead, and any kebab-case name counts as valid (an
 *    icon we did not bundle simply has no paths, as before).
 */
const BLUEPRINT = /@blueprintjs[\\/](core|icons)[\\/]lib[\\/]esm[\\/]/;
const ICONES_ESM = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]/;
const SUBSTITUTOS = [
  [
    /(paths-loaders[\\/]|next[\\/]pathsLoader)/,
    'const semIcone = async () => []; export const allPathsLoader = semIcone; export const splitPathsBySizeLoader = semIcone; export const defaultNextIconPathsLoader = semIcone;',
  ],
  [
    /[\\/]iconNames\.js$/,
    `const nome = (k) => (/^[A-Z0-9_]+$/.test(k) ? k.toLowerCase().replace(/_/g, '-') : k.replace(/(?<=[a-z0-9])(?=[A-Z])|(?<=[a-z])(?=[0-9])/g, '-').toLowerCase());
export const IconNames = new Proxy({}, { get: (_, k) => (typeof k === 'string' ? nome(k) : undefined) });
export const IconNamesSet = { has: (n) => typeof n === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(n) };`,
  ],
  [/next[\\/]generated[\\/]names\.js$/, 'export const nextIconNames = []; export const nextFilledIconNames = []; export const IconNextNames = new Proxy({}, { get: (_, k) => (typeof k === \'string\' ? k.replace(/(?<=[a-z0-9])(?=[A-Z])|(?<=[a-z])(?=[0-9])/g, \'-\').toLowerCase() : undefined) });'],
];
const blueprintEnxuto = {
  name: 'blueprint-enxuto',
  async resolveId(fonte, importador, opcoes) {
    if (opcoes.custom?.blueprintEnxuto) return null;
    const r = await this.resolve(fonte, importador, { ...opcoes, skipSelf: true, custom: { ...opcoes.custom, blueprintEnxuto: true } });
    return r && BLUEPRINT.test(r.id) && !r.id.endsWith('.css') ? { ...r, moduleSideEffects: false } : null;
  },
  load(id) {
    if (!ICONES_ESM.test(id)) return null;
    return SUBSTITUTOS.find(([padrao]) => padrao.test(id))?.[1] ?? null;
  },
};

/**
 * Each bundle written with its compressed copies beside it (`.br`, `.gz`): the service serves them as they
 * are (@fastify/static's preCompressed) to whoever accepts them, as a CDN would, without compressing at
 * every request. The citizen's element on a phone's connection is 90 KB instead of 350 (issue 35).
 */
const comprimido = {
  name: 'comprimido',
  writeBundle(opcoes, pacote) {
    const pasta = opcoes.dir ?? opcoes.file.slice(0, opcoes.file.lastIndexOf('/'));
    for (const arquivo of Object.values(pacote)) {
      if (arquivo.type !== 'chunk') continue;
      const caminho = join(pasta, arquivo.fileName);
      const bytes = readFileSync(caminho);
      writeFileSync(`${caminho}.gz`, gzipSync(bytes, { level: 9 }));
      writeFileSync(`${caminho}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    }
  },
};

/**
 * <formulario-cidadao> on Preact (its compat layer) instead of React: the same components (the builder's preview
 * draws them with React), a bundle about 40 KB gzip lighter for a citizen's phone. Only the citizen's entries.
 */
const PREACT = { react: 'preact/compat', 'react-dom': 'preact/compat', 'react-dom/client': 'preact/compat/client', 'react/jsx-runtime': 'preact/compat/jsx-runtime', 'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime' };
const comPreact = {
  name: 'com-preact',
  resolveId(fonte, importador, opcoes) {
    return PREACT[fonte] ? this.resolve(PREACT[fonte], importador, { ...opcoes, skipSelf: true }) : null;
  },
};

const silentCheckSso = {
  name: 'silent-check-sso',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'silent-check-sso.html', source: readFileSync('src/console/auth/silent-check-sso.html', 'utf8') });
  },
};

export function plugins({ minificar = true } = {}) {
  return [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(minificar ? 'production' : 'development') } }),
    blueprintEnxuto,
    resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    json({ preferConst: true }),
    cssComoTexto(minificar),
    // Modules are transformed without minifying and the chunks minified whole: esbuild's per-module
    // minifier drops /* @__PURE__ */ marks, and with them Rollup's license to drop the console's catalogs
    // from the citizen's bundle (which reads none of them).
    esbuild({ target: 'es2022', jsx: 'automatic', minify: false, legalComments: 'none', tsconfig: 'tsconfig.json' }),
    ...(minificar ? [minify({ target: 'es2022', legalComments: 'none' })] : []),
  ];
}

const aviso = (w, padrao) => {
  if (w.code === 'THIS_IS_UNDEFINED' || w.code === 'CIRCULAR_DEPENDENCY' || w.code === 'MODULE_LEVEL_DIRECTIVE') return;
  padrao(w);
};

const testes = process.env.BUILD_TESTES === '1';

// Each element is read and transformed once and written twice, as a module and as a classic script (one build with
// two outputs: the two builds of the console repeated the same ~15 s of transforms).
const elemento = [
  {
    input: 'src/console/element.ts',
    output: [
      { dir: 'dist', format: 'es', entryFileNames: 'console-formularios.js', chunkFileNames: 'chunks/[name]-[hash].js', plugins: [silentCheckSso] },
      { file: 'dist/console-formularios.classic.js', format: 'iife', inlineDynamicImports: true, name: 'ConsoleFormularios' },
    ],
    plugins: [...plugins(), comprimido],
    onwarn: aviso,
  },
  // <formulario-cidadao> (issue 35): its own light bundle, a module and a classic script, one file each.
  {
    input: 'src/cidadao/elemento.ts',
    output: [
      { file: 'dist/formulario-cidadao.js', format: 'es', inlineDynamicImports: true },
      { file: 'dist/formulario-cidadao.classic.js', format: 'iife', inlineDynamicImports: true, name: 'FormularioCidadao' },
    ],
    plugins: [comPreact, ...plugins(), comprimido],
    onwarn: aviso,
  },
  // The demo's citizen page (/cidadao.html): the model picker and the demo's login around the element; not part of it.
  {
    input: 'demo/cidadao/cidadao.ts',
    output: { dir: 'dist', format: 'es', entryFileNames: 'cidadao.js' },
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
