// Working leads in the console, in Chromium against the real API (issue 29), in es and en: a
// follow-up set on a lead, seen due in the badge and the queue, and the morning e-mail with the
// API's clock moved; a saved view opened again; 25 leads bulk-assigned and the change undone by
// another; the keyboard shortcuts; the phone layout; axe on each new screen.
// OBRA_SCREENSHOTS=<folder> also saves the screens (phone and desktop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createOperator, PASSWORD } from '../server/support/admin.ts';
import { outboxMails } from '../server/support/api.ts';
import { isTo, subjectOf } from '../server/support/mail.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { ADMIN, showFilters, signIn, startConsolePlatform } from './support/console.ts';
import { look, SIZES } from './support/screens.ts';
import { gate } from './support/server.ts';

const browser = useBrowser({ viewport: SIZES.desktop, locale: 'es-ES', reducedMotion: 'reduce', acceptDownloads: true });
/** The API's clock: the real one until a test moves it. */
let clock: number | undefined;
let platform: Awaited<ReturnType<typeof startConsolePlatform>>;
const LUIS = 'luis@example.com';

const db = () => platform.api.db;
const leadId = async (name: string) => (await db().query<{ id: string }>('select id from lead where name = $1', [name]))[0]!.id;

beforeAll(async () => {
  platform = await startConsolePlatform({ MAIL_RETRY_MS: '200' }, { now: () => clock ?? Date.now() });
  // Luis works in English from Madrid; Ana (the admin) in Spanish on the company's time (Bogotá).
  await createOperator(db(), LUIS, 'agent');
  await db().query("update admin_user set lang = 'en', time_zone = 'Europe/Madrid' where email = $1", [LUIS]);
  await db().query(
    `insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang)
     select now() - make_interval(hours => n), 'cliente', case when n <= 25 then 'Lote ' else 'Otro ' end || n, 'w' || n || '@example.com',
       '+57 300 000 ' || lpad(n::text, 4, '0'), 'Casa de dos pisos', 'h', 'es' from generate_series(1, 40) n`,
  );
});
afterAll(() => platform?.close());

/** A page signed in as `email`; `apart` opens it in a context of its own (a second operator in one test). */
const as = async (email: string, { apart = false } = {}) => {
  const page = apart
    ? await (await browser.context.browser()!.newContext({ locale: 'es-ES', viewport: SIZES.desktop })).newPage()
    : await browser.newPage();
  await signIn(page, platform.origin, email, email === ADMIN.email ? ADMIN.password : PASSWORD);
  return page;
};

describe.each([
  {
    lang: 'es',
    email: ADMIN.email,
    lead: 'Otro 30',
    words: {
      tomorrow: 'Mañana a las 9:00',
      save: 'Guardar el seguimiento',
      saved: 'Seguimiento guardado.',
      due: /^1 seguimiento para hoy, 0 atrasados$/,
      subject: 'Obra — tareas para hoy: 1',
      timeline: 'Seguimiento para el',
      today: 'Para hoy',
      // The chosen date in the operator's words, under the field that draws it in the browser's format.
      spelled: /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}, 9:00\sa\.\s?m\., hora de \S+$/,
    },
  },
  {
    lang: 'en',
    email: LUIS,
    lead: 'Otro 31',
    words: {
      tomorrow: 'Tomorrow at 9:00',
      save: 'Save the follow-up',
      saved: 'Follow-up saved.',
      due: /^1 follow-up due today, 0 overdue$/,
      subject: 'Obra — tasks due today: 1',
      timeline: 'Follow-up due',
      today: 'Due today',
      spelled: /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{1,2} [A-Z][a-z]+ \d{4} at 09:00, \S+ time$/,
    },
  },
] as const)('a follow-up ($lang)', ({ lang, email, lead, words }) => {
  it('is set on a lead, shows in the badge and the queue when due, and comes in the morning e-mail (clock moved)', async () => {
    clock = undefined;
    const page = await as(email);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page.goto(`${platform.origin}/admin/leads/${await leadId(lead)}`);
    await page.getByRole('button', { name: words.tomorrow }).click();
    await expect.poll(() => page.locator('#follow-up-zone').textContent()).toMatch(words.spelled);
    await page.locator('#follow-up-note').fill(lang === 'es' ? 'Llamar por el techo' : 'Call about the roof');
    await page.getByRole('button', { name: words.save }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: words.saved }).count()).toBe(1);
    await page.locator('.timeline', { hasText: words.timeline }).waitFor();
    // Nobody had the lead: it is now the operator's.
    const [row] = await db().query<{ follow_up_at: Date; email: string }>(
      'select l.follow_up_at, u.email from lead l join admin_user u on u.id = l.assignee where l.name = $1',
      [lead],
    );
    expect(row!.email).toBe(email);
    expect(await page.locator('#lead-assignee').inputValue()).not.toBe('');
    // 08:05 that morning in the operator's zone: due today, and the morning e-mail goes.
    clock = row!.follow_up_at.getTime() - 55 * 60_000;
    await page.reload();
    const badge = page.locator('a.due-badge');
    await expect.poll(() => badge.getAttribute('aria-label')).toMatch(words.due);
    await look(page, `console-work-lead-${lang}`, { fullPage: true });
    await badge.click();
    await expect.poll(() => new URL(page.url()).search).toBe('?assignee=me&due=today&sort=follow_up');
    await expect.poll(() => page.locator('table.leads tbody th').allTextContents()).toEqual([lead]);
    expect(await page.getByRole('link', { name: words.today, exact: true }).getAttribute('aria-current')).toBe('page');
    await look(page, `console-work-queue-${lang}`);
    await expect
      .poll(
        () =>
          outboxMails(platform.dataDir, 'follow-up-')
            .filter((eml) => isTo(eml, email))
            .map(subjectOf),
        { timeout: 10_000 },
      )
      .toEqual([words.subject]);
  });
});

