// The real reference API (packages/server, embedded PGlite in a temp folder) and the test pages
// with the built bundles (served by the host's own handler), on one loopback origin: what a partner page and the Obra API look like
// to a browser, with the database readable by the test. Any other path is the host site's (its
// pre-rendered pages from dist/host, e.g. the values page with the contact popup), answered as
// host/serve.ts does. Used by loss-proof.test.ts and bench:faults.
import type { Api } from '@obra/server';
import { handleSite } from '../../../host/src/handler.ts';
import { serveStatic } from '../../../host/static.ts';
import { ROOT, startLocalApi } from '../../server/support/api.ts';
import { PAGES_DIR } from './server.ts';

export interface Platform {
  readonly origin: string;
  readonly api: Api;
  /** Its data folder (the e-mails it writes are in its `outbox`). */
  readonly dataDir: string;
  /** How many rows `table` holds (with that `nombre`, or `name` in the contact table, when given). */
  count(table: string, nombre?: string): Promise<number>;
  /** Rows of `table`, oldest first. */
  rows(table: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** The lead tables a form writes to. */
export const TABLES = { 'wait-list': 'wait_list', 'partner-registration': 'partner', 'design-form': 'report', contact: 'contact' } as const;

/**
 * Starts the API (rate limit and minimum fill time off: the visitor is a script) with the pages on a
 * free port; `slugs` are the product pages the host site answers (none unless a test needs them),
 * `now` the API's clock (a test moves it: what is due, the morning e-mails).
 */
export async function startPlatform(
  env: Record<string, string> = {},
  { slugs = [], now }: { slugs?: readonly string[]; now?: () => number } = {},
): Promise<Platform> {
  const local = await startLocalApi(
    { MIN_FILL_MS: '0', RATE_LIMIT: '0', ...env },
    (api) => async (req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://platform');
      try {
        if (pathname.startsWith('/api/')) return await api.handle(req, res);
        // The bundles as the host serves them (with the headers partner pages need), the test pages, the host site.
        const bundles = pathname.startsWith('/widgets/') || pathname.startsWith('/esm/');
        if (bundles || !(await serveStatic(req, res, PAGES_DIR, pathname))) await handleSite(req, res, { root: `${ROOT}/`, slugs });
      } catch (error) {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      }
    },
    { now },
  );
  const { api } = local;
  return {
    origin: local.base,
    api,
    dataDir: local.dataDir,
    count: async (table, nombre) => {
      // The contact message is the one lead in English: its column is `name`.
      const column = table === TABLES.contact ? 'name' : 'nombre';
      // Leads only: a submission the server took for spam is stored too, but it is not delivered.
      const [row] = await api.db.query<{ n: number }>(
        `select count(*)::int as n from ${table} where spam_reason is null${nombre === undefined ? '' : ` and ${column} = $1`}`,
        nombre === undefined ? [] : [nombre],
      );
      return Number(row!.n);
    },
    rows: local.rows,
    close: local.close,
  };
}
