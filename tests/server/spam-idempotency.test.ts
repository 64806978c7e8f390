// The spam rules (answered exactly as a person's submission, stored apart with the reason) and
// Idempotency-Key (a replay returns the first answer, another body under the same key is 422,
// concurrent duplicates store one row).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID, postJson, startLocalApi, type LocalApi } from './support/api.ts';

let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '1500' });
});
afterAll(() => local.close());

const post = (body: unknown, headers?: Record<string, string>) => postJson(`${local.base}/api/wait-list`, body, headers);
const entry = (nombre: string) => ({ ...VALID['wait-list'], nombre });

describe('spam rules', () => {
  const spamRows = async () => (await local.rows('wait_list')).filter((r) => r.spam_reason !== null);

  it.each([
    ['a filled honeypot header', { 'obra-trap': 'http://spam.example' }, {}, 'honeypot'],
    ['a fill time below MIN_FILL_MS', { 'obra-fill-ms': '300' }, {}, 'too-fast'],
    ['a fill time that is not a number', { 'obra-fill-ms': '12ms' }, {}, 'too-fast'],
    ['a filled honeypot field (clients older than the headers)', {}, { website: 'http://spam.example' }, 'honeypot'],
    ['a fast fill time field', {}, { elapsedMs: 300 }, 'too-fast'],
  ])('%s looks accepted (201 {id}) and is stored apart, as spam', async (_what, headers, fields, reason) => {
    const before = (await spamRows()).length;
    const response = await post({ ...entry('Bot'), ...fields }, headers);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const rows = await spamRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.find((r) => r.id === id)).toMatchObject({ nombre: 'Bot', spam_reason: reason });
  });

  it('a person (empty honeypot, slow enough, or no signals at all) is stored as a lead, without the spam fields', async () => {
    for (const [nombre, headers, fields] of [
      ['Persona', { 'obra-fill-ms': '8000' }, { website: '' }],
      ['Integración', {}, {}],
      ['Borrador de ayer', { 'obra-fill-ms': '1763900000000' }, {}],
    ] as const) {
      const response = await post({ ...entry(nombre), ...fields }, headers);
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const row = (await local.rows('wait_list')).find((r) => r.id === id);
      expect(row).toMatchObject({ nombre, spam_reason: null });
      expect(row).not.toHaveProperty('website');
    }
  });

  it('a bot sees exactly what a person sees: the same id on a retry, Idempotent-Replayed, and 422 for a reused key', async () => {
    const key = randomUUID();
    const trap = { 'idempotency-key': key, 'obra-trap': 'x' };
    const first = await post(entry('Bot'), trap);
    const again = await post(entry('Bot'), trap);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await post(entry('Otro bot'), trap)).status).toBe(422);
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
    expect(((await reused.json()) as { errorMessage: string }).errorMessage).toMatch(/ya se usó para otro envío/);
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
