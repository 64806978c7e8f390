import { UTM_KEYS, validateAttribution, type AttributionErrorKey } from '@obra/schema';
import type { Site } from '../partners/site.ts';

/** Where a lead came from, as stored on every kind table (migrations 050 and 070), in report order. */
export const ATTRIBUTION_COLUMNS = [
  'page_url',
  'referrer',
  ...UTM_KEYS,
  'partner_code',
  'partner_claim',
  'widget',
  'widget_version',
  'embed_origin',
  'embed_approved',
] as const;

/** One attribution column name. */
type AttributionColumn = (typeof ATTRIBUTION_COLUMNS)[number];

/** An attribution row: text columns, and whether the embedding site was approved. */
export type AttributionRow = Record<Exclude<AttributionColumn, 'embed_approved'>, string | null> & { embed_approved: boolean | null };

/**
 * The attribution columns of a submission: the body's `attribution` member (optional; checked by
 * the schema, and trusted for nothing but reporting) and the page's site (the Origin header). A
 * partner code counts (`partner_code`) only when the site is one of that partner's approved
 * origins; any other claim is kept apart (`partner_claim`) for operators, and the partner never
 * hears of it. A bad member gives its field errors (`attribution.<field>` → key) for a 400, and
 * nothing is stored.
 */
export function attributionRow(site: Site, input: unknown): { row: AttributionRow } | { errors: Record<string, AttributionErrorKey> } {
  const raw = input && typeof input === 'object' ? (input as Record<string, unknown>).attribution : undefined;
  let value: Partial<Record<string, string>> = {};
  if (raw !== undefined && raw !== null) {
    const result = validateAttribution(raw);
    if (!result.ok) return { errors: result.errors };
    value = result.value;
  }
  const utm = Object.fromEntries(UTM_KEYS.map((key) => [key, value[key] ?? null])) as Record<(typeof UTM_KEYS)[number], string | null>;
  const verified = value.partner ? site.partnerAt(value.partner) : undefined;
  return {
    row: {
      page_url: value.page ?? null,
      referrer: value.referrer ?? null,
      ...utm,
      partner_code: verified ?? null,
      partner_claim: verified ? null : (value.partner ?? null),
      widget: value.widget ?? null,
      widget_version: value.version ?? null,
      embed_origin: site.origin,
      embed_approved: site.approved,
    },
  };
}

/**
 * What the answer to a stored lead says of its attribution, so the embedding page can act on it
 * (the widgets turn it into an `obra-error` event; docs/partners/sites.md): `site: 'unapproved'`
 * when the page's site is not approved, `partner: 'unverified'` when the partner code it claimed
 * does not count. Read from the stored row, so a replay answers as the first request did.
 */
export function attributionNotice(row: { embed_approved?: unknown; partner_claim?: unknown }): Record<string, string> {
  return {
    ...(row.embed_approved === false ? { site: 'unapproved' } : {}),
    ...(typeof row.partner_claim === 'string' ? { partner: 'unverified' } : {}),
  };
}
