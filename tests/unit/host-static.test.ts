// @vitest-environment node
// What the host sends with the files partner pages load from another origin (docs/operators/cdn.md):
// CORS, CORP and Timing-Allow-Origin on /widgets, /esm, /img and /packages, a year's cache for files
// named by their content and revalidation for the entry files and the npm tarballs (a version's
// bytes change when Obra is rebuilt); the site's own files get none of it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleSite } from '../../host/src/handler.ts';

let root: string;
let server: Server;
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
  server = createServer((req, res) => void handleSite(req, res, { root, slugs: [] }));
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
