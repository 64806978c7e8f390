import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.tgz': 'application/gzip',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg']);

/**
 * The file path under `dir` for a URL path, or undefined when it cannot name a file there: each
 * segment is decoded once and may not hold `/`, `\`, NUL, nor be `.` or `..` (so
 * `/widgets/..%2fstorybook` is no way out of dist/widgets). A malformed escape names nothing.
 */
function fileUnder(dir: string, urlPath: string): string | undefined {
  const segments: string[] = [];
  for (const raw of urlPath.split('/').filter(Boolean)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return join(dir, ...segments);
}

/**
 * Whether a file is named by its content: the builds put those, and only those, in `chunks/` and
 * `assets/` folders as `name-HASH.ext`. A name alone cannot tell (`obra-marketplace.js` ends like
 * `name-HASH.js`, and entry files keep their names across releases).
 */
const contentNamed = (path: string) => /[/\\](?:chunks|assets)[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.\w+$/.test(path);

/**
 * Serves `urlPath` from `dir` (no escaping above it). Files named by their content are cached for
 * a year; the rest (entry files such as `obra-wait-list.js`, pages) revalidate. Text is compressed with brotli or gzip when the client accepts it.
 * Returns false when there is no such file, so the caller can answer 404 its own way.
 */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, dir: string, urlPath: string): Promise<boolean> {
  let path = fileUnder(dir, urlPath);
  if (!path) return false;
  let info = await stat(path).catch(() => undefined);
  if (info?.isDirectory()) {
    path = join(path, 'index.html');
    info = await stat(path).catch(() => undefined);
  }
  if (!info?.isFile()) return false;
  const ext = extname(path);
  const hashed = contentNamed(path);
  const headers: Record<string, string> = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
  };
  if (!hashed && req.headers['if-modified-since'] === headers['Last-Modified']) {
    res.writeHead(304, headers).end();
    return true;
  }
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = !COMPRESSIBLE.has(ext) ? undefined : /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
  if (encoding) headers['Content-Encoding'] = encoding;
  else headers['Content-Length'] = String(info.size);
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const file = createReadStream(path);
  const compress =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? createGzip()
        : undefined;
  (compress ? file.pipe(compress) : file).pipe(res);
  return true;
}
