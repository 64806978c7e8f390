// The fixed-seed slice of the API's fuzz (tests/server/support/fuzz.ts; the long run is
// `npm run bench:fuzz`): 600 requests generated from the console's contract and the public API's
// bodies, seed 42, sent one at a time. Each is answered within TIMEOUT_MS with a status the API
// may give (a success or a 4xx refusal, never a 5xx), and a refusal leaves every stored row as it
// was. fast-check shrinks a failure to its smallest request and prints it with the seed and path.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOn } from './support/api.ts';
import {
  describeRequest,
  problem,
  requests,
  send,
  startFuzzTarget,
  type FuzzRequest,
  type FuzzTarget,
  type Outcome,
} from './support/fuzz.ts';

const SEED = 42;
const RUNS = 600;

/**
 * Findings of the fuzz that other items of issue 42 fix; each is tolerated here by name, only as
 * it was found (a 500 for a NUL in the body of these routes). Remove an entry when its item lands.
 */
const KNOWN_OPEN: { item: string; routes: string[] }[] = [
  // "One text rule": a NUL in a note, a follow-up's note or a view's name reaches the database (tests/server/answered.test.ts).
  { item: 'one text rule', routes: ['POST leads/:id/notes', 'PATCH leads/:id', 'POST views'] },
  // "User e-mails validated as the leads' are": OPERATOR_EMAIL lets a NUL through to the database.
  { item: 'user e-mails validated', routes: ['POST users', 'PUT notifications'] },
];
const knownOpen = (r: FuzzRequest, outcome: Outcome) =>
  'status' in outcome &&
  outcome.status === 500 &&
  /\\u0000/.test(r.body?.toString() ?? '') &&
  KNOWN_OPEN.some(({ routes }) => routes.includes(r.route));

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
        const wrong = knownOpen(r, outcome) ? undefined : problem(r, outcome, before, after);
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
