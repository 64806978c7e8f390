// The rate limit when two API processes share one PostgreSQL database (the `server-pg` project
// only): its counters live in the database, so a client cannot double its allowance by being
// handed out to another process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID, freshDatabase, postJson, startProcess, type ApiProcess, type TestDatabase } from './support/api.ts';

let database: TestDatabase;
let processes: ApiProcess[] = [];
beforeAll(async () => {
  database = await freshDatabase();
  processes = await Promise.all([1, 2].map(() => startProcess('api', { ...database.env, RATE_LIMIT: '4', RATE_LIMIT_WINDOW: '60' })));
});
afterAll(async () => {
  await Promise.all(processes.map((api) => api.stop()));
  await database.drop();
});

describe('the rate limit across processes', () => {
  it('four writes per window in all, whichever of the two processes answers; the fifth and sixth are 429 with Retry-After', async () => {
    const statuses: number[] = [];
    const retryAfter: (string | null)[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await postJson(`${processes[i % 2]!.base}/api/wait-list`, { ...VALID['wait-list'], nombre: `Limite ${i}` });
      statuses.push(response.status);
      if (response.status === 429) retryAfter.push(response.headers.get('retry-after'));
      await response.body?.cancel();
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    for (const value of retryAfter) expect(Number(value)).toBeGreaterThan(0);
  });
});
