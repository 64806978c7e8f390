// The delivery waits between retries (backoff, Retry-After) and while the network is down; a
// component test wants the outcome, not the wait. The default policy (@obra/api RETRY, a plain
// configuration object) is shortened to milliseconds for each test of the file and put back after.
import { afterEach, beforeEach } from 'vitest';
import { RETRY } from '@obra/api';

/** Registers the hooks: every wait of a delivery takes at most 5 ms. */
export function useFastRetries(): void {
  const saved = { ...RETRY };
  beforeEach(() => void Object.assign(RETRY, { baseMs: 2, maxMs: 5, maxRetryAfterMs: 5, pollMs: 5 }));
  afterEach(() => void Object.assign(RETRY, saved));
}
