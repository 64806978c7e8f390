import { createHash, randomUUID } from 'node:crypto';
import { SPAM_FIELDS } from '@obra/schema';

/** Why a submission was taken for a bot's, or undefined when it looks human. */
export function spamReason(body: unknown, minFillMs: number): 'honeypot' | 'too-fast' | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const fields = body as Record<string, unknown>;
  const trap = fields[SPAM_FIELDS.honeypot];
  if (trap !== undefined && trap !== null && trap !== '') return 'honeypot';
  // Only checked when the form reports it: widgets that predate the field must not lose leads.
  const elapsed = fields[SPAM_FIELDS.elapsed];
  if (elapsed !== undefined && !(typeof elapsed === 'number' && elapsed >= minFillMs)) return 'too-fast';
  return undefined;
}

/**
 * The id a discarded submission is answered with: random, or derived from the Idempotency-Key so
 * a bot's retry sees the same answer as a person's would.
 */
export function decoyId(idempotencyKey: string | undefined): string {
  const hex = idempotencyKey ? createHash('sha256').update(`decoy:${idempotencyKey}`).digest('hex') : randomUUID().replaceAll('-', '');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
