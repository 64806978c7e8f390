// Page helpers for any Obra widget: only the element itself (`host`) is needed.
import type { Locator, Page } from 'playwright-core';

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
    return { tag: active.tagName.toLowerCase(), name: active.name ?? '', value: active.value ?? '', text: active.textContent?.trim() ?? '' };
  });
}

/** Sets (or, with null, removes) an attribute of the widget's element. */
export function setAttr(widget: WidgetHost, name: string, value: string | null): Promise<void> {
  return widget.host.evaluate((el, [n, v]) => (v === null ? el.removeAttribute(n) : el.setAttribute(n, v)), [name, value] as const);
}

/** Sets (or, with null, removes) the page's `<html lang>`. */
export function setPageLang(page: Page, lang: string | null): Promise<void> {
  return page.evaluate((l) => (l === null ? document.documentElement.removeAttribute('lang') : document.documentElement.setAttribute('lang', l)), lang);
}

/** Gives a wrong extra request the time to arrive before a test counts requests. */
export function settle(page: Page): Promise<void> {
  return page.waitForTimeout(150);
}
