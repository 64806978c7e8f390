// @vitest-environment node
// What the host sends with the files partner pages load from another origin (docs/operators/cdn.md):
// CORS, CORP and Timing-Allow-Origin on /widgets, /esm, /img and /packages, a year's cache for files
// named by their content and revalidation for the entry files and the npm tarballs (a version's
// bytes change when Obra is rebuilt); the site's own files get none of it. Text goes compressed,
// each version of a file compressed once.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleSite } from '../../host/src/handler.ts';
import { compressedFiles, encodingFor } from '../../host/static.ts';

/** Failures to make: brotli failing while `brotli` is set (the host's errors other than a file
 * gone), and opening or reading the file named `open.path` failing with `open.error`. */
const failing = vi.hoisted(() => ({
  brotli: undefined as Error | undefined,
  open: undefined as { path: string; error: Error } | undefined,
}));
vi.mock('node:zlib', async (original) => {
  const zlib = await original<typeof import('node:zlib')>();
  const brotliCompress = (data: Buffer, options: object, done: (error: Error | null, result?: Buffer) => void) =>
    failing.brotli ? done(failing.brotli) : zlib.brotliCompress(data, options, done);
  return { ...zlib, brotliCompress };
});
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const open = ((path: string, ...rest: []) =>
    path === failing.open?.path ? Promise.reject(failing.open.error) : fs.open(path, ...rest)) as typeof fs.open;
  const readFile = ((path: string, ...rest: []) =>
    path === failing.open?.path ? Promise.reject(failing.open.error) : fs.readFile(path, ...rest)) as typeof fs.readFile;
  return { ...fs, open, readFile };
});

let root: string;
let server: Server;
/** What the host was told of failures its answers hid (for its log): what, and the error's code. */
const problems: string[] = [];
let base: string;

