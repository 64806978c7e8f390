// The CDN bundles partner sites load, built with react/react-dom aliased to Preact's compat layer:
//   dist/widgets/obra-<name>.js  one self-contained IIFE per widget (one script tag, one element)
//   dist/esm/obra-<name>.js      ESM entries sharing runtime chunks, plus dist/esm/loader.js
//                                that imports a widget's entry when its tag appears in the page.
// Every build prints raw, gzip and brotli sizes; tests/size checks them against the budgets here.
import alias from '@rollup/plugin-alias';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import type { OutputBundle, Plugin, RollupOptions } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
// The host's pre-render minifies the evaluated styles with the same function (one implementation).
import { minifyCss } from './packages/element/src/minify-css.ts';
// The widget list is plain data the workspace packages share; this config reads it by path, as above.
import { WIDGETS, widgetModules, type WidgetName } from './packages/schema/src/widgets.ts';
import { composition, formatComposition } from './tools/size/composition.ts';
import { formatSizes, measure } from './tools/size/sizes.ts';

/** The gzip budget of each widget's self-contained bundle. */
const WIDGET_BUDGETS: Record<WidgetName, number> = {
  // The wait list and the partner registration carry the phone input's country picker (~4 KB) and
  // the kept refusal's words (a send refused after an offline replay, shown on the next load).
  'wait-list': 40 * 1024,
  'partner-registration': 40 * 1024,
  // The phone's rules (obra-phone.js) and, since it prices every country by building type, the
  // estimate with its figures (obra-estimate.js) load apart: 57 KB when the estimate was in it.
  'design-form': 54 * 1024,
  marketplace: 37 * 1024,
  'software-detail': 39 * 1024,
};

/** Every widget (packages/schema/src/widgets.ts): its tag's module, its contract and its bundle's gzip budget. */
export const widgets = WIDGETS.map((widget) => {
  const { entry, contract } = widgetModules(widget);
  return { name: widget.name, entry, contract, budgetGzip: WIDGET_BUDGETS[widget.name] };
});

/** Budgets of other outputs (gzip bytes), by path under dist/. */
// The phone check (libphonenumber-js and its full metadata) is fetched only when a phone field is
// used; the estimate (its engine and every country's figures) when the design form shows it.
export const budgets: Record<string, number> = {
  'esm/loader.js': 2 * 1024,
  'widgets/obra-phone.js': 48 * 1024,
  'widgets/obra-estimate.js': 15 * 1024,
};

const LOADER_ID = '\0obra-loader';

/** The platform's version, reported with every lead (packages/api/src/attribution.ts). */
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

/** The loader entry: the tag → dynamic import table, generated from the widget list. */
function loaderEntry(): Plugin {
  return {
    name: 'obra-loader',
    resolveId: (id) => (id === LOADER_ID ? id : null),
    load(id) {
      if (id !== LOADER_ID) return null;
      const table = widgets.map((w) => `  'obra-${w.name}': () => import(${JSON.stringify(resolve(w.entry))}),`).join('\n');
      return `import { loadOnSight } from '@obra/element/loader';\nloadOnSight({\n${table}\n});\n`;
    },
  };
}

/**
 * Strips the whitespace and the `${/* comment *\/ ''}` notes from the CSS written as `/* css *\/`
 * template literals (the widgets' shadow styles): ~0.3 KB gzip per widget, no CSS tool needed.
 */
function cssTemplates(): Plugin {
  const template = /\/\* css \*\/ `([^`]*)`/g;
  const commentNote = /\$\{\s*\/\*[^]*?\*\/\s*''\s*\}/g;
  return {
    name: 'obra-css-templates',
    transform(code, id) {
      if (!/\/packages\/[^/]+\/src\/.*\.ts$/.test(id) || !code.includes('/* css */')) return null;
      const out = code.replace(template, (_match, css: string) => {
        const small = minifyCss(css.replace(commentNote, ''));
        if (small.includes('${')) throw new Error(`${id}: only comment interpolations are allowed in a /* css */ template`);
        return `\`${small}\``;
      });
      return { code: out, map: null };
    },
  };
}

/**
 * Copies files a module locates with `new URL('./assets/x.svg', import.meta.url)` (the pattern
 * browsers, Vite and tsup understand) next to the bundle, and points the URL at the copy.
 */
