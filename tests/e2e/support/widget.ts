// Page helpers for any Obra widget: only the element itself (`host`) is needed.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { requestsInFlight } from './browser.ts';

/** Anything with the widget's element. */
export interface WidgetHost {
  host: Locator;
}

/** The element focused inside the widget's shadow root, described; null when focus is elsewhere. */
export function focusedInWidget(widget: WidgetHost): Promise<{ tag: string; name: string; value: string; text: string } | null> {
  return widget.host.evaluate((el) => {
    if (el.ownerDocument.activeElement !== el) return null;
    const active = el.shadowRoot!.activeElement as HTMLInputElement | null;
    if (!active) return null;
    return {
      tag: active.tagName.toLowerCase(),
      name: active.name ?? '',
      value: active.value ?? '',
      text: active.textContent?.trim() ?? '',
    };
  });
}

/** Sets (or, with null, removes) an attribute of the widget's element. */
export function setAttr(widget: WidgetHost, name: string, value: string | null): Promise<void> {
  return widget.host.evaluate((el, [n, v]) => (v === null ? el.removeAttribute(n) : el.setAttribute(n, v)), [name, value] as const);
}

/** Sets (or, with null, removes) the page's `<html lang>`. */
export function setPageLang(page: Page, lang: string | null): Promise<void> {
  return page.evaluate(
    (l) => (l === null ? document.documentElement.removeAttribute('lang') : document.documentElement.setAttribute('lang', l)),
    lang,
  );
}

/** Resolves once the page has run the tasks already queued and painted a frame. */
const paintedFrame = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));

/**
 * Waits until the page is quiet before a test counts requests or checks that something did not
 * change: the page has run the tasks already queued and painted a frame (so anything an event
 * started has started), every request of its context has been answered (so the test server
 * has recorded it), and a frame is painted after that (what the answers changed, an image's size
 * say, is on screen). Timers the page set are not waited for: a test about a delayed action
 * installs `page.clock` and runs it forward instead.
 */
export async function settle(page: Page): Promise<void> {
  await paintedFrame(page);
  // The failure names the requests still open.
  await expect.poll(() => requestsInFlight(page), { message: 'requests still under way' }).toEqual([]);
  await paintedFrame(page);
}

/**
 * Runs the page's clock (`page.clock.install()` first) a second at a time until `reached` holds:
 * the quiet retries' waits (about 3.5 s in all) pass at once instead of in real time. `reached`
 * must read without waiting (a locator's `count()`, not `textContent()` on a missing element),
 * or the retries would run in real time meanwhile.
 */
export async function runClockUntil(page: Page, reached: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(async () => {
      if (await reached()) return true;
      await page.clock.runFor(1000);
      return reached();
    })
    .toBe(true);
}
