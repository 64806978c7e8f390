// Every form delivers each submission exactly once, through double presses, server errors, a lost
// network and a reload, in real Chromium with the built bundles against the REAL reference API
// (packages/server on PGlite): the rows in its database are the proof.
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { gate } from './support/server.ts';
import { runClockUntil, settle } from './support/widget.ts';
import { FORMS, type FormDriver } from './support/forms.ts';
import { usePlatform } from './support/use-platform.ts';

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'es-ES', reducedMotion: 'reduce' });
const platform = usePlatform();
let visitors = 0;

const WAITING = /^Sin conexión: tu envío está guardado/;

/** Opens the form's page and fills it in with a new visitor's name. */
async function open(form: FormDriver, { clock = false } = {}): Promise<{ page: Page; nombre: string; keys: (string | undefined)[] }> {
  const page = await browser.newPage();
  // page.clock lets a test run the page's retry timers forward instead of waiting for them.
  if (clock) await page.clock.install();
  const nombre = `Visitante ${++visitors}`;
  const keys: (string | undefined)[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === form.path) keys.push(request.headers()['idempotency-key']);
  });
  await page.goto(`${platform().origin}${form.page}`);
  await form.fill(page, nombre);
  return { page, nombre, keys };
}

const rows = (form: FormDriver, nombre: string) => platform().count(form.table, nombre);

describe.each(FORMS.map((form) => [form.name, form] as const))('%s', (_name, form) => {
  it('a double click stores one row', async () => {
    const { page, nombre, keys } = await open(form);
    await form.submit(page).dblclick();
    await form.sent(page).waitFor();
    await settle(page);
    expect(await rows(form, nombre)).toBe(1);
    expect(keys).toHaveLength(1);
  });

  it('a double Enter stores one row', async () => {
    const { page, nombre, keys } = await open(form);
    // The answer is held until both presses have landed, so the second comes while the first send is under way.
    const held = gate();
    await page.route(`**${form.path}`, async (route) => {
      await held.hold;
      await route.continue();
    });
    await form.enterField(page).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    held.open();
    await form.sent(page).waitFor();
    await settle(page);
    expect(await rows(form, nombre)).toBe(1);
    expect(keys).toHaveLength(1);
  });

  it('a 500 and then a 200: retried under the same key, one row', async () => {
    const { page, nombre, keys } = await open(form);
    let first = true;
    await page.route(`**${form.path}`, (route) => {
      if (!first) return route.continue();
      first = false;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ errorMessage: 'database unavailable' }),
      });
    });
    await form.submit(page).click();
    await form.sent(page).waitFor();
    expect(await rows(form, nombre)).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\da-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('offline while sending: waits and says so, then one row once online', async () => {
    const { page, nombre } = await open(form);
    await browser.context.setOffline(true);
    await form.submit(page).click();
    await expect.poll(() => form.waiting(page).textContent()).toMatch(WAITING);
    expect(await rows(form, nombre)).toBe(0);
    await browser.context.setOffline(false);
    await form.sent(page).waitFor();
    await settle(page);
    expect(await rows(form, nombre)).toBe(1);
  });

  it('a reload while the submission waits: the next load sends it, still one row', async () => {
    const { page, nombre, keys } = await open(form, { clock: true });
    await browser.context.setOffline(true);
    await form.submit(page).click();
    await expect.poll(() => form.waiting(page).textContent()).toMatch(WAITING);
    // The API stays unreachable across the reload (the page itself must load to reload).
    await page.route(`**${form.path}`, (route) => route.abort('internetdisconnected'));
    await browser.context.setOffline(false);
    await page.reload();
    // The next load tries again with its quiet retries: the page's clock runs them forward.
    const waiting = form.waiting(page);
    await runClockUntil(page, async () => (await waiting.count()) > 0 && WAITING.test((await waiting.textContent()) ?? ''));
    expect(await rows(form, nombre)).toBe(0);
    await page.unroute(`**${form.path}`);
    // The network comes back: the browser's online event sends it at once.
    await browser.context.setOffline(true);
    await browser.context.setOffline(false);
    await form.sent(page).waitFor({ timeout: 15_000 });
    await settle(page);
    expect(await rows(form, nombre)).toBe(1);
    expect(new Set(keys).size).toBe(1);
  });

  it('a 4xx is not retried: its message is shown and everything typed is kept', async () => {
    const { page, nombre, keys } = await open(form, { clock: true });
    await page.route(`**${form.path}`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ errorMessage: 'Revisa el correo.', errors: { correo: 'email' } }),
      }),
    );
    await form.submit(page).click();
    await expect
      .poll(() => form.failed(page).textContent())
      .toMatch(
        /^(El servidor rechazó algunos datos\. Revisa los campos marcados\.|No se aceptaron estos datos: Correo electrónico\. Corrígelos en los campos marcados y envía de nuevo\.)$/,
      );
    // A minute of the page's time runs every retry timer a 4xx could have wrongly set.
    await page.clock.runFor(60_000);
    await settle(page);
    expect(keys).toHaveLength(1);
    expect(await form.nombre(page)).toBe(nombre);
    expect(await rows(form, nombre)).toBe(0);
  });
});

// Never trap the visitor (issue 17): offline, the design form's full-screen overlay can be closed
// while the report waits in the outbox; the form says so, and the report still goes out later.
describe('design-form: never trap the visitor', () => {
  const form = FORMS.find((driver) => driver.name === 'design-form')!;

  it('offline, Esc closes the overlay and the modal; the form says the report goes out later, and it does (one row, the success dialog)', async () => {
    const { page, nombre, keys } = await open(form);
    await browser.context.setOffline(true);
    await form.submit(page).click();
    await expect.poll(() => form.waiting(page).textContent()).toMatch(WAITING);
    const overlay = page.locator('obra-design-form dialog.overlay');
    await overlay.getByRole('button', { name: 'Cerrar y seguir' }).waitFor();
    await expectNoAxeViolations(page, 'overlay waiting for the network');
    await page.keyboard.press('Escape');
    await expect.poll(() => overlay.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    expect(await page.locator('obra-design-form dialog.modal').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    const note = page.locator('obra-design-form .delivery[role=status]');
    expect(await note.textContent()).toMatch(/^Sin conexión: tu reporte está guardado y se enviará cuando vuelva la red/);
    await expectNoAxeViolations(page, 'form with the report waiting');
    // The visitor goes on: focus is back on the button that opened the modal, and the page answers clicks.
    expect(await page.locator('obra-design-form').evaluate((host) => host.shadowRoot!.activeElement?.className)).toContain('opener');
    const toggle = page.locator('obra-design-form .section button.toggle').first();
    const expanded = await toggle.getAttribute('aria-expanded');
    await toggle.click({ timeout: 2000 });
    expect(await toggle.getAttribute('aria-expanded')).not.toBe(expanded);
    expect(await rows(form, nombre)).toBe(0);
    await browser.context.setOffline(false);
    await form.sent(page).waitFor({ timeout: 15_000 });
    expect(await note.count()).toBe(0);
    expect(await rows(form, nombre)).toBe(1);
    expect(new Set(keys).size).toBe(1);
    // Two axe scans on a shared 2-core machine: room beyond the default 30 s.
  }, 90_000);
});
