// The dashboard: leads per week by kind, by source, partner and campaign, the status funnel, the
// time to first contact, and paid orders per week, over the last N weeks (Monday to Sunday in the
// company's time zone). The leads' figures sum the weekly rollups of migration 101, so a view costs
// the same at a million leads as at a thousand; orders are few and counted as they are.
import type { DashboardFigures, OriginDimension } from '@obra/schema/admin-contract';
import type { LeadKindName } from '@obra/schema/console';
import type { RouteHandler } from './context.ts';

/** The most values listed per origin (source, partner, campaign); the rest are summed as "others". */
const TOP = 8;
const DIMS = ['source', 'partner', 'campaign'] as const satisfies readonly OriginDimension[];

/** GET /api/admin/dashboard?weeks=4|12|26|52[&test=1]: every figure of the dashboard; test orders only with test=1 (docs/operators/payments.md#test-orders). */
export const dashboard: RouteHandler<'GET dashboard'> = async ({ query: { weeks, test }, db, now }) => {
  const [range] = await db.query<{ timeZone: string; start: string; since: Date }>(
    `select time_zone as "timeZone", start::text, start::timestamp at time zone time_zone as since
     from console_setting, lateral (select date_trunc('week', $1::timestamptz at time zone time_zone)::date - 7 * ($2::int - 1) as start) s`,
    [now().toISOString(), weeks],
  );
  const { timeZone, start, since } = range!;
  const [perWeek, steps, origins, orders] = await Promise.all([
    db.query<{ week: string; kind: LeadKindName; n: number }>(
      `select week::text, kind, sum(n)::int as n from lead_week where week >= $1 and status <> 'spam' group by week, kind order by week, kind`,
      [start],
    ),
    db.query<{ status: string; reached: number; contact: number; n: number }>(
      `select status, reached, contact, sum(n)::int as n from lead_week where week >= $1 and status <> 'spam' group by status, reached, contact`,
      [start],
    ),
    db.query<{ dim: (typeof DIMS)[number]; value: string; n: number; total: number }>(
      `select dim, value, n, total from (
         select dim, value, sum(n)::int as n, row_number() over (partition by dim order by sum(n) desc, value) as rank,
           (sum(sum(n)) over (partition by dim))::int as total
         from lead_week_origin where week >= $1 group by dim, value) o
       where rank <= ${TOP} order by dim, rank`,
      [start],
    ),
    db.query<{ week: string; currency: string; count: number; amount: number }>(
      `select (date_trunc('week', created_at at time zone $2))::date::text as week, lower(currency) as currency, count(*)::int as count, sum(amount - refunded_amount)::float8 as amount
       from "order" where created_at >= $1 and payment_status = 'paid' and (not test or $3) group by 1, 2 order by 1, 2`,
      [since, timeZone, test],
    ),
  ]);
  const sum = (keep: (row: (typeof steps)[number]) => boolean) => steps.filter(keep).reduce((total, row) => total + row.n, 0);
  const received = sum(() => true);
  return {
    status: 200,
    body: {
      timeZone,
      weeks,
      start,
      perWeek,
      funnel: {
        received,
        contacted: sum((row) => row.reached >= 1),
        qualified: sum((row) => row.reached >= 2),
        won: sum((row) => row.reached >= 3),
        lost: sum((row) => row.status === 'lost'),
      },
      // Leads per bucket of hours to first contact (@obra/schema/console CONTACT_BUCKET_HOURS, the last open-ended), and those still new.
      contact: {
        buckets: [0, 1, 2, 3, 4, 5].map((bucket) => sum((row) => row.contact === bucket)),
        waiting: sum((row) => row.status === 'new'),
      },
      origins: Object.fromEntries(
        DIMS.map((dim) => {
          const rows = origins.filter((row) => row.dim === dim);
          const total = rows[0]?.total ?? 0;
          const listed = rows.reduce((all, row) => all + row.n, 0);
          return [dim, { top: rows.map(({ value, n }) => ({ value, n })), others: total - listed, none: received - total }];
        }),
      ) as DashboardFigures['origins'],
      orders,
      testOrders: test,
    },
  };
};
