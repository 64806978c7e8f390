// `npm run build:host`: the host site's build. The enhancing script and the stylesheet are
// bundled and minified with esbuild under content-hashed names (cached for a year), then every
// page is pre-rendered to static HTML in both languages with preact-render-to-string:
//   dist/host/assets/main-HASH.js (+ chunks); the stylesheet is minified and inlined in each page
//   dist/host/pages/{es,en}/<page>.html, {es,en}/product/<slug>.html, 404.html
import { build, type BuildOptions } from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { WIDGET_OF } from './src/routes.ts';
import { INLINE_SCRIPT, cspHash, type InlineHashes } from './src/security.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist/host');
const assets = join(out, 'assets');

await rm(out, { recursive: true, force: true });
const common: BuildOptions & { metafile: true } = { absWorkingDir: root, bundle: true, logLevel: 'warning', conditions: ['source'], metafile: true };

const client = await build({
  ...common,
  entryPoints: ['host/src/client/main.ts', 'host/src/site.css'],
  outdir: assets,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  format: 'esm',
  splitting: true,
  minify: true,
  // The contact popup's attribution reports the platform's version (packages/api/src/attribution.ts).
  define: { __OBRA_VERSION__: JSON.stringify(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).version) },
  target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
});
const outputs = Object.entries(client.metafile.outputs);
const url = (entry: string) => `/${relative(out, join(root, outputs.find(([, o]) => o.entryPoint === entry)![0]))}`;

// The pre-renderer is TSX; esbuild turns it into one module for this Node to import.
const renderer = join(out, '.render.mjs');
await build({ ...common, entryPoints: ['host/src/render.tsx'], outfile: renderer, platform: 'node', format: 'esm', jsx: 'automatic', jsxImportSource: 'preact', packages: 'external' });
const { renderSite } = (await import(pathToFileURL(renderer).href)) as typeof import('./src/render.tsx');
const css = await readFile(join(root, outputs.find(([, o]) => o.entryPoint === 'host/src/site.css')![0]), 'utf8');
const pages = renderSite({ script: url('host/src/client/main.ts'), css, loader: '/esm/loader.js', preload: await widgetModules() });
for (const [file, html] of pages) {
  const path = join(out, 'pages', file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, html);
}
await rm(renderer);
// The inline script and stylesheet every page carries, by hash, for the Content-Security-Policy.
const hashes: InlineHashes = { script: [cspHash(INLINE_SCRIPT)], style: [cspHash(css)] };
await writeFile(join(out, 'csp.json'), `${JSON.stringify(hashes, null, 2)}\n`);

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
    for (const [, dep] of code.matchAll(/(?:^|[;}])\s*import\s*(?:[\w{}\s,$*]+from\s*)?["']\.\/([^"']+)["']/g)) await graph(join(dirname(file), dep!), seen);
    return seen;
  };
  const tags = Object.values(WIDGET_OF);
  return Object.fromEntries(await Promise.all(tags.map(async (tag) => [tag, [...(await graph(`${tag}.js`, new Set()))].map((f) => `/esm/${f}`)] as const)));
}

const sizes = await Promise.all(outputs.map(async ([path, o]) => `${relative(out, join(root, path))} ${o.bytes} B (${gzipSync(await readFile(join(root, path))).length} B gzip)`));
// The stylesheet is inlined into every page; its file is not served.
await rm(join(root, outputs.find(([, o]) => o.entryPoint === 'host/src/site.css')![0]));
console.log(`host: ${pages.size} pages; ${sizes.join(', ')}`);
