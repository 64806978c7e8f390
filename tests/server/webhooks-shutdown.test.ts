// SIGTERM while a webhook request is under way: the process waits for the answer, records the
// delivery, then exits 0 (nothing is sent twice after a deploy, nothing is left half-done).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig, openDb } from '@obra/server';
import { newSecret } from '@obra/server/testing';
import { freshDatabase, postJson, startProcess, VALID, type TestDatabase } from './support/api.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

let database: TestDatabase;
let receiver: Receiver;
/** Runs `work` on the database while no API process holds it (the embedded one allows one process). */
const withDb = async <T>(work: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> => {
  const db = await openDb(loadConfig({ ...database.env }));
  try {
    return await work(db);
  } finally {
    await db.close();
  }
};

beforeAll(async () => {
  database = await freshDatabase();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await database?.drop();
});

it('waits for the webhook request under way, records it, then exits 0', async () => {
  const secret = newSecret();
  await withDb((db) =>
    db.query("insert into webhook_endpoint (url, events, secret) values ($1, '{lead.created}', $2)", [receiver.url('/slow'), secret]),
  );
  receiver.secrets.set('/slow', secret);
  receiver.answer = () => ({ holdMs: 1500 });
  const api = await startProcess('api', {
    ...database.env,
    RATE_LIMIT: '0',
    MIN_FILL_MS: '0',
    WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8',
    WEBHOOK_TIMEOUT_MS: '10000',
  });
  expect((await postJson(`${api.base}/api/wait-list`, VALID['wait-list'])).status).toBe(201);
  await expect.poll(() => receiver.requests.length, { timeout: 20_000, interval: 20 }).toBe(1);
  expect(await api.stop('SIGTERM')).toBe(0);
  expect(receiver.requests[0]).toMatchObject({ verified: true, answered: 200 });
  const rows = await withDb((db) =>
    db.query<{ status: string; attempts: number; last_status: number }>('select status, attempts, last_status from webhook_delivery'),
  );
  expect(rows).toEqual([{ status: 'delivered', attempts: 1, last_status: 200 }]);
}, 90_000);
