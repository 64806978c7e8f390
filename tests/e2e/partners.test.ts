// Partners in Chromium against the real API: a professional registers through the widget, an
// admin approves them in the console (code and origin), the embed code shows the code, leads from
// the partner's origin count for it (the browser reads the API's answer) until the admin suspends
// the partner; axe finds nothing on the partners screens in es and en.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectNoAxeViolationsInBothLanguages, signIn, startConsolePlatform } from './support/console.ts';
import { FORMS } from './support/forms.ts';
import type { Platform } from './support/platform.ts';

const browser = useBrowser({
  viewport: { width: 1280, height: 900 },
  locale: 'es-ES',
  reducedMotion: 'reduce',
  permissions: ['clipboard-read', 'clipboard-write'],
});
let platform: Platform;
// The same server under another name is another origin to the browser: the partner's site.
let partnerSite: string;

beforeAll(async () => {
  platform = await startConsolePlatform();
  partnerSite = platform.origin.replace('127.0.0.1', 'localhost');
});
afterAll(() => platform?.close());

/**
 * From a page on the partner's site, a wait-list POST to the API claiming the code Andina (a
 * preflighted CORS request): `counted` when it counts for Andina, else what the answer says.
 */
async function postFromPartnerSite(page: Page, nombre: string): Promise<string> {
  return page.evaluate(
    async ({ api, nombre }) => {
      try {
        const response = await fetch(`${api}/api/wait-list`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({
            interesado: 'cliente',
            nombre,
            correo: 'socio@example.com',
            telefono: '+57 300 123 4567',
            comentario: 'Desde el socio',
            attribution: { widget: 'wait-list', version: 'dev', partner: 'Andina' },
          }),
        });
        const answer = (await response.json()) as { site?: string; partner?: string };
        return response.status !== 201 ? String(response.status) : (answer.site ?? answer.partner ?? 'counted');
      } catch {
        return 'blocked';
      }
    },
    { api: platform.origin, nombre },
  );
}

