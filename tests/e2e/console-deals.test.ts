// Deals in the console, in Chromium against the real API (issue 40), in es and en: a design report
// turned into a deal with its amount and currency taken from the estimate, moved across the board
// by dragging its card (mouse) and by its "Move to" list (keyboard, the result announced), won by
// dropping it on the row of stages (which also brings the off-screen lost column into view); the
// dashboard's won revenue shows it in its table; a filter over thousands of deals shows capped
// counts ("N+") and says so; an admin names the pipeline's stages in every language. OBRA_SCREENSHOTS=<folder> also saves the board
// and the deal (phone and desktop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { insertReport } from '../server/support/admin.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { signIn, startConsolePlatform } from './support/console.ts';
import { look, SIZES } from './support/screens.ts';

const browser = useBrowser({ viewport: SIZES.desktop, locale: 'es-ES', reducedMotion: 'reduce' });
let platform: Awaited<ReturnType<typeof startConsolePlatform>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  platform = await startConsolePlatform();
  for (const [nombre, expected, currency] of [
    ['Rosa Informe', 1500000, 'USD'],
    ['Rose Report', 850000000, 'COP'],
  ] as const) {
    const id = await insertReport(platform.api.db, { nombre, correo: `${expected}@example.com` });
    ids[nombre] = id;
    await platform.api.db.query(
      `update lead set estimate = jsonb_build_object('low', $2::numeric * 0.8, 'expected', $2::numeric, 'high', $2::numeric * 1.2, 'currency', $3::text,
         'weeks', 30, 'drivers', '[]'::jsonb, 'country', 'CO', 'fallback', false) where id = $1`,
      [id, expected, currency],
    );
  }
});
afterAll(() => platform?.close());

/** The board's column of stage `name`. */
const column = (page: Page, name: string) =>
  page.locator('section.board-column').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe.each([
  {
    lang: 'es',
    lead: 'Rosa Informe',
    amount: '1500000',
    currency: 'USD',
    w: {
      open: 'Abrir el negocio',
      opened: 'Negocio abierto.',
      nav: 'Negocios',
      first: 'Nuevo',
      dragTo: 'Visita de obra',
      keyTo: 'Cotización enviada',
      key: 'C',
      won: 'Ganado',
      lost: 'Perdido',
      stages: 'Etapas',
      deals: 'negocio',
      moved: 'Rosa Informe pasó a Cotización enviada.',
      event: 'Negocio ganado',
      revenue: 'Ingresos ganados por mes',
      money: /1\.500\.000/,
      dashboard: 'Resumen',
      many: 'Muchos negocios cumplen este filtro',
      last: 'Negociación',
    },
  },
  {
    lang: 'en',
    lead: 'Rose Report',
    amount: '850000000',
    currency: 'COP',
    w: {
      open: 'Open the deal',
      opened: 'Deal opened.',
      nav: 'Deals',
      first: 'New',
      dragTo: 'Site visit',
      keyTo: 'Quote sent',
      key: 'Q',
      won: 'Won',
      lost: 'Lost',
      stages: 'Stages',
      deals: 'deal',
      moved: 'Rose Report moved to Quote sent.',
      event: 'Deal won',
      revenue: 'Won revenue by month',
      money: /850,000,000/,
      dashboard: 'Dashboard',
      many: 'Many deals match this filter',
      last: 'Negotiation',
    },
  },
])('a deal in $lang', ({ lang, lead, amount, currency, w }) => {
  it('opens from the estimate, moves by drag and by keyboard, is won, and counts as won revenue', async () => {
    const page = await browser.newPage();
    await signIn(page, platform.origin);
    if (lang === 'en') {
      await page.getByRole('button', { name: 'Switch to English' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    }
    await page.goto(`${platform.origin}/admin/leads/${ids[lead]}`);
    // The amount and currency come from the estimate.
    await expect.poll(() => page.locator('#deal-amount').inputValue()).toBe(amount);
    expect(await page.locator('#deal-currency').inputValue()).toBe(currency);
    await page.locator('#deal-title').fill('<img src=x onerror=alert(1)>');
    await page.getByRole('button', { name: w.open }).click();
    await page.getByText(w.opened).waitFor();
    await look(page, `deal-lead-${lang}`, { fullPage: true });

    // The board: the card in the first column, dragged with the mouse to the site visit.
    await page.getByRole('navigation').getByRole('link', { name: w.nav, exact: true }).click();
    const card = (name: string) => column(page, name).locator('li.deal-card', { hasText: lead });
    await card(w.first).waitFor();
    // The title is text, not markup.
    expect(await card(w.first).locator('.deal-title').textContent()).toBe('<img src=x onerror=alert(1)>');
    expect(await page.locator('.deal-card img').count()).toBe(0);
    await card(w.first).dragTo(column(page, w.dragTo));
    await card(w.dragTo).waitFor();
    expect(await column(page, w.dragTo).locator('.column-totals').textContent()).toMatch(w.money);

    // By keyboard: Tab to the card's "Move to" list and type the stage's first letter.
    const move = card(w.dragTo).locator('select.deal-move');
    await move.focus();
    await page.keyboard.press(w.key);
    await card(w.keyTo).waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: w.moved }).count()).toBe(1);
    await look(page, `deals-board-${lang}`, { fullPage: true });
    // The row of stages above the board fits the screen, where the won and lost columns do not
    // (1280 px): a card dropped on a stage there moves to it; a stage pressed brings its column
    // into view, its heading focused.
    const stagesRow = page.getByRole('navigation', { name: w.stages });
    const inView = (name: string) =>
      column(page, name).evaluate((section) => {
        const box = section.getBoundingClientRect();
        return box.left >= 0 && box.right <= document.documentElement.clientWidth;
      });
    expect(await inView(w.lost)).toBe(false);
    // Each stage is heard with its count in words ("Won 1 deal"), seen as a number.
    const stage = (name: string) => stagesRow.getByRole('button', { name: new RegExp(`^${name} \\d[\\d.,]*\\+? ${w.deals}`) });
    const count = async (name: string) => Number((await stage(name).locator('.count').textContent())!.replace(/\D/g, ''));
    const wonBefore = await count(w.won);
    await card(w.keyTo).dragTo(stage(w.won));
    await card(w.won).waitFor();
    await expect.poll(() => count(w.won)).toBe(wonBefore + 1);
    await stage(w.lost).click();
    await expect.poll(() => inView(w.lost)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(w.lost);
    await expectNoAxeViolations(page, `deals board with its row of stages (${lang})`);
    await look(page, `deals-board-stages-${lang}`);

    // The lead's timeline says it was won; the dashboard's table has the amount.
    await page.goto(`${platform.origin}/admin/leads/${ids[lead]}`);
    await page.locator('ol.timeline li', { hasText: w.event }).waitFor();
    await page.goto(`${platform.origin}/admin`);
    await page.locator('h1', { hasText: w.dashboard }).waitFor();
    const chart = page.locator('figure.chart').filter({ has: page.locator('figcaption', { hasText: w.revenue }) });
    await chart.locator('summary').click();
    // The table's row of the currency: its deals and amount (polled: the figures load after the page).
    const cells = () =>
      chart
        .locator('tbody tr', { hasText: currency })
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')))
        .then((rows) => rows[0] ?? []);
    await expect.poll(async () => (await cells())[2]).toBe('1');
    expect((await cells())[3]).toMatch(w.money);

    // A filter over thousands of deals: its counts stop at a cap, marked "+" and said above the board.
    await platform.api.db.query(
      `insert into deal (lead_id, stage_id, amount, currency, close_date, kind, stage_at)
       select $1, (select id from deal_stage where names->>'en' = 'Negotiation'), 1, 'USD', '2026-05-01', 'report', timestamptz '2025-01-01' + make_interval(mins => n)
       from generate_series(1, 2500) n`,
      [ids[lead]],
    );
    await page.goto(`${platform.origin}/admin/deals?kind=report`);
    await page.getByText(w.many).waitFor();
    expect(await column(page, w.last).locator('.column-totals').textContent()).toMatch(/^\d{1,3}[.,]\d{3}\+ /);
    const capped = page.getByRole('navigation', { name: w.stages }).getByRole('button', { name: new RegExp(`^${w.last} `) });
    expect(await capped.locator('.count').textContent()).toMatch(/^\d{1,3}[.,]\d{3}\+$/);
    await look(page, `deals-board-capped-${lang}`);
    await platform.api.db.query("delete from deal where lead_id = $1 and stage_at < '2026-01-01'", [ids[lead]]);
  });
});

