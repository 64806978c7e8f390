// <obra-wait-list> delivering entries from a partner page (the built IIFE bundle): exactly once,
// over each transport, with the events a host page listens to.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { runClockUntil } from './support/widget.ts';
import { gate, PAGES_DIR, startServer, type TestServer } from './support/server.ts';
import { EMPTY, ES, fillEntry, formValues, openWaitList, SENT, SHOWN, setAttr, settle, TYPED, waitList } from './support/wait-list.ts';

const browser = useBrowser();
/** The partner site: pages, bundles and its same-origin API at /api/wait-list. */
let site: TestServer;
/** Another origin: the Obra API with CORS, and a spreadsheet-style endpoint without any. */
let remote: TestServer;

beforeAll(async () => {
  site = await startServer({ pagesDir: PAGES_DIR });
  remote = await startServer({ capture: { '/api/wait-list': { cors: true }, '/sheet/exec': { cors: false } } });
});
afterAll(async () => {
  await Promise.all([site?.close(), remote?.close()]);
});
beforeEach(() => {
  site.reset();
  remote.reset();
});

const openPartner = async ({ clock = false } = {}) => {
  const page = await browser.newPage();
  // page.clock lets a test run the widget's retry waits forward (runClockUntil).
  if (clock) await page.clock.install();
  return { page, widget: await openWaitList(page, `${site.origin}/partner.html`) };
};

describe('sending', () => {
  it('sends a valid entry exactly once, trimmed, then thanks the visitor and empties the form', async () => {
    const { page, widget } = await openPartner();
    await fillEntry(widget, TYPED);
    await widget.submit.click();
    await widget.dialog.waitFor();
    expect(await widget.dialogTitle.textContent()).toBe(ES.sentTitle);
    expect(await widget.dialogMessage.textContent()).toBe(ES.sentMessage);

    await settle(page);
    const posts = site.posts('/api/wait-list');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toStrictEqual(SENT);
    expect(Object.keys(posts[0]!.body as object).sort()).toEqual(['comentario', 'correo', 'interesado', 'nombre', 'telefono']);
    expect(posts[0]!.headers['content-type']).toMatch(/^application\/json/);
    // Same origin: no preflight.
    expect(site.requests.filter((r) => r.method === 'OPTIONS')).toHaveLength(0);

    await widget.dialogClose.click();
    await widget.dialog.waitFor({ state: 'detached' });
    expect(await formValues(widget)).toEqual(EMPTY);
    // The emptied form is not shown as invalid.
    expect(await widget.errors.count()).toBe(0);
  });

  it('sends once when the submit button is double-clicked', async () => {
    const { page, widget } = await openPartner();
    const held = gate();
    site.reply = { ...site.reply, hold: held.hold };
    await fillEntry(widget);
    await widget.submit.dblclick();
    // While the request is under way (held: it stays so) the button says so and ignores presses.
    // The send starts once the phone check has loaded: the state comes after the click, not with it.
    await expect.poll(() => widget.submit.getAttribute('aria-busy')).toBe('true');
    await widget.submit.click({ force: true });
    held.open();
    await widget.dialog.waitFor();
    await settle(page);
    expect(site.posts()).toHaveLength(1);
    expect(site.posts()[0]!.body).toStrictEqual(SENT);
  });

  it('sends once when Enter is pressed twice in a field', async () => {
    const { page, widget } = await openPartner();
    const held = gate();
    site.reply = { ...site.reply, hold: held.hold };
    await fillEntry(widget);
    await widget.field('telefono').press('Enter');
    await widget.field('telefono').press('Enter');
    held.open();
    await widget.dialog.waitFor();
    await settle(page);
    expect(site.posts()).toHaveLength(1);
    expect(site.posts()[0]!.body).toStrictEqual(SENT);
  });

  it('shows the error dialog when the API answers 500, and keeps what was typed', async () => {
    const { page, widget } = await openPartner({ clock: true });
    site.reply = { status: 500, body: { errorMessage: 'database unavailable' } };
    await fillEntry(widget);
    await widget.submit.click();
    await runClockUntil(page, async () => (await widget.dialog.count()) > 0);
    expect(await widget.dialogTitle.textContent()).toBe('Error');
    expect(await widget.dialogMessage.textContent()).toBe(ES.errorMessage);
    expect(await widget.dialog.getAttribute('role')).toBe('alertdialog');
    expect(await widget.dialog.locator('.detail').textContent()).toBe('El servidor tuvo un problema. Inténtalo de nuevo en unos minutos.');
    // Retried three times with backoff, every attempt under the same Idempotency-Key.
    expect(site.posts()).toHaveLength(4);
    expect(new Set(site.posts().map((r) => r.headers['idempotency-key'])).size).toBe(1);

    await widget.dialogClose.click();
    await widget.dialog.waitFor({ state: 'detached' });
    expect(await formValues(widget)).toEqual(SHOWN);
    // Trying again sends the same entry once more.
    site.reset();
    await widget.submit.click();
    await widget.dialog.waitFor();
    expect(await widget.dialogTitle.textContent()).toBe(ES.sentTitle);
    await settle(page);
    expect(site.posts().map((r) => r.body)).toStrictEqual([SENT]);
  });
});

