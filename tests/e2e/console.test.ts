// The operators' console in Chromium against the real API: the CLI's first user, sign-in and its
// refusals, a widget's lead in the inbox, filters in the URL, working a lead seen by a second
// session, PDF and CSV downloads, deletion, sign-out, CSRF and origin refusals. axe on each screen:
// console-axe.test.ts.
import { csvRows } from '../server/support/csv.ts';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { console as consoleTexts } from '@obra/i18n/catalogues';
import { DEFAULT_LANG, LANGS } from '@obra/schema';
import { createOperator } from '../server/support/admin.ts';
import { useBrowser } from './support/browser.ts';
import { ADMIN, openInbox, seedInbox, showFilters, signIn, startConsolePlatform } from './support/console.ts';
import { FORMS } from './support/forms.ts';
import type { Platform } from './support/platform.ts';

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'es-ES', reducedMotion: 'reduce', acceptDownloads: true });
let platform: Platform & { cli: { status: number | null; stdout: string } };
let reportId: string;

beforeAll(async () => {
  platform = await startConsolePlatform();
  const db = platform.api.db;
  reportId = await seedInbox(db);
  await createOperator(db, 'lock@example.com', 'agent');
  await createOperator(db, 'cambio@example.com', 'agent');
});
afterAll(() => platform?.close());

const newPage = () => browser.newPage();

it("the CLI made the first user, who signs in; a wrong password is refused in the operator's language", async () => {
  expect(platform.cli).toMatchObject({ status: 0, stdout: expect.stringContaining(`${ADMIN.email} (admin) can sign in at`) });
  const page = await newPage();
  await page.goto(`${platform.origin}/admin/leads/${reportId}`);
  await page.locator('#email').fill(ADMIN.email);
  await page.locator('#password').fill('wrong password');
  await page.locator('form button[type=submit]').click();
  await expect.poll(() => page.locator('[role=alert]').textContent()).toBe('El correo o la contraseña no son correctos.');
  await page.locator('#password').fill(ADMIN.password);
  await page.keyboard.press('Enter');
  // Signed in, the page asked for is the one shown.
  await page.locator('h1', { hasText: 'Rosa Informe' }).waitFor();
});

it('declares its icon, which is served: /admin asks for no missing /favicon.ico, and nothing it loads is a 404', async () => {
  const page = await newPage();
  const failed: string[] = [];
  // Signed out, the session check's 401 is the answer expected; a 404 never is.
  page.on('response', (response) => void (response.status() === 404 && failed.push(response.url())));
  page.on('request', (request) => void (new URL(request.url()).pathname === '/favicon.ico' && failed.push(request.url())));
  await page.goto(`${platform.origin}/admin`);
  await page.locator('#email').waitFor();
  const icon = await page.locator('head link[rel=icon]').getAttribute('href');
  expect(icon).toBe('/img/favicon.svg');
  const served = await fetch(new URL(icon!, platform.origin));
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(failed).toEqual([]);
});

it('says, without JavaScript, that it needs it: in every language, each marked with its own', async () => {
  const context = await browser.context.browser()!.newContext({ javaScriptEnabled: false, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${platform.origin}/admin`);
  for (const lang of LANGS) expect(await page.locator(`noscript p[lang=${lang}]`).textContent()).toBe(consoleTexts[lang].noscript);
  expect(await page.locator('html').getAttribute('lang')).toBe(DEFAULT_LANG);
  await context.close();
});

it('throttles an account after ten wrong passwords from a browser it does not know, and says to wait', async () => {
  const page = await newPage();
  await page.goto(`${platform.origin}/admin`);
  await page.locator('#email').fill('lock@example.com');
  for (let i = 0; i < 10; i += 1) {
    await page.locator('#password').fill(`wrong ${i}`);
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('[role=alert]').textContent()).toBe('El correo o la contraseña no son correctos.');
    await page.locator('[role=alert]').evaluate((node) => (node.textContent = ''));
  }
  await page.locator('#password').fill('correct horse battery');
  await page.locator('form button[type=submit]').click();
  await expect
    .poll(() => page.locator('[role=alert]').textContent())
    .toBe('Demasiados intentos fallidos; espere unos minutos e inténtelo de nuevo.');
});

it('lets an operator change their own password from "Mi cuenta", by keyboard, and says so', async () => {
  const page = await newPage();
  await signIn(page, platform.origin, 'cambio@example.com');
  await page.getByRole('link', { name: 'Mi cuenta' }).click();
  await page.getByRole('heading', { name: 'Su cuenta' }).waitFor();
  await page.getByLabel('Contraseña actual').fill(ADMIN.password);
  await page.getByLabel('Contraseña nueva (al menos 15 caracteres)').fill('corta');
  await page.getByLabel('Repita la contraseña nueva').fill('corta');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('#account-error').textContent()).toMatch(/al menos 15 caracteres/);
  await page.getByLabel('Contraseña nueva (al menos 15 caracteres)').fill('una frase larga para la consola');
  await page.getByLabel('Repita la contraseña nueva').fill('una frase larga para la consola');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.locator('form [role=status]').textContent())
    .toBe('Su contraseña está cambiada. Sus otras sesiones se cerraron.');
  // The new password is the one that signs in now, the old one no longer.
  const signInWith = (password: string) =>
    fetch(`${platform.origin}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: platform.origin },
      body: JSON.stringify({ email: 'cambio@example.com', password }),
    }).then((r) => r.status);
  expect([await signInWith('una frase larga para la consola'), await signInWith(ADMIN.password)]).toEqual([201, 401]);
});

