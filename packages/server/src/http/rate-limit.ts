import { isIPv4, isIPv6 } from 'node:net';
import type { Queryable } from '../db/index.ts';
import { HttpError } from './errors.ts';

/** A fixed-window counter per client; `hit` rejects with 429 and Retry-After past the limit. */
export interface RateLimiter {
  hit(client: string): Promise<void>;
}

/**
 * The client a limit counts: an IPv4 address as is (an IPv4-mapped IPv6 address too), an IPv6
 * address by its /64 — one customer line gets a whole /64, so counting single IPv6 addresses would
 * give one attacker 2^64 fresh buckets.
 */
export function clientKey(address: string): string {
  const ip = address.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head = '', tail] = ip.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const tooMany = (seconds: number) =>
  new HttpError(429, { key: 'rateLimited', values: { seconds } }, { headers: { 'Retry-After': String(seconds) } });

const off: RateLimiter = { hit: async () => {} };

/**
 * Counters in this process (the embedded database has one process). At most `maxKeys` clients are
 * kept: past that, finished windows are dropped, then the oldest clients, so a crowd of addresses
 * costs bounded memory (~200 B a client) instead of growing without end.
 */
export function memoryRateLimiter(limit: number, windowMs: number, maxKeys: number, now: () => number = Date.now): RateLimiter {
  if (limit === 0) return off;
  const windows = new Map<string, { count: number; resetAt: number }>();
  const evict = (time: number) => {
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };
  return {
    async hit(client) {
      const time = now();
      let window = windows.get(client);
      if (!window || window.resetAt <= time) {
        windows.delete(client);
        if (windows.size >= maxKeys) evict(time);
        window = { count: 0, resetAt: time + windowMs };
        // Map order is insertion order: a new window goes last, so the oldest are evicted first.
        windows.set(client, window);
      }
      window.count += 1;
      if (window.count > limit) throw tooMany(Math.max(1, Math.ceil((window.resetAt - time) / 1000)));
    },
  };
}

/**
 * Counters in PostgreSQL, shared by every API process (one row a client and limit, upserted per
 * request; finished windows are deleted about once a window). `name` keeps the limits apart.
 * Windows run on the database's clock, one for every process; a test gives `now` and moves it.
 */
export function sharedRateLimiter(db: Queryable, name: string, limit: number, windowMs: number, now?: () => number): RateLimiter {
  if (limit === 0) return off;
  /** The time in SQL: the test's clock (parameter `$n`, milliseconds or null) when given, else the database's. */
  const clock = (n: number) => `coalesce(to_timestamp($${n}::float8 / 1000), now())`;
  const at = clock(3);
  let sweepAt = 0;
  return {
    async hit(client) {
      const time = now?.() ?? null;
      const [row] = await db.query<{ hits: number; remaining: number }>(
        `insert into rate_limit as r (key, window_end, hits) values ($1, ${at} + make_interval(secs => $2), 1)
         on conflict (key) do update set
           hits = case when r.window_end <= ${at} then 1 else r.hits + 1 end,
           window_end = case when r.window_end <= ${at} then excluded.window_end else r.window_end end
         returning hits, extract(epoch from r.window_end - ${at})::float8 as remaining`,
        [`${name}:${client}`, windowMs / 1000, time],
      );
      const local = time ?? Date.now();
      if (local >= sweepAt) {
        sweepAt = local + windowMs;
        void db.query(`delete from rate_limit where window_end < ${clock(1)}`, [time]).catch(() => {});
      }
      if (row && row.hits > limit) throw tooMany(Math.max(1, Math.ceil(row.remaining)));
    },
  };
}
