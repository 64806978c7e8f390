// What the console's lists (leads, orders, partners) share: a page read one row beyond its size to
// know whether another follows, read beside the counts per status of the filter (its status aside),
// each count 0 for a status no row has. Each list keeps its own query string and paging (a keyset
// cursor for leads and orders, a page number for partners).
import type { Queryable } from '../db/index.ts';

/** Rows per page of the inbox and the orders. */
export const PAGE_SIZE = 50;
/** With a date range, free text, a partner, a campaign or a queue, counts stop at this many matching rows (shown as "N+"). */
export const COUNT_CAP = 2000;

/** Counts per status as read: (status, n) rows, and whether they stopped at a cap (each then "at least"). */
export interface Counted {
  rows: { status: string; n: number }[];
  capped: boolean;
}

/** The counts per `column` over at most COUNT_CAP rows of `table` matching `where`. */
export async function cappedCounts(
  db: Queryable,
  table: string,
  column: string,
  where: { sql: string; params: unknown[] },
): Promise<Counted> {
  const rows = await db.query<{ status: string; n: number }>(
    `select ${column} as status, count(*)::int as n from (select ${column} from ${table} ${where.sql} limit ${COUNT_CAP}) s group by ${column}`,
    where.params,
  );
  return { rows, capped: rows.reduce((sum, row) => sum + row.n, 0) >= COUNT_CAP };
}

/**
 * One page of a list and its counts, read at once: `read(limit)` reads up to `size + 1` rows (the
 * one beyond only says another page follows), `count()` the counts, given for every status of
 * `statuses`.
 */
export async function pagedList<Row, S extends string>({
  size,
  read,
  statuses,
  count,
}: {
  size: number;
  read: (limit: number) => Promise<Row[]>;
  statuses: readonly S[];
  count: () => Promise<Counted>;
}): Promise<{ items: Row[]; more: boolean; counts: Record<S, number>; countsCapped: boolean }> {
  const [rows, counted] = await Promise.all([read(size + 1), count()]);
  return {
    items: rows.slice(0, size),
    more: rows.length > size,
    counts: Object.fromEntries(statuses.map((s) => [s, counted.rows.find((c) => c.status === s)?.n ?? 0])) as Record<S, number>,
    countsCapped: counted.capped,
  };
}
