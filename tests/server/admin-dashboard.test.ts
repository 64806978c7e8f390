// The dashboard's figures over real HTTP (issue 29) equal the counts taken from the tables
// themselves (leads, their timeline, their kind rows, orders) for seeded data: after the team works
// the leads, after a deletion and a rescue from spam, and after the company's time zone changes
// (its weeks start on other Mondays). Every operator reads it; a range it does not offer is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { startLocalApi, type LocalApi } from './support/api.ts';
import { countedDashboard, seedDashboard } from './support/dashboard.ts';

let local: LocalApi;
let ana: Session;
let luis: Session;

interface Dashboard {
  timeZone: string;
  start: string;
  perWeek: { week: string; kind: string; n: number }[];
  funnel: Record<string, number>;
  contact: { buckets: number[]; waiting: number };
  origins: Record<'source' | 'partner' | 'campaign', { top: { value: string; n: number }[]; others: number; none: number }>;
  orders: { week: string; currency: string; count: number; amount: number }[];
  testOrders: boolean;
}

const read = async (weeks: number, session = ana) => {
  const response = await session.call(`/api/admin/dashboard?weeks=${weeks}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Dashboard;
};

/** The API's figures and the tables' counts, side by side in one shape. */
async function compare(weeks: number) {
  const [shown, counted] = await Promise.all([read(weeks), countedDashboard(local.api.db, weeks)]);
  const origins = Object.entries(shown.origins)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([dim, { top }]) => top.map(({ value, n }) => ({ dim, value, n })));
  expect({ ...shown, weeks: undefined, origins }).toEqual({ ...counted, weeks: undefined, origins: counted.origins });
  // "None" is every lead in range without that origin.
  for (const [dim, { none, others }] of Object.entries(shown.origins)) {
    expect(others).toBe(0);
    expect(none).toBe(counted.funnel.received - counted.origins.filter((row) => row.dim === dim).reduce((sum, row) => sum + row.n, 0));
  }
  return shown;
}

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  ana = await signInAs(local.base, 'ana@example.com');
  luis = await signInAs(local.base, 'luis@example.com');
  await seedDashboard(local.api.db, ana);
});
afterAll(() => local.close());

describe('the dashboard', () => {
  it('equals the counts taken from the tables, for each range', async () => {
    for (const weeks of [4, 12, 26]) await compare(weeks);
    const twelve = await read(12, luis);
    // The seed is not trivial: leads each week of several kinds, every step of the funnel, both currencies.
    expect(new Set(twelve.perWeek.map((row) => row.week)).size).toBeGreaterThanOrEqual(10);
    expect(twelve.funnel).toMatchObject({ won: expect.any(Number), lost: expect.any(Number) });
    expect(Object.values(twelve.funnel).every((n) => n > 0)).toBe(true);
    expect(twelve.origins.source.top.map((row) => row.value).sort()).toEqual(['facebook.com', 'google', 'linkedin']);
    expect(twelve.origins.campaign.top.map((row) => row.value)).toEqual(['primavera']);
    expect(new Set(twelve.orders.map((row) => row.currency))).toEqual(new Set(['usd', 'eur']));
  });

  it('leaves test orders out of the orders and revenue unless asked (test=1), then counts them', async () => {
    const real = await read(4);
    const response = await ana.call('/api/admin/dashboard?weeks=4&test=1');
    expect(response.status).toBe(200);
    const all = (await response.json()) as Dashboard;
    const paid = (figures: Dashboard) => figures.orders.reduce((sum, row) => sum + row.count, 0);
    const [{ n }] = (await local.api.db.query<{ n: number }>(
      'select count(*)::int as n from "order" where test and payment_status = \'paid\' and created_at >= $1',
      [new Date(`${real.start}T00:00:00Z`)],
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(real.testOrders).toBe(false);
    expect(all.testOrders).toBe(true);
    expect(paid(all) - paid(real)).toBe(n);
    expect(all.orders).toEqual((await countedDashboard(local.api.db, 4, true)).orders);
  });

  it('still does after a deletion, a lead taken for spam, one rescued, and more work', async () => {
    const [one] = await local.api.db.query<{ id: string }>("select id from lead where name = 'Espera 2'");
    expect((await ana.call(`/api/admin/leads/${one!.id}`, { method: 'DELETE' })).status).toBe(204);
    const [two] = await local.api.db.query<{ id: string }>("select id from lead where name = 'Espera 8'");
    expect((await ana.call(`/api/admin/leads/${two!.id}`, { method: 'PATCH', body: { status: 'spam' } })).status).toBe(204);
    const [three] = await local.api.db.query<{ id: string }>("select id from lead where name = 'Mensaje 7'");
    expect((await ana.call(`/api/admin/leads/${three!.id}`, { method: 'PATCH', body: { status: 'qualified' } })).status).toBe(204);
    await compare(12);
  });

  it("moves its weeks with the company's time zone", async () => {
    expect((await ana.call('/api/admin/company', { method: 'PUT', body: { timeZone: 'Asia/Tokyo' } })).status).toBe(204);
    const tokyo = await compare(12);
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expect((await ana.call('/api/admin/company', { method: 'PUT', body: { timeZone: 'America/Bogota' } })).status).toBe(204);
    await compare(12);
  });

  it('refuses a range it does not offer, and a caller without a session', async () => {
    expect((await ana.call('/api/admin/dashboard?weeks=5')).status).toBe(400);
    expect((await ana.call('/api/admin/dashboard?weeks=4&test=yes')).status).toBe(400);
    expect((await ana.call('/api/admin/dashboard?weeks=abc')).status).toBe(400);
    expect((await fetch(`${local.base}/api/admin/dashboard`)).status).toBe(401);
  });
});
