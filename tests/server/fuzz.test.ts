// The fixed-seed slice of the API's fuzz (tests/server/support/fuzz.ts; the long run is
// `npm run bench:fuzz`): 600 requests generated from the console's contract and the public API's
// bodies, seed 42, sent one at a time. Each is answered within 5 s with a status the API
// may give (a success or a 4xx refusal, never a 5xx), and a refusal leaves every stored row as it
// was.
// fast-check shrinks a failure to its smallest request and prints it with the seed and path.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOn } from './support/api.ts';
import { describeRequest, problem, requests, send, startFuzzTarget, type FuzzTarget } from './support/fuzz.ts';

const SEED = 42;
const RUNS = 600;

let target: FuzzTarget;
let report: unknown;

beforeAll(async () => {
  target = await startFuzzTarget();
  report = await reportOn(target.local.base);
});
afterAll(() => target.close());

describe('every request generated from the contracts', () => {
  it(`is answered in time with an allowed status, and a refusal stores nothing (${RUNS} requests, seed ${SEED})`, async () => {
    let sent = 0;
    let before = await target.digest();
    await fc.assert(
      fc.asyncProperty(requests(target, report), async (r) => {
        const outcome = await send(target.local.base, r);
        const after = await target.digest();
        sent++;
        const wrong = problem(r, outcome, before, after);
        before = after;
        if (wrong) throw new Error(`${wrong}: ${describeRequest(r)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(sent).toBe(RUNS);
  });
});

describe('what the fuzz found, fixed', () => {
  it.each(['leads?q=a%00b', 'leads?campaign=%00', 'export.csv?q=%00', 'export.csv?campaign=%00', 'orders?q=%00', 'orders.csv?q=%00'])(
    'a NUL in a search of the console (GET %s) is a 400 that names the parameter',
    async (path) => {
      const response = await target.admin.call(`/api/admin/${path}`, { signal: AbortSignal.timeout(5_000) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errorMessage: string }).errorMessage).toMatch(/^(q|campaign) cannot contain a NUL/);
    },
  );

  it('a bulk change whose query holds a NUL is refused and changes nothing', async () => {
    const before = await target.digest();
    const response = await target.admin.call('/api/admin/leads/bulk', { method: 'POST', body: { action: 'delete', query: 'q=%00' } });
    expect(response.status).toBe(400);
    expect(await target.digest()).toBe(before);
  });

  it('a sign-in or a new password with a NUL is refused as a wrong one, not a 500', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${target.local.base}/api/admin/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: target.local.base },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
    expect((await post('session', { email: 'fuzz\u0000@example.com', password: 'x' })).status).toBe(401);
    expect((await post('session', { email: 'fuzz@example.com', password: 'correct\u0000' })).status).toBe(401);
    expect((await post('password', { token: '\u0000', password: 'a long enough password' })).status).toBe(400);
  });
});
