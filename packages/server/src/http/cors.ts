import type { IncomingMessage } from 'node:http';

/** Request headers a widget may send cross-origin (the spam signals travel as headers: docs/operators/security.md). */
const ALLOW_HEADERS = 'Content-Type, Idempotency-Key, Obra-Fill-Ms, Obra-Trap';
const EXPOSE_HEADERS = 'Retry-After, Idempotent-Replayed';

/**
 * The CORS headers of a public API answer: any site may call it, since widgets are embedded on
 * sites that are not approved yet too, and no public call uses cookies (a script without a
 * browser could send the same request anyway). Whether the site is approved decides what a lead
 * from it counts for, not whether it is heard (routes/attribution.ts; docs/partners/sites.md).
 * The console's API (/api/admin/) is same-origin only and never gets these headers.
 */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  if (!req.headers.origin) return {};
  return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSE_HEADERS };
}

/** The extra headers of a preflight answer (OPTIONS). */
export function preflightHeaders(methods: readonly string[]): Record<string, string> {
  return {
    'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Max-Age': '600',
  };
}
