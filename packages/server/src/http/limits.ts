// The rate limits of the calls made from pages (docs/operators/configuration.md): reads and writes
// per client, and the budget of a site not approved yet (docs/partners/sites.md). One process owns
// the embedded database, so its counters may live in memory; processes that share PostgreSQL share
// the counters there too.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from './errors.ts';
import { memoryRateLimiter, sharedRateLimiter } from './rate-limit.ts';

const HOUR_MS = 3_600_000;

/** The limits a route of a page's call counts against. */
export interface Limits {
  /** Counts a read or a write of `client`; rejects with 429 past RATE_LIMIT_READS / RATE_LIMIT_WRITES. */
  hit(limit: 'reads' | 'writes', client: string): Promise<void>;
  /**
   * Counts a write from a site not approved: first against the client's share (past
   * UNAPPROVED_CLIENT_WRITES an hour, a 429 for that client only, which spends nothing of the
   * site's budget), then against the site's (past UNAPPROVED_SITE_WRITES, a 429 for everyone).
   * Either names the site. The Origin is only claimed: the share per address is what keeps one
   * script from spending the site's hour for its real visitors.
   */
  unapproved(origin: string, client: string): Promise<void>;
}

/** The limits of `config` over `db`'s kind of counters; `now` is the windows' clock (a test moves it). */
export function createLimits(db: Db, config: Config, now?: () => number): Limits {
  const { reads, writes, windowMs, maxKeys } = config.rateLimit;
  const limiter = (name: string, limit: number, ms: number) =>
    db.kind === 'postgres' ? sharedRateLimiter(db, name, limit, ms, now) : memoryRateLimiter(limit, ms, maxKeys, now);
  const limiters = {
    reads: limiter('reads', reads, windowMs),
    writes: limiter('writes', writes, windowMs),
    unapproved: limiter('unapproved', config.unapprovedSiteWrites, HOUR_MS),
    unapprovedClients: limiter('unapproved-client', config.unapprovedClientWrites, HOUR_MS),
  };
  return {
    hit: (limit, client) => limiters[limit].hit(client),
    async unapproved(origin, client) {
      const named = (error: unknown): never => {
        if (!(error instanceof HttpError) || error.status !== 429) throw error;
        const seconds = error.headers['Retry-After'] ?? '3600';
        throw new HttpError(429, { key: 'origin.limited', values: { origin, seconds } }, { headers: { 'Retry-After': seconds } });
      };
      await limiters.unapprovedClients.hit(`${origin} ${client}`).catch(named);
      await limiters.unapproved.hit(origin).catch(named);
    },
  };
}
