// Where the console is served, for the links the CLI prints and the mails carry: PUBLIC_URL when
// set; else the address `npm start` last listened on for this database, which it records in the
// database itself (console_setting, migration 104): a newcomer's `PORT=18102 npm start` gets links
// to 18102, and a second server from the same checkout on other data (another OBRA_DATA_DIR, or
// DATABASE_URL) records its own address in its own data, not over the first one's.
import type { Config } from './config.ts';
import type { Queryable } from './db/index.ts';
import { displayHost } from './http/server.ts';

/** The port `npm start` serves on when PORT is unset, and so the link before any start. */
const DEFAULT_ORIGIN = 'http://localhost:8080';

/** Records the origin a host process listens on (`host` as configured, `port` as bound) in its database. */
export async function recordServedOrigin(db: Queryable, host: string, port: number): Promise<void> {
  await db.query('update console_setting set served_origin = $1', [`http://${displayHost(host)}:${port}`]);
}

/** `recorded` when it is one plain http origin (never a path, a query or another scheme), else npm start's default. */
export const consoleOriginOf = (recorded: string | null | undefined): string =>
  recorded && /^http:\/\/[^\s/?#]+$/.test(recorded) ? recorded : DEFAULT_ORIGIN;

/** The console's origin: PUBLIC_URL, else the one recorded in `db`, else npm start's default. */
export async function servedOrigin(config: Pick<Config, 'publicUrl'>, db: Queryable): Promise<string> {
  if (config.publicUrl) return config.publicUrl;
  const [row] = await db.query<{ served_origin: string | null }>('select served_origin from console_setting');
  return consoleOriginOf(row?.served_origin);
}
