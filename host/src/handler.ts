// The host's request handler: the API, the bundles, the pre-rendered pages with their translated
// routes and redirects, the demo partner page and the partner examples, from one process.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveStatic } from '../static.ts';
import { isConsolePath, serveConsole } from './console.ts';
import { pageFile, productNotFoundFile, resolve } from './routes.ts';

export interface HostDirs {
  /** The repository root (dist/, host/ under it). */
  root: string;
  /** The product slugs that have pages. */
  slugs: readonly string[];
}

/** Static folders by URL prefix, tried in order; the prefix is kept or stripped as noted. */
const mounts = (root: string): [prefix: string, dirs: string[], strip: boolean][] => [
  ['/widgets/', [`${root}dist`], false],
  ['/esm/', [`${root}dist`], false],
  ['/assets/', [`${root}dist/host`], false],
  ['/img/', [`${root}host/public`], false],
  ['/demo/', [`${root}host/demo`], true],
  // Partner example pages: the hand-written ones first, then built ones; missing folders just 404.
  ['/examples/', [`${root}host/examples`, `${root}dist/examples`], true],
];

/** Answers every GET/HEAD that is not the API; returns nothing, always ends the response. */
export async function handleSite(req: IncomingMessage, res: ServerResponse, { root, slugs }: HostDirs): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (path === '/demo' || path === '/examples') return redirect(res, 308, `${path}/${url.search}`);
  if (isConsolePath(path)) return serveConsole(req, res, root, path);
  for (const [prefix, dirs, strip] of mounts(root)) {
    if (!path.startsWith(prefix)) continue;
    for (const dir of dirs) if (await serveStatic(req, res, dir, strip ? path.slice(prefix.length - 1) : path)) return;
    return notFound(res, root);
  }
  const resolution = resolve(path, slugs);
  if (resolution.kind === 'redirect') return redirect(res, resolution.status, resolution.location + url.search);
  if (resolution.kind === 'page' && (await serveStatic(req, res, `${root}dist/host/pages`, `/${pageFile(resolution.route)}`))) return;
  return notFound(res, root, resolution.kind === 'not-found' && resolution.page === 'product' ? productNotFoundFile(resolution.lang) : '404.html');
}

function redirect(res: ServerResponse, status: number, location: string): void {
  res.writeHead(status, { Location: location, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end(`Moved to ${location}`);
}

/** A 404 page (by default the bilingual one), with status 404. */
async function notFound(res: ServerResponse, root: string, file = '404.html'): Promise<void> {
  const html = await readFile(`${root}dist/host/pages/${file}`).catch(() => 'Not found / No encontrado. Run `npm run build:host`.');
  res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(html);
}
