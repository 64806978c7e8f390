// `npm run build:host`: the host site's build. The enhancing script and the stylesheet are
// bundled and minified with esbuild under content-hashed names (cached for a year), then every
// page is pre-rendered to static HTML in both languages with preact-render-to-string:
//   dist/host/assets/main-HASH.js (+ chunks); the stylesheet is minified and inlined in each page
//   dist/host/pages/{es,en}/<page>.html, {es,en}/product/<slug>.html, {es,en}/not-found.html,
//   {es,en}/product-not-found.html
//   dist/host/img/project-*.svg: the company's projects, drawn by the API's illustrator
//   dist/host/docs/partners/<page>.html: the partners' guide (host/docs.ts)
import type { Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { illustrationSvg } from '@obra/server/illustration';
import { renderPartnerDocs } from './docs.ts';
import { PROJECTS, projectSpec } from './src/projects.ts';
import { WIDGET_OF } from './src/routes.ts';
import { INLINE_SCRIPT, cspHash, type InlineHashes } from './src/security.ts';
import { assetUrls, buildForBrowsers, importBuilt, ROOT as root } from '../tools/esbuild.ts';

const out = join(root, 'dist/host');
const assets = join(out, 'assets');

await rm(out, { recursive: true, force: true });

const client = await buildForBrowsers({
  entryPoints: ['host/src/client/main.ts', 'host/src/site.css'],
  outdir: assets,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  // The contact popup's attribution reports the platform's version (packages/api/src/attribution.ts).
  define: { __OBRA_VERSION__: JSON.stringify(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).version) },
});
const outputs = Object.entries(client.outputs);
const fileOf = (entry: string) => outputs.find(([, o]) => o.entryPoint === entry)![0];
const urlOf = (file: string) => `/${relative(out, join(root, file))}`;
const url = (entry: string) => urlOf(fileOf(entry));
/** The chunks an output imports statically, all the way down, as URLs (the output itself excluded). */
const staticChunks = (file: string, seen = new Set<string>()): string[] => {
  for (const { path, kind } of client.outputs[file]!.imports)
    if (kind === 'import-statement' && !seen.has(path)) staticChunks(path, seen.add(path));
  return [...seen].map(urlOf);
};
const testCheckout = fileOf('host/src/client/test-checkout.ts');

// The pre-renderer is TSX, built into one module for this Node to import. The widgets are bundled
// in, with react aliased to preact/compat as in their bundles (rollup.config.ts), since their first
// views are pre-rendered into the pages (src/widget-shadow.ts).
const { renderSite, prerenderWidget, widgetStyleHashes } = await importBuilt<typeof import('./src/render.tsx')>({
  entryPoints: ['host/src/render.tsx'],
  outfile: join(out, '.render.mjs'),
  jsxImportSource: 'preact',
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
  plugins: [bundledAssetUrls()],
});
const css = await readFile(join(root, fileOf('host/src/site.css')), 'utf8');
const pages = renderSite({
  script: url('host/src/client/main.ts'),
  modules: {
    all: staticChunks(fileOf('host/src/client/main.ts')),
    testCheckout: [urlOf(testCheckout), ...staticChunks(testCheckout)],
  },
  css,
  loader: '/esm/loader.js',
  preload: await widgetModules(),
  prerender: prerenderWidget,
});
for (const [file, html] of pages) {
  const path = join(out, 'pages', file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, html);
}
// The company's projects, drawn by the API's illustrator (served under /img/).
await mkdir(join(out, 'img'), { recursive: true });
for (const project of PROJECTS) await writeFile(join(out, 'img', project.file), illustrationSvg(projectSpec(project)));
// The partners' guide, which the approval e-mail links to (/docs/partners/embedding.html).
const docs = await renderPartnerDocs({ root, out, css });
// The inline script and stylesheet every page carries, by hash, for the Content-Security-Policy.
// The widgets' pre-rendered shadow roots carry their stylesheet inline too.
const hashes: InlineHashes = { script: [cspHash(INLINE_SCRIPT)], style: [cspHash(css), ...widgetStyleHashes()] };
await writeFile(join(out, 'csp.json'), `${JSON.stringify(hashes, null, 2)}\n`);

/**
 * The images the widgets locate with `new URL('./x.svg', import.meta.url)` point, in the
 * pre-rendered pages, at the copies the widget build put in dist/esm/assets/ (found by content,
 * since their names carry a hash), so the page and the widget that takes it over load one file.
 */
function bundledAssetUrls(): Plugin {
  const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  let emitted: Map<string, string> | undefined;
  const byContent = async () => {
    if (emitted) return emitted;
    const dir = join(root, 'dist/esm/assets');
    const files = await readdir(dir).catch(() => {
      throw new Error('dist/esm/assets is missing: run `npm run build:widgets` before `npm run build:host`.');
    });
    emitted = new Map(await Promise.all(files.map(async (f) => [digest(await readFile(join(dir, f))), `/esm/assets/${f}`] as const)));
    return emitted;
  };
  return assetUrls('obra-bundled-asset-urls', async (asset, importer) => {
    const url = (await byContent()).get(digest(await readFile(join(dirname(importer), asset))));
    if (!url) throw new Error(`${importer}: ${asset} is not in dist/esm/assets (rebuild the widgets)`);
    return { expression: `({ href: ${JSON.stringify(url)} })` };
  });
}

/**
 * Each widget's ESM entry and the chunks it imports statically, as URLs: a page preloads its
 * widget's modules with the loader instead of discovering them one import after another.
 */
async function widgetModules(): Promise<Record<string, string[]>> {
  const esm = join(root, 'dist/esm');
  const graph = async (file: string, seen: Set<string>): Promise<Set<string>> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    const code = await readFile(join(esm, file), 'utf8').catch(() => {
      throw new Error(`dist/esm/${file} is missing: run \`npm run build:widgets\` before \`npm run build:host\`.`);
    });
    for (const [, dep] of code.matchAll(/(?:^|[;}])\s*import\s*(?:[\w{}\s,$*]+from\s*)?["']\.\/([^"']+)["']/g))
      await graph(join(dirname(file), dep!), seen);
    return seen;
  };
  const tags = Object.values(WIDGET_OF);
  return Object.fromEntries(
    await Promise.all(tags.map(async (tag) => [tag, [...(await graph(`${tag}.js`, new Set()))].map((f) => `/esm/${f}`)] as const)),
  );
}

const sizes = await Promise.all(
  outputs.map(
    async ([path, o]) => `${relative(out, join(root, path))} ${o.bytes} B (${gzipSync(await readFile(join(root, path))).length} B gzip)`,
  ),
);
// The stylesheet is inlined into every page; its file is not served.
await rm(join(root, outputs.find(([, o]) => o.entryPoint === 'host/src/site.css')![0]));
console.log(`host: ${pages.size} pages, ${docs.length} guide pages; ${sizes.join(', ')}`);
