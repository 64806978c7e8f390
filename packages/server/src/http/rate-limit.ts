import { HttpError } from './errors.ts';

/** A per-key fixed-window counter; `hit` throws 429 with Retry-After past `limit` requests. */
export interface RateLimiter {
  hit(key: string): void;
}

/**
 * `limit` requests per `windowMs` for each key (client IP); 0 turns it off. The counts live in
 * this process: with several API processes each one limits on its own (README, "Scaling out").
 */
export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  if (limit === 0) return { hit: () => {} };
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = now() + windowMs;
  return {
    hit(key) {
      const time = now();
      // Forget finished windows once per window, so a crowd of one-off IPs cannot grow the map forever.
      if (time >= sweepAt) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
        sweepAt = time + windowMs;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit) {
        const seconds = Math.max(1, Math.ceil((window.resetAt - time) / 1000));
        throw new HttpError(429, `Too many requests from this address; try again in ${seconds} s.`, { headers: { 'Retry-After': String(seconds) } });
      }
    },
  };
}
