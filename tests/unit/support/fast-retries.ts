// The delivery waits between retries (backoff, Retry-After) and while the network is down; a
// component test wants the outcome, not the wait. The default policy (@obra/api RETRY, a plain
// configuration object) is shortened to milliseconds for each test of the file and put back after.
import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { RETRY } from '@obra/api';
import { releaseHeld } from '../../msw/held.ts';

/** How long without a request counts as every send being over: ten times the shortened waits (5 ms). */
const QUIET_MS = 50;

/**
 * Registers the hooks: every wait of a delivery takes at most 5 ms. With the file's msw `server`,
 * a send a test leaves running (the network down, an answer held: a widget keeps trying until it
 * is delivered) is ended when the test is: a held answer is let go, every other request is refused,
 * the waits for the network end, and the next test starts once no request has been made for a
 * while. Otherwise the send would go on, at the real waits, in the next tests and after the file.
 */
export function useFastRetries(server?: SetupServer): void {
  const saved = { ...RETRY };
  beforeEach(() => void Object.assign(RETRY, { baseMs: 2, maxMs: 5, maxRetryAfterMs: 5, pollMs: 5 }));
  afterEach(() => void Object.assign(RETRY, saved));
  if (!server) return;
  let open = 0;
  let last = 0;
  server.events.on('request:start', () => {
    open += 1;
    last = performance.now();
  });
  server.events.on('request:end', () => {
    open -= 1;
    last = performance.now();
  });
  // Registered after the one above, so it runs first (hooks run as a stack), while waits are short.
  afterEach(async () => {
    server.use(http.all('*', () => HttpResponse.json({ errorMessage: 'the test is over' }, { status: 410 })));
    releaseHeld();
    if (typeof window !== 'undefined') window.dispatchEvent(new Event('online'));
    await vi.waitFor(
      () => {
        expect(open).toBe(0);
        expect(performance.now() - last).toBeGreaterThan(QUIET_MS);
      },
      { timeout: 5000, interval: 10 },
    );
  });
}
