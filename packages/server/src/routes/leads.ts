import { createHash } from 'node:crypto';
import { REPORT_HOLDS, type ReportAnswer } from '@obra/schema';
import type { IncomingMessage } from 'node:http';
import { HttpError, invalidFields } from '../http/errors.ts';
import { readJson } from '../http/body.ts';
import type { LeadRow, Saved } from '../lead-store.ts';
import type { LeadKind } from '../leads.ts';
import { isValidPhone } from '@obra/schema/phone';
import { reportMailStatus, reportImage } from '../report/caps.ts';
import { leadEstimateOf } from '../report/lead-estimate.ts';
import { spamReason } from '../spam.ts';
import { attributionNotice, attributionRow } from './attribution.ts';
import type { Handler, RouteContext } from './types.ts';

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The stored columns a replay's answer is made from (see attributionNotice). */
const NOTICE_COLUMNS = ['embed_approved', 'partner_claim'] as const;

/** The Idempotency-Key header, if any: 1 to 255 visible ASCII characters (a UUID fits). */
function idempotencyKey(req: IncomingMessage): string | undefined {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY.test(key)) throw new HttpError(400, { key: 'idempotencyKey' });
  return key;
}

/** The widget's schema, then the full phone check the widgets leave to the server. */
function check(kind: LeadKind, input: unknown) {
  const result = kind.validate(input);
  const errors: Record<string, string> = {};
  if (!result.ok) for (const [field, error] of Object.entries(result.errors)) if (error) errors[field] = error.key;
  const field = kind.person.phone;
  if (field && !errors[field]) {
    const phone = (input as Record<string, unknown> | null)?.[field];
    if (typeof phone === 'string' && !isValidPhone(phone)) errors[field] = 'phone';
  }
  if (result.ok && !Object.keys(errors).length) return result.value;
  throw invalidFields(errors);
}

/** Stores a design report alone: its image must be this API's, and its mail waits for the caps. */
async function saveReport(
  { store, log, config, db, origin, client }: RouteContext,
  kind: LeadKind,
  row: LeadRow,
  key: string | undefined,
  hash: string,
) {
  const image = await reportImage(db, String(row.image_url), origin, config.publicUrl);
  if (!image) {
    throw invalidFields({ imageUrl: 'url' }, 'invalidImage');
  }
  return store.saveOne(kind, { ...row, image_url: image.url, image_id: image.id, client }, key, hash, {
    returning: ['mail_status', 'mail_held', 'mail_retry_at', ...NOTICE_COLUMNS],
    decide: async (tx) =>
      row.spam_reason ? { mail_status: 'queued' } : await reportMailStatus(tx, String(row.correo), client, config.reportMail, log),
    // The console sees the estimate on the lead (migration 090): a few microseconds of arithmetic.
    stored: async (tx, id) => {
      const { estimate, value_usd } = leadEstimateOf(row);
      if (estimate)
        await tx.query('update lead set estimate = $2, value_usd = $3 where id = $1', [id, JSON.stringify(estimate), value_usd]);
    },
  });
}

/** What the answer to a stored report says of its e-mail: a replay's is the first request's. */
function reportAnswer({ id, row }: Saved): ReportAnswer {
  if (row.mail_status !== 'held') return { id, mail: 'queued' };
  const held = REPORT_HOLDS.find((reason) => reason === row.mail_held);
  return held ? { id, mail: 'held', held, retryAt: new Date(row.mail_retry_at as Date).toISOString() } : { id, mail: 'held' };
}

/**
 * POST /api/<kind>: validated with the widget's own schema, then stored once per Idempotency-Key
 * (see lead-store.ts), with the visitor's language and where the lead came from (attribution.ts,
 * not part of the hash: it is reporting, not the visitor's data; the answer says when the site is
 * not approved or the partner claim does not count); the hash of the visitor's fields tells a replay
 * from a reused key. A submission taken for a bot's is stored with its reason and answered like any
 * other (a bot learns nothing; an operator can rescue a person). A design report must carry an
 * image this API generated, and is mailed only within the caps (report/caps.ts): the answer says
 * `mail: 'queued'`, or `'held'` with which cap held it and when a new report would go (ReportAnswer).
 */
export const leadRoute =
  (kind: LeadKind): Handler =>
  async (context) => {
    const { req, config, store, log, mailOutbox, lang, site } = context;
    const key = idempotencyKey(req);
    const { value: input } = await readJson(req, config.bodyLimit);
    const value = check(kind, input);
    // Where it came from: checked after the visitor's fields (theirs are what a person can correct).
    const origin = attributionRow(site, input);
    if ('errors' in origin) throw invalidFields(origin.errors, 'invalidAttribution');
    const fields = kind.columns.map((column) => value[column]!);
    const hash = createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
    const spam = spamReason(req, input, config.minFillMs);
    if (spam) log.info('submission taken for spam', { kind: kind.kind, reason: spam });
    const row: LeadRow = {
      ...Object.fromEntries(kind.columns.map((column, i) => [column, fields[i]])),
      lang,
      spam_reason: spam ?? null,
      ...origin.row,
    };
    const saved: Saved = kind.mailed
      ? await saveReport(context, kind, row, key, hash)
      : await store.save(kind, row, key, hash, NOTICE_COLUMNS);
    if (saved.hash !== hash) {
      throw new HttpError(422, { key: 'keyReused' });
    }
    // A new lead may have a report to mail and the team to tell (mail/mail-outbox.ts).
    if (saved.inserted && !spam) mailOutbox.kick();
    const body = {
      ...(kind.mailed ? reportAnswer(saved) : { id: saved.id }),
      ...attributionNotice(saved.row),
    };
    const reply = { status: 201, body, log: { id: saved.id } };
    return saved.inserted ? reply : { ...reply, headers: { 'Idempotent-Replayed': 'true' } };
  };
