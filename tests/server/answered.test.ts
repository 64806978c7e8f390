// Every request gets an answer: an unexpected error while a write is handled (the database failing
// under it) is a 500 at once, naming the request, logged as an error; never a request left
// hanging as if its client had gone (which a request whose body was read whole looked like). A payment service that fails is a 502 that says so.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { postJson, startLocalApi, VALID, type LocalApi } from './support/api.ts';

let local: LocalApi;
let admin: Session;
let lead: string;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
  await createOperator(local.api.db, 'ana@example.com');
  admin = await signInAs(local.base, 'ana@example.com');
  const sent = await postJson(`${local.base}/api/contact`, { ...VALID.contact, name: 'Marta Nul' });
  lead = ((await sent.json()) as { id: string }).id;
});
afterAll(() => local.close());

describe('a write the database fails is answered', () => {
  // The database fails under the write: its table is gone (as a failed migration or an operator's
  // mistake would leave it), so the insert raises after the body was read whole.
  it.each([
    ['a note', (): string => `/api/admin/leads/${lead}/notes`, 'POST', { text: 'Llamar el lunes' }, 'lead_event'],
    ['a saved view', (): string => '/api/admin/views', 'POST', { name: 'Mis nuevos', query: '' }, 'saved_view'],
  ] as const)('%s: 500 at once, naming the request, logged as an error', async (_what, path, method, body, table) => {
    await local.api.db.query(`alter table ${table} rename to ${table}_away`);
    try {
      const response = await admin.call(path(), { method, body, signal: AbortSignal.timeout(10_000) });
      expect(response.status).toBe(500);
      const answer = (await response.json()) as { errorMessage: string; requestId: string };
      expect(answer.errorMessage).not.toBe('');
      expect(answer.requestId).toBe(response.headers.get('x-request-id'));
    } finally {
      await local.api.db.query(`alter table ${table}_away rename to ${table}`);
    }
  });
});

describe('a public write the database fails is answered', () => {
  it('a wait-list entry: 500 at once, naming the request, in the visitor’s language', async () => {
    await local.api.db.query('alter table wait_list rename to wait_list_away');
    try {
      const response = await fetch(`${local.base}/api/wait-list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'es' },
        body: JSON.stringify({ ...VALID['wait-list'], nombre: 'Ana Sin Tabla' }),
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(500);
      const answer = (await response.json()) as { errorMessage: string; requestId: string };
      expect(answer).toEqual({
        errorMessage: 'El servidor no pudo atender la solicitud; inténtalo de nuevo en unos minutos.',
        requestId: response.headers.get('x-request-id'),
      });
    } finally {
      await local.api.db.query('alter table wait_list_away rename to wait_list');
    }
  });
});

describe('payments', () => {
  it('a checkout while Stripe fails is a 502 at once, in the visitor’s language, and no session is kept; a signed event about no session is answered', async () => {
    // "Stripe" answers every call with a 500.
    const stripe = createServer((_req, res) =>
      res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":{"type":"api_error"}}'),
    );
    await new Promise<void>((ready) => stripe.listen(0, '127.0.0.1', ready));
    const shop = await startLocalApi({
      RATE_LIMIT: '0',
      STRIPE_SECRET_KEY: 'sk_test_obra',
      STRIPE_WEBHOOK_SECRET: 'whsec_obra',
      STRIPE_API_URL: `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`,
      PUBLIC_URL: 'https://obra.example',
    });
    try {
      const response = await fetch(`${shop.base}/api/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'es' },
        body: JSON.stringify({ slug: 'revit', lang: 'es' }),
        signal: AbortSignal.timeout(20_000),
      });
      expect(response.status).toBe(502);
      expect(((await response.json()) as { errorMessage: string }).errorMessage).toBe(
        'El servicio de pago no respondió; inténtalo de nuevo en un momento.',
      );
      expect(await shop.rows('checkout_session')).toEqual([]);

      // A validly signed event about no session (data.object null): answered, nothing recorded.
      const payload = JSON.stringify({ id: 'evt_test_null', object: 'event', type: 'checkout.session.completed', data: { object: null } });
      const event = await fetch(`${shop.base}/api/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: 'whsec_obra' }),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      expect([event.status, await event.json()]).toEqual([200, { received: true, recorded: false }]);
      expect(await shop.rows('"order"')).toEqual([]);
    } finally {
      await shop.close();
      stripe.close();
    }
  });
});
