import { open, readFile, stat, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

/** The encodings text is sent in, as the client accepts them. */
type Encoding = 'br' | 'gzip';
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESS: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (data) => gzipAsync(data),
};

/**
 * A file's compressed bytes, made once and kept by file, encoding and version (its modification
 * time and size) while the kept bodies total at most `limit` bytes, the least recently sent going
 * first. Every page asks for the same bundles, and brotli spends about 5 ms of CPU on the 185 KB
 * phone chunk. A body bigger than `limit` alone is made and not kept.
 */
export function compressedFiles(limit: number, compress = COMPRESS) {
  const kept = new Map<string, { version: string; body: Promise<Buffer>; bytes: number }>();
  let total = 0;
  const drop = (key: string) => {
    total -= kept.get(key)?.bytes ?? 0;
    kept.delete(key);
  };
  return async (path: string, version: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding} ${path}`;
    const found = kept.get(key);
    if (found?.version === version) {
      // Most recently used last: the map's order is the order of eviction.
      kept.delete(key);
      kept.set(key, found);
      return found.body;
    }
    if (found) drop(key);
    const entry = { version, body: readFile(path).then(compress[encoding]), bytes: 0 };
    // Requests for the same body meanwhile wait on this one.
    kept.set(key, entry);
    const body = await entry.body.catch((error: unknown) => {
      if (kept.get(key) === entry) kept.delete(key);
      throw error;
    });
    if (kept.get(key) !== entry) return body;
    if (body.length > limit) {
      drop(key);
      return body;
    }
    entry.bytes = body.length;
    total += body.length;
    // Bodies still being made (0 bytes counted) stay: requests wait on them.
    for (const [other, { bytes }] of kept) {
      if (total <= limit) break;
      if (bytes) drop(other);
    }
    return body;
  };
}

/** The compressed bodies kept in memory (docs/operators/cdn.md). */
const compressed = compressedFiles(16 * 1024 ** 2);
/** Text larger than this (none of the builds' files is near it) is sent as it is. */
const COMPRESSED_FILE_LIMIT = 2 * 1024 ** 2;

/** Whether `error` says a file is no longer there. */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const gone = (error: unknown) => GONE.has((error as NodeJS.ErrnoException).code ?? '');

/** The encodings, our preference first when the client weighs them alike. */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** A weight as RFC 9110 writes it: 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The weight (q) an Accept-Encoding header gives each coding it names, `*` standing for the others
 * and `x-gzip` for gzip (RFC 9110, 12.5.3 and 8.4.1.3); a coding named twice keeps its first
 * weight. An entry whose weight is no qvalue is left out; `q=0` refuses.
 */
function encodingWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const item of header.split(',')) {
    const [named = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const coding = named === 'x-gzip' ? 'gzip' : named;
    if (!coding || weights.has(coding)) continue;
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter))?.replace(/^q\s*=\s*/, '') ?? '1';
    if (QVALUE.test(q)) weights.set(coding, Number(q));
  }
  return weights;
}

/**
 * How a file is sent to a client that accepts `accept`: text up to the limit in the encoding it
 * weighs highest (brotli on a tie), none when it refuses both or names neither nor `*`. The file
 * as it is stays acceptable whatever the header says of `identity`.
 */
export function encodingFor(ext: string, size: number, accept: string): Encoding | undefined {
  if (!COMPRESSIBLE.has(ext) || size > COMPRESSED_FILE_LIMIT) return undefined;
  const weights = encodingWeights(accept);
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/** Opens `path` and reads the size of what it opened (a rebuild may have replaced the file since a stat); closes it again when that fails. */
async function openWithSize(path: string): Promise<{ file: FileHandle; size: number }> {
  const file = await open(path);
  try {
    return { file, size: (await file.stat()).size };
  } catch (error) {
    await file.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Told of a failure the answer hides from the client, for the host's log: a file sent uncompressed
 * because compressing it failed, or a 503 because it could not be opened (no file handle left).
 */
export type StaticProblem = (what: string, error: unknown) => void;

/**
 * Serves `urlPath` from `dir` (no escaping above it). Files named by their content are cached for
 * a year; the rest (entry files such as `obra-wait-list.js`, pages) revalidate. Text is compressed
 * with brotli or gzip when the client accepts it, once per version of the file ({@link compressedFiles}).
 * Returns false when there is no such file, so the caller can answer 404 its own way; `problem` is
 * told of the failures the answer hides ({@link StaticProblem}).
 */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
  urlPath: string,
  problem?: StaticProblem,
): Promise<boolean> {
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
  const encoding = encodingFor(ext, info.size, String(req.headers['accept-encoding'] ?? ''));
  // A HEAD gets the headers a GET would, the length included: the compressed body is made (or found kept) for it too.
  const head = req.method === 'HEAD';
  if (encoding) {
    try {
      const body = await compressed(path, `${info.mtimeMs} ${info.size}`, encoding);
      res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': String(body.length) }).end(head ? undefined : body);
      return true;
    } catch (error) {
      // Gone since the stat: no such file. Anything else: sent as it is, if it opens below. Only a
      // failure of the compression itself (no memory, say) is told here; one of reading the file
      // (a system call's, e.g. no file handle left) is the open's below, told there if it fails again.
      if (gone(error)) return false;
      if (!(error as NodeJS.ErrnoException).syscall) problem?.('compressing a file failed: sent as it is', error);
    }
  }
  // Opened before anything is answered: a file gone since the stat is a 404, and no file handle
  // left (EMFILE) a 503 to try again, not a connection cut or a host down.
  let opened: Awaited<ReturnType<typeof openWithSize>>;
  try {
    opened = await openWithSize(path);
  } catch (error) {
    if (gone(error)) return false;
    problem?.('opening a file failed: answered 503', error);
    res.writeHead(503, { 'Retry-After': '1', 'Cache-Control': 'no-store' }).end();
    return true;
  }
  const { file, size } = opened;
  res.writeHead(200, { ...headers, 'Content-Length': String(size) });
  if (head || !size) {
    res.end();
    void file.close().catch(() => undefined);
  } else {
    // The bytes the length announced: more than that (the file growing) are not read, fewer (it
    // shrinking meanwhile) end the connection instead of a short body. A read that fails or a
    // client that leaves ends this response (pipeline destroys it and closes the file), nothing else.
    const stream = file.createReadStream({ end: size - 1 });
    pipeline(stream, res, { end: false }).then(
      () => (stream.bytesRead === size ? res.end() : res.destroy()),
      () => undefined,
    );
  }
  return true;
}
