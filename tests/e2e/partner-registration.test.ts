// <obra-partner-registration> as partner portals get it (the built IIFE bundle, one script tag, one
// element): language, validation, keyboard-only registration delivered exactly once, the error
// path, and accessibility. The hostile host page: partner-registration-hostile.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import {
  EMPTY,
  EN,
  ES,
  fillRegistration,
  formValues,
  openPartnerRegistration,
  SENT,
  SHOWN,
  TYPED,
} from './support/partner-registration.ts';
import { gate, PAGES_DIR, startServer, type TestServer } from './support/server.ts';
import { focusedInWidget, runClockUntil, setAttr, setPageLang, settle } from './support/widget.ts';

const browser = useBrowser();
/** The partner portal: pages, bundles and its same-origin API at /api/partner. */
let site: TestServer;

beforeAll(async () => {
  site = await startServer({ pagesDir: PAGES_DIR, capture: { '/api/partner': { cors: false } } });
});
afterAll(async () => {
  await site?.close();
});
beforeEach(() => site.reset());

const open = async ({ clock = false } = {}) => {
  const page = await browser.newPage();
  // page.clock lets a test run the widget's retry waits forward (runClockUntil).
  if (clock) await page.clock.install();
  return { page, widget: await openPartnerRegistration(page, `${site.origin}/partner-registration.html`) };
};
const copyFor = { es: ES, en: EN };

describe('rendering and language', () => {
  it('renders in an open shadow root, Spanish by default, and follows its lang attribute and the page', async () => {
    const { page, widget } = await open();
    expect(
      await widget.host.evaluate((el) => ({
        mode: el.shadowRoot?.mode,
        leaked: document.querySelectorAll('body form, body select, head style').length,
      })),
    ).toEqual({ mode: 'open', leaked: 0 });
    expect(await widget.title.textContent()).toBe(ES.title);
    expect(await page.getByRole('combobox', { name: /^Especialización/ }).isVisible()).toBe(true);
    expect(await widget.field('especializacion').locator('option').allTextContents()).toHaveLength(14);
    expect(await widget.field('especializacion').locator('option').first().textContent()).toBe('Elige…');

    await setAttr(widget, 'lang', 'en');
    await expect.poll(() => widget.title.textContent()).toBe(EN.title);
    expect(await widget.submit.textContent()).toBe(EN.submit);
    expect(await widget.field('especializacion').locator('option[value=gestion-proyectos]').textContent()).toBe('Project management');
    await setAttr(widget, 'lang', null);
    await setPageLang(page, 'en');
    await expect.poll(() => widget.title.textContent()).toBe(EN.title);
  });
});

describe('validation', () => {
  it.each(['es', 'en'] as const)('empty submit in %s: an error under every field, focus on the first, nothing sent', async (lang) => {
    const { page, widget } = await open();
    await setPageLang(page, lang);
    const copy = copyFor[lang];
    await expect.poll(() => widget.title.textContent()).toBe(copy.title);
    await widget.submit.click();
    await expect
      .poll(() => widget.errors.allTextContents())
      .toEqual([copy.required, copy.required, copy.required, copy.required, copy.choose]);
    await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'input', name: 'nombre' });
    expect(await widget.field('especializacion').getAttribute('aria-invalid')).toBe('true');
    await settle(page);
    expect(site.requests).toHaveLength(0);
  });
});

