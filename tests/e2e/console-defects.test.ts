// Defects of issue 40 in Chromium against the real API and the built console, in es and en: the
// design's image on the lead page without PUBLIC_URL; call and WhatsApp links for a number typed in
// national form; a bulk change out of the "new" tab said and undone; "All" without spam; the
// inbox (its widest row: a contact message assigned to an operator, in Spanish) and the dashboard
// measured on a 1280 x 900 desktop and a 390 x 844 phone.
// OBRA_SCREENSHOTS=<folder> also saves the screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAs } from '../server/support/admin.ts';
import { postJson, reportOn } from '../server/support/api.ts';
import { seedDashboard } from '../server/support/dashboard.ts';
import { useBrowser } from './support/browser.ts';
import { signIn, startConsolePlatform, ADMIN } from './support/console.ts';
import { look, SIZES } from './support/screens.ts';

const browser = useBrowser({ viewport: SIZES.desktop, locale: 'es-ES', reducedMotion: 'reduce' });
let platform: Awaited<ReturnType<typeof startConsolePlatform>>;
let reportId: string;
const db = () => platform.api.db;

beforeAll(async () => {
  // No PUBLIC_URL: the quick start's setup.
  platform = await startConsolePlatform();
  await seedDashboard(db(), await signInAs(platform.origin, ADMIN.email, ADMIN.password));
  const report = { ...(await reportOn(platform.origin)), nombre: 'Imagen Sin Url', correo: 'imagen@example.com' };
  const sent = await postJson(`${platform.origin}/api/form-report`, report);
  expect(sent.status).toBe(201);
  reportId = ((await sent.json()) as { id: string }).id;
  // A number typed in national form (stored before numbers were sent in international form), and a long comment.
  await db().query(
    `insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang)
     values (now(), 'cliente', 'Nacional Uno', 'nacional@example.com', '321 1863000', $1, 'h', 'es')`,
    [Array.from({ length: 12 }, () => 'Casa de dos pisos con terraza, garaje y jardín').join('. ')],
  );
  // A contact message (the longest kind's name in Spanish) assigned to an operator: the widest row of a first page.
  await db().query(
    `insert into contact (created_at, name, email, message, request_hash, lang) values (now(), 'Mensaje Asignado', 'asignado@example.com', 'Hola', 'h', 'en')`,
  );
  await db().query(`update lead set assignee = (select id from admin_user where email = $1) where name = 'Mensaje Asignado'`, [
    ADMIN.email,
  ]);
  // Three new leads for the bulk change, and one taken for spam.
  await db().query(
    `insert into contact (created_at, name, email, message, request_hash, lang, spam_reason)
     select now() - interval '400 days' + make_interval(mins => n), 'Lote ' || n, 'lote' || n || '@example.com', 'Hola', 'h', 'es',
       case when n = 4 then 'too fast' end from generate_series(1, 4) n`,
  );
});
afterAll(() => platform?.close());

const as = async (lang: 'es' | 'en', viewport: { width: number; height: number } = SIZES.desktop) => {
  const page = await browser.newPage();
  await page.setViewportSize(viewport);
  await signIn(page, platform.origin);
  await page.evaluate((l) => localStorage.setItem('obra-console-lang', l), lang);
  return page;
};

/** What the inbox's layout measures: the list's top, the rows wholly in view, the tallest first-words cell in lines, anything wider than the viewport. */
const inboxLayout = (page: Page) =>
  page.evaluate(() => {
    const rows = [...document.querySelectorAll('table.leads tbody tr')].map((row) => row.getBoundingClientRect());
    const lines = [...document.querySelectorAll<HTMLElement>('td.summary .clamp')].map((cell) =>
      Math.round(cell.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight)),
    );
    return {
      top: document.querySelector('table.leads')!.getBoundingClientRect().top,
      rows: rows.filter((row) => row.bottom <= innerHeight).length,
      lines: Math.max(...lines),
      wide: [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5).length,
    };
  });

