import type { IncomingMessage } from 'node:http';
import { ATTRIBUTION_LIMITS, UTM_KEYS, validateAttribution, type AttributionErrorKey } from '@obra/schema';

/** Where a lead came from, as stored on every kind table (migration 050), in report order. */
export const ATTRIBUTION_COLUMNS = [
  'page_url',
  'referrer',
  ...UTM_KEYS,
  'partner_code',
  'widget',
  'widget_version',
  'embed_origin',
] as const;

/** One attribution column name. */
export type AttributionColumn = (typeof ATTRIBUTION_COLUMNS)[number];

/**
 * The embedding origin: the request's Origin header, which the browser sets and a page cannot
 * forge (the body's own claims could say anything). Only a well-formed origin is kept; a request
 * without one (a partner's server, curl) stores none. CORS has already refused origins not allowed.
 */
function embedOrigin(req: IncomingMessage): string | null {
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || origin.length > ATTRIBUTION_LIMITS.url) return null;
  try {
    return new URL(origin).origin === origin ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The attribution columns of a submission: the body's `attribution` member (optional; checked by
 * the schema, and trusted for nothing but reporting) and the Origin header. A bad member gives
 * its field errors (`attribution.<field>` → key) for a 400, and nothing is stored.
 */
export function attributionRow(
  req: IncomingMessage,
  input: unknown,
): { row: Record<AttributionColumn, string | null> } | { errors: Record<string, AttributionErrorKey> } {
  const raw = input && typeof input === 'object' ? (input as Record<string, unknown>).attribution : undefined;
  let value: Partial<Record<string, string>> = {};
  if (raw !== undefined && raw !== null) {
    const result = validateAttribution(raw);
    if (!result.ok) return { errors: result.errors };
    value = result.value;
  }
  const utm = Object.fromEntries(UTM_KEYS.map((key) => [key, value[key] ?? null])) as Record<(typeof UTM_KEYS)[number], string | null>;
  return {
    row: {
      page_url: value.page ?? null,
      referrer: value.referrer ?? null,
      ...utm,
      partner_code: value.partner ?? null,
      widget: value.widget ?? null,
      widget_version: value.version ?? null,
      embed_origin: embedOrigin(req),
    },
  };
}