beforeAll(async () => {
  root = `${mkdtempSync(join(tmpdir(), 'obra-host-'))}/`;
  const files = {
    'dist/widgets/obra-wait-list.js': 'console.log(1)',
    // Named like a content-named file (name-12345678.js), but an entry: it must revalidate.
    'dist/widgets/obra-marketplace.js': 'console.log(2)',
    'dist/widgets/assets/revit-CvBg_jWD.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'dist/esm/loader.js': 'import("./chunks/runtime-AbCdEf12.js")',
    'dist/esm/chunks/runtime-AbCdEf12.js': 'export {}',
    'dist/packages/obra-react-1.2.3.tgz': 'tarball',
    'dist/packages/obra-react.json': '{}',
    'host/public/img/obra.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'dist/host/assets/main-ABCDEFGH.js': 'export {}',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const problem = (what: string, error: unknown) => problems.push(`${what} (${(error as NodeJS.ErrnoException).code})`);
  server = createServer((req, res) => void handleSite(req, res, { root, slugs: [], problem }));
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${base}${path}`, { headers: { origin: 'https://socio.example' } });

describe('files for partner pages', () => {
  it.each([
    ['/widgets/obra-wait-list.js', 'no-cache'],
    ['/widgets/obra-marketplace.js', 'no-cache'],
    ['/widgets/assets/revit-CvBg_jWD.svg', 'public, max-age=31536000, immutable'],
    ['/esm/loader.js', 'no-cache'],
    ['/esm/chunks/runtime-AbCdEf12.js', 'public, max-age=31536000, immutable'],
    ['/img/obra.svg', 'no-cache'],
    ['/packages/obra-react-1.2.3.tgz', 'no-cache'],
    ['/packages/obra-react.json', 'no-cache'],
  ])('%s: CORS for any origin, CORP cross-origin, Timing-Allow-Origin, and %s', async (path, cache) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(
      Object.fromEntries(
        [
          'access-control-allow-origin',
          'cross-origin-resource-policy',
          'timing-allow-origin',
          'cache-control',
          'x-content-type-options',
        ].map((name) => [name, response.headers.get(name)]),
      ),
    ).toEqual({
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'timing-allow-origin': '*',
      'cache-control': cache,
      'x-content-type-options': 'nosniff',
    });
  });

  it('an npm tarball is sent as it is, as gzip data', async () => {
    const response = await fetch(`${base}/packages/obra-react-1.2.3.tgz`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect([response.headers.get('content-type'), response.headers.get('content-encoding'), await response.text()]).toEqual([
      'application/gzip',
      null,
      'tarball',
    ]);
  });

  it('a missing file there is a 404, and the loader revalidates (304 when unchanged)', async () => {
    expect((await get('/esm/chunks/nope-AbCdEf12.js')).status).toBe(404);
    const first = await get('/esm/loader.js');
    const again = await fetch(`${base}/esm/loader.js`, { headers: { 'if-modified-since': first.headers.get('last-modified')! } });
    expect(again.status).toBe(304);
  });

  it("the site's own files are not shared with other origins", async () => {
    const response = await get('/assets/main-ABCDEFGH.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('cross-origin-resource-policy')).toBeNull();
  });
});

/** A GET (or `method`) with `accept-encoding` as given, and the body's bytes as they came (not decompressed). */
function raw(path: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(`${base}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('compressed text', () => {
  const file = (path: string) => readFileSync(join(root, path));

  it('goes in brotli or gzip as the client accepts (brotli first), with its length; the rest as it is', async () => {
    const source = file('dist/widgets/obra-wait-list.js');
    const br = await raw('/widgets/obra-wait-list.js', 'gzip, deflate, br');
    expect([br.headers['content-encoding'], br.headers['content-length'], br.headers.vary]).toEqual([
      'br',
      String(br.body.length),
      'Accept-Encoding',
    ]);
    expect(brotliDecompressSync(br.body)).toEqual(source);
    const gz = await raw('/widgets/obra-wait-list.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(source);
    const plain = await raw('/widgets/obra-wait-list.js');
    expect([plain.headers['content-encoding'], plain.headers['content-length'], plain.body]).toEqual([
      undefined,
      String(source.length),
      source,
    ]);
    // Not text: as it is, whatever the client accepts.
    const tarball = await raw('/packages/obra-react-1.2.3.tgz', 'br');
    expect([tarball.headers['content-encoding'], tarball.body.toString()]).toEqual([undefined, 'tarball']);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, br;q=1.0', 'br'],
    ['BR', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.4, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['br;q=oops, gzip', 'gzip'],
    ['br;q=1.5, gzip;q=0.2', 'gzip'],
    ['br ; q=0.5, gzip;q=0.4', 'br'],
    ['br;q=0., gzip', 'gzip'],
    ['br;q=0, br', undefined],
    ['x-gzip', 'gzip'],
    ['gzip, *', 'br'],
    ['identity;q=0, gzip', 'gzip'],
    ['br;q=.5, gzip;q=0.1', 'gzip'],
    ['br;q=0.5000, gzip;q=0.1', 'gzip'],
    ['br;q=0', undefined],
    ['br;q=0, gzip;q=0.000', undefined],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('Accept-Encoding %j: text goes as %s', (accept, encoding) => {
    expect(encodingFor('.js', 1000, accept)).toBe(encoding);
  });

  it('a client that refuses brotli (q=0) gets gzip, or the file as it is when it refuses both', async () => {
    const source = file('dist/widgets/obra-wait-list.js');
    const gz = await raw('/widgets/obra-wait-list.js', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(source);
    const plain = await raw('/widgets/obra-wait-list.js', 'br;q=0, gzip;q=0');
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, source]);
  });

  it('a HEAD gets the headers of the GET, the compressed length included, whether or not it comes first', async () => {
    for (const [accept, path] of [
      ['br', '/esm/chunks/head-br-AbCdEf12.js'],
      ['gzip', '/esm/chunks/head-gz-AbCdEf12.js'],
      [undefined, '/esm/chunks/head-plain-AbCdEf12.js'],
    ] as const) {
      writeFileSync(join(root, 'dist', path), `export const path = ${JSON.stringify(path)};`);
      // The HEAD first: it makes the compressed body itself.
      const head = await raw(path, accept, 'HEAD');
      const got = await raw(path, accept);
      expect(got.headers['content-encoding']).toBe(accept);
      expect(got.headers['content-length']).toBe(String(got.body.length));
      for (const name of ['content-encoding', 'content-length', 'content-type', 'cache-control', 'vary'])
        expect([accept, name, head.headers[name]]).toEqual([accept, name, got.headers[name]]);
    }
  });

  it('text brotli fails on (no memory, say) goes as it is, with its length, the host told; the next request compresses it', async () => {
    const path = join(root, 'dist/esm/chunks/brotli-fails-AbCdEf12.js');
    writeFileSync(path, 'export const failed = true;');
    failing.brotli = Object.assign(new Error('Cannot allocate memory'), { code: 'ENOMEM' });
    problems.length = 0;
    try {
      const plain = await raw('/esm/chunks/brotli-fails-AbCdEf12.js', 'br');
      expect(problems).toEqual(['compressing a file failed: sent as it is (ENOMEM)']);
      expect([plain.headers['content-encoding'], plain.headers['content-length'], plain.body.toString()]).toEqual([
        undefined,
        '27',
        'export const failed = true;',
      ]);
    } finally {
      failing.brotli = undefined;
    }
    const br = await raw('/esm/chunks/brotli-fails-AbCdEf12.js', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('export const failed = true;');
    expect(problems).toHaveLength(1);
  });

  it.each([
    ['ENOENT', 'gone since it was looked at: a 404, nothing for the log', '/packages/obra-react-1.2.3.tgz', 404, [null, 'no-cache'], []],
    [
      'EMFILE',
      'no file handle left: a 503 to try again in a second, which no cache keeps, the host told',
      '/packages/obra-react-1.2.3.tgz',
      503,
      ['1', 'no-store'],
      ['opening a file failed: answered 503 (EMFILE)'],
    ],
    [
      'EMFILE',
      'no file handle left for text it compresses: the same 503, told once, as the open failed (not its compression)',
      '/esm/chunks/no-handle-AbCdEf12.js',
      503,
      ['1', 'no-store'],
      ['opening a file failed: answered 503 (EMFILE)'],
    ],
  ])('a file that cannot be opened (%s), %s; the next request gets it', async (code, _, url, status, [retryAfter, cache], told) => {
    const path = join(root, 'dist', url);
    const text = url.endsWith('.js') ? 'export const handles = 0;' : 'tarball';
    writeFileSync(path, text);
    // As the file system says it: the call that failed, with its code.
    failing.open = { path, error: Object.assign(new Error(code), { code, syscall: 'open' }) };
    problems.length = 0;
    try {
      const response = await get(url);
      expect([response.status, response.headers.get('retry-after'), response.headers.get('cache-control')]).toEqual([
        status,
        retryAfter,
        cache,
      ]);
      expect(problems).toEqual(told);
    } finally {
      failing.open = undefined;
    }
    expect(await (await get(url)).text()).toBe(text);
    // The good answer tells nothing.
    expect(problems).toEqual(told);
  });

  it('sends the length the headers announced, and an empty file as an empty body', async () => {
    writeFileSync(join(root, 'dist/packages/empty.json'), '');
    const empty = await raw('/packages/empty.json');
    expect([empty.headers['content-length'], empty.body.length]).toEqual(['0', 0]);
  });

  it('a file rebuilt since it was last sent goes as it is now: another size, or the same size written later', async () => {
    const path = join(root, 'dist/esm/chunks/common-AbCdEf12.js');
    const sent = async () => brotliDecompressSync((await raw('/esm/chunks/common-AbCdEf12.js', 'br')).body).toString();
    writeFileSync(path, 'export const a = 1;');
    utimesSync(path, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    expect(await sent()).toBe('export const a = 1;');
    writeFileSync(path, 'export const a = 22;');
    expect(await sent()).toBe('export const a = 22;');
    writeFileSync(path, 'export const a = 33;');
    utimesSync(path, new Date('2026-01-01T00:00:01Z'), new Date('2026-01-01T00:00:01Z'));
    expect(await sent()).toBe('export const a = 33;');
  });

  describe('compressedFiles', () => {
    /** A compressor that records what it compresses and gives `size` bytes (or `size(text)`). */
    function counting(size: number | ((text: string) => number)) {
      const calls: string[] = [];
      const compress = (data: Buffer) => {
        const text = data.toString();
        calls.push(text);
        return Promise.resolve(Buffer.alloc(typeof size === 'number' ? size : size(text), text));
      };
      return { calls, compress: { br: compress, gzip: compress } };
    }
    const a = () => join(root, 'dist/widgets/obra-wait-list.js');
    const b = () => join(root, 'dist/esm/loader.js');

    it('compresses a version of a file once, however many ask at the same time, and again for a new version or encoding', async () => {
      const { calls, compress } = counting(6);
      const body = compressedFiles(1000, compress);
      const bodies = await Promise.all([body(a(), 'v1', 'br'), body(a(), 'v1', 'br'), body(a(), 'v1', 'br')]);
      await body(a(), 'v1', 'br');
      expect(calls).toEqual(['console.log(1)']);
      expect(new Set(bodies).size).toBe(1);
      await body(a(), 'v2', 'br');
      await body(a(), 'v2', 'gzip');
      expect(calls).toHaveLength(3);
    });

    it('keeps at most its limit, the least recently sent going first', async () => {
      const { calls, compress } = counting(6);
      const body = compressedFiles(12, compress);
      await body(a(), 'v1', 'br');
      await body(b(), 'v1', 'br');
      await body(a(), 'v1', 'br');
      expect(calls).toHaveLength(2);
      // A third body (12 + 6 bytes): b, the least recently sent, goes.
      await body(a(), 'v1', 'gzip');
      await body(a(), 'v1', 'br');
      expect(calls).toHaveLength(3);
      await body(b(), 'v1', 'br');
      expect(calls).toHaveLength(4);
    });

    it('a new version takes the old one’s place, not more room', async () => {
      const { calls, compress } = counting(6);
      const body = compressedFiles(12, compress);
      await body(a(), 'v1', 'br');
      await body(b(), 'v1', 'br');
      for (const version of ['v2', 'v3', 'v4']) await body(a(), version, 'br');
      // a's versions replaced each other: b (6 + 6 bytes) was never evicted.
      await body(b(), 'v1', 'br');
      expect(calls).toHaveLength(5);
    });

    it('a body over the limit alone is sent and not kept, and evicts nothing', async () => {
      // The loader compresses to 20 bytes, the widget to 6.
      const { calls, compress } = counting((text) => (text.startsWith('import') ? 20 : 6));
      const body = compressedFiles(12, compress);
      await body(a(), 'v1', 'br');
      await expect(body(b(), 'v1', 'br')).resolves.toHaveLength(20);
      await body(b(), 'v1', 'br');
      await body(a(), 'v1', 'br');
      expect(calls).toEqual(['console.log(1)', 'import("./chunks/runtime-AbCdEf12.js")', 'import("./chunks/runtime-AbCdEf12.js")']);
    });

    it('a file it cannot read fails that request only: the next one reads again', async () => {
      const { calls, compress } = counting(6);
      const body = compressedFiles(1000, compress);
      const path = join(root, 'dist/widgets/later.js');
      await expect(body(path, 'v1', 'br')).rejects.toThrow(/ENOENT/);
      writeFileSync(path, 'later');
      await expect(body(path, 'v1', 'br')).resolves.toHaveLength(6);
      expect(calls).toEqual(['later']);
    });
  });
});