describe('the pipeline stages', () => {
  it('are named in every language of the list by an admin, and the board shows the name in the console’s language', async () => {
    const page = await browser.newPage();
    await signIn(page, platform.origin);
    await page.goto(`${platform.origin}/admin/deals`);
    await page.getByText('Etapas del embudo de ventas').click();
    const first = page.getByRole('group', { name: 'Etapa 1' });
    // One field per language, labelled by the language's name (a new language adds its own).
    expect(
      await first
        .getByRole('textbox')
        .evaluateAll((inputs) => (inputs as HTMLInputElement[]).map((input) => input.labels?.[0]?.textContent)),
    ).toEqual(['Nombre (Español)', 'Nombre (Inglés)']);
    await first.getByLabel('Nombre (Español)').fill('Recién llegado');
    await first.getByLabel('Nombre (Inglés)').fill('Just in');
    await page.getByRole('button', { name: 'Agregar una etapa' }).click();
    const added = page.getByRole('group', { name: 'Etapa 6' });
    await added.getByLabel('Nombre (Español)').fill('Diseño');
    await added.getByLabel('Nombre (Inglés)').fill('Design');
    await look(page, 'deal-stages-es', { fullPage: true });
    await page.getByRole('button', { name: 'Guardar las etapas' }).click();
    await page.getByText('Etapas guardadas.').waitFor();
    await column(page, 'Recién llegado').waitFor();
    await column(page, 'Diseño').waitFor();
    // Stored as one value keyed by language code.
    const stored = await platform.api.db.query<{ names: unknown }>('select names from deal_stage order by position');
    expect(stored.map((stage) => stage.names)).toContainEqual({ es: 'Recién llegado', en: 'Just in' });
    expect(stored.map((stage) => stage.names)).toContainEqual({ es: 'Diseño', en: 'Design' });
  });
});
