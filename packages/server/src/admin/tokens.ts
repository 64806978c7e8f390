import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes as base64url: session ids, one-time link tokens, CSRF tokens. */
export const newToken = () => randomBytes(32).toString('base64url');

/** The sha256 (hex) a token is stored as: the table alone lets no one in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a header value equals `expected`, compared in constant time. */
export function sameToken(value: string | string[] | undefined, expected: string): boolean {
  if (typeof value !== 'string' || value.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(expected));
}
