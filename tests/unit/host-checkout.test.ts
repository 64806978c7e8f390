// The host's purchase pages on their pre-rendered markup (issue 19): the success page shows the
// toast only for a session the API confirms as paid, and says in words when it is not paid,
// unknown or cannot be checked; the embedded test checkout shows the order and pays it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmPurchase, sitePath } from '../../host/src/client/success.ts';
import { startTestCheckout } from '../../host/src/client/test-checkout.ts';
import { textsIn } from '../../host/src/texts.ts';
import { renderRoute } from '../../host/src/render.tsx';
import type { Route } from '../../host/src/routes.ts';

const ASSETS = { css: 'body{}', script: '/a.js', loader: '/esm/loader.js' };
function mountPage(route: Route) {
  const html = renderRoute(route, ASSETS);
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
  document.documentElement.lang = route.lang;
}
/** What the success page says: its heading, whether the toast and the retry link show. */
const said = () => ({
  heading: document.querySelector('h1')!.textContent,
  toast: !document.querySelector<HTMLElement>('[data-purchase-toast]')!.hidden,
  retry: !document.querySelector<HTMLElement>('[data-purchase-retry-line]')!.hidden,
});
const answer = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
/** The address a fake fetch was asked for, whichever form it was given in. */
const href = (url: string | URL | Request) => (url instanceof Request ? url.url : url.toString());
const ID = 'cs_local_0123456789abcdef0123456789abcdef';
const SESSION = {
  id: ID,
  status: 'open',
  slug: 'revit',
  product: 'Revit',
  amount: 19900,
  currency: 'usd',
  lang: 'es',
  cancelPath: '/es/producto/revit',
  reference: null,
};
/** The order the success page shows, or null while it is hidden. */
const order = () =>
  document.querySelector<HTMLElement>('[data-purchase-order]')!.hidden
    ? null
    : [...document.querySelectorAll('[data-purchase-order] dd')].map((dd) => dd.textContent);

let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  vi.useRealTimers();
});

