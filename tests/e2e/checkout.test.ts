// The purchase journey without Stripe keys (issue 19), in real Chromium against the REAL API and
// the built host pages: product page → "Buy licence" → the labelled test checkout → pay → the
// success page confirmed by the server → one order in the database; and cancel goes back. es and en.
// OBRA_SCREENSHOTS=<folder> also saves each screen (phone and desktop) for looking at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsIn } from '../../host/src/texts.ts';
import { useBrowser } from './support/browser.ts';
import { look, SIZES } from './support/screens.ts';
import { startPlatform, type Platform } from './support/platform.ts';

const browser = useBrowser({ viewport: SIZES.desktop, locale: 'en-US', reducedMotion: 'reduce' });
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({}, { slugs: ['revit', 'sketchup'] });
});
afterAll(() => platform?.close());

const TEXT = {
  es: {
    product: '/es/producto/revit',
    buy: 'Comprar licencia',
    badge: 'MODO DE PRUEBA',
    pay: 'Pagar (prueba)',
    cancel: 'Cancelar y volver',
    thanks: 'Gracias por tu compra',
    toast: '¡Compra realizada!',
    amount: '199\u00a0US$',
    order: ['Producto', 'Importe', 'Referencia del pedido'],
  },
  en: {
    product: '/en/product/revit',
    buy: 'Buy licence',
    badge: 'TEST MODE',
    pay: 'Pay (test)',
    cancel: 'Cancel and go back',
    thanks: 'Thank you for your purchase',
    toast: 'Purchase complete!',
    amount: 'US$199',
    order: ['Product', 'Amount', 'Order reference'],
  },
} as const;

const orders = async (session: string) => (await platform.rows('"order"')).filter((row) => row.session_id === session);

describe.each(['es', 'en'] as const)('checkout journey (%s)', (lang) => {
  const t = TEXT[lang];

  it('buys a licence: test checkout, pay, the confirmed success page, one order', async () => {
    const page = await browser.newPage();
    await page.goto(`${platform.origin}${t.product}`);
    const buy = page.getByRole('button', { name: t.buy });
    await buy.waitFor();
    await look(page, `buy-button-${lang}`);
    await buy.click();
    await page.waitForURL(/\/test-checkout\?session_id=cs_local_[a-f0-9]{32}$/);
    const session = new URL(page.url()).searchParams.get('session_id')!;
    expect(page.url()).toBe(`${platform.origin}/${lang}/test-checkout?session_id=${session}`);
    await expect.poll(() => page.locator('[data-checkout-product]').textContent()).toBe('Revit');
    expect(await page.locator('.test-banner strong').textContent()).toBe(t.badge);
    expect(await page.locator('[data-checkout-amount]').textContent()).toBe(t.amount);
    // The order right under the heading: no blank band left for the messages it replaces (it was ~130 px).
    const [heading, order] = await Promise.all([page.locator('h1').boundingBox(), page.locator('[data-checkout-summary]').boundingBox()]);
    expect(order!.y - (heading!.y + heading!.height)).toBeLessThan(40);
    await look(page, `test-checkout-${lang}`);
    expect(await orders(session)).toHaveLength(0);

    // The e-mail the confirmation goes to, found by its label.
    await page.getByLabel(textsIn(lang)('host.testCheckout.email')).fill(`comprador-${lang}@example.com`);
    await page.getByRole('button', { name: t.pay }).click();
    await page.waitForURL(`${platform.origin}/${lang}/success?session_id=${session}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(t.thanks);
    expect(await page.locator('[data-toast] .toast-title').textContent()).toBe(t.toast);
    expect(await page.locator('[data-toast]').isVisible()).toBe(true);
    // What was bought, as the server holds it: product, amount (the catalogue's format) and the order's reference.
    const [row] = await orders(session);
    const summary = page.locator('[data-purchase-order]');
    expect(await summary.isVisible()).toBe(true);
    expect(await summary.locator('dt').allTextContents()).toEqual(t.order);
    expect(await summary.locator('dd').allTextContents()).toEqual(['Revit', t.amount, String(row!.id).slice(0, 8).toUpperCase()]);
    await look(page, `success-paid-${lang}`);
    expect(await orders(session)).toEqual([
      expect.objectContaining({
        provider: 'test',
        slug: 'revit',
        amount: 19900,
        currency: 'usd',
        lang,
        payment_status: 'paid',
        customer_email: `comprador-${lang}@example.com`,
      }),
    ]);

    // Back and paying again (a double submit, a reload) does not make a second order.
    await page.goBack();
    await page.waitForURL(/test-checkout/);
    await expect.poll(() => page.locator('[data-checkout-status]').textContent()).not.toBe('');
    expect(await page.getByRole('button', { name: t.pay }).isVisible()).toBe(false);
    expect(await orders(session)).toHaveLength(1);
  });

  it('cancel goes back to the product; the success page of that unpaid session says it is not confirmed', async () => {
    const page = await browser.newPage();
    await page.goto(`${platform.origin}${t.product}`);
    await page.getByRole('button', { name: t.buy }).click();
    await page.waitForURL(/\/test-checkout\?session_id=/);
    const session = new URL(page.url()).searchParams.get('session_id')!;
    await page.getByRole('link', { name: t.cancel }).click();
    await page.waitForURL(`${platform.origin}${t.product}`);
    await page.goto(`${platform.origin}/${lang}/success?session_id=${session}`);
    await expect
      .poll(() => page.locator('h1').textContent())
      .toBe(lang === 'es' ? 'Tu pago no está confirmado' : 'Your payment is not confirmed');
    expect(await page.locator('[data-toast]').isVisible()).toBe(false);
    expect(await page.locator('[data-purchase-order]').isVisible()).toBe(false);
    await look(page, `success-unpaid-${lang}`);
    await page.goto(`${platform.origin}/${lang}/success?session_id=cs_test_${'F'.repeat(40)}`);
    await expect
      .poll(() => page.locator('h1').textContent())
      .toBe(lang === 'es' ? 'No encontramos esta compra' : 'We could not find this purchase');
    await look(page, `success-forged-${lang}`);
    expect(await orders(session)).toHaveLength(0);
  });
});
