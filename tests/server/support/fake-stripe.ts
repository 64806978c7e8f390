// A local fake of the Stripe endpoints the checkout uses (create and retrieve a Checkout Session),
// answering the way Stripe's API does (form-encoded requests, JSON objects, 404 resource_missing),
// so the real `stripe` package runs against it over HTTP (STRIPE_API_URL). Loopback only.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A session as the fake keeps it: Stripe's fields the flow reads. */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  locale: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_details: { email: string } | null;
  /** The PaymentIntent a payment made (`pi_…`), which its charge and refunds name; null until paid. */
  payment_intent: string | null;
}

/** One request the fake received. */
interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, decoded (`line_items[0][price_data][unit_amount]` → '19900'). */
  form: Record<string, string>;
}

export interface FakeStripe {
  /** `http://127.0.0.1:PORT`, for STRIPE_API_URL. */
  readonly url: string;
  readonly requests: FakeRequest[];
  readonly sessions: Map<string, FakeSession>;
  /** What a card payment on the hosted page does: the session becomes complete and paid. */
  pay(id: string, email?: string): FakeSession;
  close(): Promise<void>;
}

const alnum = (n: number) =>
  randomBytes(n)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n)
    .padEnd(n, 'x');

/** Starts the fake on a free loopback port. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${alnum(14)}` }).end(JSON.stringify(body));
  const server = createServer(
    (req, res) =>
      void (async () => {
        let text = '';
        for await (const chunk of req as AsyncIterable<Buffer>) text += chunk.toString();
        const path = new URL(req.url ?? '/', 'http://fake').pathname;
        const form = Object.fromEntries(new URLSearchParams(text));
        requests.push({ method: req.method ?? '', path, headers: req.headers, form });
        if (req.method === 'POST' && path === '/v1/checkout/sessions') {
          const id = `cs_test_${alnum(58)}`;
          const metadata = Object.fromEntries(
            Object.entries(form).flatMap(([key, value]) =>
              /^metadata\[(\w+)\]$/.exec(key) ? [[/^metadata\[(\w+)\]$/.exec(key)![1]!, value]] : [],
            ),
          );
          const session: FakeSession = {
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/${id}`,
            status: 'open',
            payment_status: 'unpaid',
            amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
            currency: form['line_items[0][price_data][currency]'] ?? '',
            locale: form.locale ?? 'auto',
            success_url: form.success_url ?? '',
            cancel_url: form.cancel_url ?? '',
            client_reference_id: form.client_reference_id ?? null,
            metadata,
            customer_details: null,
            payment_intent: null,
          };
          sessions.set(id, session);
          return json(res, 200, session);
        }
        const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && match) {
          const session = sessions.get(decodeURIComponent(match[1]!));
          if (session) return json(res, 200, session);
          return json(res, 404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'session',
              message: `No such checkout.session: '${match[1]}'`,
            },
          });
        }
        json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
      })(),
  );
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    pay(id, email = 'buyer@example.com') {
      const session = sessions.get(id);
      if (!session) throw new Error(`The fake has no session ${id}.`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer_details: { email },
        payment_intent: `pi_test_${alnum(24)}`,
      });
      return session;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
