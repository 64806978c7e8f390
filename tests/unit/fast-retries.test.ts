// The test helper that ends, with its test, every send the test left running
// (tests/unit/support/fast-retries.ts). A send that outlives its test goes out in the next one,
// where no handler expects it: in a fresh-clone run one did, and the stories after it failed.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, stored, type Delivery } from '@obra/api';
import { held } from '../msw/held.ts';
import { useFastRetries } from './support/fast-retries.ts';

const URL = 'http://api.test/api/wait-list';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
useFastRetries(server);

const delivery = (): Delivery => ({ url: URL, body: { nombre: 'Ana' }, key: 'k-1' });
const outcome = (send: Promise<unknown>) =>
  send.then(
    () => 'delivered',
    (error: unknown) => (error instanceof Error ? error.message : 'failed'),
  );

/**
 * Starts a send whose request reaches a handler that waits for the helper's first `online` event
 * (the test is over by then) and then answers with `answer`; resolves once the request is there.
 */
async function sendAnsweredAfterTheEnd(answer: () => Promise<Response> | Response, send: () => Promise<unknown>) {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => (reach = resolve));
  server.use(
    http.post(URL, async () => {
      reach();
      await new Promise((resolve) => addEventListener('online', resolve, { once: true }));
      return answer();
    }),
  );
  ended = undefined;
  void outcome(send()).then((outcome) => (ended = outcome));
  await reached;
  expect(ended).toBeUndefined();
}
let ended: string | undefined;

describe('a send left running by a test', () => {
  it('(a network failure whose last attempt ends after the test: its wait for the network starts after the event)', async () => {
    const outbox = stored<Delivery>(localStorage, 'obra:test:fast-retries');
    await sendAnsweredAfterTheEnd(
      () => HttpResponse.error(),
      () => deliver(delivery(), { outbox, retry: { attempts: 1, pollMs: 60_000 } }),
    );
  });

  it('is over before the next test starts: woken, sent again, refused', () => {
    expect(ended).toBeDefined();
    expect(ended).not.toBe('delivered');
  });

  it('(an answer held until the test is over, reached only after the first release)', async () => {
    await sendAnsweredAfterTheEnd(
      async () => {
        await held();
        return HttpResponse.json({ id: 'wl_1' }, { status: 201 });
      },
      () => deliver(delivery()),
    );
  });

  it('is let go too, before the next test starts', () => {
    expect(ended).toBe('delivered');
  });
});