it('shows a lead sent through a widget in the inbox', async () => {
  const form = FORMS.find((f) => f.name === 'wait-list')!;
  const visitor = await newPage();
  await visitor.goto(`${platform.origin}${form.page}`);
  await form.fill(visitor, 'Visitante Consola');
  await form.submit(visitor).click();
  await form.sent(visitor).waitFor();
  const page = await newPage();
  await openInbox(page, platform.origin);
  const first = page.locator('table.leads tbody tr').first();
  await expect.poll(() => first.locator('th').textContent()).toBe('Visitante Consola');
  expect(await first.textContent()).toContain('Lista de espera');
  expect(await first.textContent()).toContain('Nuevo');
});

it('filters and searches with the filter in the URL, pages through, and the back button returns', async () => {
  const page = await newPage();
  await openInbox(page, platform.origin);
  await showFilters(page);
  await page.locator('#f-q').fill('antiguo5');
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).search).toBe('?q=antiguo5');
  await expect
    .poll(() => page.locator('table.leads tbody th').allTextContents())
    .toEqual([
      'Antiguo 5',
      'Antiguo 50',
      'Antiguo 51',
      'Antiguo 52',
      'Antiguo 53',
      'Antiguo 54',
      'Antiguo 55',
      'Antiguo 56',
      'Antiguo 57',
      'Antiguo 58',
      'Antiguo 59',
    ]);
  await page.getByRole('link', { name: /^Spam/ }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('?status=spam&q=antiguo5');
  await page.getByRole('status').filter({ hasText: 'Ningún contacto coincide con estos filtros.' }).waitFor();
  await page.goBack();
  await page.goBack();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await expect.poll(() => page.locator('#f-q').inputValue()).toBe('');
});

it('pages through with the keyset cursor in the URL, and back returns to the first page', async () => {
  const page = await newPage();
  await openInbox(page, platform.origin);
  await showFilters(page);
  await page.locator('#f-kind').selectOption('wait-list');
  await page.locator('.filters button[type=submit]').click();
  await expect.poll(() => page.locator('table.leads tbody tr').count()).toBe(50);
  const firstPage = await page.locator('table.leads tbody th').allTextContents();
  await page.getByRole('link', { name: 'Contactos anteriores' }).click();
  // The rest of the wait list but spam, which "All" leaves to its own tab.
  const [rest] = await platform.api.db.query<{ n: number }>(
    "select count(*)::int - 50 as n from lead where kind = 'wait-list' and status <> 'spam'",
  );
  await expect.poll(() => page.locator('table.leads tbody tr').count()).toBe(rest!.n);
  expect(new URL(page.url()).searchParams.get('after')).toBeTruthy();
  const secondPage = await page.locator('table.leads tbody th').allTextContents();
  expect([...firstPage, ...secondPage]).toHaveLength(new Set([...firstPage, ...secondPage]).size);
  await page.goBack();
  await expect.poll(() => page.locator('table.leads tbody th').allTextContents()).toEqual(firstPage);
});

it('opens a shared URL with its filter', async () => {
  const shared = await newPage();
  await signIn(shared, platform.origin);
  await shared.goto(`${platform.origin}/admin/leads?kind=report`);
  await expect.poll(() => shared.locator('table.leads tbody th').allTextContents()).toEqual(['Rosa Informe']);
  expect(await shared.locator('#f-kind').inputValue()).toBe('report');
});

