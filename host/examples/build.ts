// Builds the React 19 example (real React, not Preact) into dist/examples/:
//   react/client.js (+ chunks)  the browser bundle; each widget's element is a lazy chunk
//   react.html                  host/examples/react/template.html with the App rendered on the server
// Run: node --conditions=source host/examples/build.ts   (npm run build:examples)
// A partner's app builds the same components from the @obra/react tarball Obra serves instead
// (tests/e2e/support/partner-site.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { assetUrls, buildForBrowsers, importBuilt, ROOT as root } from '../../tools/esbuild.ts';

const out = `${root}dist/examples`;

/**
 * esbuild leaves `new URL('./x.svg', import.meta.url)` alone, which would point inside chunks/;
 * this turns each into an import of the file (copied to assets/ with a hash), as rollup's build does.
 */
const assetImports = assetUrls('asset-urls', (asset, _importer, n) => ({
  imports: `import __asset${n} from ${JSON.stringify(asset)};`,
  expression: `new URL(__asset${n}, import.meta.url)`,
}));

/** The example's `__OBRA_API_BASE__` (see app.tsx): each widget's default, `/api` on the page's origin. */
const apiBaseDefine = { __OBRA_API_BASE__: 'undefined' };

/** The browser bundle, with the widgets' register modules as lazy chunks. */
async function buildClient(): Promise<void> {
  rmSync(`${out}/react`, { recursive: true, force: true });
  await buildForBrowsers({
    entryPoints: { client: 'host/examples/react/client.tsx' },
    outdir: `${out}/react`,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file' },
    publicPath: '/examples/react/',
    plugins: [assetImports],
    define: apiBaseDefine,
  });
}

/** Renders the App in Node (react-dom/server) into the template; React stays external so one copy renders. */
async function prerender(): Promise<void> {
  const tmp = `${root}node_modules/.cache/obra-examples`;
  mkdirSync(tmp, { recursive: true });
  const ssr = await importBuilt<typeof import('./react/app.tsx') & typeof import('react-dom/server') & typeof import('react')>({
    stdin: {
      contents:
        "export { App } from './host/examples/react/app.tsx'; export { renderToString } from 'react-dom/server'; export { createElement } from 'react';",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: `${tmp}/ssr.mjs`,
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: apiBaseDefine,
    loader: { '.svg': 'empty', '.png': 'empty', '.jpg': 'empty', '.webp': 'empty' },
  });
  const html = ssr.renderToString(ssr.createElement(ssr.App));
  const template = readFileSync(`${root}host/examples/react/template.html`, 'utf8');
  if (!template.includes('<!--app-->'))
    throw new Error('host/examples/react/template.html lost its <!--app--> marker; put it back inside #root.');
  writeFileSync(`${out}/react.html`, template.replace('<!--app-->', html));
}

mkdirSync(out, { recursive: true });
await buildClient();
await prerender();
console.log('built dist/examples/react.html and dist/examples/react/');
