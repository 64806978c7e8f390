// The spam rules (answered as accepted, nothing stored) and Idempotency-Key (a replay returns the
// first answer, another body under the same key is 422, concurrent duplicates store one row).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID, postJson, startLocalApi, type LocalApi } from './support/api.ts';

let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '1500' });
});
afterAll(() => local.close());

const post = (body: unknown, headers?: Record<string, string>) => postJson(`${local.base}/api/wait-list`, body, headers);
const count = async () => (await local.rows('wait_list')).length;
const entry = (nombre: string) => ({ ...VALID['wait-list'], nombre });

describe('spam rules', () => {
  it.each([
    ['a filled honeypot', { website: 'http://spam.example' }],
    ['a form sent faster than MIN_FILL_MS', { elapsedMs: 300 }],
    ['a fill time that is not a number', { elapsedMs: '9999' }],
  ])('%s looks accepted (201 {id}) and stores nothing', async (_what, signal) => {
    const before = await count();
    const response = await post({ ...entry('Bot'), ...signal });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { id: string }).id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await count()).toBe(before);
  });

  it('a person (empty honeypot, slow enough) is stored, without the spam fields', async () => {
    const response = await post({ ...entry('Persona'), website: '', elapsedMs: 8_000 });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = (await local.rows('wait_list')).find((r) => r.id === id);
    expect(row).toMatchObject({ nombre: 'Persona' });
    expect(row).not.toHaveProperty('website');
  });

  it('a bot retrying with the same Idempotency-Key sees the same decoy id', async () => {
    const key = randomUUID();
    const bodies = await Promise.all([1, 2].map(() => post({ ...entry('Bot'), website: 'x' }, { 'idempotency-key': key }).then((r) => r.json())));
    expect(bodies[0]).toEqual(bodies[1]);
  });
});

describe('Idempotency-Key', () => {
  it('a replay returns the first answer and stores one row', async () => {
    const key = randomUUID();
    const first = await post(entry('Replay'), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await post(entry('Replay'), { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect((await local.rows('wait_list')).filter((r) => r.nombre === 'Replay')).toHaveLength(1);
  });

  it('the same key with a different body gets 422 and changes nothing', async () => {
    const key = randomUUID();
    expect((await post(entry('Primero'), { 'idempotency-key': key })).status).toBe(201);
    const reused = await post(entry('Segundo'), { 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { errorMessage: string }).errorMessage).toMatch(/different submission/);
    expect((await local.rows('wait_list')).filter((r) => r.nombre === 'Segundo')).toHaveLength(0);
  });

  it('keys are scoped per endpoint: one key on two lead types stores both', async () => {
    const key = randomUUID();
    expect((await post(entry('Scoped'), { 'idempotency-key': key })).status).toBe(201);
    expect((await postJson(`${local.base}/api/contact`, VALID.contact, { 'idempotency-key': key })).status).toBe(201);
  });

  it('20 concurrent duplicates store exactly one row and all get the same id', async () => {
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(entry('Concurrente'), { 'idempotency-key': key })));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    const rows = (await local.rows('wait_list')).filter((r) => r.nombre === 'Concurrente');
    expect(rows.map((r) => r.id)).toEqual([...ids]);
  });

  it('a rejected submission stores no key, so the corrected one may reuse it', async () => {
    const key = randomUUID();
    expect((await post({ ...entry('Corregido'), correo: 'nope' }, { 'idempotency-key': key })).status).toBe(400);
    expect((await post(entry('Corregido'), { 'idempotency-key': key })).status).toBe(201);
  });

  it('answers 400 for a key that is empty, too long or not visible ASCII', async () => {
    for (const key of ['', 'k'.repeat(256), 'two words']) {
      const response = await post(entry('Clave'), { 'idempotency-key': key });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errorMessage: string }).errorMessage).toMatch(/Idempotency-Key/);
    }
    expect((await local.rows('wait_list')).filter((r) => r.nombre === 'Clave')).toHaveLength(0);
  });
});
