// The console's orders in Chromium against the real API (issue 19): a licence bought through the
// embedded test checkout appears in the orders list, marked as a test; filtered with the filter in
// the URL, opened, and back to the same filter; the CSV of the filter; axe on both screens in es
// and en. OBRA_SCREENSHOTS=<folder> also saves each screen (phone and desktop, es and en).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsIn } from '../../host/src/texts.ts';
import { csvRows } from '../server/support/csv.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { look, SIZES } from './support/screens.ts';
import { signIn, startConsolePlatform } from './support/console.ts';
import type { Platform } from './support/platform.ts';

const browser = useBrowser({ viewport: SIZES.desktop, locale: 'es-ES', reducedMotion: 'reduce', acceptDownloads: true });
let platform: Platform;

beforeAll(async () => {
  platform = await startConsolePlatform({}, { slugs: ['revit'] });
  // Two older orders Stripe reported, so the list shows both providers and both statuses.
  await platform.api.db.query(
    `insert into "order" (created_at, provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email) values
     (now() - interval '2 days', 'stripe', 'evt_e2e_1', 'cs_test_e2eStripePaid0001', 'sketchup', 'SketchUp', 29900, 'usd', 'en', 'paid', 'buyer@example.com'),
     (now() - interval '3 days', 'stripe', 'evt_e2e_2', 'cs_test_e2eStripeOpen0002', 'revit', 'Revit', 19900, 'usd', 'es', 'unpaid', 'late@example.com')`,
  );
});
afterAll(() => platform?.close());

/** Buys Revit as a visitor through the embedded test checkout (checkout.test.ts walks it in detail); its session id. */
async function buyThroughTestCheckout(): Promise<string> {
  const visitor = await browser.newPage();
  await visitor.goto(`${platform.origin}/es/producto/revit`);
  await visitor.getByRole('button', { name: 'Comprar licencia' }).click();
  await visitor.waitForURL(/\/test-checkout\?session_id=cs_local_[a-f0-9]{32}$/);
  const id = new URL(visitor.url()).searchParams.get('session_id')!;
  await visitor.getByLabel(textsIn('es')('host.testCheckout.email')).fill('comprador@example.com');
  await visitor.getByRole('button', { name: 'Pagar (prueba)' }).click();
  await visitor.waitForURL(`${platform.origin}/es/success?session_id=${id}`);
  await visitor.close();
  return id;
}

it('lists an order bought through the test checkout, filters it with the filter in the URL, opens it and goes back to the same filter', async () => {
  const session = await buyThroughTestCheckout();
  const page = await browser.newPage();
  await signIn(page, platform.origin);
  await page.getByRole('link', { name: 'Pedidos', exact: true }).click();
  await page.locator('h1', { hasText: 'Pedidos' }).waitFor();
  const rows = page.locator('table.orders tbody tr');
  await expect.poll(() => rows.count()).toBe(3);
  const first = rows.first();
  expect(await first.locator('th').textContent()).toBe('Revit');
  expect(await first.textContent()).toMatch(/US\$\s199,00/);
  expect(await first.locator('.badge.test').textContent()).toBe('Prueba local, sin cobro');
  expect(await first.textContent()).toContain('Pagado');
  expect(await rows.nth(1).textContent()).toContain('buyer@example.com');
  expect(await page.getByRole('link', { name: /^Sin pagar/ }).textContent()).toBe('Sin pagar 1');

  // Filter by product and by the session id (free text); the filter is the URL.
  await page.locator('#o-product').selectOption('revit');
  await page.locator('#o-q').fill(session.slice(-10));
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).search).toBe(`?product=revit&q=${session.slice(-10)}`);
  await expect.poll(() => rows.count()).toBe(1);

  // Open it by keyboard: every field, the test marked, the way back keeps the filter.
  await first.locator('th a').focus();
  await page.keyboard.press('Enter');
  await page.locator('h1', { hasText: 'Revit' }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/admin\/orders\/[0-9a-f-]{36}$/);
  const fields = page.locator('dl.fields');
  expect(await fields.textContent()).toContain(session);
  for (const label of [
    'Número de pedido',
    'Registrado',
    'Producto',
    'Importe',
    'Moneda',
    'Estado del pago',
    'Proveedor de pago',
    'Correo del comprador',
    'Idioma del comprador',
    'Sesión de pago',
    'Evento del proveedor',
  ]) {
    expect(await fields.locator('dt', { hasText: label }).count(), label).toBeGreaterThan(0);
  }
  expect(await page.locator('.warning').textContent()).toBe('Registrado por el pago de prueba local: no se cobró dinero a nadie.');
  await page.getByRole('link', { name: 'Volver a los pedidos' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe(`?product=revit&q=${session.slice(-10)}`);
  expect(new URL(page.url()).pathname).toBe('/admin/orders');
  await expect.poll(() => page.locator('#o-q').inputValue()).toBe(session.slice(-10));
  await expect.poll(() => rows.count()).toBe(1);
});

