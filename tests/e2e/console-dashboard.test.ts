// The dashboard in Chromium against the real API (issue 29): for seeded leads worked through the
// console and seeded orders, every number its tables show (the charts' text alternatives) equals
// the counts taken from the database itself, in es and en, for two ranges; each chart is a figure
// with its summary. OBRA_SCREENSHOTS=<folder> also saves the screen (phone and desktop).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs } from '../server/support/admin.ts';
import { countedDashboard, seedDashboard } from '../server/support/dashboard.ts';
import { useBrowser } from './support/browser.ts';
import { ADMIN, signIn, startConsolePlatform } from './support/console.ts';
import type { Platform } from './support/platform.ts';
import { look, SIZES } from './support/screens.ts';

const browser = useBrowser({ viewport: SIZES.desktop, locale: 'es-ES', reducedMotion: 'reduce' });
let platform: Platform;

beforeAll(async () => {
  platform = await startConsolePlatform();
  await seedDashboard(platform.api.db, await signInAs(platform.origin, ADMIN.email, ADMIN.password));
});
afterAll(() => platform?.close());

/** The rows of the table of the chart titled `title` (opened first), each cell's text. */
async function table(page: Page, title: string): Promise<string[][]> {
  const chart = page.locator('figure.chart').filter({ has: page.locator('figcaption', { hasText: new RegExp(`^${title}$`) }) });
  const details = chart.locator('details.chart-table');
  if (!(await details.evaluate((node) => (node as HTMLDetailsElement).open))) await details.locator('summary').click();
  return chart.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
}

const WORDS = {
  es: {
    perWeek: 'Contactos por semana y tipo',
    funnel: 'Embudo de estados',
    contact: 'Tiempo hasta el primer contacto',
    source: 'Fuente',
    partner: 'Socio',
    campaign: 'Campaña',
    orders: 'Pedidos y cobros',
    none: { source: 'Directo o sin fuente', partner: 'Sin socio', campaign: 'Sin campaña' },
  },
  en: {
    perWeek: 'Leads per week, by kind',
    funnel: 'Status funnel',
    contact: 'Time to first contact',
    source: 'Source',
    partner: 'Partner',
    campaign: 'Campaign',
    orders: 'Orders and revenue',
    none: { source: 'Direct or unknown', partner: 'No partner', campaign: 'No campaign' },
  },
} as const;

async function expectCounted(page: Page, lang: 'es' | 'en', weeks: number, testOrders = false) {
  const counted = await countedDashboard(platform.api.db, weeks, testOrders);
  const w = WORDS[lang];
  const kinds = ['wait-list', 'partner', 'contact', 'report'];
  const perWeek = await table(page, w.perWeek);
  expect(perWeek).toHaveLength(weeks);
  const mondays = Array.from({ length: weeks }, (_, i) =>
    new Date(Date.parse(`${counted.start}T00:00:00Z`) + i * 7 * 864e5).toISOString().slice(0, 10),
  );
  expect(perWeek.map((row) => row.slice(1).map(Number))).toEqual(
    mondays.map((week) => {
      const n = kinds.map((kind) => counted.perWeek.find((row) => row.week === week && row.kind === kind)?.n ?? 0);
      return [...n, n.reduce((a, b) => a + b, 0)];
    }),
  );
  const { funnel, contact } = counted;
  expect((await table(page, w.funnel)).map((row) => Number(row[1]))).toEqual([
    funnel.received,
    funnel.contacted,
    funnel.qualified,
    funnel.won,
    funnel.lost,
  ]);
  expect((await table(page, w.contact)).map((row) => Number(row[1]))).toEqual([...contact.buckets, contact.waiting]);
  for (const dim of ['source', 'partner', 'campaign'] as const) {
    const rows = counted.origins.filter((row) => row.dim === dim);
    expect((await table(page, w[dim])).map((row) => [row[0], Number(row[1])])).toEqual([
      ...rows.map((row) => [row.value, row.n]),
      [w.none[dim], funnel.received - rows.reduce((sum, row) => sum + row.n, 0)],
    ]);
  }
  expect((await table(page, w.orders)).map((row) => Number(row[1]))).toEqual(
    mondays.map((week) => counted.orders.filter((row) => row.week === week).reduce((sum, row) => sum + row.count, 0)),
  );
  const totals = await page.locator('dl.totals dd').allTextContents();
  expect(totals.slice(0, 2).map(Number)).toEqual([funnel.received, funnel.won]);
}

it('shows, in es and en, the numbers the database counts, for the default range and another', async () => {
  const page = await browser.newPage();
  await signIn(page, platform.origin);
  await expectCounted(page, 'es', 12);
  expect(await page.locator('figure.chart').count()).toBe(7);
  // Each chart is a figure named by its caption and described by its summary.
  const figure = page.getByRole('figure', { name: 'Embudo de estados' });
  expect(await figure.getAttribute('aria-describedby')).toBeTruthy();
  await look(page, 'console-dashboard-es', { fullPage: true });
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect.poll(() => page.locator('h1').textContent()).toBe('Dashboard');
  await expectCounted(page, 'en', 12);
  await page.locator('#dashboard-weeks').selectOption('4');
  await expect.poll(() => new URL(page.url()).search).toBe('?weeks=4');
  await expect.poll(() => page.locator('figure.chart').first().locator('tbody tr').count()).toBe(4);
  await expectCounted(page, 'en', 4);
  await look(page, 'console-dashboard-en', { fullPage: true });
  // Test orders (the seed has some) count only when asked: docs/operators/payments.md#test-orders.
  await page.getByRole('checkbox', { name: 'Include test orders' }).check();
  await expect.poll(() => new URL(page.url()).search).toBe('?weeks=4&test=1');
  await expectCounted(page, 'en', 4, true);
  await look(page, 'console-dashboard-test-orders-en');
  await page.getByRole('checkbox', { name: 'Include test orders' }).uncheck();
  await expect.poll(() => new URL(page.url()).search).toBe('?weeks=4');
  await page.getByRole('button', { name: 'Cambiar a español' }).click();
});
