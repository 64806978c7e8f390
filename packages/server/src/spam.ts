import type { IncomingMessage } from 'node:http';
import { SPAM_FIELDS, SPAM_HEADERS } from '@obra/schema';

/** Why a submission was taken for a bot's, or undefined when it looks human. */
export type SpamReason = 'honeypot' | 'too-fast';

/**
 * The spam signals of a submission: the honeypot input's value and the form's fill time, sent as
 * headers (`Obra-Trap`, `Obra-Fill-Ms`) so every body keeps its exact wire shape (docs/contributors/behaviour.md#calls), or
 * as body fields by clients that predate the headers. A submission without a fill time is not
 * judged by it (partners' own servers post leads too); see docs/operators/api.md#spam.
 */
export function spamReason(req: IncomingMessage, body: unknown, minFillMs: number): SpamReason | undefined {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const trap = header(SPAM_HEADERS.honeypot) ?? fields[SPAM_FIELDS.honeypot];
  if (trap !== undefined && trap !== null && trap !== '') return 'honeypot';
  const headerFill = header(SPAM_HEADERS.elapsed);
  // Any run of digits is a time (a long one is a form open a long while); anything else is not.
  const elapsed =
    headerFill !== undefined ? (/^\d{1,20}$/.test(headerFill.trim()) ? Number(headerFill) : NaN) : fields[SPAM_FIELDS.elapsed];
  if (elapsed !== undefined && !(typeof elapsed === 'number' && elapsed >= minFillMs)) return 'too-fast';
  return undefined;
}