it('a registration through the widget is approved in the console; its code is in the embed code and its origin counts for it until it is suspended', async () => {
  const form = FORMS.find((f) => f.name === 'partner-registration')!;
  const visitor = await browser.newPage();
  await visitor.goto(`${platform.origin}${form.page}`);
  await form.fill(visitor, 'Constructora Andina');
  await form.submit(visitor).click();
  await form.sent(visitor).waitFor();

  const site = await browser.newPage();
  await site.goto(`${partnerSite}/blank.html`);
  expect(await postFromPartnerSite(site, 'Antes de aprobar')).toBe('unapproved');

  const page = await browser.newPage();
  await signIn(page, platform.origin);
  await page.getByRole('link', { name: 'Socios', exact: true }).click();
  const row = page.locator('table.partners tbody tr', { hasText: 'Constructora Andina' });
  await expect.poll(() => row.locator('.badge').textContent()).toBe('Pendiente');
  await row.getByRole('link', { name: 'Constructora Andina' }).click();
  await expect.poll(() => page.getByLabel('Código', { exact: true }).inputValue()).toBe('constructora-andina');
  expect(await page.locator('.snippets, section[aria-labelledby=snippets-title]').textContent()).toContain('cuando el socio está aprobado');

  // A wrong origin first: the field says what is wrong, and nothing is approved.
  await page.getByRole('textbox', { name: 'Orígenes permitidos' }).fill('https://andina.example/contacto');
  await page.getByRole('button', { name: 'Aprobar al socio' }).click();
  await page.getByRole('button', { name: 'Sí, adelante' }).click();
  await expect
    .poll(() => page.locator('#origins-error').textContent())
    .toContain('«https://andina.example/contacto» no es un origen válido');
  expect(await page.getByRole('textbox', { name: 'Orígenes permitidos' }).getAttribute('aria-invalid')).toBe('true');
  // A message on screen follows the language switch (it is kept as what to say, not as words).
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect
    .poll(() => page.locator('#origins-error').textContent())
    .toContain('"https://andina.example/contacto" is not a valid origin');
  await page.getByRole('button', { name: 'Cambiar a español' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Aprobar al socio' }).count()).toBe(1);

  await page.getByLabel('Código', { exact: true }).fill('Andina');
  await page.getByRole('textbox', { name: 'Orígenes permitidos' }).fill(`https://andina.example\n${partnerSite}`);
  await page.getByRole('button', { name: 'Aprobar al socio' }).click();
  // The confirmation takes the keyboard focus; Enter on it approves.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Sí, adelante');
  expect(await page.locator('#partner-question').textContent()).toContain('código Andina');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('h1 .badge').textContent()).toBe('Aprobado');
  expect(await page.locator('p[role=status].ok').first().textContent()).toBe('El socio está aprobado.');
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect.poll(() => page.locator('p[role=status].ok').first().textContent()).toBe('The partner is approved.');
  await page.getByRole('button', { name: 'Cambiar a español' }).click();
  await expect.poll(() => page.locator('p[role=status].ok').first().textContent()).toBe('El socio está aprobado.');

  // The embed code of every widget carries the code; the copy button copies it.
  const waitList = page.locator('#snippet-wait-list');
  expect(await waitList.inputValue()).toBe(
    `<script src="${platform.origin}/widgets/obra-wait-list.js" defer></script>\n<obra-wait-list partner="Andina"></obra-wait-list>`,
  );
  expect(await page.locator('#snippet-design-form').inputValue()).toContain('<obra-design-form partner="Andina"></obra-design-form>');
  expect(await page.locator('#snippet-loader').inputValue()).toContain(`${platform.origin}/esm/loader.js`);
  await page.getByRole('button', { name: 'Copiar el código de Lista de espera' }).click();
  await expect.poll(() => page.locator('.snippets p[role=status]').textContent()).toBe('El código de Lista de espera está copiado.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await waitList.inputValue());
  expect(await page.getByRole('link', { name: 'Contactos de este socio' }).getAttribute('href')).toBe('/admin/leads?partner=Andina');

  // The approval reached the approved sites: the partner's leads count for it.
  expect(await postFromPartnerSite(site, 'Desde Andina')).toBe('counted');
  expect(await platform.count('wait_list', 'Desde Andina')).toBe(1);

  await page.getByRole('button', { name: 'Suspender al socio' }).click();
  await page.getByRole('button', { name: 'Sí, adelante' }).click();
  await expect.poll(() => page.locator('h1 .badge').textContent()).toBe('Suspendido');
  expect(await postFromPartnerSite(site, 'Tras suspender')).toBe('unapproved');
  expect(await platform.count('wait_list', 'Tras suspender')).toBe(1);

  // The registration's timeline in the inbox says who approved and suspended it.
  await page.getByRole('link', { name: 'La inscripción en la bandeja' }).click();
  const timeline = page.locator('.timeline');
  await expect.poll(() => timeline.textContent()).toContain(`Socio aprobado: Andina https://andina.example ${partnerSite}`);
  expect(await timeline.textContent()).toContain('Socio suspendido');
  expect(await timeline.textContent()).toContain('ana@example.com');
  // Three pages and a dozen round trips on a shared 2-core machine: more than the default 30 s may be needed.
}, 60_000);

describe('axe', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const [pending] = await platform.api.db.query<{ id: string }>(
      "insert into partner (nombre, telefono, correo, pais, especializacion, request_hash) values ('Pendiente Axe', '+57 310 555 0101', 'axe@example.com', 'Perú', 'estructuras', 'h') returning id",
    );
    const [approved] = await platform.api.db.query<{ id: string }>(
      "insert into partner (nombre, telefono, correo, pais, especializacion, request_hash) values ('Aprobado Axe', '+57 310 555 0102', 'axe2@example.com', 'Chile', 'bim', 'h') returning id",
    );
    await platform.api.db.query(
      "update partner_account set status = 'approved', code = 'axe-ok', origins = '{https://axe.example}', approved_by = 'ana@example.com', approved_at = now() where id = $1",
      [approved!.id],
    );
    ids.PENDING = pending!.id;
    ids.APPROVED = approved!.id;
  });

  it.each([
    ['partners list', '/admin/partners', 'table.partners'],
    ['pending partner', '/admin/partners/PENDING', '#partner-code'],
    ['approved partner', '/admin/partners/APPROVED', '#snippet-wait-list'],
  ] as const)('has no violations on the %s screen, in es and en', async (name, path, ready) => {
    const page = await browser.newPage();
    await signIn(page, platform.origin);
    await page.goto(`${platform.origin}${path.replace(/PENDING|APPROVED/, (key) => ids[key]!)}`);
    await page.locator(ready).first().waitFor();
    await expectNoAxeViolationsInBothLanguages(page, name);
  });
});
