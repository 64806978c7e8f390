// Card checkout over real HTTP (issue 19): Stripe mode against a local fake of Stripe's endpoints
// (the real `stripe` package, STRIPE_API_URL), and the embedded test checkout without keys; the
// webhook's signature, replays, and the refusals an attacker would try.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { priceText } from '@obra/catalogue';
import { runExport } from '@obra/server/testing';
import { outboxMails, postJson, removeDataDir, runAgainst, startLocalApi, type LocalApi } from './support/api.ts';
import { startFakeStripe, type FakeSession, type FakeStripe } from './support/fake-stripe.ts';
import { subjectOf } from './support/mail.ts';
import { approvedPartner, createOperator, signInAs, type Session } from './support/admin.ts';
import { startReceiver } from './support/webhook-receiver.ts';

const SCHEMAS = join(import.meta.dirname, '../../docs/webhooks/v2');

const SECRET = 'whsec_test_obra_checkout';
const signer = new Stripe('sk_test_signer');
const sign = (payload: string, secret = SECRET, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
const completedEvent = (
  session: FakeSession,
  id = `evt_test_${Math.random().toString(36).slice(2, 14)}`,
  type = 'checkout.session.completed',
) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
const webhook = (base: string, payload: string, signature?: string) =>
  fetch(`${base}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature && { 'stripe-signature': signature }) },
    body: payload,
  });
const session = async (base: string, id: string) => {
  const response = await fetch(`${base}/api/checkout/session?id=${encodeURIComponent(id)}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('with Stripe keys (a local fake of Stripe)', () => {
  let fake: FakeStripe;
  let local: LocalApi;
  const orders = () => local.rows('"order"');
  const created = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
  beforeAll(async () => {
    fake = await startFakeStripe();
    local = await startLocalApi({
      RATE_LIMIT: '0',
      STRIPE_SECRET_KEY: 'sk_test_obra',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
      PUBLIC_URL: 'https://obra.example',
      // Loopback only: the refund test's webhook receiver.
      WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8',
    });
  });
  afterAll(async () => {
    await local?.close();
    await fake?.close();
  });

  it('creates a session at the catalogue price, in the visitor language, with the success and cancel URLs', async () => {
    // A price or URL sent by the client is ignored: only slug and lang are read.
    const response = await postJson(`${local.base}/api/checkout`, {
      slug: 'revit',
      lang: 'en',
      amount: 1,
      currency: 'jpy',
      success_url: 'https://evil.example',
    });
    expect(response.status).toBe(201);
    const { id, url } = (await response.json()) as { id: string; url: string };
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${id}`);
    const [request] = created();
    expect(request!.headers.authorization).toBe('Bearer sk_test_obra');
    expect(request!.form).toMatchObject({
      mode: 'payment',
      // Cards only: no delayed method completes a session unpaid.
      'allowed_payment_method_types[0]': 'card',
      locale: 'en',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '19900',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Revit',
      success_url: 'https://obra.example/en/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://obra.example/en/product/revit',
      'metadata[slug]': 'revit',
      'metadata[lang]': 'en',
    });
    await postJson(`${local.base}/api/checkout`, { slug: 'twinmotion', lang: 'es' });
    expect(created()[1]!.form).toMatchObject({
      locale: 'es',
      success_url: 'https://obra.example/es/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://obra.example/es/producto/twinmotion',
    });
  });

  it('refuses an unknown slug, a bad language, a non-JSON or oversized body, and calls Stripe for none', async () => {
    const before = created().length;
    const refusals = await Promise.all([
      postJson(`${local.base}/api/checkout`, { slug: 'photoshop', lang: 'es' }),
      postJson(`${local.base}/api/checkout`, { slug: '../revit', lang: 'es' }),
      postJson(`${local.base}/api/checkout`, { slug: 'revit', lang: 'fr' }),
      postJson(`${local.base}/api/checkout`, { slug: ['revit'], lang: 'es' }),
      postJson(`${local.base}/api/checkout`, 'null'),
      fetch(`${local.base}/api/checkout`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'slug=revit' }),
      postJson(`${local.base}/api/checkout`, { slug: 'revit', lang: 'es', pad: 'x'.repeat(9000) }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 415, 413]);
    expect(await refusals[0].json()).toMatchObject({ errors: { slug: 'unknown' } });
    expect(created()).toHaveLength(before);
  });

  it('confirms a paid session from Stripe, reports an unpaid one as open, and a forged id as unknown', async () => {
    const { id } = (await (await postJson(`${local.base}/api/checkout`, { slug: 'sketchup', lang: 'es' })).json()) as { id: string };
    expect(await session(local.base, id)).toEqual({
      status: 200,
      body: {
        id,
        status: 'open',
        slug: 'sketchup',
        product: 'SketchUp',
        amount: 19900,
        currency: 'usd',
        lang: 'es',
        cancelPath: '/es/producto/sketchup',
        reference: null,
      },
    });
    fake.pay(id);
    // Paid at Stripe, the order not recorded yet (its webhook not in): no reference yet.
    expect((await session(local.base, id)).body).toMatchObject({ status: 'paid', amount: 19900, reference: null });
    // Well-formed but not created here: 404; malformed or missing: 400; none is sent to Stripe.
    const lookups = fake.requests.length;
    expect(await session(local.base, `cs_test_${'a'.repeat(58)}`)).toMatchObject({ status: 404, body: { status: 'unknown' } });
    for (const forged of ['cs_test_../../v1/charges', 'cs_local_0000', 'cs_local_ffffffffffffffffffffffffffffffff', '', 'x'.repeat(400)])
      expect(await session(local.base, forged), forged).toEqual({
        status: 400,
        body: {
          status: 'malformed',
          errorMessage: 'Ese no es un enlace de pago de este sitio; empieza de nuevo desde la página del producto.',
        },
      });
    expect(fake.requests).toHaveLength(lookups);
  });

  it('records checkout.session.completed once with a valid signature, even when the event comes again', async () => {
    const { id } = (await (await postJson(`${local.base}/api/checkout`, { slug: 'lumion', lang: 'en' })).json()) as { id: string };
    const paid = fake.pay(id, 'ana@example.com');
    const payload = completedEvent(paid, 'evt_test_once');
    const first = await webhook(local.base, payload, sign(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, recorded: true });
    const again = await webhook(local.base, payload, sign(payload));
    expect(await again.json()).toEqual({ received: true, recorded: false });
    // Another event about the same session is not a second order either.
    const other = completedEvent(paid, 'evt_test_other');
    expect(await (await webhook(local.base, other, sign(other))).json()).toEqual({ received: true, recorded: false });
    const rows = (await orders()).filter((row) => row.session_id === id);
    expect(rows).toHaveLength(1);
    // Once recorded, the session answers the order's reference, and nothing of the buyer.
    const { body } = await session(local.base, id);
    expect(body).toMatchObject({
      status: 'paid',
      product: 'Lumion',
      amount: 19900,
      reference: String(rows[0]!.id).slice(0, 8).toUpperCase(),
    });
    expect(JSON.stringify(body)).not.toContain('ana@example.com');
    expect(rows[0]).toMatchObject({
      provider: 'stripe',
      event_id: 'evt_test_once',
      slug: 'lumion',
      product: 'Lumion',
      amount: 19900,
      currency: 'usd',
      lang: 'en',
      payment_status: 'paid',
      customer_email: 'ana@example.com',
    });
  });

  it('refuses a wrong signature, a missing one, a tampered body and an oversized body, and stores nothing', async () => {
    const { id } = (await (await postJson(`${local.base}/api/checkout`, { slug: 'enscape', lang: 'es' })).json()) as { id: string };
    const payload = completedEvent(fake.pay(id));
    const before = (await orders()).length;
    const tampered = payload.replace('19900', '1');
    const answers = await Promise.all([
      webhook(local.base, payload, sign(payload, 'whsec_someone_else')),
      webhook(local.base, payload),
      webhook(local.base, tampered, sign(payload)),
      webhook(local.base, payload, 't=1,v1=deadbeef'),
      webhook(local.base, JSON.stringify({ pad: 'x'.repeat(70 * 1024) }), sign('{}')),
      // Made with the right secret, but dated 10 minutes ahead, or 6 minutes ago.
      webhook(local.base, payload, sign(payload, SECRET, Math.floor(Date.now() / 1000) + 600)),
      webhook(local.base, payload, sign(payload, SECRET, Math.floor(Date.now() / 1000) - 360)),
    ]);
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 413, 400, 400]);
    expect(await orders()).toHaveLength(before);
  });

  it('a delayed payment: completed unpaid is stored unpaid, then async_payment_succeeded pays it (and mails the buyer), _failed fails it', async () => {
    const checkout = async (slug: string) =>
      ((await (await postJson(`${local.base}/api/checkout`, { slug, lang: 'es' })).json()) as { id: string }).id;
    const send = async (session: FakeSession, type: string) => {
      const payload = completedEvent(session, undefined, type);
      return (await (await webhook(local.base, payload, sign(payload))).json()) as { recorded: boolean };
    };
    const order = async (id: string) => (await orders()).find((row) => row.session_id === id);
    const later = await checkout('revit');
    const pending = { ...fake.sessions.get(later)!, status: 'complete' as const, customer_details: { email: 'banco@example.com' } };
    expect(await send(pending, 'checkout.session.completed')).toEqual({ received: true, recorded: true });
    expect(await order(later)).toMatchObject({ payment_status: 'unpaid', mail_status: 'none' });
    expect(await send({ ...pending, payment_status: 'paid' }, 'checkout.session.async_payment_succeeded')).toMatchObject({
      recorded: true,
    });
    expect(await order(later)).toMatchObject({ payment_status: 'paid' });
    // Told again, or told "completed, unpaid" late: it stays paid.
    expect(await send({ ...pending, payment_status: 'paid' }, 'checkout.session.async_payment_succeeded')).toMatchObject({
      recorded: false,
    });
    expect(await send(pending, 'checkout.session.completed')).toMatchObject({ recorded: false });
    expect(await order(later)).toMatchObject({ payment_status: 'paid' });
    await vi.waitFor(async () => expect(await order(later)).toMatchObject({ mail_status: 'sent' }), { timeout: 10_000 });
    const failing = await checkout('sketchup');
    const unpaid = { ...fake.sessions.get(failing)!, status: 'complete' as const };
    expect(await send(unpaid, 'checkout.session.completed')).toMatchObject({ recorded: true });
    expect(await send(unpaid, 'checkout.session.async_payment_failed')).toMatchObject({ recorded: true });
    expect(await order(failing)).toMatchObject({ payment_status: 'failed', mail_status: 'none' });
  });

  it('ignores a session this site did not create (another sale on the same Stripe account), and never asks Stripe about one', async () => {
    const foreign: FakeSession = {
      ...fake.pay(((await (await postJson(`${local.base}/api/checkout`, { slug: 'revit', lang: 'es' })).json()) as { id: string }).id),
      id: `cs_test_${'F'.repeat(58)}`,
    };
    fake.sessions.set(foreign.id, foreign);
    const before = (await orders()).length;
    const payload = completedEvent(foreign);
    expect(await (await webhook(local.base, payload, sign(payload))).json()).toEqual({ received: true, recorded: false });
    expect(await orders()).toHaveLength(before);
    const lookups = fake.requests.length;
    expect((await session(local.base, foreign.id)).status).toBe(404);
    expect(fake.requests).toHaveLength(lookups);
  });

  it('records what Stripe reports paid, with what the session was created for when they differ', async () => {
    const { id } = (await (await postJson(`${local.base}/api/checkout`, { slug: 'lumion', lang: 'es' })).json()) as { id: string };
    const payload = completedEvent({ ...fake.pay(id), amount_total: 100 });
    expect(await (await webhook(local.base, payload, sign(payload))).json()).toEqual({ received: true, recorded: true });
    expect((await orders()).find((row) => row.session_id === id)).toMatchObject({
      amount: 100,
      currency: 'usd',
      expected_amount: 19900,
      expected_currency: 'usd',
    });
  });

  it('mails the buyer a confirmation of a paid order: product, amount, date, reference, no link', async () => {
    const { id } = (await (await postJson(`${local.base}/api/checkout`, { slug: 'blender', lang: 'en' })).json()) as { id: string };
    const payload = completedEvent(fake.pay(id, 'comprador@example.com'));
    await webhook(local.base, payload, sign(payload));
    const row = (await orders()).find((order) => order.session_id === id)!;
    const eml = await vi.waitFor(
      () => {
        const found = outboxMails(local.dataDir, String(row.id));
        expect(found).toHaveLength(1);
        return found[0]!;
      },
      { timeout: 10_000 },
    );
    expect(eml).toMatch(/^To: comprador@example\.com/m);
    expect(subjectOf(eml)).toBe('Obra: your purchase confirmation — Blender');
    // The amount as every page writes it (the one price format).
    expect(priceText({ amount: 19900, currency: 'usd' }, 'en')).toBe('US$199');
    for (const text of [
      'Blender',
      'Amount: US$199',
      `Order reference: ${String(row.id).slice(0, 8).toUpperCase()}`,
      'by card, through Stripe',
    ])
      expect(eml).toContain(text);
    expect(eml).not.toMatch(/https?:\/\//);
    expect(eml).not.toContain(id);
  });

  it('charge.refunded: a partial refund leaves the order paid with less revenue, a whole one makes it refunded, each an order.refunded event', async () => {
    const receiver = await startReceiver();
    try {
      await createOperator(local.api.db, 'caja@example.com', 'admin');
      const admin = await signInAs(local.base, 'caja@example.com', undefined, 'https://obra.example');
      const added = await admin.call('/api/admin/webhooks', {
        method: 'POST',
        body: { url: receiver.url('/refunds'), events: ['order.refunded'] },
      });
      expect(added.status).toBe(201);
      const { id } = (await (await postJson(`${local.base}/api/checkout`, { slug: 'lumion', lang: 'es' })).json()) as { id: string };
      const paid = fake.pay(id, 'reembolso@example.com');
      const completed = completedEvent(paid);
      expect(await (await webhook(local.base, completed, sign(completed))).json()).toEqual({ received: true, recorded: true });
      const order = async () => (await orders()).find((row) => row.session_id === id)!;
      expect(await order()).toMatchObject({
        payment_status: 'paid',
        payment_intent: paid.payment_intent,
        refunded_amount: 0,
        refunded_at: null,
      });
      const revenue = async () => {
        const figures = (await (await admin.call('/api/admin/dashboard')).json()) as { orders: { currency: string; amount: number }[] };
        return figures.orders.filter((row) => row.currency === 'usd').reduce((sum, row) => sum + row.amount, 0);
      };
      const before = await revenue();
      const refund = (amountRefunded: number, eventId = `evt_test_${Math.random().toString(36).slice(2, 14)}`) =>
        JSON.stringify({
          id: eventId,
          object: 'event',
          type: 'charge.refunded',
          api_version: Stripe.API_VERSION,
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              id: 'ch_test_refunded',
              object: 'charge',
              amount: 19900,
              amount_refunded: amountRefunded,
              refunded: amountRefunded === 19900,
              currency: 'usd',
              payment_intent: paid.payment_intent,
            },
          },
        });
      // Partial: still paid, 50.00 out of the revenue.
      const partial = refund(5000);
      expect(await (await webhook(local.base, partial, sign(partial))).json()).toEqual({ received: true, recorded: true });
      expect(await order()).toMatchObject({ payment_status: 'paid', refunded_amount: 5000 });
      expect(await revenue()).toBe(before - 5000);
      // Whole: refunded, out of the revenue and the Paid tab, in the Refunded one; again: nothing.
      const whole = refund(19900, 'evt_test_whole');
      expect(await (await webhook(local.base, whole, sign(whole))).json()).toEqual({ received: true, recorded: true });
      expect(await (await webhook(local.base, whole, sign(whole))).json()).toEqual({ received: true, recorded: false });
      expect(await (await webhook(local.base, partial, sign(partial))).json()).toEqual({ received: true, recorded: false });
      const row = await order();
      expect(row).toMatchObject({ payment_status: 'refunded', refunded_amount: 19900 });
      expect(await revenue()).toBe(before - 19900);
      const tab = async (status: string) =>
        ((await (await admin.call(`/api/admin/orders?status=${status}`)).json()) as { items: { id: string }[] }).items.map(
          (item) => item.id,
        );
      expect(await tab('paid')).not.toContain(row.id);
      expect(await tab('refunded')).toContain(row.id);
      const detail = (await (await admin.call(`/api/admin/orders/${String(row.id)}`)).json()) as Record<string, unknown>;
      expect(detail).toMatchObject({ payment_status: 'refunded', refunded_amount: 19900, refunded_at: expect.any(String) });
      // The receiver got both, each valid against the published schema.
      await vi.waitFor(() => expect(receiver.accepted('/refunds')).toHaveLength(2), { timeout: 15_000, interval: 50 });
      const ajv = new Ajv({ allErrors: true });
      for (const file of readdirSync(SCHEMAS)) ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')));
      const validate = ajv.getSchema('https://schemas.obra.example/webhooks/v2/order.refunded.json')!;
      const bodies = receiver.requests
        .filter((r) => r.path === '/refunds')
        .map((r) => JSON.parse(r.body) as { data: Record<string, unknown> });
      for (const body of bodies) expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
      expect(bodies.map((body) => [body.data.status, body.data.refundedAmount]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
        ['paid', 5000],
        ['refunded', 19900],
      ]);
      expect(bodies[0]!.data).toMatchObject({
        id: row.id,
        reference: String(row.id).slice(0, 8).toUpperCase(),
        product: 'Lumion',
        amount: 19900,
      });
      // A refund of a charge no order of this site was paid with: acknowledged, nothing recorded.
      const foreign = refund(19900).replace(String(paid.payment_intent), 'pi_test_someone_else');
      expect(await (await webhook(local.base, foreign, sign(foreign))).json()).toEqual({ received: true, recorded: false });
    } finally {
      await receiver.close();
    }
  });

  it('acknowledges other event types without recording, and keeps the test checkout switched off', async () => {
    const payload = JSON.stringify({
      id: 'evt_test_expired',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { id: 'cs_test_x', object: 'checkout.session' } },
    });
    expect(await (await webhook(local.base, payload, sign(payload))).json()).toEqual({ received: true, recorded: false });
    expect((await postJson(`${local.base}/api/checkout/test/pay`, { id: 'cs_local_00000000000000000000000000000000' })).status).toBe(404);
  });
});

describe('without Stripe keys (the embedded test checkout)', () => {
  let local: LocalApi;
  beforeAll(async () => {
    local = await startLocalApi({ RATE_LIMIT: '0' });
  });
  afterAll(() => local?.close());

  it('walks session → test page → pay → paid session and one order; a second pay adds nothing', async () => {
    const response = await postJson(`${local.base}/api/checkout`, { slug: 'blender', lang: 'en' });
    expect(response.status).toBe(201);
    const { id, url } = (await response.json()) as { id: string; url: string };
    expect(id).toMatch(/^cs_local_[a-f0-9]{32}$/);
    expect(url).toBe(`${local.base}/en/test-checkout?session_id=${id}`);
    expect((await session(local.base, id)).body).toMatchObject({
      status: 'open',
      product: 'Blender',
      amount: 19900,
      currency: 'usd',
      cancelPath: '/en/product/blender',
    });
    // The buyer's e-mail is asked for, like on Stripe's page: the confirmation goes there.
    for (const email of [undefined, '', 'nope', 42])
      expect((await postJson(`${local.base}/api/checkout/test/pay`, { id, email })).status).toBe(400);
    expect((await session(local.base, id)).body).toMatchObject({ status: 'open' });
    const pay = await postJson(`${local.base}/api/checkout/test/pay`, { id, email: 'prueba@example.com' });
    expect(pay.status).toBe(200);
    expect(await pay.json()).toMatchObject({ status: 'paid', successPath: `/en/success?session_id=${id}` });
    expect((await postJson(`${local.base}/api/checkout/test/pay`, { id, email: 'otra@example.com' })).status).toBe(200);
    const rows = await local.rows('"order"');
    expect(rows).toHaveLength(1);
    // What the success page reads: the product, the amount and the order's reference, and only
    // what the buyer may see (no e-mail, partner, provider or event).
    expect(await session(local.base, id)).toEqual({
      status: 200,
      body: {
        id,
        status: 'paid',
        slug: 'blender',
        product: 'Blender',
        amount: 19900,
        currency: 'usd',
        lang: 'en',
        cancelPath: '/en/product/blender',
        reference: String(rows[0]!.id).slice(0, 8).toUpperCase(),
      },
    });
    expect(rows[0]).toMatchObject({
      provider: 'test',
      session_id: id,
      slug: 'blender',
      amount: 19900,
      payment_status: 'paid',
      customer_email: 'prueba@example.com',
      test: true,
    });
    // Its confirmation says it is a test: nobody was charged.
    const eml = await vi.waitFor(
      () => {
        const found = outboxMails(local.dataDir, String(rows[0]!.id));
        expect(found).toHaveLength(1);
        return found[0]!;
      },
      { timeout: 10_000 },
    );
    expect(eml).toMatch(/^To: prueba@example\.com/m);
    expect(subjectOf(eml)).toBe('[TEST] Obra: your purchase confirmation — Blender');
    expect(eml).toContain('test checkout: nobody was charged');
  });

  it('answers a lookup of an unknown id 404 and a malformed one 400, in the caller language, leaking nothing', async () => {
    const lookup = async (id: string, lang = 'es') => {
      const response = await fetch(`${local.base}/api/checkout/session?id=${encodeURIComponent(id)}`, {
        headers: { 'Accept-Language': lang },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await lookup(`cs_local_${'f'.repeat(32)}`, 'en')).toEqual({
      status: 404,
      body: { status: 'unknown', errorMessage: 'There is no such checkout session; start again from the product page.' },
    });
    for (const id of [
      '',
      'cs_local_',
      `cs_local_${'F'.repeat(32)}`,
      `cs_local_${'f'.repeat(33)}`,
      `cs_test_${'a'.repeat(20)}`,
      "cs_local_' or 1=1 --",
      'x'.repeat(5000),
    ])
      expect(await lookup(id, 'en'), id).toEqual({
        status: 400,
        body: { status: 'malformed', errorMessage: 'That is not a payment link of this site; start again from the product page.' },
      });
    expect((await fetch(`${local.base}/api/checkout/session`)).status).toBe(400);
  });

  it('refuses to pay a forged or expired session, and has no webhook', async () => {
    for (const id of ['cs_local_ffffffffffffffffffffffffffffffff', 'cs_test_abc', 42])
      expect((await postJson(`${local.base}/api/checkout/test/pay`, { id, email: 'a@example.com' })).status).toBe(404);
    const { id } = (await (await postJson(`${local.base}/api/checkout`, { slug: 'rhino', lang: 'es' })).json()) as { id: string };
    await local.api.db.query("update checkout_session set expires_at = now() - interval '1 minute' where id = $1", [id]);
    expect((await session(local.base, id)).body).toMatchObject({ status: 'expired' });
    expect((await postJson(`${local.base}/api/checkout/test/pay`, { id, email: 'a@example.com' })).status).toBe(404);
    const payload = '{"id":"evt_x","type":"checkout.session.completed"}';
    expect((await webhook(local.base, payload, sign(payload))).status).toBe(404);
    expect(await local.rows('"order"')).toHaveLength(1);
  });

  it('mails at most TEST_ORDER_MAILS_PER_ADDRESS (3) test orders to one address an hour: the rest are stored, held', async () => {
    const buy = async (email: string) => {
      const { id } = (await (await postJson(`${local.base}/api/checkout`, { slug: 'blender', lang: 'es' })).json()) as { id: string };
      expect((await postJson(`${local.base}/api/checkout/test/pay`, { id, email })).status).toBe(200);
      return id;
    };
    const mailOf = async (id: string) =>
      (await local.api.db.query<{ mail_status: string }>('select mail_status from "order" where session_id = $1', [id]))[0]!.mail_status;
    // Five to one address, its case changed on the way.
    const ids: string[] = [];
    for (const email of ['victima@example.com', 'Victima@example.com', 'victima@example.com', 'VICTIMA@example.com', 'victima@example.com'])
      ids.push(await buy(email));
    const statuses = await Promise.all(ids.map(mailOf));
    expect(statuses.filter((status) => status === 'held')).toHaveLength(2);
    expect(statuses.slice(0, 3).every((status) => status === 'queued' || status === 'sent')).toBe(true);
    // Another address is not held back by that one.
    expect(await mailOf(await buy('otra@example.com'))).not.toBe('held');
    // The held ones are never sent; the others are, once.
    await vi.waitFor(async () => expect(await Promise.all(ids.slice(0, 3).map(mailOf))).toEqual(['sent', 'sent', 'sent']), {
      timeout: 10_000,
    });
    expect(await Promise.all(ids.slice(3).map(mailOf))).toEqual(['held', 'held']);
  });
});

describe('limits and export', () => {
  it('rate-limits checkout creation like every other write', async () => {
    const local = await startLocalApi({ RATE_LIMIT: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await postJson(`${local.base}/api/checkout`, { slug: 'autocad', lang: 'es' })).status);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await local.close();
    }
  });

  it('counts session lookups with the reads, so ids cannot be guessed at speed (malformed ones too)', async () => {
    const local = await startLocalApi({ RATE_LIMIT_READS: '3' });
    try {
      const statuses = [];
      for (const id of [`cs_local_${'a'.repeat(32)}`, `cs_local_${'b'.repeat(32)}`, 'nope', `cs_local_${'c'.repeat(32)}`])
        statuses.push((await session(local.base, id)).status);
      expect(statuses).toEqual([404, 404, 400, 429]);
    } finally {
      await local.close();
    }
  });

  it('`npm run export -- order` lists the orders', async () => {
    const local = await startLocalApi({ RATE_LIMIT: '0' });
    const { id } = (await (await postJson(`${local.base}/api/checkout`, { slug: 'v-ray', lang: 'es' })).json()) as { id: string };
    await postJson(`${local.base}/api/checkout/test/pay`, { id, email: 'export@example.com' });
    // The export opens the database itself, so the API lets go of it first (the folder stays).
    await local.api.close();
    // The export reads the same database as the API: the folder, or PostgreSQL when the suite runs on it.
    let out = '';
    expect(await runAgainst(local.env, () => runExport(['order', '--format', 'json'], (text) => (out += text)))).toBe(0);
    const rows = JSON.parse(out) as Record<string, unknown>[];
    expect(rows).toEqual([
      expect.objectContaining({
        provider: 'test',
        session_id: id,
        slug: 'v-ray',
        product: 'V-Ray',
        amount: 19900,
        currency: 'usd',
        lang: 'es',
        payment_status: 'paid',
      }),
    ]);
    removeDataDir(local.dataDir);
  });
});

describe("a sale started on a partner's site (docs/partners/sites.md)", () => {
  const ACME = 'https://acme.example';
  // Its own API: the other tests of this file count the orders.
  let local: LocalApi;
  let admin: Session;
  beforeAll(async () => {
    local = await startLocalApi({ RATE_LIMIT: '0' });
    await createOperator(local.api.db, 'ana@example.com');
    admin = await signInAs(local.base, 'ana@example.com');
    await approvedPartner(local.base, admin, 'Acme', [ACME]);
  });
  afterAll(() => local?.close());
  /** Starts and pays a checkout of revit claiming Acme with `attribution`, from `origin`; the order's partner columns. */
  const sale = async (origin: string | undefined, attribution: Record<string, string>) => {
    const response = await postJson(
      `${local.base}/api/checkout`,
      { slug: 'revit', lang: 'es', attribution: { widget: 'software-detail', version: 'dev', partner: 'acme', ...attribution } },
      origin ? { origin } : {},
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect((await postJson(`${local.base}/api/checkout/test/pay`, { id, email: 'comprador@example.com' })).status).toBe(200);
    const [order] = await local.api.db.query('select partner_code, partner_claim from "order" where session_id = $1', [id]);
    return order;
  };

  it("counts for the partner from its approved site, or from Obra's product page reached from it", async () => {
    expect(await sale(ACME, {})).toEqual({ partner_code: 'Acme', partner_claim: null });
    expect(await sale(local.base, { referrer: `${ACME}/software` })).toEqual({ partner_code: 'Acme', partner_claim: null });
  });

  it('is a claim from anywhere else: no Origin, another site, or the product page reached from another site', async () => {
    for (const [origin, attribution] of [
      [undefined, {}],
      ['https://otro.example', {}],
      [local.base, { referrer: 'https://otro.example/catalogo' }],
      [local.base, {}],
    ] as const)
      expect(await sale(origin, attribution), String(origin)).toEqual({ partner_code: null, partner_claim: 'acme' });
  });

  it('refuses a malformed attribution with the field named, and creates no session', async () => {
    const before = (await local.rows('checkout_session')).length;
    const response = await postJson(`${local.base}/api/checkout`, {
      slug: 'revit',
      lang: 'es',
      attribution: { widget: 'software-detail', version: 'dev', partner: 'no es un código' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: object }).errors).toEqual({ 'attribution.partner': 'partner' });
    expect(await local.rows('checkout_session')).toHaveLength(before);
  });
});
