// The approved sites: APPROVED_ORIGINS plus the origins of approved partners, each with the codes
// of the partners that may claim it (docs/partners/sites.md). The partners' part is read from the
// database at most once per CORS_CACHE_MS (10 s by default) in each process, so an approval or a
// suspension made by any process reaches every other one within that time without a restart; the
// process that made the change drops its copy at once.
import type { Queryable } from '../db/index.ts';
import type { Logger } from '../log.ts';

/** What one read of the approved sites knows. */
interface Sites {
  /** Whether leads from `origin` come from an approved site (`*` in APPROVED_ORIGINS approves every one). */
  approved(origin: string): boolean;
  /** The code of the approved partner `code` names (any case) when `origin` is one of its origins, else undefined. */
  partnerAt(origin: string, code: string): string | undefined;
}

/** The approved sites of one API process. */
export interface AllowList {
  /** The current list (reloaded when older than the cache time). */
  sites(): Promise<Sites>;
  /** Forgets the cached partners' origins: the next request reads them again. */
  invalidate(): void;
}

/** The sites of APPROVED_ORIGINS and of the approved partners' `(code, origins)` rows. */
function sitesOf(fixed: readonly string[], partners: readonly { code: string; origins: string[] }[]): Sites {
  const codes = new Map<string, Map<string, string>>();
  for (const { code, origins } of partners)
    for (const origin of origins) {
      let byCode = codes.get(origin);
      if (!byCode) codes.set(origin, (byCode = new Map()));
      byCode.set(code.toLowerCase(), code);
    }
  const any = fixed.includes('*');
  return {
    approved: (origin) => any || fixed.includes(origin) || codes.has(origin),
    partnerAt: (origin, code) => codes.get(origin)?.get(code.toLowerCase()),
  };
}

/**
 * An allow-list over `db`. When the database cannot be read, the last list read stays in use
 * (and the failure is logged): a database hiccup must not cut every partner off, nor let a
 * suspended one back in.
 */
export function createAllowList(db: Queryable, fixed: readonly string[], cacheMs: number, log: Logger): AllowList {
  let cached: Sites = sitesOf(fixed, []);
  let loadedAt = -Infinity;
  let loading: Promise<Sites> | undefined;
  let generation = 0;

  const load = async (): Promise<Sites> => {
    const started = generation;
    try {
      const rows = await db.query<{ code: string; origins: string[] }>(
        "select code, origins from partner_account where status = 'approved'",
      );
      const sites = sitesOf(fixed, rows);
      // An invalidate() during the read may have followed a change this read did not see.
      if (started === generation) {
        cached = sites;
        loadedAt = performance.now();
      }
      return sites;
    } catch (error) {
      log.error('partner origins could not be read; the last list stays in use', { error });
      loadedAt = performance.now();
      return cached;
    }
  };

  return {
    sites() {
      if (performance.now() - loadedAt < cacheMs) return Promise.resolve(cached);
      // Requests that arrive together share one read.
      if (!loading) {
        const read: Promise<Sites> = load().finally(() => {
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
