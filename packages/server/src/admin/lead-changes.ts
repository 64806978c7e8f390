// What a change to a lead checks and records, for one lead (leads-routes.ts) and for many at once
// (bulk-routes.ts): the assignee exists (a follow-up's time and note are the contract's schema's
// to check), and every change is a timeline event with who made it.
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import type { Operator } from './auth.ts';

/** An operator's id, or null (nobody); 400 for anything else, such as a removed operator. */
export async function checkAssignee(db: Queryable, value: unknown): Promise<string | null> {
  if (value === null) return null;
  if (typeof value !== 'string' || !(await db.query('select 1 from admin_user where id::text = $1', [value])).length)
    throw new HttpError(400, 'assignee must be the id of a user, or null.', { body: { code: 'assignee' } });
  return value;
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
