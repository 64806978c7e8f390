// Where a lead came from (issue 15, "Attribution"): collected by the widgets and the host's
// contact popup at submit time, checked by the server, stored with the lead for reporting only.
// Written by hand rather than with valibot: each field has its own refusal, and the widgets need
// only the limits and the partner code's pattern.
import { FIELD_LIMITS, isCleanLine } from './validate.ts';

/** The UTM parameters read from the page URL, in the order reports show them. */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** One UTM parameter name. */
export type UtmKey = (typeof UTM_KEYS)[number];

/** What may send a lead: the three form widgets and the host site's contact popup. */
export const ATTRIBUTION_WIDGETS = ['wait-list', 'partner-registration', 'design-form', 'contact', 'software-detail'] as const;
/** The name of a widget that sends leads, or starts a purchase (the software detail). */
export type AttributionWidget = (typeof ATTRIBUTION_WIDGETS)[number];

/** The longest value of each field (characters); the widgets cut theirs so a visitor is never refused. */
export const ATTRIBUTION_LIMITS = { url: FIELD_LIMITS.url, utm: 200, version: 32 } as const;

/** A partner code: 3 to 32 letters, digits, `_` or `-` (the `partner` attribute). */
export const PARTNER_CODE = /^[A-Za-z0-9_-]{3,32}$/;

/** A bundle version as the build writes it (`0.1.0`, `1.2.0-rc.1+abc`); `dev` in tests. */
const VERSION = /^[0-9A-Za-z.+-]{1,32}$/;

/**
 * The attribution of one submission, as it travels in the body's `attribution` member. Every
 * field but `widget` and `version` may be absent (a page opened directly has no referrer).
 */
export type Attribution = {
  /** The page URL: no fragment, and no query parameter but the utm_* ones. */
  page?: string;
  /** The referring page: origin and path only. */
  referrer?: string;
  /** The partner code of the element's `partner` attribute. */
  partner?: string;
  widget: AttributionWidget;
  version: string;
} & Partial<Record<UtmKey, string>>;

/** Why an attribution field was refused (the key in the 400's `errors`, as `attribution.<field>`). */
export type AttributionErrorKey = 'type' | 'url' | 'tooLong' | 'characters' | 'partner' | 'unknown';

const isHttpUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * Checks an attribution from a request body: the stored value (absent fields as undefined), or the
 * first error of each bad field. Unknown members are refused too, so a client's typo is seen.
 */
export function validateAttribution(
  input: unknown,
): { ok: true; value: Attribution } | { ok: false; errors: Record<string, AttributionErrorKey> } {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: { attribution: 'type' } };
  const data = input as Record<string, unknown>;
  const errors: Record<string, AttributionErrorKey> = {};
  const value: Record<string, string> = {};
  const known = new Set<string>(['page', 'referrer', 'partner', 'widget', 'version', ...UTM_KEYS]);
  for (const name of Object.keys(data)) if (!known.has(name)) errors[name] = 'unknown';
  const field = (name: string, max: number, check?: (text: string) => AttributionErrorKey | undefined, required = false) => {
    const raw = data[name];
    if (raw === undefined || raw === null || raw === '') {
      if (required) errors[name] = 'type';
      return;
    }
    if (typeof raw !== 'string') return void (errors[name] = 'type');
    const problem = raw.length > max ? 'tooLong' : !isCleanLine(raw) ? 'characters' : check?.(raw);
    if (problem) errors[name] = problem;
    else value[name] = raw;
  };
  const url = (text: string) => (isHttpUrl(text) ? undefined : 'url');
  field('page', ATTRIBUTION_LIMITS.url, url);
  field('referrer', ATTRIBUTION_LIMITS.url, url);
  for (const key of UTM_KEYS) field(key, ATTRIBUTION_LIMITS.utm);
  field('partner', 32, (text) => (PARTNER_CODE.test(text) ? undefined : 'partner'));
  field('widget', 32, (text) => (ATTRIBUTION_WIDGETS.includes(text as AttributionWidget) ? undefined : 'unknown'), true);
  field('version', ATTRIBUTION_LIMITS.version, (text) => (VERSION.test(text) ? undefined : 'characters'), true);
  const keys = Object.keys(errors);
  if (keys.length)
    return {
      ok: false,
      errors: Object.fromEntries(keys.map((name) => [name === 'attribution' ? name : `attribution.${name}`, errors[name]!])),
    };
  return { ok: true, value: value as Attribution };
}
