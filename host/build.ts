// `npm run build:host`: the host site's build. The enhancing script and the stylesheet are
// bundled and minified with esbuild under content-hashed names (cached for a year), then every
// page is pre-rendered to static HTML in both languages with preact-render-to-string:
//   dist/host/assets/main-HASH.js (+ chunks), dist/host/assets/site-HASH.css
//   dist/host/pages/{es,en}/<page>.html, {es,en}/product/<slug>.html, 404.html
import { build, type BuildOptions } from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

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
  target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
});
const outputs = Object.entries(client.metafile.outputs);
const url = (entry: string) => `/${relative(out, join(root, outputs.find(([, o]) => o.entryPoint === entry)![0]))}`;

// The pre-renderer is TSX; esbuild turns it into one module for this Node to import.
const renderer = join(out, '.render.mjs');
await build({ ...common, entryPoints: ['host/src/render.tsx'], outfile: renderer, platform: 'node', format: 'esm', jsx: 'automatic', jsxImportSource: 'preact', packages: 'external' });
const { renderSite } = (await import(pathToFileURL(renderer).href)) as typeof import('./src/render.tsx');
const pages = renderSite({ script: url('host/src/client/main.ts'), css: url('host/src/site.css'), loader: '/esm/loader.js' });
for (const [file, html] of pages) {
  const path = join(out, 'pages', file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, html);
}
await rm(renderer);

const sizes = await Promise.all(outputs.map(async ([path, o]) => `${relative(out, join(root, path))} ${o.bytes} B (${gzipSync(await readFile(join(root, path))).length} B gzip)`));
console.log(`host: ${pages.size} pages; ${sizes.join(', ')}`);
