// The operators' console's build, shared by `npm run build:console` (packages/console/build.ts) and
// the tests that build it with a plugin of their own (the pseudo-language): the console (React 19)
// bundled and minified with esbuild under content-hashed names, and its one HTML page (no inline
// script or style: the host's CSP is script-src 'self' and style-src 'self').
import type { Plugin } from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { byLang, createI18n, DEFAULT_LANG, LANGS } from '@obra/i18n';
import { console as consoleTexts } from '@obra/i18n/catalogues';
import { buildForBrowsers, ROOT as root } from './esbuild.ts';

/** A catalogue's text as HTML text. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Builds the console into `out` (emptied first), with esbuild's `plugins` added (a test's
 * pseudo-language); resolves with each file's size.
 */
export async function buildConsole(out: string, plugins: Plugin[] = []): Promise<string[]> {
  await rm(out, { recursive: true, force: true });
  const metafile = await buildForBrowsers({
    entryPoints: ['packages/console/src/main.tsx', 'packages/console/src/console.css'],
    outdir: join(out, 'assets'),
    entryNames: '[name]-[hash]',
    plugins,
  });
  const outputs = Object.entries(metafile.outputs);
  const url = (entry: string) => `/admin/${relative(out, join(root, outputs.find(([, o]) => o.entryPoint === entry)![0]))}`;

  // The page's language until the console sets the operator's; without JavaScript, the notice in every language.
  const page = `<!doctype html>
<html lang="${DEFAULT_LANG}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Obra</title>
<link rel="icon" href="/img/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${url('packages/console/src/console.css')}">
<script type="module" src="${url('packages/console/src/main.tsx')}"></script>
</head>
<body>
<div id="root"></div>
<noscript>${LANGS.map((lang) => `<p lang="${lang}">${html(createI18n(byLang({ console: consoleTexts }), lang).t('console.noscript'))}</p>`).join('')}</noscript>
</body>
</html>
`;
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'index.html'), page);
  return Promise.all(
    outputs.map(
      async ([path, o]) => `${relative(out, join(root, path))} ${o.bytes} B (${gzipSync(await readFile(join(root, path))).length} B gzip)`,
    ),
  );
}