describe.each([
  { lang: 'es', email: ADMIN.email, name: 'Nuevos sin asignar', saved: 'Vista guardada.' },
  { lang: 'en', email: LUIS, name: 'New, nobody’s', saved: 'View saved.' },
] as const)('a saved view ($lang)', ({ email, name, saved }) => {
  it('keeps the filter and sort it was saved with, applied as they were chosen, and opens them again', async () => {
    const page = await as(email);
    await page.goto(`${platform.origin}/admin/leads`);
    await page.locator('table.leads').waitFor();
    await showFilters(page);
    // Choices apply at once, without a button.
    await page.locator('#f-kind').selectOption('wait-list');
    await expect.poll(() => new URL(page.url()).search).toBe('?kind=wait-list');
    await page.locator('#f-assignee').selectOption('none');
    await expect.poll(() => new URL(page.url()).search).toBe('?kind=wait-list&assignee=none');
    await page.locator('thead button.sort', { hasText: /^(Estado|Status)/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?kind=wait-list&assignee=none&sort=status');
    await page.locator('#view-name').fill(name);
    await page.locator('#view-name').press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: saved }).count()).toBe(1);
    await page.goto(`${platform.origin}/admin/leads`);
    await page.getByRole('link', { name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?kind=wait-list&assignee=none&sort=status');
    expect(await page.locator('#f-kind').inputValue()).toBe('wait-list');
    expect(await page.locator('#f-assignee').inputValue()).toBe('none');
    expect(await page.locator('th[aria-sort]').textContent()).toMatch(/^(Estado|Status)/);
  });
});

describe('bulk work', () => {
  it('assigns 25 leads to a colleague, then undoes it by a second bulk change; each lead’s timeline has both', async () => {
    const page = await as(ADMIN.email);
    await page.goto(`${platform.origin}/admin/leads?q=lote`);
    await expect.poll(() => page.locator('table.leads tbody tr').count()).toBe(25);
    await page.getByRole('checkbox', { name: 'Seleccionar todos los de esta página' }).check();
    const bar = page.getByRole('region', { name: 'Acciones sobre la selección' });
    await expect.poll(() => bar.locator('.bulk-count strong').textContent()).toBe('25 seleccionados');
    await bar.getByLabel('Asignar a').selectOption({ label: LUIS });
    await bar.getByRole('button', { name: 'Aplicar la asignación' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Cambiados: 25 contactos, a «luis@example.com».' }).count()).toBe(1);
    const assigned = () =>
      db().query<{ n: number }>(
        "select count(*)::int as n from lead l join admin_user u on u.id = l.assignee where u.email = $1 and l.name like 'Lote %'",
        [LUIS],
      );
    expect(await assigned()).toEqual([{ n: 25 }]);
    await expect.poll(() => page.locator('table.leads tbody td', { hasText: LUIS }).count()).toBe(25);
    await look(page, 'console-work-bulk-es');
    // The selection stays: the same 25 go back to nobody.
    await bar.getByLabel('Asignar a').selectOption({ label: 'Nadie (sin asignar)' });
    await bar.getByRole('button', { name: 'Aplicar la asignación' }).click();
    await expect.poll(async () => (await assigned())[0]!.n).toBe(0);
    expect(await db().query("select count(*)::int as n from lead where assignee is not null and name like 'Lote %'")).toEqual([{ n: 0 }]);
    await page.goto(`${platform.origin}/admin/leads/${await leadId('Lote 7')}`);
    await expect
      .poll(() => page.locator('.timeline li').allTextContents())
      .toEqual([
        expect.stringContaining('Recibido'),
        expect.stringContaining(`Asignado a ${LUIS}`),
        expect.stringContaining('Sin asignar'),
      ]);
  });

  it('offers deletion to admins only, after a confirmation', async () => {
    const agent = await as(LUIS);
    await agent.goto(`${platform.origin}/admin/leads?q=lote 2`);
    await agent.getByRole('checkbox', { name: 'Select every lead on this page' }).check();
    await agent.getByRole('region', { name: 'Actions on the selection' }).waitFor();
    expect(await agent.getByRole('button', { name: 'Delete the selection' }).count()).toBe(0);
    const admin = await as(ADMIN.email, { apart: true });
    await admin.goto(`${platform.origin}/admin/leads?q=lote 2`);
    await admin.getByRole('checkbox', { name: 'Seleccionar a Lote 21' }).check();
    await admin.getByRole('checkbox', { name: 'Seleccionar a Lote 22' }).check();
    await admin.getByRole('button', { name: 'Borrar la selección' }).click();
    await admin.getByText('¿Borrar 2 contactos para siempre?').waitFor();
    await admin.getByRole('button', { name: 'Sí, borrarlos' }).click();
    await expect.poll(() => admin.getByRole('status').filter({ hasText: 'Borrados: 2 contactos.' }).count()).toBe(1);
    expect(await db().query("select name from lead where name in ('Lote 21', 'Lote 22')")).toEqual([]);
  });
});

describe("the operators' list arriving after the screen", () => {
  it("shows the lead's assignee when the operators' list comes after the lead (else saving would unassign it)", async () => {
    const page = await as(ADMIN.email);
    const id = await leadId('Otro 39');
    const [admin] = await db().query<{ id: string }>('select id from admin_user where email = $1', [ADMIN.email]);
    await db().query('update lead set assignee = $1 where id = $2', [admin!.id, id]);
    // The list is held until the lead is on the screen.
    const users = gate();
    await page.route('**/api/admin/users', async (route) => {
      await users.hold;
      await route.continue();
    });
    await page.goto(`${platform.origin}/admin/leads/${id}`);
    await page.locator('h1', { hasText: 'Otro 39' }).waitFor();
    users.open();
    await expect.poll(() => page.locator('#lead-assignee').inputValue(), { timeout: 5000 }).toBe(admin!.id);
    await page.unroute('**/api/admin/users');
  });

  it("keeps the inbox's assignee filter from the address when the operators' list comes after it", async () => {
    const page = await as(ADMIN.email);
    const [luis] = await db().query<{ id: string }>('select id from admin_user where email = $1', [LUIS]);
    // The list is held until the inbox has shown its filters.
    const users = gate();
    await page.route('**/api/admin/users', async (route) => {
      await users.hold;
      await route.continue();
    });
    await page.goto(`${platform.origin}/admin/leads?assignee=${luis!.id}`);
    await page.locator('#f-assignee').waitFor({ state: 'attached' });
    users.open();
    await expect.poll(() => page.locator('#f-assignee option:checked').textContent(), { timeout: 5000 }).toBe(LUIS);
    expect(await page.locator('#f-assignee').inputValue()).toBe(luis!.id);
    await page.unroute('**/api/admin/users');
  });
});

describe('keyboard', () => {
  it('lists the shortcuts on "?", and walks, selects, opens and works a lead without the mouse', async () => {
    const page = await as(ADMIN.email);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Atajos de teclado' });
    await dialog.waitFor();
    expect(await dialog.locator('tbody tr').count()).toBe(14);
    await expectNoAxeViolations(page, 'shortcuts dialog (es)');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.keyboard.press('g');
    await page.keyboard.press('i');
    await page.locator('table.leads').waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('f-q');
    await page.keyboard.type('otro');
    await expect.poll(() => new URL(page.url()).search).toBe('?q=otro');
    // The list of the search, not the one it replaces, before walking it.
    await expect
      .poll(() => page.locator('table.leads tbody th').allTextContents())
      .toSatisfy((names: string[]) => names.length > 1 && names.every((name) => name.startsWith('Otro ')));
    await page.locator('#f-q').blur();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    const second = await page.locator('table.leads tbody tr').nth(1).locator('th').textContent();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(second);
    await page.keyboard.press('x');
    await expect.poll(() => page.locator('table.leads tbody tr').nth(1).locator('input[type=checkbox]').isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('h1', { hasText: second! }).waitFor();
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('follow-up-at');
    await page.locator('#follow-up-at').blur();
    await page.keyboard.press('u');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/leads');
    await page.locator('table.leads').waitFor();
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await page.locator('h1', { hasText: 'Resumen' }).waitFor();
  });
});

describe('on a phone', () => {
  it('folds the navigation behind a menu button and the filters under one line, and nothing is wider than the screen', async () => {
    const page = await as(ADMIN.email);
    await page.setViewportSize(SIZES.phone);
    await page.goto(`${platform.origin}/admin/leads`);
    await page.locator('table.leads').waitFor();
    const menu = page.getByRole('button', { name: 'Menú' });
    expect(await page.getByRole('link', { name: 'Pedidos' }).isVisible()).toBe(false);
    expect(await page.locator('#f-q').isVisible()).toBe(false);
    const wide = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);
    expect(await wide(page)).toBeLessThanOrEqual(SIZES.phone.width);
    // The brand, the language switch and the menu button on one line (the Spanish words are the longest).
    const top = async (selector: string) => (await page.locator(selector).boundingBox())!.y;
    expect(await top('.topbar .menu-button')).toBe(await top('.topbar .brand'));
    expect(await top('.topbar .lang-button')).toBe(await top('.topbar .brand'));
    await look(page, 'console-work-phone-inbox');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'Pedidos' }).waitFor();
    await expectNoAxeViolations(page, 'phone inbox, menu open (es)');
    await page.getByRole('link', { name: 'Preferencias' }).click();
    await page.locator('h1', { hasText: 'Preferencias' }).waitFor();
    expect(await page.getByRole('link', { name: 'Pedidos' }).isVisible()).toBe(false);
    expect(await wide(page)).toBeLessThanOrEqual(SIZES.phone.width);
  });
});

describe('axe', () => {
  it.each([
    ['settings', '/admin/settings', '#settings-zone'],
    ['inbox with a selection', '/admin/leads?q=otro', 'table.leads'],
    ['lead with a follow-up', 'FOLLOW-UP', '#follow-up-at'],
  ] as const)('has no violations on the %s screen, in es and en', async (name, path, ready) => {
    const page = await as(ADMIN.email);
    await page.goto(`${platform.origin}${path === 'FOLLOW-UP' ? `/admin/leads/${await leadId('Otro 30')}` : path}`);
    await page.locator(ready).waitFor();
    if (name === 'inbox with a selection') await page.locator('table.leads tbody input[type=checkbox]').first().check();
    for (const lang of ['es', 'en'] as const) {
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expectNoAxeViolations(page, `${name} (${lang})`);
      await look(page, `console-work-${name.replace(/\W+/g, '-')}-${lang}`, { fullPage: true });
      await page.getByRole('button', { name: lang === 'es' ? 'Switch to English' : 'Cambiar a español' }).click();
    }
  });

  it('keeps the settings chosen: the language of the account, the time zone of the times shown', async () => {
    const page = await as(ADMIN.email);
    await page.goto(`${platform.origin}/admin/settings`);
    await page.locator('#settings-zone').selectOption('Asia/Tokyo');
    await page.locator('#settings-lang').selectOption('en');
    await page.getByRole('button', { name: 'Guardar las preferencias' }).click();
    await page.locator('h1', { hasText: 'Settings' }).waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Settings saved.' }).count()).toBe(1);
    expect(await db().query('select lang, time_zone from admin_user where email = $1', [ADMIN.email])).toEqual([
      { lang: 'en', time_zone: 'Asia/Tokyo' },
    ]);
    await page.goto(`${platform.origin}/admin/leads/${await leadId('Otro 30')}`);
    await page.getByText('Asia/Tokyo time').waitFor();
    await db().query('update admin_user set lang = null, time_zone = null where email = $1', [ADMIN.email]);
  });
});
