// Seeded leads and orders for the dashboard's tests and screenshots, and the dashboard's figures
// counted straight from the tables (the leads, their timeline, the kind rows, the orders), never
// from the rollups the API sums: the two must agree.
import type { Db } from '@obra/server';
import type { Session } from './admin.ts';

/**
 * Over ten weeks of leads of three kinds (the wait list's reach 72 days back: at least 11 calendar
 * weeks whatever the day the test runs on, where 62 days made only 9 on a Saturday evening), some
 * spam, some from a partner's site, a search engine, a social network, two spellings of one
 * campaign, worked through the console's API as a team would
 * (statuses in steps, so the timeline holds each one), and paid and unpaid orders in two currencies.
 */
export async function seedDashboard(db: Db, session: Session): Promise<void> {
  const origin = (
    n: string,
  ) => `case when ${n} % 3 = 0 then 'Google' end, case when ${n} % 3 = 1 then 'https://www.facebook.com/ads/' || ${n} end,
    case when ${n} % 4 = 0 then 'andina' end, case ${n} % 5 when 0 then 'Primavera' when 1 then 'primavera' end`;
  await db.query(
    `insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang, spam_reason, utm_source, referrer, partner_code, utm_campaign)
     select now() - make_interval(hours => n * 43), 'cliente', 'Espera ' || n, 'e' || n || '@example.com', '+57 300 111 ' || lpad(n::text, 4, '0'), 'Casa', 'h', 'es',
       case when n % 9 = 0 then 'trap' end, ${origin('n')} from generate_series(1, 40) n`,
  );
  await db.query(
    `insert into contact (created_at, name, email, message, request_hash, lang, spam_reason, utm_source, referrer, partner_code, utm_campaign)
     select now() - make_interval(hours => n * 53), 'Mensaje ' || n, 'm' || n || '@example.com', 'Hola', 'h', 'en',
       case when n % 7 = 0 then 'trap' end, ${origin('n + 1')} from generate_series(1, 25) n`,
  );
  await db.query(
    `insert into partner (created_at, nombre, telefono, correo, pais, especializacion, request_hash, lang, utm_source)
     select now() - make_interval(hours => n * 71), 'Socio ' || n, '+57 310 222 ' || lpad(n::text, 4, '0'), 's' || n || '@example.com', 'Colombia', 'bim', 'h', 'es',
       case when n % 2 = 0 then 'LinkedIn' end from generate_series(1, 12) n`,
  );
  const ids = async (where: string) =>
    (await db.query<{ id: string }>(`select id from lead where ${where} order by created_at desc`)).map((row) => row.id);
  const move = async (where: string, ...steps: string[]) => {
    const chosen = await ids(where);
    for (const status of steps) {
      const response = await session.call('/api/admin/leads/bulk', { method: 'POST', body: { action: 'status', ids: chosen, status } });
      if (response.status !== 200) throw new Error(`bulk ${status} answered ${response.status}: ${await response.text()}`);
    }
  };
  await move("status = 'new' and name like 'Espera %' and right(name, 1) in ('1', '2')", 'contacted');
  await move("status = 'new' and name like 'Espera %' and right(name, 1) in ('3', '4')", 'contacted', 'qualified');
  await move("status = 'new' and name like 'Espera %' and right(name, 1) = '5'", 'contacted', 'qualified', 'won');
  await move("status = 'new' and name like 'Mensaje %' and right(name, 1) in ('1', '6')", 'contacted', 'qualified', 'lost');
  await move("status = 'new' and name like 'Socio %' and right(name, 1) in ('2', '8')", 'lost');
  // A visitor the trap caught, rescued by an operator.
  await move("status = 'spam' and name = 'Espera 9'", 'new');
  await db.query(
    `insert into "order" (created_at, provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email)
     select now() - make_interval(hours => n * 97), 'stripe', 'evt_dash_' || n, 'cs_test_dash_' || n, 'sketchup', 'SketchUp',
       case when n % 4 = 0 then 15000 else 29900 end, case when n % 4 = 0 then 'eur' else 'usd' end, 'es',
       case when n % 5 = 0 then 'unpaid' else 'paid' end, 'c' || n || '@example.com'
     from generate_series(1, 15) n`,
  );
  // Test orders (the test checkout, no money taken): out of revenue unless asked (test=1).
  await db.query(
    `insert into "order" (created_at, provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email, test)
     select now() - make_interval(hours => n * 50), 'test', 'evt_local_dash_' || n, 'cs_local_dash_' || n, 'blender', 'Blender',
       19900, 'usd', 'en', 'paid', 'prueba' || n || '@example.com', true
     from generate_series(1, 6) n`,
  );
}

