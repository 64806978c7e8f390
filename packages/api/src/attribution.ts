import { ATTRIBUTION_LIMITS, PARTNER_CODE, UTM_KEYS, isCleanLine, type Attribution, type AttributionWidget } from '@obra/schema';

// The bundle's version, written by the build (rollup.config.ts and host/build.ts replace it with
// the root package.json's); anything that does not replace it (tests, tsup) reports `dev`.
declare const __OBRA_VERSION__: string | undefined;

/** The version a bundle reports in its attribution. */
export const BUNDLE_VERSION: string = typeof __OBRA_VERSION__ === 'string' ? __OBRA_VERSION__ : 'dev';

const httpUrl = (text: string | undefined): URL | undefined => {
  try {
    const url = new URL(text ?? '');
    return /^https?:$/.test(url.protocol) ? url : undefined;
  } catch {
    return undefined;
  }
};

/** What {@link collectAttribution} reads: the page's address and referrer, and the element's own facts. */
export interface AttributionSource {
  /** `location.href` of the page the element is in. */
  href: string;
  /** `document.referrer`. */
  referrer: string;
  widget: AttributionWidget;
  /** The element's `partner` attribute; a value that is not a partner code is left out. */
  partner?: string | undefined;
}

/**
 * Where a submission comes from, as the API stores it with the lead. Nothing personal travels
 * beyond what the visitor typed: the page URL loses its fragment and every query parameter but
 * utm_* (others may carry e-mails or tokens), and the referrer keeps only its origin and path.
 * Values are cut to the server's limits, and unreadable ones dropped, so a visitor is never
 * refused for the page they came from.
 */
export function collectAttribution({ href, referrer, widget, partner }: AttributionSource): Attribution {
  const attribution: Attribution = { widget, version: BUNDLE_VERSION };
  const page = httpUrl(href);
  if (page) {
    const utm = UTM_KEYS.flatMap((key) => {
      const value = page.searchParams.get(key)?.trim().slice(0, ATTRIBUTION_LIMITS.utm);
      return value && isCleanLine(value) ? [[key, value] as const] : [];
    });
    for (const [key, value] of utm) attribution[key] = value;
    page.hash = '';
    page.search = new URLSearchParams(utm as [string, string][]).toString();
    attribution.page =
      page.href.length <= ATTRIBUTION_LIMITS.url ? page.href : (page.origin + page.pathname).slice(0, ATTRIBUTION_LIMITS.url);
  }
  const from = httpUrl(referrer);
  if (from) attribution.referrer = (from.origin + from.pathname).slice(0, ATTRIBUTION_LIMITS.url);
  if (partner && PARTNER_CODE.test(partner)) attribution.partner = partner;
  return attribution;
}

/** The attribution of a submission from an element (or the host page) in `doc`, read now. */
export const attributionOf = (doc: Document, widget: AttributionWidget, partner?: string): Attribution =>
  collectAttribution({ href: doc.location?.href ?? '', referrer: doc.referrer, widget, partner });
