// Every write endpoint and its errors over real HTTP on 127.0.0.1 (API in this process, so the
// stored rows can be read back directly).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, VALID, postJson, startLocalApi, type LocalApi } from './support/api.ts';

let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' }); // the rate limit has its own tests
});
afterAll(() => local.close());

const TABLES = { 'wait-list': 'wait_list', partner: 'partner', contact: 'contact' } as const;

describe.each(Object.keys(TABLES) as (keyof typeof TABLES)[])('POST /api/%s', (kind) => {
  const url = () => `${local.base}/api/${kind}`;

  it('stores a valid submission and answers 201 {id}', async () => {
    const response = await postJson(url(), VALID[kind]);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const rows = await local.rows(TABLES[kind]);
    const stored = rows.find((row) => row.id === id);
    const expected = Object.fromEntries(Object.entries(VALID[kind]).map(([field, value]) => [field, value.trim()]));
    expect(stored).toMatchObject(expected);
  });

  it('answers 400 with every field keyed when the body is an empty object, and stores nothing', async () => {
    const before = (await local.rows(TABLES[kind])).length;
    const response = await postJson(url(), {});
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(Object.keys(VALID[kind]).sort());
    expect(new Set(Object.values(errors))).toEqual(new Set(['required']));
    expect(await local.rows(TABLES[kind])).toHaveLength(before);
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"hola"'],
  ])('answers 400 for JSON that is %s', async (_what, body) => {
    const response = await postJson(url(), body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorMessage: expect.any(String), errors: expect.any(Object) });
  });

  it('answers 400 for wrong types and too-long strings, naming each field', async () => {
    const fields = Object.keys(VALID[kind]);
    const wrong = Object.fromEntries(fields.map((field, index) => [field, index % 2 ? 12345 : 'x'.repeat(2_500)]));
    const response = await postJson(url(), wrong);
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual([...fields].sort());
  });

  it('answers 400 for malformed JSON, 415 for another content type, 413 past the body limit', async () => {
    const malformed = await postJson(url(), '{"nombre": ');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { errorMessage: string }).errorMessage).toMatch(/no es JSON válido/);
    const form = await fetch(url(), { method: 'POST', body: new URLSearchParams({ nombre: 'x' }) });
    expect(form.status).toBe(415);
    const none = await fetch(url(), { method: 'POST', body: JSON.stringify(VALID[kind]) });
    expect(none.status).toBe(415);
    const huge = await postJson(url(), { ...VALID[kind], extra: 'x'.repeat(17_000) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { errorMessage: string }).errorMessage).toMatch(/supera 16384 bytes/);
  });

  it('answers 413 for a chunked body past the limit (no Content-Length), then keeps serving', async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1_000)));
        controller.close();
      },
    });
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await postJson(url(), VALID[kind])).status).toBe(201);
  });

  it('answers 405 with Allow for another method', async () => {
    const response = await fetch(url());
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('the rest of /api', () => {
  it('GET /api/health says the database answers, and nothing else (no kind, no uptime)', async () => {
    const response = await fetch(`${local.base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 in JSON for an unknown path, naming no other route', async () => {
    const response = await fetch(`${local.base}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const { errorMessage } = (await response.json()) as { errorMessage: string };
    expect(errorMessage).toContain('/api/nothing-here');
    expect(errorMessage).not.toMatch(/\/api\/(wait-list|health|checkout|images|stripe)/);
  });

  it('validates phones with the full numbering plan; without +, a number is read as Colombian', async () => {
    const send = (telefono: string) => postJson(`${local.base}/api/partner`, { ...VALID.partner, telefono });
    expect((await send('300 123 4567')).status).toBe(201);
    expect((await send('+34 612 345 678')).status).toBe(201);
    expect((await send('+1 (212) 155-0123')).status).toBe(400); // no US exchange starts with 1
    expect((await send('612 345 678')).status).toBe(400);
  });

  it('recorded every migration of the folder once, in order', async () => {
    const files = readdirSync(join(ROOT, 'packages/server/migrations'))
      .filter((name) => name.endsWith('.sql'))
      .sort();
    expect(files.slice(0, 3)).toEqual(['001_leads.sql', '002_reports.sql', '003_hardening.sql']);
    expect((await local.api.db.query<{ name: string }>('select name from schema_migrations order by name')).map((row) => row.name)).toEqual(
      files,
    );
  });
});
