// The console's query strings (ADMIN_QUERIES of @obra/schema/admin-contract): for every GET route
// that reads one, a value it does not take is a 400 whose English message names the parameter
// (with the code the console translates, where it has one), and nothing stored changes. The table
// covers every route of ADMIN_QUERIES: a route given a query later fails here until it has its case.
import { ADMIN_QUERIES, type AdminQueryRoute } from '@obra/schema/admin-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFuzzTarget, type FuzzTarget } from './support/fuzz.ts';

let target: FuzzTarget;
let endpoint: string;

beforeAll(async () => {
  target = await startFuzzTarget();
  [{ id: endpoint }] = (await target.local.api.db.query(
    "insert into webhook_endpoint (url, events, secret) values ('https://hooks.example', '{lead.created}', 'whsec_secret') returning id",
  )) as [{ id: string }];
});
afterAll(() => target.close());

/** Per route: its path (`:id` a stored row's), then each refused query with the start of its message and its code. */
const REFUSED: Record<Exclude<AdminQueryRoute, 'GET leads/:id/report.pdf'>, [string, [string, RegExp, string?][]]> = {
  'GET leads': [
    'leads',
    [
      ['kind=robot', /^kind must be one of wait-list, partner, contact, report\.$/],
      ['status=paid', /^status must be one of new, contacted/],
      ['lang=fr', /^lang must be one of es, en\.$/],
      ['from=2026-13-45', /^from must be a date as YYYY-MM-DD\.$/],
      ['partner=a%20b', /^partner must be a partner code/],
      ['campaign=%00', /^campaign cannot contain a NUL character\.$/],
      ['site=approved', /^site must be one of unapproved\.$/],
      ['assignee=luis', /^assignee must be me, none or an operator's id\.$/],
      ['due=tomorrow', /^due must be one of overdue, today\.$/],
      ['sort=value_usd', /^sort must be one of received, status, follow_up, value\.$/],
      ['dir=up', /^dir must be one of asc, desc\.$/],
      ['after=bm90LWEtY3Vyc29y', /^after is not a cursor this API gave/],
    ],
  ],
  'GET export.csv': [
    'export.csv',
    [
      ['ids=1,2', /^ids must be 1 to 200 lead ids\.$/, 'ids'],
      ['status=paid', /^status must be one of/],
    ],
  ],
  'GET leads/:id/compose': ['leads/:lead/compose', [['template=nope', /^template must be the id of a template, or null\.$/, 'template']]],
  'GET orders': [
    'orders',
    [
      ['provider=paypal', /^provider must be one of stripe, test\.$/],
      ['product=../etc', /^product must be a catalogue slug/],
    ],
  ],
  'GET orders.csv': [
    'orders.csv',
    [
      ['from=2026-03-02&to=2026-03-01', /^from must not be after to\.$/],
      ['q=%00', /^q cannot contain a NUL character\.$/],
    ],
  ],
  'GET dashboard': [
    'dashboard',
    [
      ['weeks=5', /^weeks must be one of 4, 12, 26, 52\.$/],
      ['test=yes', /^test must be 0 \(real orders only\) or 1 \(test orders too\)\.$/],
    ],
  ],
  'GET board': [
    'board',
    [
      ['owner=someone', /^owner must be me, none or an operator's id\.$/],
      ['country=COL', /^country must be a 2-letter ISO code/],
      ['kind=x', /^kind must be one of/],
      ['stage=x', /^stage must be a stage of the pipeline\.$/],
    ],
  ],
  'GET partners': [
    'partners',
    [
      ['status=nope', /^status must be one of pending, approved, suspended\.$/, 'status'],
      ['page=0', /^page must be a whole number from 1\.$/, 'page'],
    ],
  ],
  'GET tasks': ['tasks', [['after=nonsense', /^after must be the next cursor of a previous page\.$/, 'after']]],
  'GET people/suggestions': ['people/suggestions', [['after=yesterday', /^after must be the `next` of the page before\.$/, 'after']]],
  'GET webhooks/:id/deliveries': ['webhooks/:endpoint/deliveries', [['after=garbage', /^after is not a cursor this API gave/]]],
};

describe('a query string the contract does not take', () => {
  it('has a case for every route with a query (the report takes any language, giving the default for one it does not know)', () => {
    expect(Object.keys(REFUSED).sort()).toEqual(
      Object.keys(ADMIN_QUERIES)
        .filter((route) => route !== 'GET leads/:id/report.pdf')
        .sort(),
    );
  });

  const cases: [string, string, string, RegExp, string | undefined][] = Object.entries(REFUSED).flatMap(([route, [path, refusals]]) =>
    refusals.map(([query, message, code]) => [route, path, query, message, code] as [string, string, string, RegExp, string | undefined]),
  );
  it.each(cases)('%s ?%s is a 400 naming the parameter, and nothing changes', async (_route, path, query, message, code) => {
    const before = await target.digest();
    const url = `/api/admin/${path.replace(':lead', target.ids.lead).replace(':endpoint', endpoint)}?${query}`;
    const response = await target.admin.call(url, { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errorMessage: string; code?: string };
    expect(body.errorMessage).toMatch(message);
    if (code) expect(body.code).toBe(code);
    expect(await target.digest()).toBe(before);
  });

  it('the same query without the bad value is answered', async () => {
    for (const path of [
      'leads?kind=report&sort=status',
      'orders?provider=stripe',
      'dashboard?weeks=4&test=1',
      'partners?status=pending&page=2',
    ])
      expect((await target.admin.call(`/api/admin/${path}`)).status, path).toBe(200);
    const pdf = await target.admin.call(`/api/admin/leads/${target.ids.report}/report.pdf?lang=fr`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  });
});
