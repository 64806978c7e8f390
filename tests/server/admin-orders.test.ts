// The console's orders over real HTTP (issue 19): an order paid through the embedded test checkout
// listed, newest first, filters and their refusals, keyset pages, counts per payment status, one
// order's page, the CSV export with the formula guard, and the calls an attacker would try.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminResponses } from '@obra/schema/admin-contract';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { postJson, startLocalApi, type LocalApi } from './support/api.ts';
import { csvRows } from './support/csv.ts';

let local: LocalApi;
let admin: Session;
let agent: Session;
let paidSession: string;
/** A page of the list, as the contract declares it. */
type Page = AdminResponses['GET orders'];

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
  await createOperator(local.api.db, 'ana@example.com');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  admin = await signInAs(local.base, 'ana@example.com');
  // Date filters are the operator's days: this one works in UTC, as the rows below are laid out.
  expect((await admin.call('/api/admin/me', { method: 'PATCH', body: { timeZone: 'UTC' } })).status).toBe(204);
  agent = await signInAs(local.base, 'luis@example.com');
  // 120 Stripe orders a minute apart (oldest first): every 10th unpaid, every 3rd for SketchUp in English.
  await local.api.db.query(
    `insert into "order" (created_at, provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email)
     select timestamptz '2026-01-01' + make_interval(mins => n), 'stripe', 'evt_' || n, 'cs_test_' || lpad(n::text, 10, '0'),
       case when n % 3 = 0 then 'sketchup' else 'revit' end, case when n % 3 = 0 then 'SketchUp' else 'Revit' end, 19900, 'usd',
       case when n % 3 = 0 then 'en' else 'es' end, case when n % 10 = 0 then 'unpaid' else 'paid' end,
       case when n = 7 then '=HYPERLINK("http://evil")@example.com' else 'buyer' || n || '@example.com' end
     from generate_series(1, 120) n`,
  );
  // And one bought now through the embedded test checkout, as a visitor would.
  const created = await postJson(`${local.base}/api/checkout`, { slug: 'revit', lang: 'en' });
  paidSession = ((await created.json()) as { id: string }).id;
  expect((await postJson(`${local.base}/api/checkout/test/pay`, { id: paidSession, email: 'prueba@example.com' })).status).toBe(200);
});
afterAll(() => local.close());

const page = async (query: string, session = admin) => {
  const response = await session.call(`/api/admin/orders${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
};

describe('the orders list', () => {
  it('shows an order paid through the test checkout first, to any signed-in operator', async () => {
    const { items, products } = await page('', agent);
    expect(items[0]).toMatchObject({
      provider: 'test',
      slug: 'revit',
      product: 'Revit',
      amount: 19900,
      currency: 'usd',
      lang: 'en',
      payment_status: 'paid',
      customer_email: 'prueba@example.com',
    });
    expect(items).toHaveLength(50);
    expect(products).toContainEqual({ slug: 'revit', name: 'Revit' });
  });

  it('walks every page with the keyset cursor, no order twice or missing', async () => {
    const seen: string[] = [];
    let next: string | null = '';
    while (next !== null) {
      const result: Page = await page(`?provider=stripe${next ? `&after=${next}` : ''}`);
      seen.push(...result.items.map((item) => item.id));
      next = result.next;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    const [newest] = await local.api.db.query<{ id: string }>('select id from "order" where event_id = \'evt_120\'');
    const [oldest] = await local.api.db.query<{ id: string }>('select id from "order" where event_id = \'evt_1\'');
    expect([seen[0], seen.at(-1)]).toEqual([newest!.id, oldest!.id]);
  });

  it('filters by payment status, provider, product, language, dates and free text, with counts per status', async () => {
    const unpaid = await page('?status=unpaid');
    expect(unpaid.items).toHaveLength(12);
    expect(unpaid.items.every((item) => item.payment_status === 'unpaid')).toBe(true);
    // The counts leave the status aside, so every tab shows its number.
    expect(unpaid.counts).toEqual({ paid: 109, unpaid: 12, failed: 0, no_payment_required: 0, refunded: 0 });
    expect(unpaid.countsCapped).toBe(false);
    expect((await page('?provider=test')).items.map((item) => item.provider)).toEqual(['test']);
    const sketchup = await page('?product=sketchup&lang=en');
    expect(sketchup.items).toHaveLength(40);
    expect(new Set(sketchup.items.map((item) => `${item.slug} ${item.lang}`))).toEqual(new Set(['sketchup en']));
    expect((await page('?from=2026-01-01&to=2026-01-01')).items).toHaveLength(50);
    expect((await page('?from=2026-01-02&provider=stripe')).items).toHaveLength(0);
    expect((await page('?q=BUYER17@example')).items.map((item) => item.customer_email)).toEqual(['buyer17@example.com']);
    expect((await page(`?q=${paidSession.slice(-12)}`)).items.map((item) => item.provider)).toEqual(['test']);
    expect((await page('?q=%25')).items).toHaveLength(0);
    expect((await page('?product=autocad')).items).toHaveLength(0);
  });

  it('answers a filter it does not know with a clear 400', async () => {
    for (const [query, message] of [
      ['?status=returned', /^status must be one of paid, unpaid, failed, no_payment_required, refunded\.$/],
      ['?provider=paypal', /^provider must be one of stripe, test\.$/],
      ['?product=../etc', /^product must be a catalogue slug/],
      ['?from=2026-02-30x', /^from must be a date as YYYY-MM-DD\.$/],
      ['?from=2026-03-02&to=2026-03-01', /^from must not be after to\.$/],
      ['?lang=fr', /^lang must be one of es, en\.$/],
      ['?after=bm90LWEtY3Vyc29y', /^after is not a cursor this API gave/],
    ] as const) {
      const response = await admin.call(`/api/admin/orders${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { errorMessage: string }).errorMessage).toMatch(message);
      expect((await admin.call(`/api/admin/orders.csv${query.startsWith('?after') ? '?status=x' : query}`)).status).toBe(400);
    }
  });
});

