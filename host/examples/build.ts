// Builds the React 19 example (real React, not Preact) into dist/examples/:
//   react/client.js (+ chunks)  the browser bundle; each widget's element is a lazy chunk
//   react.html                  host/examples/react/template.html with the App rendered on the server
// Run: node --conditions=source host/examples/build.ts   (npm run build:examples)
// The browser tests build it again as a partner on another origin would (buildReactExample with
// Obra's API origin and the partner's own public path: tests/e2e/partner-sites.test.ts).
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Where and for whom the example is built. */
interface ExampleTarget {
  /** The output folder (react.html and react/ go in it). */
  out: string;
  /** The URL path the browser bundle is served under. */
  publicPath: string;
  /** The widgets' `apiBase`; undefined: each widget's default (`/api` on the page's origin here). */
  apiBase?: string | undefined;
}

const shared: BuildOptions = {
  bundle: true,
  conditions: ['source'],
  jsx: 'automatic',
  target: 'es2022',
  logLevel: 'warning',
  absWorkingDir: root,
};

/**
 * esbuild leaves `new URL('./x.svg', import.meta.url)` alone, which would point inside chunks/;
 * this turns each into an import of the file (copied to assets/ with a hash), as rollup's build does.
 */
const assetUrls: Plugin = {
  name: 'asset-urls',
  setup(b) {
    b.onLoad({ filter: /\/packages\/[^/]+\/src\/.*\.tsx?$/ }, async ({ path }) => {
      const code = await readFile(path, 'utf8');
      if (!code.includes('import.meta.url')) return undefined;
      const imports: string[] = [];
      const out = code.replace(
        /new URL\((['"])(\.{1,2}\/[^'"]+\.(?:svg|png|jpe?g|webp))\1,\s*import\.meta\.url\)/g,
        (_m, _q: string, file: string) => {
          imports.push(`import __asset${imports.length} from ${JSON.stringify(file)};`);
          return `new URL(__asset${imports.length - 1}, import.meta.url)`;
        },
      );
      return { contents: `${imports.join('\n')}\n${out}`, loader: path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** The example's `__OBRA_API_BASE__` (see app.tsx). */
const apiBaseDefine = (apiBase: string | undefined) => ({
  __OBRA_API_BASE__: apiBase === undefined ? 'undefined' : JSON.stringify(apiBase),
});

/** The browser bundle, with the widgets' register modules as lazy chunks. */
async function buildClient({ out, publicPath, apiBase }: ExampleTarget): Promise<void> {
  rmSync(`${out}/react`, { recursive: true, force: true });
  await build({
    ...shared,
    entryPoints: { client: 'host/examples/react/client.tsx' },
    outdir: `${out}/react`,
    format: 'esm',
    splitting: true,
    minify: true,
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file' },
    publicPath,
    plugins: [assetUrls],
    define: { 'process.env.NODE_ENV': '"production"', ...apiBaseDefine(apiBase) },
  });
}

/** Renders the App in Node (react-dom/server) into the template; React stays external so one copy renders. */
async function prerender({ out, apiBase }: ExampleTarget): Promise<void> {
  const tmp = `${root}node_modules/.cache/obra-examples`;
  mkdirSync(tmp, { recursive: true });
  await build({
    ...shared,
    stdin: {
      contents:
        "export { App } from './host/examples/react/app.tsx'; export { renderToString } from 'react-dom/server'; export { createElement } from 'react';",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: `${tmp}/ssr.mjs`,
    platform: 'node',
    format: 'esm',
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: apiBaseDefine(apiBase),
    loader: { '.svg': 'empty', '.png': 'empty', '.jpg': 'empty', '.webp': 'empty' },
  });
  const ssr = (await import(`${pathToFileURL(`${tmp}/ssr.mjs`).href}?t=${Date.now()}`)) as typeof import('./react/app.tsx') &
    typeof import('react-dom/server') &
    typeof import('react');
  const html = ssr.renderToString(ssr.createElement(ssr.App));
  const template = readFileSync(`${root}host/examples/react/template.html`, 'utf8');
  if (!template.includes('<!--app-->'))
    throw new Error('host/examples/react/template.html lost its <!--app--> marker; put it back inside #root.');
  writeFileSync(`${out}/react.html`, template.replace('<!--app-->', html));
}

/** Builds the example for `target`: the browser bundle, then the server-rendered page. */
export async function buildReactExample(target: ExampleTarget): Promise<void> {
  mkdirSync(target.out, { recursive: true });
  await buildClient(target);
  await prerender(target);
}

if (import.meta.main) {
  await buildReactExample({ out: `${root}dist/examples`, publicPath: '/examples/react/' });
  console.log('built dist/examples/react.html and dist/examples/react/');
}
