// <obra-partner-registration> on a hostile partner page (pages/hostile-partner-registration.html +
// hostile.css): global reset, !important rules, clashing class names, strict CSP. The widget must
// look exactly as on a plain page, trigger no CSP violation, leak no CSS, and keep two instances apart.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { blockWidgetBundles, HOSTILE_CSP, setHostWidth, snapshotProbes, snapshotShadow, watchCsp } from './support/hostile.ts';
import {
  EMPTY,
  EN,
  ES,
  fillRegistration,
  formValues,
  openPartnerRegistration,
  partnerRegistration,
  SENT,
} from './support/partner-registration.ts';
import { gate, PAGES_DIR, startServer, type TestServer } from './support/server.ts';
import { runClockUntil, setAttr, setPageLang } from './support/widget.ts';

const browser = useBrowser();
let site: TestServer;
const HOSTILE = '/hostile-partner-registration.html';

beforeAll(async () => {
  site = await startServer({
    pagesDir: PAGES_DIR,
    pageHeaders: { [HOSTILE]: { 'Content-Security-Policy': HOSTILE_CSP } },
    capture: { '/api/partner': { cors: false } },
  });
});
afterAll(async () => {
  await site?.close();
});
beforeEach(() => site.reset());

/** The parts whose look is compared, by selector inside the shadow root. */
const FORM_PARTS = {
  root: '.obra-root',
  section: 'section.partner-registration',
  title: '#partner-registration-title',
  intro: '.intro',
  label: '.field label',
  input: 'input[name=nombre]',
  email: 'input[name=correo]',
  select: 'select[name=especializacion]',
  selectControl: '.select-control',
  submit: 'button[type=submit]',
  error: 'form .field .error',
};
const OUTCOME_PARTS = {
  notice: '.outcome .notice',
  noticeLine: '.outcome .notice p',
  detail: '.outcome .notice .detail',
  submit: 'button[type=submit]',
};

/**
 * The widget's look in four states: idle, after an empty submit, with the error and the success
 * message. The page's clock is the test's: the 500's retries are run forward, not waited for.
 */
async function lookOf(page: Page, path: string, width: number) {
  await page.clock.install();
  const widget = await openPartnerRegistration(page, `${site.origin}${path}`);
  await setHostWidth(widget.host, width);
  const idle = await snapshotShadow(widget.host, FORM_PARTS);
  await widget.submit.click();
  await widget.errors.first().waitFor();
  // The errors paint first, then the first of them gets the focus (and its ring): measured once it has.
  await expect.poll(() => widget.field('nombre').evaluate((field) => field.matches(':focus'))).toBe(true);
  const invalid = await snapshotShadow(widget.host, FORM_PARTS);
  site.reply = { status: 500, body: { errorMessage: 'database unavailable' } };
  await fillRegistration(widget);
  await widget.submit.click();
  await runClockUntil(page, async () => (await widget.failure.count()) > 0);
  const failure = await snapshotShadow(widget.host, OUTCOME_PARTS);
  site.reset();
  await widget.submit.click();
  await widget.success.waitFor();
  const success = await snapshotShadow(widget.host, OUTCOME_PARTS);
  return { idle, invalid, failure, success };
}

