// The hostile-host kit: what every widget must survive on a partner page that fights it.
//  - snapshotShadow(): sizes and computed styles of named parts inside a widget's shadow root,
//    to compare a plain page with a hostile one;
//  - snapshotProbes(): computed styles of the page's own elements ([data-probe]), to prove the
//    widget's CSS does not leak out (compare with the page whose widget bundles are blocked);
//  - watchCsp(): every Content-Security-Policy violation, from the event and from the console.
import type { Locator, Page } from 'playwright-core';

/** The policy the hostile page is served with: no inline style or script, same-origin only. */
export const HOSTILE_CSP = "default-src 'self'; style-src 'self'; script-src 'self'";

/** The computed properties compared: type, colour, spacing, borders and box model. */
const STYLE_PROPS = [
  'display',
  'position',
  'box-sizing',
  'visibility',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-align',
  'text-shadow',
  'color',
  '-webkit-text-fill-color',
  'background-color',
  'accent-color',
  'cursor',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'border-top-width',
  'border-top-style',
  'border-top-color',
  'border-right-width',
  'border-right-style',
  'border-right-color',
  'border-bottom-width',
  'border-bottom-style',
  'border-bottom-color',
  'border-left-width',
  'border-left-style',
  'border-left-color',
  'border-top-left-radius',
  'min-height',
  'gap',
  'grid-template-columns',
  'outline-style',
  'outline-width',
  'box-shadow',
  'container-type',
] as const;

/** One element's size and computed style, or null when it is not there. */
export type PartSnapshot = { width: number; height: number; style: Record<string, string> } | null;

/**
 * Measures named parts of a widget: `parts` maps a name to a selector inside the host's shadow
 * root (the first match is measured). Sizes are the border-box from getBoundingClientRect.
 */
export function snapshotShadow(
  host: Locator,
  parts: Record<string, string>,
  props: readonly string[] = STYLE_PROPS,
): Promise<Record<string, PartSnapshot>> {
  return host.evaluate(
    (el, [parts, props]) => {
      const out: Record<string, PartSnapshot> = {};
      for (const [name, selector] of Object.entries(parts)) {
        const part = el.shadowRoot!.querySelector(selector);
        if (!part) {
          out[name] = null;
          continue;
        }
        const rect = part.getBoundingClientRect();
        const computed = getComputedStyle(part);
        out[name] = {
          width: rect.width,
          height: rect.height,
          style: Object.fromEntries(props.map((p) => [p, computed.getPropertyValue(p)])),
        };
      }
      return out;
    },
    [parts, props] as const,
  );
}

/** Computed styles of the page's own `[data-probe]` elements, keyed by the probe's name. */
export function snapshotProbes(page: Page, props: readonly string[] = STYLE_PROPS): Promise<Record<string, Record<string, string>>> {
  return page.evaluate((props) => {
    const out: Record<string, Record<string, string>> = {};
    for (const probe of document.querySelectorAll<HTMLElement>('[data-probe]')) {
      const computed = getComputedStyle(probe);
      out[probe.dataset.probe!] = Object.fromEntries(props.map((p) => [p, computed.getPropertyValue(p)]));
    }
    for (const [name, el] of [
      ['html', document.documentElement],
      ['body', document.body],
    ] as const) {
      const computed = getComputedStyle(el);
      out[name] = Object.fromEntries(props.map((p) => [p, computed.getPropertyValue(p)]));
    }
    return out;
  }, props);
}

/** Sets the host's width through the CSSOM (allowed under a strict CSP), so two pages lay the
 * widget out at the same container width whatever their body margins. */
export function setHostWidth(host: Locator, px: number): Promise<void> {
  return host.evaluate((el, w) => (el as HTMLElement).style.setProperty('width', `${w}px`), px);
}

/** Answers every widget bundle request with an empty script: the same page, without widgets. */
export async function blockWidgetBundles(page: Page): Promise<void> {
  await page.route(/\/(widgets|esm)\/.*\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* blocked by the test */' }),
  );
}

export interface CspViolation {
  source: 'event' | 'console';
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * Records CSP violations of `page` from now on (call before `goto`): the `securitypolicyviolation`
 * event (listened to by an init script, which the page's CSP does not govern) and the console
 * errors Chromium prints for them. `violations()` returns both.
 */
export async function watchCsp(page: Page): Promise<{ violations(): Promise<CspViolation[]> }> {
  const fromConsole: CspViolation[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy|Refused to (load|apply|execute|evaluate|connect)/i.test(text)) {
      fromConsole.push({ source: 'console', directive: '', blocked: '', sample: text });
    }
  });
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener(
      'securitypolicyviolation',
      (e) => seen.push({ source: 'event', directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }),
      true,
    );
  });
  return {
    async violations() {
      const fromEvents = await page.evaluate(() => (window as unknown as { __cspViolations?: CspViolation[] }).__cspViolations ?? []);
      return [...fromEvents, ...fromConsole];
    },
  };
}
