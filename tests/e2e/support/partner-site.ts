// A partner's own site, on another origin than Obra's (`http://localhost:PORT` against Obra's
// `http://127.0.0.1:PORT`): pages written from the guide's snippets, a Svelte 5 app built with Vite
// and its Svelte plugin, and a fresh React 19 app that installs @obra/react from Obra with the
// guide's `npm install` and is built with Vite, all loading Obra's files from Obra's origin as a
// partner's pages do (docs/partners/embedding.md).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { expect } from 'vitest';
import { serveStatic } from '../../../host/static.ts';
import { ROOT } from '../../server/support/api.ts';

/** The origin the guide's snippets name, replaced by the test's Obra origin wherever a page says it. */
export const GUIDE_ORIGIN = 'https://obra.example';

/** The Svelte partner app's source (a Vite project: index.html, src/). */
const SVELTE_APP = join(ROOT, 'tests/e2e/fixtures/svelte-partner');

const run = promisify(execFile);

/** The guide's React section. */
const GUIDE_REACT = /^## React\n[^]*?(?=^## )/m.exec(readFileSync(join(ROOT, 'docs/partners/embedding.md'), 'utf8'))?.[0] ?? '';

/** The guide's command installing @obra/react, with the guide's origin. */
export const REACT_INSTALL = /^npm install (https:\/\/obra\.example\/packages\/obra-react-[\w.-]+\.tgz)$/m.exec(GUIDE_REACT)?.[1];

/** The partner's built apps, made once per file: the Svelte app and the React app. */
export interface PartnerApps {
  dir: string;
  /** The React app's folder: its package.json, package-lock.json and node_modules, as npm left them. */
  react: string;
  /** What the React app's server rendered into its page (in plain Node, from the installed package). */
  reactServerHtml: string;
  remove(): void;
}

/**
 * The React app: a fresh folder with React and React DOM and their types (linked from this
 * checkout's node_modules: the test needs no network), where the guide's `npm install` fetches
 * @obra/react from `obra`; the example page's components (host/examples/react/) built by Vite for
 * the browser and for Node, rendered by that Node build into the page, which the browser build
 * hydrates; the app and the guide's React example type-checked by TypeScript.
 */
async function buildReactApp(obra: string, dir: string): Promise<{ app: string; html: string }> {
  if (!REACT_INSTALL) throw new Error('docs/partners/embedding.md lost its `npm install https://obra.example/packages/obra-react-….tgz`.');
  const app = join(dir, 'react-src');
  mkdirSync(join(app, 'src'), { recursive: true });
  const linked = (name: string) => `file:${join(ROOT, 'node_modules', name)}`;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'partner-react-app',
      private: true,
      type: 'module',
      dependencies: { react: linked('react'), 'react-dom': linked('react-dom') },
      devDependencies: { '@types/react': linked('@types/react'), '@types/react-dom': linked('@types/react-dom') },
    }),
  );
  // An unreachable registry and an empty cache: anything but Obra's tarball would fail the install.
  // Asynchronously: Obra's server answering npm runs in this process.
  await run(
    'npm',
    [
      'install',
      REACT_INSTALL.replace(GUIDE_ORIGIN, obra),
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--registry=http://127.0.0.1:9/',
      `--cache=${join(dir, 'npm-cache')}`,
    ],
    { cwd: app },
  );
  for (const file of ['app.tsx', 'client.tsx']) copyFileSync(join(ROOT, 'host/examples/react', file), join(app, 'src', file));
  writeFileSync(
    join(app, 'src/server.tsx'),
    "import { renderToString } from 'react-dom/server';\nimport { App } from './app.tsx';\nexport const render = () => renderToString(<App />);\n",
  );
  // The guide's example, with the two functions it leaves to the partner; then its bare tags, typed once the package is imported.
  const [example = '', tags = ''] = [...GUIDE_REACT.matchAll(/```tsx\n([^]*?)```/g)].map((match) => match[1]!);
  writeFileSync(
    join(app, 'src/guide.tsx'),
    `${example}\ndeclare function track(what: string): void;\ndeclare function report(why: string): void;\n`,
  );
  writeFileSync(join(app, 'src/guide-tags.tsx'), `import '@obra/react';\nexport const tags = (\n  <>\n${tags}  </>\n);\n`);
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        jsx: 'react-jsx',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        noEmit: true,
        allowImportingTsExtensions: true,
        skipLibCheck: false,
      },
      include: ['src'],
    }),
  );
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Constructora Andina</title><script type="module" src="/src/client.tsx"></script></head><body><div id="root"><!--app--></div></body></html>',
  );
  const shared = { root: app, configFile: false, logLevel: 'error', define: { __OBRA_API_BASE__: JSON.stringify(`${obra}/api`) } } as const;
  await build({ ...shared, base: '/react/', build: { outDir: join(dir, 'react-app'), emptyOutDir: true } });
  await build({ ...shared, build: { ssr: 'src/server.tsx', outDir: join(app, 'ssr'), emptyOutDir: true } });
  const script = "const { render } = await import('./ssr/server.js'); process.stdout.write(render());";
  const { stdout: html } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: app });
  const page = join(dir, 'react-app/index.html');
  writeFileSync(page, readFileSync(page, 'utf8').replace('<!--app-->', html));
  // The app, and the guide's example, type-check against the package's declarations alone.
  await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app]).catch((error: Error & { stdout?: string }) => {
    throw new Error(`the React app does not type-check:\n${error.stdout || error.message}`);
  });
  return { app, html };
}

