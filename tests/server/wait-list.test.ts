// POST /api/wait-list through the one-process start (host/serve.ts mounts packages/server), over
// real HTTP; what was stored is read back with the export command once the process has stopped.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, VALID, freshDatabase, postJson, startProcess, type ApiProcess } from './support/api.ts';

const database = await freshDatabase();
let host: ApiProcess;
let stopped = false;
const post = (body: unknown, headers?: Record<string, string>) => postJson(`${host.base}/api/wait-list`, body, headers);

const exported = () =>
  JSON.parse(
    execFileSync(process.execPath, ['--conditions=source', 'packages/server/src/export.ts', 'wait-list', '--format', 'json'], {
      cwd: ROOT,
      env: { ...process.env, ...database.env },
      encoding: 'utf8',
    }),
  ) as Record<string, string>[];

beforeAll(async () => {
  host = await startProcess('host', database.env);
});
afterAll(async () => {
  if (!stopped) await host.stop();
  await database.drop();
});

describe('POST /api/wait-list (embedded in host/serve.ts)', () => {
  let id = '';

  it('stores a valid entry, trimmed, and answers 201 with its id', async () => {
    const response = await post(VALID['wait-list']);
    expect(response.status).toBe(201);
    ({ id } = (await response.json()) as { id: string });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 400 with field errors keyed like the widget messages', async () => {
    const response = await post({ ...VALID['wait-list'], interesado: 'otro', correo: 'nope', comentario: 'x'.repeat(301), nombre: 42 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errorMessage: string; errors: Record<string, string> };
    expect(body.errors).toEqual({ interesado: 'choose', correo: 'email', comentario: 'tooLong', nombre: 'required' });
    expect(body.errorMessage).toMatch(/no son válidos \(interesado, nombre, correo, comentario\)/);
  });

  it('checks phone numbers fully: the right shape but no such number is a phone error', async () => {
    const response = await post({ ...VALID['wait-list'], telefono: '+57 100 000 0000' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { telefono: 'phone' } });
  });

  it('rejects malformed JSON (400), a wrong content type (415) and huge bodies (413), and keeps serving', async () => {
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify(VALID['wait-list']), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post({ ...VALID['wait-list'], comentario: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await fetch(`${host.base}/widgets/obra-wait-list.js`, { method: 'HEAD' })).status).toBeLessThan(500);
    expect((await fetch(`${host.base}/api/health`)).status).toBe(200);
    expect((await post({ ...VALID['wait-list'], nombre: 'Bea' })).status).toBe(201);
  });

  it('still serves the demo page beside the API', async () => {
    const page = await fetch(`${host.base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('stopped with SIGTERM, it exits cleanly and every accepted entry is in the database', async () => {
    expect(await host.stop()).toBe(0);
    stopped = true;
    const rows = exported();
    expect(rows.map(({ id: rowId, nombre, correo }) => ({ id: rowId, nombre, correo }))).toEqual([
      { id, nombre: 'Ana', correo: 'ana@example.com' },
      { id: expect.any(String), nombre: 'Bea', correo: 'ana@example.com' },
    ]);
  });
});
