// Failed sign-ins, counted in PostgreSQL (migration 080) so every API process shares them, and
// counted *before* the password hash: a burst of 300 guesses sent in parallel used to be checked
// against the counters all at once (each ~65 ms hash later), so every guess was tried.
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';

/** How long a window of failures lasts. */
const WINDOW_S = 15 * 60;

/** The failures one key may have per window: an address, an account (from a browser it does not know), a known browser. */
export const SIGN_IN_LIMITS = { address: 20, account: 10, device: 10 } as const;

/** A counter to take an attempt from: its key and its limit. */
export interface Counter {
  key: string;
  limit: number;
}

/**
 * One answer for every throttled attempt, whatever the account, so it tells nobody whether an
 * account exists; the wait is in Retry-After only (two windows end a second apart).
 */
const throttled = (seconds: number) =>
  new HttpError(429, 'Too many failed attempts; wait a few minutes and try again.', {
    headers: { 'Retry-After': String(seconds) },
    body: { code: 'rate' },
  });

/**
 * Counts one attempt on each counter, in order, before any password is checked; a 429 (the
 * others left untouched) as soon as one is past its limit. Each count is one atomic upsert, so
 * parallel attempts are counted one by one.
 */
export async function takeAttempt(db: Queryable, counters: readonly Counter[]): Promise<void> {
  for (const { key, limit } of counters) {
    const [row] = await db.query<{ failures: number; remaining: number }>(
      `insert into signin_failure as f (key, failures, window_end) values ($1, 1, now() + make_interval(secs => $2))
       on conflict (key) do update set
         failures = case when f.window_end <= now() then 1 else f.failures + 1 end,
         window_end = case when f.window_end <= now() then excluded.window_end else f.window_end end
       returning failures, extract(epoch from window_end - now())::float8 as remaining`,
      [key, WINDOW_S],
    );
    if (row!.failures > limit) throw throttled(Math.max(1, Math.ceil(row!.remaining)));
  }
}

/** A success: the address's attempt is given back (an office behind one address is never slowed), the account's and the browser's counts end. */
export async function forgiveAttempt(db: Queryable, address: string, cleared: readonly string[]): Promise<void> {
  await db.query('update signin_failure set failures = greatest(failures - 1, 0) where key = $1', [address]);
  if (cleared.length) await db.query('delete from signin_failure where key = any($1)', [cleared]);
  // Finished windows go now and then (sign-ins are rare): the table stays small.
  await db.query('delete from signin_failure where window_end < now()');
}
