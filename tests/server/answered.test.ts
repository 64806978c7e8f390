// Every request gets an answer: an unexpected error while a write is handled (one the database
// raises on a text it cannot store, a NUL) is a 500 at once, logged as an error, and nothing is
// stored; never a request left hanging as if its client had gone (which a request whose body was
// read whole looked like).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { postJson, startLocalApi, VALID, type LocalApi } from './support/api.ts';

let local: LocalApi;
let admin: Session;
let lead: string;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
  await createOperator(local.api.db, 'ana@example.com');
  admin = await signInAs(local.base, 'ana@example.com');
  const sent = await postJson(`${local.base}/api/contact`, { ...VALID.contact, name: 'Marta Nul' });
  lead = ((await sent.json()) as { id: string }).id;
});
afterAll(() => local.close());

describe('a write the database refuses is answered', () => {
  it.each([
    [
      'a note',
      (): string => `/api/admin/leads/${lead}/notes`,
      'POST',
      { text: 'a\u0000b' },
      "select count(*)::int as n from lead_event where type = 'note'",
    ],
    [
      'a saved view',
      (): string => '/api/admin/views',
      'POST',
      { name: 'a\u0000b', query: '' },
      'select count(*)::int as n from saved_view',
    ],
    [
      'a follow-up',
      (): string => `/api/admin/leads/${lead}`,
      'PATCH',
      { followUp: { at: '2026-12-01T09:00:00-05:00', note: 'a\u0000b' } },
      'select count(*)::int as n from lead where follow_up_at is not null',
    ],
  ] as const)('%s with a NUL: 500 at once, nothing stored', async (_what, path, method, body, count) => {
    const response = await admin.call(path(), { method, body, signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { errorMessage: string }).errorMessage).not.toBe('');
    const [row] = await local.api.db.query<{ n: number }>(count);
    expect(row!.n).toBe(0);
  });
});