it('changes status and adds a note, seen by a second signed-in session', async () => {
  const page = await newPage();
  await signIn(page, platform.origin);
  await page.goto(`${platform.origin}/admin/leads/${reportId}`);
  await page.locator('#lead-status').selectOption('contacted');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await page.locator('.timeline', { hasText: 'Estado cambiado a Contactado' }).waitFor();
  await page.locator('#lead-note').fill('Llamar el martes por la tarde');
  await page.getByRole('button', { name: 'Añadir la nota' }).click();
  await page.locator('.timeline', { hasText: 'Nota: Llamar el martes por la tarde' }).waitFor();
  // On a desktop the history runs under the lead's fields, in the wide column, beside the work.
  const box = (selector: string) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
  const [fields, history, work] = await Promise.all(
    ['section[aria-labelledby=fields-title]', 'section[aria-labelledby=timeline-title]', 'section[aria-labelledby=work-title]'].map(box),
  );
  expect(history!.left).toBe(fields!.left);
  expect(history!.top).toBeGreaterThanOrEqual(fields!.bottom);
  expect(history!.top).toBeLessThan(work!.bottom);
  expect(work!.left).toBeGreaterThanOrEqual(history!.right);
  // The report's estimate, in the operator's language: range in the report's currency, weeks.
  const [lead] = await platform.api.db.query<{ estimate: { weeks: number } }>('select estimate from lead where id = $1', [reportId]);
  const weeks = lead!.estimate.weeks;
  const section = (on: Page) => on.locator('section[aria-labelledby=estimate-title]');
  expect(await section(page).textContent()).toMatch(new RegExp(`^EstimaciónRangoCOP.+ – COP.+Plazo${weeks} semanas`));

  const otherContext = await page.context().browser()!.newContext({ locale: 'en-GB' });
  try {
    const other = await otherContext.newPage();
    await signIn(other, platform.origin);
    await other.goto(`${platform.origin}/admin/leads/${reportId}`);
    await other.locator('.timeline', { hasText: 'Note: Llamar el martes por la tarde' }).waitFor();
    expect(await other.locator('.timeline').textContent()).toContain(`Status changed to Contacted`);
    expect(await other.locator('.timeline').textContent()).toContain(ADMIN.email);
    expect(await other.locator('#lead-status').inputValue()).toBe('contacted');
    expect(await section(other).textContent()).toMatch(new RegExp(`^EstimateRangeCOP.+ – COP.+Time${weeks} weeks`));
  } finally {
    await otherContext.close();
  }
});

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), body: await readFile(await file.path()) };
}

it('downloads the design report as PDF and the current filter as CSV', async () => {
  const page = await newPage();
  await signIn(page, platform.origin);
  await page.goto(`${platform.origin}/admin/leads/${reportId}`);
  const pdf = await download(page, () => page.getByRole('link', { name: 'Descargar el PDF' }).click());
  expect(pdf.name).toMatch(/^obra-report-[0-9a-f]{8}\.pdf$/);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  await page.goto(`${platform.origin}/admin/leads?q=antiguo1`);
  await page.locator('table.leads tbody tr').first().waitFor();
  const csv = await download(page, () => page.getByRole('link', { name: 'Exportar CSV' }).click());
  // UTF-8 with its BOM, comma-separated, quoted (docs/operators/console.md, "Exports").
  const lines = csvRows(csv.body);
  expect(lines[0]).toEqual(
    'id,kind,created_at,status,assignee,lang,name,email,phone,summary,follow_up_at,follow_up_note,notes,estimate_low,estimate_expected,estimate_high,estimate_currency,estimate_weeks,estimate_drivers,value_usd,page_url,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,partner_code,partner_claim,widget,widget_version,embed_origin,embed_approved'.split(
      ',',
    ),
  );
  // Antiguo 1 and 10 to 19: the filter, not the whole inbox; phone numbers in international format, no apostrophe.
  expect(
    lines
      .slice(1)
      .map((line) => line[6] ?? '')
      .sort(),
  ).toEqual(['Antiguo 1', ...Array.from({ length: 10 }, (_, i) => `Antiguo ${10 + i}`)].sort());
  expect(lines[1]![8]).toMatch(/^\+57 300 \d{7}$/);
});