function assetUrls(): Plugin {
  const pattern = /new URL\((['"])(\.{1,2}\/[^'"]+\.(?:svg|png|jpe?g|webp|avif))\1,\s*import\.meta\.url\)/g;
  return {
    name: 'obra-asset-urls',
    transform(code, id) {
      if (!/\/packages\/[^/]+\/src\/.*\.tsx?$/.test(id) || !code.includes('import.meta.url')) return null;
      let changed = false;
      const out = code.replace(pattern, (_match, _quote: string, path: string) => {
        const file = resolve(dirname(id), path);
        const ref = this.emitFile({ type: 'asset', name: basename(file), source: readFileSync(file) });
        changed = true;
        return `new URL(import.meta.ROLLUP_FILE_URL_${ref})`;
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

/**
 * The modules every widget needs, put in one `chunks/runtime-<hash>.js` the ESM widgets share.
 */
// The form engine (@obra/form) is in it too: the three form widgets share one copy. loader.ts (and
// loader-*.ts) are left out: the loader must not pull the runtime in before a widget needs it; so
// are the catalogues (i18n/src/catalogues/), which go with the widgets that read them.
const RUNTIME = /\/node_modules\/(preact|zustand)\/|\/packages\/(element|form|i18n)\/src\/(?!loader(\.ts|-[\w-]+\.ts)$|catalogues\/)/;

/** The estimate's modules and figures: one `chunks/estimate-<hash>.js` the design form loads when it shows it. */
const ESTIMATE = /\/packages\/estimate\/src\//;

/**
 * The modules the widgets load when first needed, and the file each is beside the self-contained
 * bundles: the phone check when a phone field is first shown, the estimate when the design form
 * shows it (docs/contributors/behaviour.md#phone-codes, docs/estimate.md).
 */
const LOADED_APART = { '@obra/schema/phone': 'obra-phone.js', '@obra/estimate': 'obra-estimate.js' } as const;

/**
 * In the self-contained bundles, each module of {@link LOADED_APART} stays a file of its own beside
 * them (an ES module), imported by its absolute URL: a classic script from another origin (no CORS
 * mode) resolves `import()` against about:blank, so the URL is made from the bundle's own
 * (`import.meta.url`, which rollup reads from the script element as the bundle runs).
 */
function loadedBeside(): Plugin {
  const calls = Object.entries(LOADED_APART).map(
    // The call, not a type (`typeof import(…)`).
    ([module, file]) =>
      [new RegExp(`(?<!typeof )import\\('${module}'\\)`, 'g'), `import(new URL('./${file}', import.meta.url).href)`] as const,
  );
  return {
    name: 'obra-loaded-beside',
    transform(code) {
      if (!calls.some(([call]) => code.match(call))) return null;
      return { code: calls.reduce((text, [call, replacement]) => text.replace(call, replacement), code), map: null };
    },
  };
}

/**
 * The estimate's figures as the page needs them: values, factors, ranges and the source ids and
 * dates it names; their units and notes stay in the repository (and in the API's answer).
 */
function estimateFiguresOnly(): Plugin {
  const words = new Set(['$comment', 'read', 'unit', 'adjustedBy']);
  const strip = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(strip)
      : node && typeof node === 'object'
        ? Object.fromEntries(Object.entries(node).flatMap(([key, value]) => (words.has(key) ? [] : [[key, strip(value)]])))
        : node;
  return {
    name: 'obra-estimate-figures',
    transform(code, id) {
      if (!id.endsWith('/packages/estimate/src/data.json')) return null;
      return { code: JSON.stringify(strip(JSON.parse(code))), map: null };
    },
  };
}

/**
 * Writes dist/custom-elements.json from the widgets' contracts. It runs in its own Node (with the
 * `source` condition), since the contracts import workspace packages this config cannot resolve.
 */
function manifest(file: string): Plugin {
  return {
    name: 'obra-manifest',
    writeBundle() {
      const pairs = widgets.map((w) => `${w.entry}=${w.contract}`);
      execFileSync(process.execPath, ['--conditions=source', 'tools/manifest/write-manifest.ts', file, ...pairs], { stdio: 'inherit' });
      console.log(`wrote ${file}`);
    },
  };
}

/** Empties `dir` before a build: chunk names carry hashes, so old chunks would pile up beside the new ones. */
function clean(dir: string): Plugin {
  return { name: 'obra-clean', buildStart: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Prints the size of every JavaScript file written, and what the self-contained bundles and the
 * shared runtime chunk are made of (tools/size/composition.ts).
 */
function printSizes(dir: string): Plugin {
  return {
    name: 'obra-sizes',
    writeBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const rows = chunks.map((file) => {
        const path = `${dir}/${file.fileName}`;
        const widget = widgets.find((w) => path === `widgets/obra-${w.name}.js`);
        return { file: path, sizes: measure(file.code), budgetGzip: widget?.budgetGzip ?? budgets[path], modules: file.modules };
      });
      console.log(`\n${formatSizes(rows)}`);
      for (const row of rows.filter((row) => /^widgets\/|\/runtime-/.test(row.file))) {
        const modules = Object.entries(row.modules).map(([id, module]) => ({ id, code: module.code }));
        console.log(`  ${row.file} is made of:\n${formatComposition(composition(modules, row.sizes.gzip))}`);
      }
    },
  };
}

const plugins = (): Plugin[] => [
  estimateFiguresOnly(),
  assetUrls(),
  cssTemplates(),
  alias({
    entries: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    ],
  }),
  // `source` points workspace packages at their TypeScript, like tsconfig's customConditions.
  nodeResolve({
    exportConditions: ['source', 'browser', 'module', 'import', 'default'],
    extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
  }),
  json({ preferConst: true, compact: true }),
  esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: 'tsconfig.json', minify: false }),
  replace({
    preventAssignment: true,
    values: { 'process.env.NODE_ENV': JSON.stringify('production'), __OBRA_VERSION__: JSON.stringify(VERSION) },
  }),
  terser({
    ecma: 2020,
    module: true,
    toplevel: true,
    compress: { passes: 3, pure_getters: true, unsafe_arrows: true, unsafe_methods: true },
    format: { comments: false },
  }),
];

const config: RollupOptions[] = [
  ...widgets.map<RollupOptions>((w) => ({
    input: w.entry,
    output: { file: `dist/widgets/obra-${w.name}.js`, format: 'iife', inlineDynamicImports: true },
    plugins: [loadedBeside(), ...plugins(), printSizes('widgets')],
  })),
  ...Object.entries(LOADED_APART).map<RollupOptions>(([module, file]) => ({
    input: module,
    output: { file: `dist/widgets/${file}`, format: 'es' },
    plugins: [...plugins(), printSizes('widgets')],
  })),
  {
    input: { loader: LOADER_ID, ...Object.fromEntries(widgets.map((w) => [`obra-${w.name}`, w.entry])) },
    output: {
      dir: 'dist/esm',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      manualChunks: (id) => (RUNTIME.test(id) ? 'runtime' : ESTIMATE.test(id) ? 'estimate' : undefined),
    },
    plugins: [clean('dist/esm'), loaderEntry(), ...plugins(), printSizes('esm'), manifest('dist/custom-elements.json')],
  },
];

export default config;
