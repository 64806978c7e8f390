import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/body.ts';
import type { LeadKind } from '../leads.ts';
import { isValidPhone } from '../phone.ts';
import { decoyId, spamReason } from '../spam.ts';
import type { Handler } from './types.ts';

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header, if any: 1 to 255 visible ASCII characters (a UUID fits). */
function idempotencyKey(req: IncomingMessage): string | undefined {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY.test(key)) throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.');
  return key;
}

/** The widget's schema, then the full phone check the widgets leave to the server. */
function check(kind: LeadKind, input: unknown) {
  const result = kind.validate(input);
  const errors: Record<string, string> = {};
  if (!result.ok) for (const [field, error] of Object.entries(result.errors)) if (error) errors[field] = error.key;
  if (kind.phone && !errors[kind.phone]) {
    const phone = (input as Record<string, unknown> | null)?.[kind.phone];
    if (typeof phone === 'string' && !isValidPhone(phone)) errors[kind.phone] = 'phone';
  }
  if (result.ok && !Object.keys(errors).length) return { ok: true as const, value: result.value };
  return { ok: false as const, errors };
}

/**
 * POST /api/<kind>: validated with the widget's own schema, spam dropped silently, stored once
 * per Idempotency-Key (see lead-store.ts); the hash of the stored fields tells a replay from a
 * reused key.
 */
export const leadRoute = (kind: LeadKind): Handler => async ({ req, config, store, log, outbox }) => {
  const key = idempotencyKey(req);
  const { value: input } = await readJson(req, config.bodyLimit);
  const spam = spamReason(input, config.minFillMs);
  if (spam) {
    log.info('submission discarded as spam', { kind: kind.name, reason: spam });
    return { status: 201, body: { id: decoyId(key) } };
  }
  const checked = check(kind, input);
  if (!checked.ok) {
    const fields = Object.keys(checked.errors);
    throw new HttpError(400, `Some fields are invalid (${fields.join(', ')}); correct them and send again.`, { body: { errors: checked.errors } });
  }
  const values = kind.columns.map((column) => checked.value[column]!);
  const hash = createHash('sha256').update(JSON.stringify(values)).digest('base64url');
  const saved = await store.save(kind, values, key, hash);
  if (saved.hash !== hash) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different submission; send a new key with new data.');
  }
  if (saved.inserted && kind.mailed) outbox.kick();
  const reply = { status: 201, body: { id: saved.id }, log: { id: saved.id } };
  return saved.inserted ? reply : { ...reply, headers: { 'Idempotent-Replayed': 'true' } };
};
