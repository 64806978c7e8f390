// The API's CORS allow-list: CORS_ORIGINS plus the origins of approved partners. The partners'
// part is read from the database at most once per CORS_CACHE_MS (10 s by default) in each
// process, so an approval or a suspension made by any process reaches every other one within
// that time without a restart; the process that made the change drops its copy at once.
import type { Queryable } from '../db/index.ts';
import type { Logger } from '../log.ts';

/** The allow-list of one API process. */
export interface AllowList {
  /** CORS_ORIGINS and the approved partners' origins (reloaded when older than the cache time). */
  origins(): Promise<readonly string[]>;
  /** Forgets the cached partners' origins: the next request reads them again. */
  invalidate(): void;
}

/**
 * An allow-list over `db`. When the database cannot be read, the last list read stays in use
 * (and the failure is logged): a database hiccup must not cut every partner off, nor let a
 * suspended one back in.
 */
export function createAllowList(db: Queryable, fixed: readonly string[], cacheMs: number, log: Logger): AllowList {
  let cached: readonly string[] = fixed;
  let loadedAt = -Infinity;
  let loading: Promise<readonly string[]> | undefined;
  let generation = 0;

  const load = async (): Promise<readonly string[]> => {
    const started = generation;
    try {
      const rows = await db.query<{ origin: string }>(
        "select distinct unnest(origins) as origin from partner_account where status = 'approved'",
      );
      const list = [...new Set([...fixed, ...rows.map((row) => row.origin)])];
      // An invalidate() during the read may have followed a change this read did not see.
      if (started === generation) {
        cached = list;
        loadedAt = performance.now();
      }
      return list;
    } catch (error) {
      log.error('partner origins could not be read; the last list stays in use', { error });
      loadedAt = performance.now();
      return cached;
    }
  };

  return {
    origins() {
      if (performance.now() - loadedAt < cacheMs) return Promise.resolve(cached);
      // Requests that arrive together share one read.
      if (!loading) {
        const read: Promise<readonly string[]> = load().finally(() => {
          if (loading === read) loading = undefined;
        });
        loading = read;
      }
      return loading;
    },
    invalidate() {
      generation += 1;
      loadedAt = -Infinity;
      loading = undefined;
    },
  };
}
