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
 * is delivered) is ended when the test is: held answers are let go, every other request is
 * refused, the waits for the network end (again and again: a send may start waiting just after),
 * and the next test starts once no request has been under way or made for a while. Otherwise the send would go on, at the real waits, in the next tests and after the file.
 */
export function useFastRetries(server?: SetupServer): void {
  const saved = { ...RETRY };
  beforeEach(() => void Object.assign(RETRY, { baseMs: 2, maxMs: 5, maxRetryAfterMs: 5, pollMs: 5 }));
  afterEach(() => void Object.assign(RETRY, saved));
  if (!server) return;
  // Requests under way, by id: an id leaves on its end, and on any way msw ends a request without
  // one (a request no handler matched, an exception in a handler), so a count cannot stay up.
  const open = new Set<string>();
  let last = 0;
  const start = ({ requestId }: { requestId: string }) => {
    open.add(requestId);
    last = performance.now();
  };
  const end = ({ requestId }: { requestId: string }) => {
    open.delete(requestId);
    last = performance.now();
  };
  server.events.on('request:start', start);
  server.events.on('request:end', end);
  server.events.on('request:unhandled', end);
  server.events.on('unhandledException', end);
  // Registered after the one above, so it runs first (hooks run as stack), while waits are short.
  afterEach(async () => {
    server.use(http.all('*', () => HttpResponse.json({ errorMessage: 'the test is over' }, { status: 410 })));
    // Once is not enough: a send can start waiting for the network just after an `online` event
    // (its last attempt was under way), or reach a held answer just after the release, and then
    // wait past the test. So both are repeated until no request has been made for a while: a send
    // still alive is woken within 10 ms, tries, and is refused.
    const settle = () => {
      releaseHeld();
      if (typeof window !== 'undefined') window.dispatchEvent(new Event('online'));
    };
    // The quiet is counted from the test's end too: a send the test started may not have reached
    // msw yet.
    last = performance.now();
    const timer = setInterval(settle, 10);
    settle();
    try {
      await vi.waitFor(
        () => {
          expect([...open]).toEqual([]);
          expect(performance.now() - last).toBeGreaterThan(QUIET_MS);
        },
        { timeout: 5000, interval: 10 },
      );
    } finally {
      clearInterval(timer);
    }
  });
}
