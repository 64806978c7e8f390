import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';

const ALLOW_HEADERS = 'Content-Type, Idempotency-Key';
const EXPOSE_HEADERS = 'Retry-After, Idempotent-Replayed';

/**
 * The CORS headers for a request, or a 403 for an origin not in `allowed` (`*` allows any).
 * No Origin (server-to-server, curl) and the API's own origin need no headers: browsers send
 * Origin on same-origin POSTs too, so the host is compared, not only the list.
 */
export function corsHeaders(req: IncomingMessage, allowed: readonly string[]): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin) return {};
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new HttpError(403, `The origin "${origin}" is not a valid origin.`);
  }
  if (host === req.headers.host) return {};
  if (!allowed.includes('*') && !allowed.includes(origin)) {
    throw new HttpError(403, `The origin ${origin} may not call this API; add it to CORS_ORIGINS.`, { headers: { Vary: 'Origin' } });
  }
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSE_HEADERS, Vary: 'Origin' };
}

/** The extra headers of a preflight answer (OPTIONS) for an allowed origin. */
export function preflightHeaders(methods: readonly string[]): Record<string, string> {
  return { 'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '), 'Access-Control-Allow-Headers': ALLOW_HEADERS, 'Access-Control-Max-Age': '600' };
}
