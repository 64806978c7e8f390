/** Failed sign-ins per key (client IP) in a fixed window: checked before a try, counted after a failure. */
export interface FailureLimit {
  /** Whether `key` may try now; else the seconds until it may. */
  wait(key: string): number;
  fail(key: string): void;
}

/**
 * At most `limit` failures per `windowMs` for each key. Only failures count, so an office of
 * operators behind one address signing in correctly is never slowed; a guesser is, on top of the
 * per-account lockout (which a guesser spreading over many accounts would not meet).
 */
export function createFailureLimit(limit: number, windowMs: number, now: () => number = Date.now): FailureLimit {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const window = windows.get(key);
    if (window && window.resetAt <= now()) windows.delete(key);
    return windows.get(key);
  };
  return {
    wait(key) {
      const window = current(key);
      return window && window.count >= limit ? Math.max(1, Math.ceil((window.resetAt - now()) / 1000)) : 0;
    },
    fail(key) {
      // Forget finished windows now and then, so one-off addresses cannot grow the map forever.
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now()) windows.delete(k);
      const window = current(key) ?? { count: 0, resetAt: now() + windowMs };
      window.count += 1;
      windows.set(key, window);
    },
  };
}
