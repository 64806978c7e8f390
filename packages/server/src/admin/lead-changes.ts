// What a change to a lead checks and records, for one lead (leads-routes.ts) and for many at once
// (bulk-routes.ts): the assignee exists, a follow-up is a time and a short note, and every change
// is a timeline event with who made it.
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import type { Operator } from './auth.ts';

/** The longest note a follow-up carries ("call about the roof quote"). */
const FOLLOW_UP_NOTE_LENGTH = 500;

/** An operator's id, or null (nobody); 400 for anything else, such as a removed operator. */
export async function checkAssignee(db: Queryable, value: unknown): Promise<string | null> {
  if (value === null) return null;
  if (typeof value !== 'string' || !(await db.query('select 1 from admin_user where id::text = $1', [value])).length)
    throw new HttpError(400, 'assignee must be the id of a user, or null.', { body: { code: 'assignee' } });
  return value;
}

/** A follow-up `{at, note?}` (`at` an ISO time with its offset, 2000–2099), or null to clear it; 400 otherwise. */
export function checkFollowUp(value: unknown): { at: string; note: string } | null {
  if (value === null) return null;
  const { at, note = '' } = (typeof value === 'object' ? value : {}) as { at?: unknown; note?: unknown };
  const time = typeof at === 'string' && /(Z|[+-]\d\d:?\d\d)$/.test(at) ? new Date(at) : undefined;
  if (!time || Number.isNaN(time.getTime()) || time.getUTCFullYear() < 2000 || time.getUTCFullYear() > 2099)
    throw new HttpError(400, 'followUp.at must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00.', {
      body: { code: 'follow-up' },
    });
  if (typeof note !== 'string' || note.length > FOLLOW_UP_NOTE_LENGTH)
    throw new HttpError(400, `followUp.note must be text of at most ${FOLLOW_UP_NOTE_LENGTH} characters.`, { body: { code: 'follow-up' } });
  return { at: time.toISOString(), note: note.trim() };
}

/** The e-mail of the operator `id` (the timeline names people, not ids); '' for nobody. */
export async function assigneeEmail(db: Queryable, id: string | null): Promise<string> {
  if (!id) return '';
  return (await db.query<{ email: string }>('select email from admin_user where id = $1', [id]))[0]?.email ?? '';
}

/** One timeline event on each lead of `ids`, by `operator`. */
export async function recordEvent(db: Queryable, ids: string | readonly string[], operator: Operator, type: string, detail: string) {
  await db.query(
    'insert into lead_event (lead_id, actor, actor_email, type, detail) select id, $2, $3, $4, $5 from unnest($1::uuid[]) id',
    [typeof ids === 'string' ? [ids] : ids, operator.id, operator.email, type, detail],
  );
}
