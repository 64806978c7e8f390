// Partners with several API processes on one PostgreSQL database (the `server-pg` project only):
// an approval and a suspension made through one process reach the approved sites of another
// within CORS_CACHE_MS, with no restart.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@obra/server';
import { createOperator, signInAs } from './support/admin.ts';
import { VALID, freshDatabase, postJson, startProcess, type ApiProcess, type TestDatabase } from './support/api.ts';
import { queryOnce } from './support/postgres.ts';

const SITE = 'https://socio-compartido.example';
let database: TestDatabase;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  database = await freshDatabase();
  // No caps: the polls below send a lead from a site that is not approved every 100 ms, and the
  // caps of such a site (10 an hour from one address) answered 429 once the approval took a while.
  const env = { ...database.env, RATE_LIMIT: '0', UNAPPROVED_SITE_WRITES: '0', UNAPPROVED_CLIENT_WRITES: '0', CORS_CACHE_MS: '1000' };
  [a, b] = await Promise.all([startProcess('api', env), startProcess('api', env)]);
  // The operator is made straight in the shared database (what `npm run admin` does).
  const db = { query: (sql: string, params: unknown[] = []) => queryOnce(database.env.DATABASE_URL!, sql, params) } as unknown as Db;
  await createOperator(db, 'ana@example.com');
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database.drop();
});

/** What a lead from SITE claiming the partner's code counts for through `api`: `verified`, or the answer's notice. */
const verdict = async (api: ApiProcess) => {
  const response = await postJson(
    `${api.base}/api/contact`,
    { ...VALID.contact, attribution: { widget: 'contact', version: 'dev', partner: 'compartido' } },
    { origin: SITE },
  );
  const answer = (await response.json()) as { site?: string; partner?: string };
  // Only a stored lead has a verdict: a refusal is not "verified".
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.site ?? answer.partner ?? 'verified';
};

it("an approval through one process makes the partner's origin count on the other, and a suspension stops it", async () => {
  const registered = await postJson(`${a.base}/api/partner`, { ...VALID.partner, nombre: 'Socio Compartido' });
  const { id } = (await registered.json()) as { id: string };
  expect(await verdict(b)).toBe('unapproved');
  const admin = await signInAs(a.base, 'ana@example.com');
  expect(
    (await admin.call(`/api/admin/partners/${id}/approve`, { method: 'POST', body: { code: 'compartido', origins: [SITE] } })).status,
  ).toBe(200);
  expect(await verdict(a)).toBe('verified');
  await expect.poll(() => verdict(b), { timeout: 10_000, interval: 100 }).toBe('verified');
  expect((await admin.call(`/api/admin/partners/${id}/suspend`, { method: 'POST', body: {} })).status).toBe(200);
  expect(await verdict(a)).toBe('unapproved');
  await expect.poll(() => verdict(b), { timeout: 10_000, interval: 100 }).toBe('unapproved');
});