describe('transports', () => {
  it('default transport, cross-origin api-base: preflight, then one JSON POST, and success', async () => {
    const { page, widget } = await openPartner();
    await setAttr(widget, 'api-base', `${remote.origin}/api/`);
    await fillEntry(widget);
    await widget.submit.click();
    await widget.dialog.waitFor();
    expect(await widget.dialogTitle.textContent()).toBe(ES.sentTitle);
    await settle(page);
    const [preflight, ...rest] = remote.requests;
    expect(preflight).toMatchObject({ method: 'OPTIONS', path: '/api/wait-list' });
    expect(preflight!.headers['access-control-request-method']).toBe('POST');
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ method: 'POST', path: '/api/wait-list', body: SENT });
    expect(rest[0]!.headers.origin).toBe(site.origin);
    expect(site.requests).toHaveLength(0);
  });

  it('without api-base, posts to /api on the origin the bundle was loaded from', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/blank.html`);
    await page.evaluate((origin) => {
      const script = document.createElement('script');
      script.src = `${origin}/widgets/obra-wait-list.js`;
      document.head.append(script);
      document.querySelector('main')!.append(document.createElement('obra-wait-list'));
    }, remote.origin);
    const widget = waitList(page);
    await widget.title.waitFor();
    await fillEntry(widget);
    await widget.submit.click();
    await widget.dialog.waitFor();
    expect(await widget.dialogTitle.textContent()).toBe(ES.sentTitle);
    expect(remote.posts('/api/wait-list').map((r) => r.body)).toStrictEqual([SENT]);
    expect(site.requests).toHaveLength(0);
  });

  it('transport="no-cors" delivers the JSON once, as text/plain, to an endpoint without CORS headers', async () => {
    const { page, widget } = await openPartner();
    await setAttr(widget, 'transport', 'no-cors');
    await setAttr(widget, 'endpoint', `${remote.origin}/sheet/exec`);
    await fillEntry(widget);
    await widget.submit.click();
    await widget.dialog.waitFor();
    expect(await widget.dialogTitle.textContent()).toBe(ES.sentTitle);
    await settle(page);
    expect(remote.requests).toHaveLength(1);
    const [request] = remote.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/sheet/exec' });
    expect(request!.headers['content-type']).toMatch(/^text\/plain/);
    expect(JSON.parse(request!.text)).toStrictEqual(SENT);
    expect(site.requests).toHaveLength(0);
  });

  it('the default transport against that endpoint never pretends success: the entry waits, and the visitor is told', async () => {
    const { page, widget } = await openPartner({ clock: true });
    await setAttr(widget, 'endpoint', `${remote.origin}/sheet/exec`);
    await fillEntry(widget);
    await widget.submit.click();
    // A refused preflight looks like a network failure to the page: after the retries the entry
    // waits in the outbox (it will go out if the endpoint starts answering) and the widget says so.
    const delivery = widget.host.locator('.delivery');
    await runClockUntil(
      page,
      async () => (await delivery.count()) > 0 && ((await delivery.textContent()) ?? '').startsWith('Sin conexión'),
    );
    expect(await widget.dialog.count()).toBe(0);
    // Held, without a spinner: nothing is under way until the endpoint answers.
    expect([await widget.submit.getAttribute('aria-disabled'), await widget.submit.getAttribute('aria-busy')]).toEqual(['true', null]);
    // The browser stopped at every preflight: the entry never went out.
    await settle(page);
    expect(remote.posts()).toHaveLength(0);
    expect(new Set(remote.requests.map((r) => r.method))).toEqual(new Set(['OPTIONS']));
    expect(await formValues(widget)).toEqual(SHOWN);
  });
});

describe('events', () => {
  /** Records every obra-* event that reaches `document`, with how it travelled. */
  const recordEvents = (page: Page, cancelFirstSubmit = false) =>
    page.evaluate((cancel) => {
      const seen: unknown[] = [];
      (window as unknown as { obraEvents: unknown[] }).obraEvents = seen;
      for (const type of ['obra-submit', 'obra-success', 'obra-error']) {
        document.addEventListener(type, (event) => {
          const e = event as CustomEvent;
          seen.push({
            type,
            detail: e.detail,
            bubbles: e.bubbles,
            composed: e.composed,
            target: (e.target as Element).tagName.toLowerCase(),
          });
        });
      }
      if (cancel) document.addEventListener('obra-submit', (event) => event.preventDefault(), { once: true });
    }, cancelFirstSubmit);
  const events = (page: Page) => page.evaluate(() => (window as unknown as { obraEvents: unknown[] }).obraEvents);
  const travelled = { bubbles: true, composed: true, target: 'obra-wait-list' };

  it('obra-submit and obra-success reach a document listener with the entry', async () => {
    const { page, widget } = await openPartner();
    await recordEvents(page);
    await fillEntry(widget);
    await widget.submit.click();
    await widget.dialog.waitFor();
    expect(await events(page)).toEqual([
      { type: 'obra-submit', detail: { entry: SENT }, ...travelled },
      { type: 'obra-success', detail: { entry: SENT }, ...travelled },
    ]);
  });

  it('obra-error reaches the document with the entry and the reason', async () => {
    const { page, widget } = await openPartner({ clock: true });
    site.reply = { status: 500, body: { errorMessage: 'database unavailable' } };
    await recordEvents(page);
    await fillEntry(widget);
    await widget.submit.click();
    await runClockUntil(page, async () => (await widget.dialog.count()) > 0);
    const [submit, error, ...rest] = (await events(page)) as { type: string; detail: { message?: string } }[];
    expect(rest).toEqual([]);
    expect(submit).toEqual({ type: 'obra-submit', detail: { entry: SENT }, ...travelled });
    expect(error).toMatchObject({ type: 'obra-error', detail: { entry: SENT, reason: 'api.server' }, ...travelled });
    expect(error!.detail.message).toContain('500');
  });

  it('preventDefault() on obra-submit stops the request', async () => {
    const { page, widget } = await openPartner();
    await recordEvents(page, true);
    await fillEntry(widget);
    await widget.submit.click();
    await expect.poll(async () => (await events(page)).length).toBe(1);
    await settle(page);
    expect(site.requests).toHaveLength(0);
    expect(await widget.dialog.count()).toBe(0);
    expect(await formValues(widget)).toEqual(SHOWN);
    expect(await widget.submit.getAttribute('aria-busy')).toBeNull();

    // The next submit is not cancelled and goes out, once: the cancelled one never left.
    await widget.submit.click();
    await widget.dialog.waitFor();
    expect(site.posts().map((r) => r.body)).toStrictEqual([SENT]);
    expect(((await events(page)) as { type: string }[]).map((e) => e.type)).toEqual(['obra-submit', 'obra-submit', 'obra-success']);
  });
});
