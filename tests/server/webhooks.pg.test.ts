// The webhook outbox shared by three API processes on one PostgreSQL (the `server-pg` project
// only): each claims due deliveries with `for update skip locked` and a lease, so every event is
// accepted exactly once by the receiver, its retries taken by whichever process is free.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newSecret } from '@obra/server/testing';
import { freshDatabase, logCount, postJson, startProcess, VALID, type ApiProcess, type TestDatabase } from './support/api.ts';
import { queryOnce } from './support/postgres.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

let database: TestDatabase;
let processes: ApiProcess[] = [];
let receiver: Receiver;
const query = <T extends object>(sql: string, params: unknown[] = []) => queryOnce<T>(database.env.DATABASE_URL!, sql, params);

beforeAll(async () => {
  database = await freshDatabase();
  receiver = await startReceiver();
  const env = {
    ...database.env,
    RATE_LIMIT: '0',
    MIN_FILL_MS: '0',
    LOG_LEVEL: 'info',
    WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8',
    WEBHOOK_RETRY_SCHEDULE: '50,50,50,50,50,50,50,50',
  };
  processes = await Promise.all(Array.from({ length: 3 }, () => startProcess('api', env)));
}, 120_000);
afterAll(async () => {
  await Promise.all(processes.map((api) => api.stop()));
  await receiver?.close();
  await database?.drop();
});

it('three processes deliver 60 events, each accepted once, retries spread over them', async () => {
  const secret = newSecret();
  await query("insert into webhook_endpoint (url, events, secret) values ($1, '{lead.created}', $2)", [receiver.url('/shared'), secret]);
  receiver.secrets.set('/shared', secret);
  // Every event's first two attempts fail, so its retries are claimed again, by any process.
  const tries = new Map<string, number>();
  receiver.answer = (request) => {
    const id = String(request.headers['webhook-id']);
    tries.set(id, (tries.get(id) ?? 0) + 1);
    return tries.get(id)! <= 2 ? { status: 503, body: 'not yet' } : { status: 200 };
  };
  await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      postJson(`${processes[i % 3]!.base}/api/wait-list`, { ...VALID['wait-list'], nombre: `Compartido ${i}` }).then((r) =>
        expect(r.status).toBe(201),
      ),
    ),
  );
  await expect.poll(() => new Set(receiver.accepted('/shared')).size, { timeout: 60_000, interval: 100 }).toBe(60);
  expect(receiver.accepted('/shared')).toHaveLength(60);
  expect(receiver.requests.every((r) => r.verified)).toBe(true);
  expect([...tries.values()].every((n) => n === 3)).toBe(true);
  await expect
    .poll(() => query<{ status: string; n: number }>('select status, count(*)::int as n from webhook_delivery group by status'), {
      timeout: 10_000,
    })
    .toEqual([{ status: 'delivered', n: 60 }]);
  const retriedBy = processes.map((api) => logCount(api.output(), 'webhook delivery failed; it will be retried'));
  expect(retriedBy.reduce((a, b) => a + b, 0)).toBe(120);
  expect(retriedBy.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
});
