// <obra-wait-list> on a hostile partner page (pages/hostile.html + hostile.css): global reset,
// !important rules, clashing class names, strict CSP. The widget must look exactly as on a plain
// page, trigger no CSP violation, leak no CSS, and keep two instances apart.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { blockWidgetBundles, HOSTILE_CSP, setHostWidth, snapshotProbes, snapshotShadow, watchCsp } from './support/hostile.ts';
import { PAGES_DIR, startServer, type TestServer } from './support/server.ts';
import { EMPTY, EN, ES, fillEntry, formValues, SENT, waitList, type WaitList } from './support/wait-list.ts';

const browser = useBrowser();
let site: TestServer;

beforeAll(async () => {
  site = await startServer({ pagesDir: PAGES_DIR, pageHeaders: { '/hostile.html': { 'Content-Security-Policy': HOSTILE_CSP } } });
});
afterAll(async () => {
  await site?.close();
});
beforeEach(() => site.reset());

/** The parts of the wait list whose look is compared, by selector inside its shadow root. */
const FORM_PARTS = {
  root: '.obra-root',
  section: 'section.wait-list',
  title: '#wait-list-title',
  intro: '.intro',
  legend: 'legend',
  option: '.option',
  radio: 'input[type=radio]',
  label: '.contact label',
  input: 'input[name=nombre]',
  textarea: 'textarea[name=comentario]',
  counter: '.counter',
  submit: 'button[type=submit]',
  error: 'form .error',
};
const DIALOG_PARTS = {
  dialog: 'dialog[open]',
  dialogTitle: 'dialog[open] h2',
  dialogMessage: 'dialog[open] p',
  dialogButton: 'dialog[open] button',
};

async function open(page: Page, path: string, index = 0): Promise<WaitList> {
  await page.goto(`${site.origin}${path}`);
  const widget = waitList(page, index);
  await widget.title.waitFor();
  return widget;
}

/** The widget's look in three states: idle, after an empty submit, with the success dialog. */
async function lookOf(page: Page, path: string, width: number) {
  const widget = await open(page, path);
  await setHostWidth(widget.host, width);
  const idle = await snapshotShadow(widget.host, FORM_PARTS);
  await widget.submit.click();
  await widget.errors.first().waitFor();
  const invalid = await snapshotShadow(widget.host, FORM_PARTS);
  await fillEntry(widget);
  await widget.submit.click();
  await widget.dialog.waitFor();
  const dialog = await snapshotShadow(widget.host, DIALOG_PARTS);
  return { idle, invalid, dialog };
}