/** The dashboard's figures for the last `weeks` weeks, counted from the tables themselves in the company's time zone. */
export async function countedDashboard(db: Db, weeks: number, testOrders = false) {
  const [{ tz, start, since } = { tz: '', start: '', since: new Date() }] = await db.query<{ tz: string; start: string; since: Date }>(
    `select time_zone as tz, s.start::text, s.start::timestamp at time zone time_zone as since from console_setting,
       lateral (select date_trunc('week', now() at time zone time_zone)::date - 7 * ($1::int - 1) as start) s`,
    [weeks],
  );
  // The leads of the range that are not spam, with the first status after `new` from their timeline.
  const leads = `(select l.*, (select min(e.at) from lead_event e where e.lead_id = l.id and e.type = 'status' and e.detail not in ('new', 'spam')) as contacted,
      exists (select 1 from lead_event e where e.lead_id = l.id and e.type = 'status' and e.detail in ('contacted', 'qualified', 'won')) or l.status in ('contacted', 'qualified', 'won') as got_contacted,
      exists (select 1 from lead_event e where e.lead_id = l.id and e.type = 'status' and e.detail in ('qualified', 'won')) or l.status in ('qualified', 'won') as got_qualified,
      exists (select 1 from lead_event e where e.lead_id = l.id and e.type = 'status' and e.detail = 'won') or l.status = 'won' as got_won
    from lead l where l.created_at >= $1 and l.status <> 'spam') l`;
  const [perWeek, [funnel], buckets, origins, orders] = await Promise.all([
    db.query<{ week: string; kind: string; n: number }>(
      `select date_trunc('week', created_at at time zone $2)::date::text as week, kind, count(*)::int as n from ${leads} group by 1, 2 order by 1, 2`,
      [since, tz],
    ),
    db.query<{ received: number; contacted: number; qualified: number; won: number; lost: number; waiting: number }>(
      `select count(*)::int as received, count(*) filter (where got_contacted)::int as contacted, count(*) filter (where got_qualified)::int as qualified,
         count(*) filter (where got_won)::int as won, count(*) filter (where status = 'lost')::int as lost, count(*) filter (where status = 'new')::int as waiting
       from ${leads}`,
      [since],
    ),
    db.query<{ hours: number }>(
      `select extract(epoch from contacted - created_at) / 3600 as hours from ${leads} where contacted is not null`,
      [since],
    ),
    // Where each lead came from, read from its kind row.
    db.query<{ dim: string; value: string; n: number }>(
      `with origin as (
         select l.id, coalesce(lower(k.utm_source), substring(lower(k.referrer) from '://(?:www\\.)?([^/:?#]+)')) as source, k.partner_code as partner, lower(k.utm_campaign) as campaign
         from ${leads} join (select id, utm_source, referrer, partner_code, utm_campaign from wait_list union all select id, utm_source, referrer, partner_code, utm_campaign from contact
           union all select id, utm_source, referrer, partner_code, utm_campaign from partner union all select id, utm_source, referrer, partner_code, utm_campaign from report) k on k.id = l.id)
       select 'source' as dim, source as value, count(*)::int as n from origin where source is not null group by source
       union all select 'partner', partner, count(*)::int from origin where partner is not null group by partner
       union all select 'campaign', campaign, count(*)::int from origin where campaign is not null group by campaign
       order by dim, n desc, value`,
      [since],
    ),
    db.query<{ week: string; currency: string; count: number; amount: number }>(
      `select date_trunc('week', created_at at time zone $2)::date::text as week, currency, count(*)::int as count, sum(amount)::float8 as amount
       from "order" where created_at >= $1 and payment_status = 'paid' and (not test or $3) group by 1, 2 order by 1, 2`,
      [since, tz, testOrders],
    ),
  ]);
  const limits = [1, 4, 24, 72, 168];
  const bucketOf = (hours: number) => {
    const i = limits.findIndex((limit) => hours < limit);
    return i === -1 ? limits.length : i;
  };
  return {
    timeZone: tz,
    start,
    perWeek,
    funnel: {
      received: funnel!.received,
      contacted: funnel!.contacted,
      qualified: funnel!.qualified,
      won: funnel!.won,
      lost: funnel!.lost,
    },
    contact: {
      buckets: limits.concat(0).map((_, i) => buckets.filter((row) => bucketOf(row.hours) === i).length),
      waiting: funnel!.waiting,
    },
    origins,
    orders,
    testOrders,
  };
}
