// The host's request handler: the API, the bundles, the pre-rendered pages with their translated
// routes and redirects, the demo partner page and the partner examples, from one process.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveStatic, type StaticProblem } from '../static.ts';
import { isConsolePath, serveConsole } from './console.ts';
import { acceptedLang } from '@obra/schema';
import { notFoundFile, pageFile, resolve, type Lang } from './routes.ts';
import { securityHeaders, type InlineHashes } from './security.ts';

export interface HostDirs {
  /** The repository root (dist/, host/ under it). */
  root: string;
  /** The product slugs that have pages. */
  slugs: readonly string[];
  /** The site is served over https (PUBLIC_URL): HSTS is sent. */
  https?: boolean;
  /** Told of a file's failure the answer hides (see {@link StaticProblem}); the host logs it. */
  problem?: StaticProblem;
}

const headersOf = new Map<string, Promise<Record<string, string>>>();
/**
 * The security headers of every answer, made once per site (the inline hashes `npm run build:host`
 * wrote; none before a build, when every page 404s anyway).
 */
const siteHeaders = (root: string, https: boolean) => {
  const key = `${https}:${root}`;
  let headers = headersOf.get(key);
  if (!headers) {
    headers = readFile(`${root}dist/host/csp.json`, 'utf8').then(
      (text) => securityHeaders(JSON.parse(text) as InlineHashes, https),
      () => securityHeaders({ script: [], style: [] }, https),
    );
    headersOf.set(key, headers);
  }
  return headers;
};

/**
 * Static folders by URL prefix: each prefix serves its own folders and nothing beside them
 * (dist/ also holds Storybook and test results, which are not the site's). `partners`: what
 * partner pages load from other origins (docs/operators/cdn.md).
 */
const mounts = (root: string): [prefix: string, dirs: string[], partners?: boolean][] => [
  ['/widgets/', [`${root}dist/widgets`], true],
  ['/esm/', [`${root}dist/esm`], true],
  // The npm packages partners install (`npm install https://…/packages/obra-react-X.Y.Z.tgz`) and
  // what they are checked against (obra-react.json): tools/build-packages.ts.
  ['/packages/', [`${root}dist/packages`], true],
  ['/assets/', [`${root}dist/host/assets`]],
  // Artwork, and the projects' pictures the build draws (host/src/projects.ts).
  ['/img/', [`${root}host/public/img`, `${root}dist/host/img`], true],
  ['/demo/', [`${root}host/demo`]],
  // The partners' guide, rendered by host/docs.ts.
  ['/docs/', [`${root}dist/host/docs`]],
  // Partner example pages: the hand-written ones first, then built ones; missing folders just 404.
  ['/examples/', [`${root}host/examples`, `${root}dist/examples`]],
];

/**
 * What every file a partner page loads from Obra carries, whatever its origin: module scripts
 * (the loader and its chunks) need CORS, and a page isolated with COEP needs CORP on every
 * resource; Timing-Allow-Origin lets the partner measure the load. No cookies are involved.
 */
const PARTNER_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Timing-Allow-Origin': '*',
};

/** Answers every request that is not the API (GET and HEAD; 405 otherwise); always ends the response. */
export async function handleSite(
  req: IncomingMessage,
  res: ServerResponse,
  { root, slugs, https = false, problem }: HostDirs,
): Promise<void> {
  for (const [name, value] of Object.entries(await siteHeaders(root, https))) res.setHeader(name, value);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Use GET or HEAD.');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (path === '/demo' || path === '/examples') return redirect(res, 308, `${path}/${url.search}`);
  if (isConsolePath(path)) return serveConsole(req, res, root, path, problem);
  for (const [prefix, dirs, partners] of mounts(root)) {
    if (!path.startsWith(prefix)) continue;
    if (partners) for (const [name, value] of Object.entries(PARTNER_HEADERS)) res.setHeader(name, value);
    for (const dir of dirs) if (await serveStatic(req, res, dir, path.slice(prefix.length - 1), problem)) return;
    return notFound(res, root, notFoundFile({ kind: 'not-found' }, preferredLang(req, res)));
  }
  const resolution = resolve(path, slugs);
  if (resolution.kind === 'redirect') return redirect(res, resolution.status, resolution.location + url.search);
  if (resolution.kind === 'page' && (await serveStatic(req, res, `${root}dist/host/pages`, `/${pageFile(resolution.route)}`, problem)))
    return;
  // A page whose file is missing (a build without it) is not found in its own language.
  const lost = resolution.kind === 'not-found' ? resolution : ({ kind: 'not-found', lang: resolution.route.lang } as const);
  return notFound(res, root, notFoundFile(lost, lost.lang ?? preferredLang(req, res)));
}

function redirect(res: ServerResponse, status: number, location: string): void {
  res
    .writeHead(status, { Location: location, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
    .end(`Moved to ${location}`);
}

/**
 * The language a path that names none is answered in: the one the browser asks for
 * (Accept-Language, es by default); the answer says it varies by that header.
 */
function preferredLang(req: IncomingMessage, res: ServerResponse): Lang {
  res.setHeader('Vary', 'Accept-Language');
  return acceptedLang(req.headers['accept-language']);
}

/** A 404 page (`file`, under the built pages), with status 404. */
async function notFound(res: ServerResponse, root: string, file: string): Promise<void> {
  const html = await readFile(`${root}dist/host/pages/${file}`).catch(() => 'Not found / No encontrado. Run `npm run build:host`.');
  res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(html);
}
