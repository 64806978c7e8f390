// The inbox's sort keys (LEAD_SORTS of @obra/schema/console) as SQL: each key's columns, which an
// index of migration 100 holds in this order followed by id, so every page is an index walk from
// the keyset cursor (the last row's values) whatever the sort and however deep the page.
import { ADMIN_QUERIES, type AdminQueryChecked } from '@obra/schema/admin-contract';
import { DEFAULT_LEAD_SORT, LEAD_SORTS, type LeadSort } from '@obra/schema/console';
import { HttpError } from '../http/errors.ts';
import { readQuery } from './context.ts';
import type { WhereBuilder } from './filter.ts';

/**
 * A column of a sort: its expression (one per direction when they differ, so that leads without a
 * value come last either way), and the type its cursor value is read back as.
 */
interface Column {
  sql: string | Record<Sort['dir'], string>;
  type: 'timestamptz' | 'smallint' | 'numeric';
}

/** Each sort key's columns (id follows them all, as the tie-break). */
const COLUMNS: Record<LeadSort, readonly Column[]> = {
  received: [{ sql: 'created_at', type: 'timestamptz' }],
  // The workflow's order (new first, spam last), then the oldest first: those waiting longest.
  status: [
    { sql: 'lead_status_rank(status)', type: 'smallint' },
    { sql: 'created_at', type: 'timestamptz' },
  ],
  // The soonest follow-up first; leads without one last.
  follow_up: [
    { sql: "coalesce(follow_up_at, 'infinity'::timestamptz)", type: 'timestamptz' },
    { sql: 'created_at', type: 'timestamptz' },
  ],
  // The estimate's value in US dollars (migration 090), the highest first; leads without one last
  // in both directions (migration 102 indexes each expression).
  value: [
    { sql: { desc: 'coalesce(value_usd, -1)', asc: "coalesce(value_usd, 'infinity'::numeric)" }, type: 'numeric' },
    { sql: 'created_at', type: 'timestamptz' },
  ],
};

/** The columns of a sort as SQL, then id (the tie-break). */
const columnsOf = ({ key, dir }: Sort) => [...COLUMNS[key].map((c) => (typeof c.sql === 'string' ? c.sql : c.sql[dir])), 'id'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A sort: its key and direction. */
export interface Sort {
  key: LeadSort;
  dir: 'asc' | 'desc';
}

/** The sort of a checked inbox query (`sort`, `dir`), each key's own direction by default. */
export function sortOf({ sort, dir }: Pick<AdminQueryChecked<'GET leads'>, 'sort' | 'dir'>): Sort {
  const key = sort ?? DEFAULT_LEAD_SORT;
  return { key, dir: dir ?? LEAD_SORTS[key] };
}

/** The sort in `params` (the inbox's query string); 400 for a value it does not know. */
export const parseSort = (params: URLSearchParams): Sort => sortOf(readQuery(ADMIN_QUERIES['GET leads'], params));

/** `order by …` of a sort. */
export const orderBy = (sort: Sort) =>
  `order by ${columnsOf(sort)
    .map((c) => `${c} ${sort.dir}`)
    .join(', ')}`;

/** The select expression of a row's cursor values (text, exact to the microsecond). */
export const cursorColumn = (sort: Sort) =>
  `array[${columnsOf(sort)
    .map((c) => `(${c})::text`)
    .join(', ')}] as cursor`;

/** The opaque `after` of the page following a row whose cursor values are `values`. */
export const encodeSortCursor = (sort: Sort, values: readonly string[]) =>
  Buffer.from(JSON.stringify({ s: sort.key, d: sort.dir, v: values })).toString('base64url');

const READABLE: Record<Column['type'], (value: string) => boolean> = {
  smallint: (value) => /^\d{1,4}$/.test(value),
  numeric: (value) => /^(-?\d{1,40}(\.\d{1,40})?|Infinity)$/.test(value),
  timestamptz: (value) => value === 'infinity' || !Number.isNaN(Date.parse(value)),
};
const readable = (type: Column['type'], value: unknown) => typeof value === 'string' && READABLE[type](value);

/**
 * The keyset term of `after` for `sort`, to add to the page's WHERE clause: rows after the cursor
 * in the sort's order. 400 for a cursor this API did not give, or gave for another sort.
 */
export function afterCursor(sort: Sort, after: string | null | undefined): ((where: WhereBuilder) => void) | undefined {
  if (!after) return undefined;
  const columns = COLUMNS[sort.key];
  let cursor: { s?: unknown; d?: unknown; v?: unknown };
  try {
    cursor = JSON.parse(Buffer.from(after, 'base64url').toString()) as typeof cursor;
  } catch {
    cursor = {};
  }
  const values = Array.isArray(cursor.v) ? (cursor.v as unknown[]) : [];
  if (
    cursor.s !== sort.key ||
    cursor.d !== sort.dir ||
    values.length !== columns.length + 1 ||
    !columns.every((column, i) => readable(column.type, values[i])) ||
    !UUID.test(String(values[columns.length]))
  )
    throw new HttpError(400, 'after is not a cursor this API gave for this sort; start from the first page.');
  return (where) => {
    const left = columnsOf(sort).join(', ');
    const right = [...columns.map((c, i) => `${where.param(values[i])}::${c.type}`), `${where.param(values[columns.length])}::uuid`];
    where.term(`(${left}) ${sort.dir === 'desc' ? '<' : '>'} (${right.join(', ')})`);
  };
}
