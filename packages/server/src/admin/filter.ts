// The inbox's filter: its query string is the contract's (LEAD_FILTER_QUERY of
// @obra/schema/admin-contract, the console's URL uses the same names), read checked, and turned
// into a WHERE clause over the `lead` table with numbered parameters.
import { LEAD_FILTER_QUERY, type QueryOutput } from '@obra/schema/admin-contract';
import { LEAD_KIND_NAMES, LEAD_STATUSES, OPEN_STATUSES } from '@obra/schema/console';
import { HttpError } from '../http/errors.ts';
import { readQuery } from './context.ts';

/** The lead kinds, as stored in lead.kind. */
export const KINDS = LEAD_KIND_NAMES;
/** The statuses of the workflow, in order, plus spam. */
export const STATUSES = LEAD_STATUSES;

/** A checked inbox filter (docs/operators/console.md#working-the-leads); every field optional. */
export type Filter = Partial<QueryOutput<typeof LEAD_FILTER_QUERY>>;

/** Who is looking, and when: what `assignee=me`, `due` and the dates mean. */
export interface Scope {
  /** The operator's id. */
  me: string;
  /** Their time zone: dates are their days, `today` ends at their midnight. */
  timeZone: string;
  now: Date;
}

/** Where a page starts: after this (created_at, id), newest first. */
export interface Cursor {
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filter in `params`; 400 for a value it does not know. */
export const parseFilter = (params: URLSearchParams): Filter => readQuery(LEAD_FILTER_QUERY, params);

/** The opaque `after` of the next page. */
export const encodeCursor = (cursor: Cursor) => Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');

/** The cursor in `after`, or a 400. */
export function decodeCursor(after: string | null | undefined): Cursor | undefined {
  if (!after) return undefined;
  const [at, id] = Buffer.from(after, 'base64url').toString().split('|');
  if (!at || !id || !UUID.test(id) || Number.isNaN(Date.parse(at)))
    throw new HttpError(400, 'after is not a cursor this API gave; start from the first page.');
  return { at, id };
}

/**
 * A WHERE clause built term by term with numbered parameters (`$1`, `$2` …), shared by the inbox
 * and the orders list so both read dates, free text and the keyset cursor the same way.
 */
export function whereBuilder() {
  const terms: string[] = [];
  const params: unknown[] = [];
  const add = (term: (n: string) => string, value: unknown) => {
    params.push(value);
    terms.push(term(`$${params.length}`));
  };
  /** A parameter's placeholder. */
  const param = (value: unknown) => `$${params.push(value)}`;
  return {
    add,
    param,
    /** created_at from the start of `from` to the end of `to` (YYYY-MM-DD, days of `timeZone`), each optional. */
    days(from?: string, to?: string, timeZone = 'UTC') {
      if (!from && !to) return;
      const zone = param(timeZone);
      if (from) add((n) => `created_at >= (${n}::date)::timestamp at time zone ${zone}`, from);
      if (to) add((n) => `created_at < (${n}::date + 1)::timestamp at time zone ${zone}`, to);
    },
    /** `expression` contains `text`: LIKE with the wildcards escaped (a trigram index answers it for 3 characters or more). */
    contains(expression: string, text?: string) {
      if (text) add((n) => `${expression} like ${n}`, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    },
    /** Rows older than the cursor, newest first by (created_at, id). */
    after(cursor?: Cursor) {
      if (!cursor) return;
      params.push(cursor.at, cursor.id);
      terms.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    },
    /** A term written with its own placeholders (see `param`). */
    term: (sql: string) => void terms.push(sql),
    build: () => ({ sql: terms.length ? `where ${terms.join(' and ')}` : '', params }),
  };
}

/** The builder of a WHERE clause. */
export type WhereBuilder = ReturnType<typeof whereBuilder>;

/** Whether a filter narrows the inbox by more than kind, language and status (what lead_tally counts). */
export const beyondTally = (filter: Filter) =>
  Boolean(filter.q || filter.from || filter.to || filter.partner || filter.campaign || filter.site || filter.assignee || filter.due);

/** The open statuses as an SQL list (constants of @obra/schema/console, never input). */
const OPEN = OPEN_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * `where …` and its parameters for `filter` as `scope` sees it: without `status` when `withStatus`
 * is false (the counts), without spam unless its status is spam, with `more` adding terms last (a sort's keyset cursor).
 */
export function whereOf(
  filter: Filter,
  scope: Scope,
  { withStatus = true, more }: { withStatus?: boolean; more?: (where: WhereBuilder) => void } = {},
): { sql: string; params: unknown[] } {
  const where = whereBuilder();
  if (filter.kind) where.add((n) => `kind = ${n}`, filter.kind);
  if (filter.status && withStatus) where.add((n) => `status = ${n}`, filter.status);
  // Every status but spam when none is chosen (the "All" tab, a bulk change or an export of it): spam is only ever its own
  // filter. The follow-up queues name their open statuses themselves (below).
  else if (withStatus && !filter.due) where.term("status <> 'spam'");
  if (filter.lang) where.add((n) => `lang = ${n}`, filter.lang);
  where.days(filter.from, filter.to, scope.timeZone);
  // Each answered by its own index (migrations 050 and 100), newest first.
  if (filter.partner) where.add((n) => `lower(partner_code) = lower(${n})`, filter.partner);
  if (filter.campaign) where.add((n) => `lower(utm_campaign) = lower(${n})`, filter.campaign);
  // Answered by the partial index of migration 070.
  if (filter.site) where.add((n) => `embed_approved = ${n}::boolean`, false);
  if (filter.assignee === 'none') where.term('assignee is null');
  else if (filter.assignee) where.add((n) => `assignee = ${n}::uuid`, filter.assignee === 'me' ? scope.me : filter.assignee);
  if (filter.due) {
    const now = `${where.param(scope.now.toISOString())}::timestamptz`;
    const zone = filter.due === 'today' ? where.param(scope.timeZone) : '';
    // The operator's next midnight, found in their zone (a day is not always 24 hours there).
    const until = zone ? `(date_trunc('day', ${now} at time zone ${zone}) + interval '1 day') at time zone ${zone}` : now;
    // The expression of the follow-up's indexes (migration 100): a lead without one is never due.
    where.term(`coalesce(follow_up_at, 'infinity'::timestamptz) < ${until} and status in (${OPEN})`);
  }
  where.contains('search', filter.q);
  more?.(where);
  return where.build();
}