describe.each(['es', 'en'] as const)('the defects (%s)', (lang) => {
  it('the design’s image shows on the lead page without PUBLIC_URL', async () => {
    const page = await as(lang);
    await page.goto(`${platform.origin}/admin/leads/${reportId}`);
    const image = page.locator('img.design');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/images\/[\w-]{43}\.(svg|png|jpg|webp)$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });

  it('a phone typed in national form gets its call and WhatsApp links in international form', async () => {
    const page = await as(lang);
    await page.goto(`${platform.origin}/admin/leads?q=nacional`);
    const row = page.locator('table.leads tbody tr', { hasText: 'Nacional Uno' });
    await row.waitFor();
    expect(await row.getByRole('link', { name: '+57 321 1863000' }).getAttribute('href')).toBe('tel:+573211863000');
    expect(await row.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/573211863000');
  });

  it('"All" leaves spam out; 3 leads set to qualified from the "new" tab are said and undone', async () => {
    await db().query("update lead set status = case when name = 'Lote 4' then 'spam' else 'new' end where name like 'Lote %'");
    const page = await as(lang);
    await page.goto(`${platform.origin}/admin/leads?q=lote`);
    await expect.poll(() => page.locator('table.leads tbody th').allTextContents()).toEqual(['Lote 3', 'Lote 2', 'Lote 1']);
    await page.goto(`${platform.origin}/admin/leads?q=lote&status=new`);
    await expect.poll(() => page.locator('table.leads tbody tr').count()).toBe(3);
    await page
      .getByRole('checkbox', { name: lang === 'es' ? 'Seleccionar todos los de esta página' : 'Select every lead on this page' })
      .check();
    const bar = page.getByRole('region', { name: lang === 'es' ? 'Acciones sobre la selección' : 'Actions on the selection' });
    await bar.getByLabel(lang === 'es' ? 'Cambiar el estado a' : 'Change the status to').selectOption('qualified');
    await bar.getByRole('button', { name: lang === 'es' ? 'Aplicar el estado' : 'Apply the status' }).click();
    const said = lang === 'es' ? 'Cambiados: 3 contactos, a «Calificado».' : 'Changed: 3 leads, to “Qualified”.';
    await expect.poll(() => page.getByRole('status').filter({ hasText: said }).count()).toBe(1);
    // They left the "new" tab; what was done and its undo stay.
    await expect.poll(() => page.locator('table.leads tbody tr').count()).toBe(0);
    await look(page, `console-defects-undo-${lang}`);
    await page.getByRole('button', { name: lang === 'es' ? 'Deshacer' : 'Undo' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: lang === 'es' ? 'Deshecho: 3 contactos' : 'Undone: 3 leads' })
          .count(),
      )
      .toBe(1);
    expect(
      await db().query("select status, count(*)::int as n from lead where name like 'Lote %' group by status order by status"),
    ).toEqual([
      { status: 'new', n: 3 },
      { status: 'spam', n: 1 },
    ]);
    await expect.poll(() => page.locator('table.leads tbody tr').count()).toBe(3);
  });

  it('the inbox on a 1280 x 900 desktop: the list high, a dozen rows, first words in 2 lines, nothing cut at the right', async () => {
    const page = await as(lang);
    await page.goto(`${platform.origin}/admin/leads`);
    await page.locator('table.leads tbody tr').first().waitFor();
    const layout = await inboxLayout(page);
    expect(layout.top).toBeLessThan(400);
    expect(layout.rows).toBeGreaterThanOrEqual(12);
    expect(layout.lines).toBe(2);
    expect(layout.wide).toBe(0);
    await look(page, `console-defects-inbox-${lang}`);
    await page.setViewportSize(SIZES.phone);
    expect((await inboxLayout(page)).wide).toBe(0);
  });

  it('the dashboard on a phone: the revenue never breaks inside a figure, the labels never meet, the funnel on one scale', async () => {
    const page = await as(lang, SIZES.phone);
    await page.goto(`${platform.origin}/admin`);
    await page.locator('.charts').waitFor();
    const measured = await page.evaluate(() => {
      const amounts = [...document.querySelectorAll('.totals dd .nowrap')].map((span) => span.getClientRects().length);
      const labels = [...document.querySelectorAll('.column-label')]
        .filter((label) => label.textContent)
        .map((label) => {
          const range = document.createRange();
          range.selectNodeContents(label);
          return range.getBoundingClientRect();
        });
      const overlaps = labels.filter((box, i) => i > 0 && box.left < labels[i - 1]!.right && box.top === labels[i - 1]!.top).length;
      // The funnel: its first chart of bars after the one per week.
      const funnel = document.querySelectorAll('.bars')[0]!;
      const bars = [...funnel.querySelectorAll('li')].map((li) => ({
        track: li.querySelector('.bar-track')!.getBoundingClientRect().width,
        fill: li.querySelector('.bar-fill')!.getBoundingClientRect().width,
        n: Number(/^\d+/.exec(li.querySelector('.bar-value')!.textContent)![0]),
      }));
      // Nothing wider than the screen: the page does not scroll sideways.
      return { amounts, overlaps, bars, wide: document.documentElement.scrollWidth > innerWidth };
    });
    expect(measured.amounts.length).toBeGreaterThan(0);
    expect(measured.amounts.every((rects) => rects === 1)).toBe(true);
    expect(measured.overlaps).toBe(0);
    expect(measured.wide).toBe(false);
    const tracks = new Set(measured.bars.map((bar) => Math.round(bar.track)));
    expect(tracks.size).toBe(1);
    const [track] = [...tracks];
    const top = Math.max(...measured.bars.map((bar) => bar.n));
    for (const bar of measured.bars) expect(Math.abs(bar.fill - (track! * bar.n) / top)).toBeLessThan(1.5);
    await look(page, `console-defects-dashboard-${lang}`, { fullPage: true });
  });
});