describe('success page', () => {
  it('says it is checking, with no toast, before the script runs, in es and en', () => {
    mountPage({ page: 'success', lang: 'es' });
    expect(said()).toEqual({ heading: 'Confirmando tu pago…', toast: false, retry: false });
    mountPage({ page: 'success', lang: 'en' });
    expect(said()).toEqual({ heading: 'Confirming your payment…', toast: false, retry: false });
  });

  it('asks the API about the session id and starts the toast only when it is paid', async () => {
    mountPage({ page: 'success', lang: 'es' });
    vi.useFakeTimers();
    const get = answer(200, { ...SESSION, status: 'paid' });
    const { outcome, stop } = await confirmPurchase(document, { search: `?session_id=${ID}`, fetch: get });
    stops.push(stop);
    expect(get).toHaveBeenCalledWith(`/api/checkout/session?id=${ID}`);
    expect([outcome, said()]).toEqual(['paid', { heading: 'Gracias por tu compra', toast: true, retry: false }]);
    expect(order()).toEqual(['Revit', '199\u00a0US$', 'Llegará en el correo de confirmación']);
    vi.advanceTimersByTime(1250);
    expect(document.querySelector('[data-progress]')!.getAttribute('aria-valuenow')).toBe('50');
    vi.advanceTimersByTime(1250);
    expect(document.querySelector<HTMLElement>('[data-toast]')!.hidden).toBe(true);
    // The language toggle keeps the order.
    expect(document.querySelector('[data-lang-toggle]')!.getAttribute('href')).toBe(`/en/success?session_id=${ID}`);
  });

  it('names what was bought from the server: product, amount and order reference, in es and en', async () => {
    const paid = { ...SESSION, status: 'paid', product: 'SketchUp', amount: 24950, reference: '3F2A9C1B' };
    for (const [lang, labels, amount] of [
      ['es', ['Producto', 'Importe', 'Referencia del pedido'], '249,50\u00a0US$'],
      ['en', ['Product', 'Amount', 'Order reference'], 'US$249.50'],
    ] as const) {
      mountPage({ page: 'success', lang });
      stops.push((await confirmPurchase(document, { search: `?session_id=${ID}&product=Free&amount=1`, fetch: answer(200, paid) })).stop);
      expect([...document.querySelectorAll('[data-purchase-order] dt')].map((dt) => dt.textContent)).toEqual(labels);
      expect(order()).toEqual(['SketchUp', amount, '3F2A9C1B']);
    }
  });

  it('asks again for the reference while the order is not recorded yet (Stripe paid, its webhook not in), then stops', async () => {
    mountPage({ page: 'success', lang: 'en' });
    vi.useFakeTimers();
    const references = [null, null, '9A8B7C6D'];
    const get = vi.fn(async () => new Response(JSON.stringify({ ...SESSION, status: 'paid', reference: references.shift() })));
    stops.push((await confirmPurchase(document, { search: `?session_id=${ID}`, fetch: get })).stop);
    expect(order()).toEqual(['Revit', 'US$199', 'It will be in your confirmation e-mail']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(order()![2]).toBe('It will be in your confirmation e-mail');
    await vi.advanceTimersByTimeAsync(2000);
    expect(order()![2]).toBe('9A8B7C6D');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(get).toHaveBeenCalledTimes(3);
    // Never recorded: it asks 5 more times at most, and the e-mail line stays.
    mountPage({ page: 'success', lang: 'en' });
    const never = answer(200, { ...SESSION, status: 'paid' });
    stops.push((await confirmPurchase(document, { search: `?session_id=${ID}`, fetch: never })).stop);
    await vi.advanceTimersByTimeAsync(60_000);
    expect([never.mock.calls.length, order()![2]]).toEqual([6, 'It will be in your confirmation e-mail']);
  });

  it.each([
    ['an open (unpaid) session', 200, { ...SESSION, status: 'open' }, 'unpaid', 'Tu pago no está confirmado', true],
    ['an expired session', 200, { ...SESSION, status: 'expired' }, 'unpaid', 'Tu pago no está confirmado', true],
    ['a forged id', 404, { status: 'unknown' }, 'unknown', 'No encontramos esta compra', false],
    ['a malformed id', 400, { status: 'malformed' }, 'unknown', 'No encontramos esta compra', false],
    ['a failing server', 503, {}, 'error', 'No pudimos confirmar tu pago', false],
  ])('says so for %s, with no toast', async (_case, status, body, outcome, heading, retry) => {
    mountPage({ page: 'success', lang: 'es' });
    const { outcome: got } = await confirmPurchase(document, { search: `?session_id=${ID}`, fetch: answer(status, body) });
    expect([got, said(), order()]).toEqual([outcome, { heading, toast: false, retry }, null]);
    expect(document.querySelector('[data-purchase-lead]')!.textContent).not.toBe('');
    expect(document.querySelector('[data-progress]')!.getAttribute('aria-valuenow')).toBe('0');
  });

  it('offers the way back to the product for an unpaid session, never a link off the site', async () => {
    mountPage({ page: 'success', lang: 'en' });
    await confirmPurchase(document, {
      search: `?session_id=${ID}`,
      fetch: answer(200, { ...SESSION, status: 'open', cancelPath: '/en/product/revit' }),
    });
    expect(document.querySelector('[data-purchase-retry]')!.getAttribute('href')).toBe('/en/product/revit');
    mountPage({ page: 'success', lang: 'en' });
    await confirmPurchase(document, {
      search: `?session_id=${ID}`,
      fetch: answer(200, { ...SESSION, status: 'open', cancelPath: '//evil.example/x' }),
    });
    expect(document.querySelector('[data-purchase-retry]')!.getAttribute('href')).toBe('/en/marketplace');
    expect([
      sitePath('/es/x'),
      sitePath('//evil.example'),
      sitePath('/\\evil.example'),
      sitePath('https://evil.example'),
      sitePath(3),
    ]).toEqual(['/es/x', undefined, undefined, undefined, undefined]);
  });

  it('does not call the API without a session id, or when the network fails', async () => {
    mountPage({ page: 'success', lang: 'en' });
    const get = answer(200, {});
    expect((await confirmPurchase(document, { search: '', fetch: get })).outcome).toBe('unknown');
    expect(get).not.toHaveBeenCalled();
    const failing = vi.fn(async () => Promise.reject(new TypeError('offline')));
    expect((await confirmPurchase(document, { search: `?session_id=${ID}`, fetch: failing })).outcome).toBe('error');
  });
});

describe('embedded test checkout page', () => {
  it('says it is a test, shows the order from the server and pays it, then goes to the success page', async () => {
    mountPage({ page: 'testCheckout', lang: 'es' });
    expect(document.querySelector('.test-banner')!.textContent).toContain('MODO DE PRUEBA');
    expect(document.querySelector('[data-checkout-summary]')!.hasAttribute('hidden')).toBe(true);
    const calls: [string, RequestInit | undefined][] = [];
    const get = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push([href(url), init]);
      const body = href(url).endsWith('/pay') ? { ...SESSION, status: 'paid', successPath: `/es/success?session_id=${ID}` } : SESSION;
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const go = vi.fn();
    await startTestCheckout(document, { search: `?session_id=${ID}`, go, fetch: get });
    expect(document.querySelector('[data-checkout-product]')!.textContent).toBe('Revit');
    expect(document.querySelector('[data-checkout-amount]')!.textContent).toBe('199\u00a0US$');
    expect(document.querySelector('[data-checkout-cancel]')!.getAttribute('href')).toBe('/es/producto/revit');
    // Without an e-mail, or with one that is not an address, it says so and sends nothing.
    const email = document.querySelector<HTMLInputElement>('#checkout-email')!;
    for (const value of ['', 'no es un correo']) {
      email.value = value;
      document.querySelector<HTMLButtonElement>('[data-checkout-pay]')!.click();
      await vi.waitFor(() =>
        expect(document.querySelector('[data-checkout-error]')!.textContent).toBe(textsIn('es')('host.testCheckout.emailInvalid')),
      );
      expect(email.getAttribute('aria-invalid')).toBe('true');
    }
    expect(calls).toHaveLength(1);
    email.value = 'ana@example.com';
    document.querySelector<HTMLButtonElement>('[data-checkout-pay]')!.click();
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(`/es/success?session_id=${ID}`));
    expect(calls.map(([url, init]) => [url, init?.method ?? 'GET', init?.body])).toEqual([
      [`/api/checkout/session?id=${ID}`, 'GET', undefined],
      ['/api/checkout/test/pay', 'POST', JSON.stringify({ id: ID, email: 'ana@example.com' })],
    ]);
  });

  it.each([
    ['an unknown session', 404, {}, 'Este pago de prueba no existe. Vuelve al catálogo y empieza de nuevo.'],
    ['an expired session', 200, { ...SESSION, status: 'expired' }, 'Este pago de prueba caducó. Vuelve al producto y empieza de nuevo.'],
    ['a paid session', 200, { ...SESSION, status: 'paid' }, 'Este pedido ya está pagado.'],
  ])('offers no pay button for %s and says why', async (_case, status, body, message) => {
    mountPage({ page: 'testCheckout', lang: 'es' });
    await startTestCheckout(document, { search: `?session_id=${ID}`, go: vi.fn(), fetch: answer(status, body) });
    expect(document.querySelector('[data-checkout-status]')!.textContent).toBe(message);
    expect(document.querySelector<HTMLElement>('[data-checkout-actions]')!.hidden).toBe(true);
    expect(document.querySelector<HTMLElement>('[data-checkout-catalogue]')!.hidden).toBe(false);
  });

  it('says a link without a session is unknown, without asking the API', async () => {
    mountPage({ page: 'testCheckout', lang: 'es' });
    const get = answer(200, SESSION);
    await startTestCheckout(document, { search: '', go: vi.fn(), fetch: get });
    expect(get).not.toHaveBeenCalled();
    expect(document.querySelector('[data-checkout-status]')!.textContent).toBe(
      'Este pago de prueba no existe. Vuelve al catálogo y empieza de nuevo.',
    );
    expect(document.querySelector<HTMLElement>('[data-checkout-catalogue]')!.hidden).toBe(false);
  });

  it('says so when paying fails, and the button works again (en)', async () => {
    mountPage({ page: 'testCheckout', lang: 'en' });
    let pays = 0;
    const get = vi.fn(async (url: string | URL | Request) => {
      if (href(url).endsWith('/pay')) pays += 1;
      return href(url).endsWith('/pay')
        ? new Response('{}', { status: 500 })
        : new Response(JSON.stringify({ ...SESSION, lang: 'en' }), { status: 200 });
    });
    const go = vi.fn();
    await startTestCheckout(document, { search: `?session_id=${ID}`, go, fetch: get });
    const pay = document.querySelector<HTMLButtonElement>('[data-checkout-pay]')!;
    expect(pay.textContent).toBe('Pay (test)');
    document.querySelector<HTMLInputElement>('#checkout-email')!.value = 'ana@example.com';
    pay.click();
    await vi.waitFor(() =>
      expect(document.querySelector('[data-checkout-error]')!.textContent).toBe(
        'We could not complete the test payment. Please try again.',
      ),
    );
    expect([pay.textContent, pay.hasAttribute('aria-disabled'), go.mock.calls.length]).toEqual(['Pay (test)', false, 0]);
    pay.click();
    await vi.waitFor(() => expect(pays).toBe(2));
  });
});