describe('sending', () => {
  it('keyboard only: Tab through, type, pick the specialisation, Enter sends exactly once, trimmed', async () => {
    const { page, widget } = await open();
    const key = (k: string) => page.keyboard.press(k);
    await key('Tab');
    await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'input', name: 'nombre' });
    await page.keyboard.type(TYPED.nombre);
    for (const name of ['telefono', 'correo', 'pais'] as const) {
      await key('Tab');
      // The number's country comes first: Colombia while pais is empty.
      if (name === 'telefono') {
        await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'button', text: 'CO +57' });
        await key('Tab');
      }
      await expect.poll(() => focusedInWidget(widget)).toMatchObject({ name });
      await page.keyboard.type(TYPED[name]);
    }
    await key('Tab');
    await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'select', name: 'especializacion', value: '' });
    // A closed select takes type-ahead: "BIM" picks the option of that name.
    await page.keyboard.type('BIM');
    await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'select', value: 'bim' });
    await key('Tab');
    await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'button', text: ES.submit });
    await key('Enter');

    await widget.success.waitFor();
    expect(await widget.success.textContent()).toBe(ES.success);
    await settle(page);
    const posts = site.posts('/api/partner');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toStrictEqual(SENT);
    expect(Object.keys(posts[0]!.body as object).sort()).toEqual(['correo', 'especializacion', 'nombre', 'pais', 'telefono']);
    expect(posts[0]!.headers['content-type']).toMatch(/^application\/json/);
    expect(site.requests.filter((r) => r.method !== 'POST')).toHaveLength(0);
    // Cleared, not shown as invalid, and focus is still on the button the visitor pressed.
    expect(await formValues(widget)).toEqual(EMPTY);
    expect(await widget.errors.count()).toBe(0);
    await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'button', text: ES.submit });
  });

  it("double-click sends once: 'Enviando...' and busy while the request is under way", async () => {
    const { page, widget } = await open();
    const held = gate();
    site.reply = { ...site.reply, hold: held.hold };
    await fillRegistration(widget);
    await widget.submit.dblclick();
    // The send starts once the phone check has loaded (after the click, not with it); held, it stays under way.
    await expect.poll(() => widget.submit.textContent()).toBe(ES.sending);
    expect(await widget.submit.getAttribute('aria-disabled')).toBe('true');
    await widget.submit.click({ force: true });
    await widget.field('pais').press('Enter');
    held.open();
    await widget.success.waitFor();
    await settle(page);
    expect(site.posts().map((r) => r.body)).toStrictEqual([SENT]);
  });

  it.each(['es', 'en'] as const)('a server error in %s shows the message with its reason and keeps every value', async (lang) => {
    const { page, widget } = await open({ clock: true });
    await setAttr(widget, 'lang', lang);
    const copy = copyFor[lang];
    await expect.poll(() => widget.title.textContent()).toBe(copy.title);
    site.reply = { status: 500, body: { errorMessage: 'Error en el servidor. Por favor, intenta de nuevo.' } };
    await fillRegistration(widget);
    await widget.submit.click();
    await runClockUntil(page, async () => (await widget.failure.count()) > 0);
    expect(await widget.failure.locator('p').allTextContents()).toEqual([copy.error, copy.serverReason]);
    expect(await formValues(widget)).toEqual(SHOWN);
    expect(await widget.success.count()).toBe(0);
    // Sending again is possible, and this time it goes through and thanks the visitor.
    site.reply = { status: 201, body: { id: 'pr_2' } };
    await widget.submit.click();
    await widget.success.waitFor();
    expect(await widget.failure.count()).toBe(0);
    await settle(page);
    // The 500 was retried three times; sending the same data again reuses the key, so a server
    // that did store one of those attempts stores nothing new.
    expect(site.posts().map((r) => r.body)).toStrictEqual([SENT, SENT, SENT, SENT, SENT]);
    expect(new Set(site.posts().map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });
});

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  it.each(['es', 'en'] as const)('has no violations in %s: idle, validation errors, error message, success message', async (lang) => {
    const { page, widget } = await open({ clock: true });
    await setPageLang(page, lang);
    await expect.poll(() => widget.title.textContent()).toBe(copyFor[lang].title);
    await expectNoAxeViolations(page, 'idle');
    await widget.submit.click();
    await expect.poll(() => widget.errors.count()).toBe(5);
    await expectNoAxeViolations(page, 'validation-error');
    site.reply = { status: 500, body: { errorMessage: 'database unavailable' } };
    await fillRegistration(widget);
    await widget.submit.click();
    await runClockUntil(page, async () => (await widget.failure.count()) > 0);
    await expectNoAxeViolations(page, 'error-message');
    site.reply = { status: 201, body: { id: 'pr_1' } };
    await widget.submit.click();
    await widget.success.waitFor();
    await expectNoAxeViolations(page, 'success-message');
  });
});
