import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';

/** Request headers a widget may send cross-origin (the spam signals travel as headers: README, "Spam"). */
const ALLOW_HEADERS = 'Content-Type, Idempotency-Key, Obra-Fill-Ms, Obra-Trap';
const EXPOSE_HEADERS = 'Retry-After, Idempotent-Replayed';

/**
 * The CORS headers for a request, or a 403 for an origin not in `allowed` (`*` allows any).
 * No Origin (server-to-server, curl) needs no headers, nor does the API's own origin (`self`,
 * scheme included: an http page is not the https API's own): browsers send Origin on same-origin
 * POSTs too. Every answer varies by Origin, so a cache never hands one origin's answer to another.
 */
export function corsHeaders(req: IncomingMessage, allowed: readonly string[], self: string): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin) return {};
  let parsed: string;
  try {
    parsed = new URL(origin).origin;
  } catch {
    throw new HttpError(403, { key: 'origin.invalid', values: { origin } });
  }
  if (parsed === self) return {};
  if (!allowed.includes('*') && !allowed.includes(origin)) {
    throw new HttpError(403, { key: 'origin.refused', values: { origin } });
  }
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSE_HEADERS };
}

/** The extra headers of a preflight answer (OPTIONS) for an allowed origin. */
export function preflightHeaders(methods: readonly string[]): Record<string, string> {
  return {
    'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Max-Age': '600',
  };
}
