// <obra-wait-list> as partner sites get it (the built IIFE bundle, one script tag, one element):
// rendering, language, validation, keyboard use and accessibility. Delivery: wait-list-delivery.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { PAGES_DIR, startServer, type TestServer } from './support/server.ts';
import { runClockUntil } from './support/widget.ts';
import {
  EMPTY,
  EN,
  ES,
  fillEntry,
  focusedInWidget,
  formValues,
  openWaitList,
  SENT,
  setAttr,
  setPageLang,
  settle,
  TYPED,
  waitList,
} from './support/wait-list.ts';

const browser = useBrowser();
/** The partner site: pages, bundles and its same-origin API at /api/wait-list. */
let site: TestServer;

beforeAll(async () => {
  site = await startServer({ pagesDir: PAGES_DIR });
});
afterAll(async () => {
  await site?.close();
});
beforeEach(() => site.reset());

const openPartner = async ({ clock = false } = {}) => {
  const page = await browser.newPage();
  // page.clock lets a test run the widget's retry waits forward (runClockUntil).
  if (clock) await page.clock.install();
  return { page, widget: await openWaitList(page, `${site.origin}/partner.html`) };
};

describe('rendering and language', () => {
  it('renders inside an open shadow root, in Spanish by default', async () => {
    const { page, widget } = await openPartner();
    const root = await widget.host.evaluate((el) => ({
      mode: el.shadowRoot?.mode,
      lightChildren: el.childNodes.length,
      sections: el.shadowRoot?.querySelectorAll('section.wait-list').length,
      // Nothing of the widget lands in the page's own DOM.
      leakedIntoPage: document.querySelectorAll('body .wait-list, body form, body dialog, head style').length,
    }));
    expect(root).toEqual({ mode: 'open', lightChildren: 0, sections: 1, leakedIntoPage: 0 });
    expect(await widget.title.textContent()).toBe(ES.title);
    // Accessible by role and name from the page, through the shadow boundary.
    expect(await page.getByRole('heading', { name: ES.title }).count()).toBe(1);
    expect(await page.getByRole('button', { name: ES.submit }).isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Cliente' }).isVisible()).toBe(true);
    // The browser is English (DEFAULT_CONTEXT): the widget follows the page, not the browser.
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    // Without any lang on the page the default is still Spanish.
    await setPageLang(page, null);
    await settle(page);
    expect(await widget.title.textContent()).toBe(ES.title);
  });

  it('follows its own lang attribute first, then the page <html lang> as it changes at runtime', async () => {
    const { page, widget } = await openPartner();
    await setAttr(widget, 'lang', 'en');
    await expect.poll(() => widget.title.textContent()).toBe(EN.title);
    expect(await widget.submit.textContent()).toBe(EN.submit);
    await setAttr(widget, 'lang', null);
    await expect.poll(() => widget.title.textContent()).toBe(ES.title);

    await setPageLang(page, 'en');
    await expect.poll(() => widget.title.textContent()).toBe(EN.title);
    expect(await page.getByRole('radio', { name: 'Supplier' }).isVisible()).toBe(true);
    await setPageLang(page, null);
    await expect.poll(() => widget.title.textContent()).toBe(ES.title);

    // The element's attribute wins over the page, in both directions.
    await setPageLang(page, 'en-GB');
    await setAttr(widget, 'lang', 'es');
    await expect.poll(() => widget.title.textContent()).toBe(ES.title);
    await setPageLang(page, 'es');
    await setAttr(widget, 'lang', 'en');
    await expect.poll(() => widget.title.textContent()).toBe(EN.title);
    await settle(page);
    expect(await widget.title.textContent()).toBe(EN.title);
  });

  it('takes its lang attribute when created by script, before it is connected', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/partner.html`);
    await waitList(page).title.waitFor();
    await page.evaluate(() => {
      const el = document.createElement('obra-wait-list');
      el.setAttribute('lang', 'en');
      document.querySelector('main')!.append(el);
    });
    const second = waitList(page, 1);
    await expect.poll(() => second.title.textContent()).toBe(EN.title);
    expect(await waitList(page, 0).title.textContent()).toBe(ES.title);
  });
});

describe('validation', () => {
  it('empty submit: Spanish errors, focus on the first invalid control, nothing sent', async () => {
    const { page, widget } = await openPartner();
    await widget.submit.click();
    await expect.poll(() => widget.errors.allTextContents()).toEqual([ES.choose, ES.required, ES.required, ES.required, ES.required]);
    await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'input', name: 'interesado', value: 'cliente' });
    expect(await widget.field('nombre').getAttribute('aria-invalid')).toBe('true');
    // The error is the control's description, so screen readers read it with the field.
    const describedBy = await widget.field('nombre').getAttribute('aria-describedby');
    expect(await widget.host.evaluate((el, id) => el.shadowRoot!.getElementById(id!)?.textContent, describedBy)).toBe(ES.required);

    // The errors follow the language.
    await setAttr(widget, 'lang', 'en');
    await expect.poll(() => widget.errors.allTextContents()).toEqual([EN.choose, EN.required, EN.required, EN.required, EN.required]);
    await settle(page);
    expect(site.requests).toHaveLength(0);
  });

  it('empty submit in English, and focus moves to the first invalid field after partial input', async () => {
    const { page, widget } = await openPartner();
    await setPageLang(page, 'en');
    await expect.poll(() => widget.title.textContent()).toBe(EN.title);
    await widget.submit.click();
    await expect.poll(() => widget.errors.allTextContents()).toEqual([EN.choose, EN.required, EN.required, EN.required, EN.required]);

    await setPageLang(page, 'es');
    await fillEntry(widget, { ...TYPED, correo: 'ana@' });
    await widget.submit.click();
    await expect.poll(() => widget.errors.allTextContents()).toEqual([ES.email]);
    await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'input', name: 'correo', value: 'ana@' });
    // Fixing the field clears its error as the visitor types.
    await widget.field('correo').fill('ana@example.com');
    await expect.poll(() => widget.errors.count()).toBe(0);
    await settle(page);
    expect(site.requests).toHaveLength(0);
  });
});

describe('keyboard only', () => {
  it.each(['Enter', 'Escape'])(
    'Tab in, arrows choose, type, Enter sends; %s closes the dialog and focus stays in the widget',
    async (closeKey) => {
      const { page, widget } = await openPartner();
      const key = (k: string) => page.keyboard.press(k);
      await key('Tab');
      await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'input', name: 'interesado', value: 'cliente' });
      await key('ArrowDown');
      await expect.poll(() => focusedInWidget(widget)).toMatchObject({ name: 'interesado', value: 'proveedor' });
      await key('ArrowUp');
      expect(await formValues(widget)).toMatchObject({ interesado: 'cliente' });
      for (const name of ['nombre', 'correo', 'telefono', 'comentario'] as const) {
        await key('Tab');
        // The number's country comes first: the browser speaks en-US, so the United States.
        if (name === 'telefono') {
          await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'button', text: 'US +1' });
          await key('Tab');
        }
        await expect.poll(() => focusedInWidget(widget)).toMatchObject({ name });
        await page.keyboard.type(TYPED[name]);
      }
      await key('Tab');
      await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'button', text: ES.submit });
      await key('Enter');

      await widget.dialog.waitFor();
      await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'button', text: 'Aceptar' });
      expect(await widget.dialogTitle.textContent()).toBe(ES.sentTitle);
      await key(closeKey);
      await widget.dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focusedInWidget(widget)).toMatchObject({ tag: 'button', text: ES.submit });
      expect(site.posts().map((r) => r.body)).toStrictEqual([SENT]);
      expect(await formValues(widget)).toEqual(EMPTY);
    },
  );
});

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  it('has no violations when idle, with validation errors, and with the success and error dialogs', async () => {
    const { page, widget } = await openPartner({ clock: true });
    await expectNoAxeViolations(page, 'idle');
    await widget.submit.click();
    await expect.poll(() => widget.errors.count()).toBe(5);
    await expectNoAxeViolations(page, 'validation-error');
    await fillEntry(widget);
    await widget.submit.click();
    await widget.dialog.waitFor();
    await expectNoAxeViolations(page, 'success-dialog');
    await widget.dialogClose.click();
    await widget.dialog.waitFor({ state: 'detached' });
    site.reply = { status: 500, body: { errorMessage: 'database unavailable' } };
    await fillEntry(widget);
    await widget.submit.click();
    await runClockUntil(page, async () => (await widget.dialog.count()) > 0);
    expect(await widget.dialogTitle.textContent()).toBe('Error');
    await expectNoAxeViolations(page, 'error-dialog');
  });
});