/** Builds the Svelte app (Vite + Svelte plugin) and the React app (Vite, `apiBase` Obra's) into a temp folder. */
export async function buildPartnerApps(obra: string): Promise<PartnerApps> {
  const dir = mkdtempSync(join(tmpdir(), 'obra-partner-apps-'));
  await build({
    root: SVELTE_APP,
    base: '/svelte/',
    configFile: false,
    logLevel: 'warn',
    plugins: [svelte()],
    build: { outDir: join(dir, 'svelte'), emptyOutDir: true },
  });
  const react = await buildReactApp(obra, dir);
  return { dir, react: react.app, reactServerHtml: react.html, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface PartnerSite {
  /** `http://localhost:PORT`: another origin than Obra's 127.0.0.1. */
  readonly origin: string;
  /** Pages (and stylesheets, `.css`; scripts, `.js`) by path, changed by the tests as they go; GUIDE_ORIGIN in them becomes Obra's origin. */
  readonly pages: Map<string, string>;
  /** Headers of a page by path, in place of the default ones (a page's own Content-Security-Policy). */
  readonly headers: Map<string, Record<string, string>>;
  close(): Promise<void>;
}

/** A CSP as the guide's section asks a partner to write it, with `obra` allowed. */
const partnerCsp = (obra: string) =>
  `default-src 'self'; script-src 'self' ${obra}; connect-src 'self' ${obra}; img-src 'self' data: ${obra} https://i.ytimg.com; style-src 'self'; frame-src https://www.youtube-nocookie.com`;

/**
 * Starts the partner's server: `pages`, the Svelte app under /svelte/ and the React app under
 * /react.html and /react/ (from `apps`), every page under the guide's CSP for `obra`.
 */
export async function startPartnerSite(obra: string, apps?: PartnerApps): Promise<PartnerSite> {
  const pages = new Map<string, string>();
  const pageHeaders = new Map<string, Record<string, string>>();
  const html = (text: string) => text.replaceAll(GUIDE_ORIGIN, obra);
  const server: Server = createServer(
    (req, res) =>
      void (async () => {
        const path = new URL(req.url ?? '/', 'http://partner').pathname;
        const page = pages.get(path);
        const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': partnerCsp(obra) };
        const css = { 'Content-Type': 'text/css; charset=utf-8' };
        const js = { 'Content-Type': 'text/javascript; charset=utf-8' };
        if (page !== undefined)
          return void res
            .writeHead(200, path.endsWith('.css') ? css : path.endsWith('.js') ? js : (pageHeaders.get(path) ?? headers))
            .end(html(page));
        if (apps && (path === '/svelte/' || path === '/svelte/index.html'))
          return void res.writeHead(200, headers).end(html(readFileSync(join(apps.dir, 'svelte/index.html'), 'utf8')));
        if (apps && path === '/react.html')
          return void res.writeHead(200, headers).end(readFileSync(join(apps.dir, 'react-app/index.html'), 'utf8'));
        if (apps && path.startsWith('/svelte/') && (await serveStatic(req, res, join(apps.dir, 'svelte'), path.slice('/svelte'.length))))
          return;
        if (apps && path.startsWith('/react/') && (await serveStatic(req, res, join(apps.dir, 'react-app'), path.slice('/react'.length))))
          return;
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Not found: ${path}`);
      })(),
  );
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    pages,
    headers: pageHeaders,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A page of the partner's site around `body` (its `<html lang>` is `lang`). */
export const sitePage = (body: string, lang = 'en', head = '') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Partner</title>${head}</head><body>${body}</body></html>`;

/** One event a widget dispatched, as the page's listener on `document` saw it. */
export interface SeenEvent {
  type: string;
  tag: string;
  reason: string | null;
}

/** Records the widgets' events on the page's document from before any script runs; returns a reader. */
export async function recordEvents(page: Page): Promise<() => Promise<SeenEvent[]>> {
  await page.addInitScript(() => {
    const seen: SeenEvent[] = [];
    Object.assign(window, { obraEvents: seen });
    for (const type of ['obra-submit', 'obra-success', 'obra-error'])
      document.addEventListener(type, (event) => {
        const detail = (event as CustomEvent<{ reason?: string }>).detail;
        seen.push({ type, tag: (event.target as Element).localName, reason: detail?.reason ?? null });
      });
  });
  return () => page.evaluate(() => (window as unknown as { obraEvents: SeenEvent[] }).obraEvents);
}

/** Every file the page fetched from Obra's (`obra`) /widgets/ and /esm/, with the headers a page on another origin needs. */
export function recordObraFiles(page: Page, obra: string) {
  const files: { path: string; status: number; cors: string | null; corp: string | null }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== obra || !/^\/(widgets|esm)\//.test(url.pathname)) return;
    const headers = response.headers();
    files.push({
      path: url.pathname,
      status: response.status(),
      cors: headers['access-control-allow-origin'] ?? null,
      corp: headers['cross-origin-resource-policy'] ?? null,
    });
  });
  return files;
}

/**
 * Waits until every Obra element of the page has rendered its view (a non-empty heading inside its
 * shadow root), scrolling to each so the loader sees it; returns their tags.
 */
export async function expectRendered(page: Page): Promise<string[]> {
  const tags = await page.evaluate(() =>
    [...document.querySelectorAll('*')].map((el) => el.localName).filter((tag) => tag.startsWith('obra-')),
  );
  for (const [i, tag] of tags.entries()) {
    const host = page.locator(tag).nth(tags.slice(0, i).filter((t) => t === tag).length);
    await host.scrollIntoViewIfNeeded();
    await expect
      .poll(() => host.evaluate((el) => el.shadowRoot?.querySelector('.obra-root h2')?.textContent?.trim() ?? ''), { timeout: 15_000 })
      .not.toBe('');
  }
  return tags;
}