it('deletes a lead on request, after a confirmation', async () => {
  const page = await newPage();
  await signIn(page, platform.origin);
  const [lead] = await platform.api.db.query<{ id: string }>("select id from lead where name = 'Antiguo 60'");
  await page.goto(`${platform.origin}/admin/leads/${lead!.id}`);
  await page.getByRole('button', { name: 'Borrar este contacto' }).click();
  await page.getByRole('button', { name: 'Sí, borrarlo' }).click();
  await page.locator('h1', { hasText: 'Bandeja' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin/leads');
  expect(await platform.api.db.query('select 1 from wait_list where id = $1', [lead!.id])).toHaveLength(0);
  expect(await platform.api.db.query("select detail from admin_audit where action = 'lead.deleted'")).toEqual([
    { detail: { kind: 'wait-list' } },
  ]);
});

it('refuses a state-changing call without the CSRF token or from another origin', async () => {
  const page = await newPage();
  await signIn(page, platform.origin);
  const [lead] = await platform.api.db.query<{ id: string; status: string }>("select id, status from lead where name = 'Antiguo 1'");
  const withoutToken = await page.evaluate(
    (id) =>
      fetch(`/api/admin/leads/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"status":"won"}' }).then(
        (r) => r.status,
      ),
    lead!.id,
  );
  expect(withoutToken).toBe(403);
  // Another origin (localhost is not 127.0.0.1): no CORS answer lets its script read anything, and nothing changes.
  const evil = await newPage();
  await evil.goto(`${platform.origin.replace('127.0.0.1', 'localhost')}/blank.html`);
  const fromElsewhere = await evil.evaluate(
    ([origin, id]) =>
      fetch(`${origin}/api/admin/leads/${id}`, {
        method: 'PATCH',
        credentials: 'include',
        headers: { 'content-type': 'text/plain' },
        body: '{"status":"won"}',
      }).then(
        (r) => r.status,
        () => 'blocked',
      ),
    [platform.origin, lead!.id] as const,
  );
  expect(fromElsewhere).toBe('blocked');
  const [after] = await platform.api.db.query<{ status: string }>('select status from lead where id = $1', [lead!.id]);
  expect(after!.status).toBe(lead!.status);
});

it("sets who hears of new leads, refuses a bad address in the operator's language, and lists the mail a new lead sent", async () => {
  const page = await newPage();
  await signIn(page, platform.origin);
  // The team's setup, the notifications among it, is reached from Settings.
  await page.getByRole('link', { name: 'Preferencias', exact: true }).click();
  await page.getByRole('link', { name: 'Avisos', exact: true }).click();
  await page.locator('h1', { hasText: 'Avisos de contactos nuevos' }).waitFor();
  const recipients = page.getByRole('region', { name: 'Lista de espera' }).getByLabel('Destinatarios');
  await recipients.fill('equipo@example.com, no-es-correo');
  await page.getByRole('button', { name: 'Guardar los avisos' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Estas direcciones no son válidas: no-es-correo');
  await recipients.fill('equipo@example.com');
  await page.getByRole('region', { name: 'Lista de espera' }).getByLabel('Idioma de los correos').selectOption('en');
  await page.getByRole('button', { name: 'Guardar los avisos' }).click();
  // The other status on the page says no mail has gone yet.
  await page.getByRole('status').filter({ hasText: 'Avisos guardados.' }).waitFor();
  const lead = await fetch(`${platform.origin}/api/wait-list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      interesado: 'cliente',
      nombre: 'Aviso Nuevo',
      correo: 'aviso@example.com',
      telefono: '+57 300 555 0000',
      comentario: 'Casa',
    }),
  });
  expect(lead.status).toBe(201);
  await expect
    .poll(async () => {
      await page.reload();
      return page
        .locator('table.recent tbody tr')
        .first()
        .textContent({ timeout: 5000 })
        .catch(() => '');
    })
    .toContain('equipo@example.comLista de espera: Aviso NuevoEnviado');
  expect(await page.getByRole('region', { name: 'Lista de espera' }).getByLabel('Destinatarios').inputValue()).toBe('equipo@example.com');
});

it('signs out, after which every admin call is 401', async () => {
  const page = await newPage();
  await signIn(page, platform.origin);
  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await page.locator('h1', { hasText: 'Iniciar sesión' }).waitFor();
  expect(await page.locator('[role=status]').textContent()).toBe('Ha cerrado la sesión.');
  const statuses = await page.evaluate(
    (id) =>
      Promise.all(
        [
          ['GET', 'session'],
          ['GET', 'leads'],
          ['GET', `leads/${id}`],
          ['GET', 'export.csv'],
          ['GET', 'users'],
          ['GET', `leads/${id}/report.pdf`],
          ['PATCH', `leads/${id}`],
          ['DELETE', `leads/${id}`],
          ['POST', `leads/${id}/notes`],
          ['POST', 'users'],
          ['GET', 'notifications'],
          ['PUT', 'notifications'],
          ['POST', 'sign-out'],
        ].map(([method, path]) => fetch(`/api/admin/${path}`, { method }).then((r) => r.status)),
      ),
    reportId,
  );
  expect(new Set(statuses)).toEqual(new Set([401]));
});