describe('an order', () => {
  it('has every recorded field on its page; an unknown id is 404', async () => {
    const { items } = await page('?provider=test');
    const response = await admin.call(`/api/admin/orders/${items[0]!.id}`);
    expect(response.status).toBe(200);
    const order = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(order).sort()).toEqual([
      'amount',
      'created_at',
      'currency',
      'customer_email',
      'event_id',
      'expected_amount',
      'expected_currency',
      'id',
      'lang',
      'mailed_at',
      'partner_claim',
      'partner_code',
      'payment_intent',
      'payment_status',
      'product',
      'provider',
      'refunded_amount',
      'refunded_at',
      'session_id',
      'slug',
    ]);
    expect(order).toMatchObject({ provider: 'test', session_id: paidSession, event_id: expect.stringMatching(/^evt_local_/) });
    const missing = await admin.call('/api/admin/orders/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'gone' });
  });

  it('exports the current filter as CSV, newest first, with the formula guard', async () => {
    const response = await admin.call('/api/admin/orders.csv?q=example.com&from=2026-01-01&to=2026-01-01&status=paid');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="obra-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRows(new Uint8Array(await response.arrayBuffer()));
    expect(rows[0]).toEqual(
      'id,created_at,provider,event_id,session_id,slug,product,amount,currency,lang,payment_status,customer_email,expected_amount,expected_currency,mailed_at,partner_code,partner_claim,payment_intent,refunded_amount,refunded_at'.split(
        ',',
      ),
    );
    expect(rows).toHaveLength(1 + 108);
    expect(rows[1]![3]).toBe('evt_119');
    // The address that starts with a formula is guarded; what follows it is empty but the refund (none).
    expect(rows.find((row) => row[3] === 'evt_7')?.slice(11)).toEqual([
      `'=HYPERLINK("http://evil")@example.com`,
      '',
      '',
      '',
      '',
      '',
      '',
      '0',
      '',
    ]);
  });
});

describe('refusals', () => {
  it('answers 401 without a session, and never with CORS headers', async () => {
    for (const path of ['orders', 'orders?status=paid', 'orders.csv', 'orders/00000000-0000-4000-8000-000000000000']) {
      const response = await fetch(`${local.base}/api/admin/${path}`, { headers: { origin: 'https://evil.example' } });
      expect(response.status, path).toBe(401);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
    const signedIn = await admin.call('/api/admin/orders', { headers: { origin: 'https://evil.example' } });
    expect(signedIn.headers.get('access-control-allow-origin')).toBeNull();
    await signedIn.body?.cancel();
  });

  it('has no state-changing call: POST, PATCH and DELETE are 405 (401 without a session) and change nothing', async () => {
    const [before] = await local.api.db.query<{ n: number }>('select count(*)::int as n from "order"');
    const { items } = await page('');
    for (const [method, path] of [
      ['POST', 'orders'],
      ['POST', 'orders.csv'],
      ['PATCH', `orders/${items[0]!.id}`],
      ['DELETE', `orders/${items[0]!.id}`],
      ['POST', `orders/${items[0]!.id}`],
    ] as const) {
      const response = await admin.call(`/api/admin/${path}`, { method, body: {} });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe('GET');
      expect((await fetch(`${local.base}/api/admin/${path}`, { method })).status).toBe(401);
    }
    expect(await local.api.db.query<{ n: number }>('select count(*)::int as n from "order"')).toEqual([before]);
  });
});
