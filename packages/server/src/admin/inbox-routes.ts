// The inbox: one keyset page of leads for a filter, a queue and a sort, with counts per status;
// and the signed-in operator's due follow-ups (the navigation badge).
import { leadPhone } from '../lead-phone.ts';
import { OPEN_STATUSES } from '@obra/schema/console';
import type { Queryable } from '../db/index.ts';
import type { LeadItem } from '@obra/schema/admin-contract';
import { scopeOf, type RouteHandler } from './context.ts';
import { beyondTally, STATUSES, whereOf, type Filter, type Scope } from './filter.ts';
import { afterCursor, cursorColumn, encodeSortCursor, orderBy, sortOf } from './lead-sort.ts';
import { readableSummaries } from './summary.ts';
import { cappedCounts, pagedList, PAGE_SIZE, type Counted } from './paged-list.ts';

/**
 * The counts per status for `filter` (its status aside): summed from lead_tally when only kind and
 * language narrow it (instant at any volume), else counted over at most COUNT_CAP matching rows.
 */
async function countsOf(db: Queryable, filter: Filter, scope: Scope): Promise<Counted> {
  if (!beyondTally(filter)) {
    const { sql, params } = whereOf({ kind: filter.kind, lang: filter.lang }, scope, { withStatus: false });
    const rows = await db.query<{ status: string; n: number }>(
      `select status, sum(n)::int as n from lead_tally ${sql} group by status`,
      params,
    );
    return { rows, capped: false };
  }
  return cappedCounts(db, 'lead', 'status', whereOf(filter, scope, { withStatus: false }));
}

/** A lead of the page as read, with its sort's cursor. */
type ListRow = Omit<LeadItem, 'readable' | 'phone_international'> & { cursor: string[] };

/**
 * GET /api/admin/leads?kind&status&lang&from&to&q&partner&campaign&assignee&due&sort&dir&after: a
 * page in the sort's order, each lead with its assignee's e-mail, its follow-up and its first words
 * in both languages; and the counts per status.
 */
export const listLeads: RouteHandler<'GET leads'> = async (context) => {
  const { query: filter, db } = context;
  const sort = sortOf(filter);
  const scope = scopeOf(context);
  const page = whereOf(filter, scope, { more: afterCursor(sort, filter.after) });
  const { items, more, counts, countsCapped } = await pagedList({
    size: PAGE_SIZE,
    // The assignee's e-mail by a subquery, which PostgreSQL evaluates after the limit: for the page's rows only.
    read: (limit) =>
      db.query<ListRow>(
        `select id, kind, created_at, status, assignee, (select email from admin_user u where u.id = lead.assignee) as assignee_email,
           lang, name, email, phone, summary, follow_up_at, follow_up_note, estimate, value_usd::float8 as value_usd, ${cursorColumn(sort)}
         from lead ${page.sql} ${orderBy(sort)} limit ${limit}`,
        page.params,
      ),
    statuses: STATUSES,
    count: () => countsOf(db, filter, scope),
  });
  const summaries = await readableSummaries(
    db,
    items.map((row) => row.id),
  );
  const last = items.at(-1);
  return {
    status: 200,
    body: {
      items: items.map(({ cursor: _cursor, ...row }) => ({
        ...row,
        phone_international: leadPhone(row.phone, row.estimate?.country),
        readable: summaries.get(row.id) ?? null,
      })),
      next: more && last ? encodeSortCursor(sort, last.cursor) : null,
      counts,
      countsCapped,
    },
  };
};

/** GET /api/admin/due: how many of the operator's open leads have a follow-up past its time, and due by the end of their day. */
export const dueCounts: RouteHandler<'GET due'> = async (context) => {
  const { operator, now } = context;
  const [row] = await context.db.query<{ overdue: number; today: number }>(
    `select count(*) filter (where follow_up_at < $2)::int as overdue, count(*)::int as today from lead
     where assignee = $1 and coalesce(follow_up_at, 'infinity'::timestamptz) < (date_trunc('day', $2::timestamptz at time zone $3) + interval '1 day') at time zone $3
       and status = any($4)`,
    [operator.id, now().toISOString(), operator.timeZone, OPEN_STATUSES],
  );
  return { status: 200, body: row ?? { overdue: 0, today: 0 } };
};