it('exports the current filter as CSV', async () => {
  const page = await browser.newPage();
  await signIn(page, platform.origin);
  await page.goto(`${platform.origin}/admin/orders?provider=stripe`);
  await expect.poll(() => page.locator('table.orders tbody tr').count()).toBe(2);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^obra-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  // UTF-8 with its byte-order mark, comma-separated and quoted: what spreadsheets open in columns (docs/operators/console.md).
  const rows = csvRows(await readFile(await file.path()));
  expect(rows[0]).toEqual(
    'id,created_at,provider,event_id,session_id,slug,product,amount,currency,lang,payment_status,customer_email,expected_amount,expected_currency,mailed_at,partner_code,partner_claim,payment_intent,refunded_amount,refunded_at'.split(
      ',',
    ),
  );
  expect(rows.slice(1).map((row) => row[4])).toEqual(['cs_test_e2eStripePaid0001', 'cs_test_e2eStripeOpen0002']);
});

it('speaks English after the toggle, with amounts in the English format', async () => {
  const page = await browser.newPage();
  await signIn(page, platform.origin);
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.locator('h1', { hasText: 'Orders' }).waitFor();
  const first = page.locator('table.orders tbody tr').first();
  await expect.poll(() => first.locator('.badge.test').textContent()).toBe('Local test, no charge');
  expect(await first.textContent()).toContain('US$199.00');
  expect(await first.textContent()).toContain('Paid');
});

it('says a filter in the address is not valid, rather than that the server failed', async () => {
  const page = await browser.newPage();
  await signIn(page, platform.origin);
  await page.goto(`${platform.origin}/admin/orders?status=returned`);
  await expect
    .poll(() => page.locator('[role=alert]').textContent())
    .toBe('Algún valor no es válido (por ejemplo un filtro de la dirección); revíselo o quite los filtros.');
  await page.getByRole('link', { name: 'Quitar filtros' }).click();
  await expect.poll(() => page.locator('table.orders tbody tr').count()).toBeGreaterThanOrEqual(2);
  expect(await page.locator('[role=alert]').count()).toBe(0);
});

describe('axe', () => {
  it.each([
    ['orders', '/admin/orders', 'table.orders'],
    ['order', 'ORDER', 'dl.fields'],
  ] as const)('has no violations on the %s screen, in es and en', async (name, path, ready) => {
    const page = await browser.newPage();
    await signIn(page, platform.origin);
    const [order] = await platform.api.db.query<{ id: string }>('select id from "order" order by created_at desc limit 1');
    await page.goto(`${platform.origin}${path === 'ORDER' ? `/admin/orders/${order!.id}?provider=test` : path}`);
    await page.locator(ready).waitFor();
    for (const lang of ['es', 'en'] as const) {
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expectNoAxeViolations(page, `${name} (${lang})`);
      await look(page, `console-${name}-${lang}`, { fullPage: true });
      if (lang === 'es') await page.getByRole('button', { name: 'Switch to English' }).click();
    }
  });
});

it('shows a refunded order in its own tab, and on its page how much was refunded and when, in es and en', async () => {
  const [refunded] = await platform.api.db.query<{ id: string }>(
    `insert into "order" (created_at, provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email,
       payment_intent, refunded_amount, refunded_at)
     values (now() - interval '5 days', 'stripe', 'evt_e2e_3', 'cs_test_e2eStripeRefunded3', 'sketchup', 'SketchUp', 29900, 'usd', 'es', 'refunded',
       'devuelto@example.com', 'pi_test_e2eRefunded3', 29900, timestamptz '2026-11-20 15:00:00+00')
     returning id`,
  );
  const page = await browser.newPage();
  await signIn(page, platform.origin);
  await page.goto(`${platform.origin}/admin/orders`);
  await page.getByRole('link', { name: /^Reembolsado/ }).click();
  const rows = page.locator('table.orders tbody tr');
  await expect.poll(() => rows.count()).toBe(1);
  expect(await rows.first().textContent()).toContain('devuelto@example.com');
  await page.goto(`${platform.origin}/admin/orders/${refunded!.id}`);
  const note = page.locator('p[role=note]');
  await expect.poll(() => note.textContent()).toMatch(/^Reembolsado en Stripe: US\$\s299,00 el .+, no cuenta en los ingresos\.$/);
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect.poll(() => note.textContent()).toMatch(/^Refunded in Stripe: US\$299\.00 on .+, not counted in the revenue\.$/);
  await expectNoAxeViolations(page, 'a refunded order (en)');
  await look(page, 'console-order-refunded-en', { fullPage: true });
});