describe('hostile host page', () => {
  it.each([600, 340])('looks identical to the plain page at a %ipx container (sizes and computed styles)', async (width) => {
    const plain = await lookOf(await browser.newPage(), '/partner.html', width);
    const hostile = await lookOf(await browser.newPage(), '/hostile.html', width);

    // The measurement measures something: every part is there, with the widget's own styles.
    for (const state of [plain.idle, plain.invalid, plain.dialog]) {
      for (const [name, part] of Object.entries(state)) {
        if (name !== 'error' || state === plain.invalid) expect(part, name).not.toBeNull();
      }
    }
    expect(plain.idle.title!.style['font-size']).toBe('24px');
    expect(plain.idle.root!.width).toBe(width);
    expect(plain.invalid.error!.style.color).toBe('rgb(185, 28, 28)');
    expect(plain.idle.input!.style['border-top-width']).toBe('1px');

    expect(hostile.idle).toEqual(plain.idle);
    expect(hostile.invalid).toEqual(plain.invalid);
    expect(hostile.dialog).toEqual(plain.dialog);
  });

  it('runs under a strict CSP without a single violation', async () => {
    const page = await browser.newPage();
    const csp = await watchCsp(page);
    const response = await page.goto(`${site.origin}/hostile.html`);
    expect(response!.headers()['content-security-policy']).toBe(HOSTILE_CSP);
    const [first, second] = [waitList(page, 0), waitList(page, 1)];
    await first.title.waitFor();
    await second.title.waitFor();

    // Every state that renders something new: errors, language switch, sending, the dialog.
    await first.submit.click();
    await first.errors.first().waitFor();
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await expect.poll(() => first.title.textContent()).toBe(EN.title);
    await fillEntry(first);
    await first.submit.click();
    await first.dialog.waitFor();
    await first.dialogClose.click();
    await first.dialog.waitFor({ state: 'detached' });
    expect(site.posts().map((r) => r.body)).toStrictEqual([SENT]);

    expect(await csp.violations()).toEqual([]);

    // The watcher works: an inline <style> is refused, reported by the event and the console.
    await page.evaluate(() => document.head.append(Object.assign(document.createElement('style'), { textContent: 'body{color:blue}' })));
    await expect.poll(async () => (await csp.violations()).map((v) => v.source).sort()).toEqual(['console', 'event']);
    expect((await csp.violations()).find((v) => v.source === 'event')!.directive).toMatch(/^style-src/);
  });

  it('leaks no CSS: the page elements named like the widget parts keep the page styles', async () => {
    const bare = await browser.newPage();
    await blockWidgetBundles(bare);
    await bare.goto(`${site.origin}/hostile.html`);
    expect(await bare.evaluate(() => customElements.get('obra-wait-list'))).toBeUndefined();
    const expected = await snapshotProbes(bare);
    // The page's own rules are what the probes show.
    expect(expected['div.field']!.display).toBe('none');
    expect(expected['div.obra-root']).toMatchObject({ 'padding-left': '17px', 'border-top-style': 'double', display: 'inline' });
    expect(expected['h2']!['border-top-style']).toBe('dotted');

    const page = await browser.newPage();
    const widget = await open(page, '/hostile.html');
    await waitList(page, 1).title.waitFor();
    expect(await snapshotProbes(page)).toEqual(expected);
    // Still none after the widget renders errors and opens its dialog.
    await widget.submit.click();
    await widget.errors.first().waitFor();
    await fillEntry(widget);
    await widget.submit.click();
    await widget.dialog.waitFor();
    expect(await snapshotProbes(page)).toEqual(expected);
    // No stylesheet of the widget landed in the document itself.
    expect(await page.evaluate(() => ({ sheets: document.styleSheets.length, adopted: document.adoptedStyleSheets.length }))).toEqual({
      sheets: 1,
      adopted: 0,
    });
  });

  it('keeps two wait lists on one page apart: state, errors, dialogs and language', async () => {
    const page = await browser.newPage();
    const a = await open(page, '/hostile.html', 0);
    const b = waitList(page, 1);
    await b.title.waitFor();
    expect(await a.title.textContent()).toBe(ES.title);
    expect(await b.title.textContent()).toBe(EN.title);

    await a.radio('proveedor').check();
    await a.field('nombre').fill('Ana');
    expect(await formValues(b)).toEqual(EMPTY);
    expect(await formValues(a)).toMatchObject({ interesado: 'proveedor', nombre: 'Ana' });

    await b.submit.click();
    await expect.poll(() => b.errors.count()).toBe(5);
    expect(await b.errors.first().textContent()).toBe('Choose an option.');
    expect(await a.errors.count()).toBe(0);

    // The page's language moves the widget without its own lang; the other keeps English.
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
    await expect.poll(() => a.title.textContent()).toBe(EN.title);
    await b.host.evaluate((el) => el.setAttribute('lang', 'es'));
    await expect.poll(() => b.title.textContent()).toBe(ES.title);
    expect(await a.title.textContent()).toBe(EN.title);
    expect(await b.errors.first().textContent()).toBe('Elige una opción.');

    await fillEntry(a);
    await a.submit.click();
    await a.dialog.waitFor();
    expect(await a.dialogTitle.textContent()).toBe(EN.sentTitle);
    expect(await b.dialog.count()).toBe(0);
    expect(await b.errors.count()).toBe(5);
    expect(site.posts().map((r) => r.body)).toStrictEqual([SENT]);
  });
});
