// /admin: the operators' console (packages/console, built to dist/console by `npm run build:console`).
// Its hashed assets are files; every other /admin path is a client-side route and gets the app's page.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveStatic, type StaticProblem } from '../static.ts';

/** Whether `path` belongs to the console. */
export const isConsolePath = (path: string) => path === '/admin' || path.startsWith('/admin/');

// The console shows operators' data: never framed (clickjacking), never leaking its URL onwards.
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/** Answers a console path from `root`/dist/console; `problem` is told what its files' answers hide (see serveStatic). */
export async function serveConsole(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  path: string,
  problem?: StaticProblem,
): Promise<void> {
  const dir = `${root}dist/console`;
  if (path.startsWith('/admin/assets/')) {
    if (await serveStatic(req, res, dir, path.slice('/admin'.length), problem)) return;
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const html = await readFile(`${dir}/index.html`).catch(() => undefined);
  if (!html) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The console is not built: run `npm run build:console`.');
    return;
  }
  res.writeHead(200, PAGE_HEADERS).end(req.method === 'HEAD' ? undefined : html);
}