describe('hostile host page', () => {
  it.each([600, 340])('looks identical to the plain page at a %ipx container (sizes and computed styles)', async (width) => {
    const plain = await lookOf(await browser.newPage(), '/partner-registration.html', width);
    const hostile = await lookOf(await browser.newPage(), HOSTILE, width);

    // The measurement measures something: every part is there, with the widget's own styles.
    for (const [name, part] of Object.entries(plain.invalid)) expect(part, name).not.toBeNull();
    for (const [name, part] of Object.entries(plain.failure)) expect(part, name).not.toBeNull();
    expect(plain.success.notice).not.toBeNull();
    expect(plain.idle.root!.width).toBe(width);
    expect(plain.idle.title!.style['font-size']).toBe('24px');
    expect(plain.idle.select!.style['min-height']).toBe('44px');
    expect(plain.invalid.error!.style.color).toBe('rgb(185, 28, 28)');
    expect(plain.failure.notice!.style['border-left-width']).toBe('6px');
    expect(plain.success.notice!.style.color).toBe('rgb(4, 120, 87)');

    expect(hostile).toEqual(plain);
  });

  it('runs under a strict CSP without a single violation, in every state', async () => {
    const page = await browser.newPage();
    // The 500's retries are run forward on the page's clock, not waited for.
    await page.clock.install();
    const csp = await watchCsp(page);
    const response = await page.goto(`${site.origin}${HOSTILE}`);
    expect(response!.headers()['content-security-policy']).toBe(HOSTILE_CSP);
    const [first, second] = [partnerRegistration(page, 0), partnerRegistration(page, 1)];
    await first.title.waitFor();
    await second.title.waitFor();

    await first.submit.click();
    await first.errors.first().waitFor();
    await setPageLang(page, 'en');
    await expect.poll(() => first.title.textContent()).toBe(EN.title);
    const held = gate();
    site.reply = { status: 500, body: {}, hold: held.hold };
    await fillRegistration(first);
    await first.submit.click();
    await expect.poll(() => first.submit.textContent()).toBe(EN.sending);
    held.open();
    await runClockUntil(page, async () => (await first.failure.count()) > 0);
    site.reply = { status: 201, body: { id: 'pr_1' } };
    await first.submit.click();
    await first.success.waitFor();
    // The 500s are retried under one key (4 attempts in all), then the visitor's resend succeeds.
    expect(site.posts().map((r) => r.body)).toStrictEqual([SENT, SENT, SENT, SENT, SENT]);
    expect(
      new Set(
        site
          .posts()
          .slice(0, 4)
          .map((r) => r.headers['idempotency-key']),
      ).size,
    ).toBe(1);

    expect(await csp.violations()).toEqual([]);
  });

  it('leaks no CSS: the page elements named like the widget parts keep the page styles', async () => {
    const bare = await browser.newPage();
    await blockWidgetBundles(bare);
    await bare.goto(`${site.origin}${HOSTILE}`);
    expect(await bare.evaluate(() => customElements.get('obra-partner-registration'))).toBeUndefined();
    const expected = await snapshotProbes(bare);
    // The page's own rules are what the probes show.
    expect(expected['p.notice']).toMatchObject({ 'padding-left': '17px', 'border-top-style': 'double', display: 'inline' });
    expect(expected['div.field']!.display).toBe('none');

    const page = await browser.newPage();
    const widget = await openPartnerRegistration(page, `${site.origin}${HOSTILE}`);
    await partnerRegistration(page, 1).title.waitFor();
    expect(await snapshotProbes(page)).toEqual(expected);
    await widget.submit.click();
    await widget.errors.first().waitFor();
    await fillRegistration(widget);
    await widget.submit.click();
    await widget.success.waitFor();
    expect(await snapshotProbes(page)).toEqual(expected);
    expect(await page.evaluate(() => ({ sheets: document.styleSheets.length, adopted: document.adoptedStyleSheets.length }))).toEqual({
      sheets: 1,
      adopted: 0,
    });
  });

  it('keeps two registrations on one page apart: values, errors, messages and language', async () => {
    const page = await browser.newPage();
    const a = await openPartnerRegistration(page, `${site.origin}${HOSTILE}`, 0);
    const b = partnerRegistration(page, 1);
    await b.title.waitFor();
    expect([await a.title.textContent(), await b.title.textContent()]).toEqual([ES.title, EN.title]);

    await a.field('nombre').fill('Ana');
    expect(await formValues(b)).toEqual(EMPTY);
    await b.submit.click();
    await expect.poll(() => b.errors.count()).toBe(5);
    expect(await a.errors.count()).toBe(0);

    await setAttr(b, 'lang', 'es');
    await expect.poll(() => b.errors.last().textContent()).toBe(ES.choose);
    await fillRegistration(a);
    await a.submit.click();
    await a.success.waitFor();
    expect(await a.success.textContent()).toBe(ES.success);
    expect(await b.success.count()).toBe(0);
    expect(await b.errors.count()).toBe(5);
    expect(site.posts().map((r) => r.body)).toStrictEqual([SENT]);
  });
});
