// Tasks (issue 40): several per lead, each a kind of work (call, site visit, quote, follow-up,
// other) due at a time, for an operator, with a note; open until done. Each one added or done is a
// timeline event. The lead's follow-up is its next open task (migration 114 keeps it). "My tasks"
// is the operator's open tasks by time, walked by keyset over the index (assignee, due_at, id).
import type { LeadTask, MyTask } from '@obra/schema/admin-contract';
import { OPEN_STATUSES } from '@obra/schema/console';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { NO_CONTENT, type RouteHandler } from './context.ts';
import { checkAssignee, recordEvent } from './lead-changes.ts';
import { PAGE_SIZE } from './paged-list.ts';

const TASK_COLUMNS = `t.id, t.type, t.due_at, t.assignee, u.email as assignee_email, t.note, t.done_at`;

const gone = () => new HttpError(404, 'There is no such lead; it may have been deleted.', { body: { code: 'gone' } });

/** A task's timeline detail: its type, its time (ISO) and its note, a line each. */
const eventDetail = (task: { type: string; due_at: Date | string; note: string }) =>
  `${task.type}\n${new Date(task.due_at).toISOString()}\n${task.note}`.trimEnd();

/** GET /api/admin/leads/:id/tasks: open tasks by time, then those done (the latest first). */
export const listLeadTasks: RouteHandler<'GET leads/:id/tasks'> = async ({ db, id }) => {
  if (!(await db.query('select 1 from lead where id = $1', [id])).length) throw gone();
  const tasks = await db.query<LeadTask>(
    `select ${TASK_COLUMNS} from lead_task t left join admin_user u on u.id = t.assignee
     where t.lead_id = $1 order by t.done_at is not null, case when t.done_at is null then t.due_at end, t.done_at desc, t.id`,
    [id],
  );
  return { status: 200, body: { tasks } };
};

/** POST /api/admin/leads/:id/tasks {type, due, note?, assignee?}: 201 with the task. */
export const addTask: RouteHandler<'POST leads/:id/tasks'> = async ({ body, db, id, operator }) => {
  const given = body.assignee === undefined ? undefined : await checkAssignee(db, body.assignee);
  const task = await db.transaction(async (tx) => {
    const [lead] = await tx.query<{ assignee: string | null }>('select assignee from lead where id = $1', [id]);
    if (!lead) throw gone();
    const [row] = await tx.query<{ id: string }>(
      `insert into lead_task (lead_id, type, due_at, assignee, note, created_by) values ($1, $2, $3, $4, $5, $6) returning id`,
      [id, body.type, body.due, given === undefined ? (lead.assignee ?? operator.id) : given, body.note, operator.email],
    );
    await recordEvent(tx, id, operator, 'task', eventDetail({ type: body.type, due_at: body.due, note: body.note }));
    return (await taskById(tx, row!.id))!;
  });
  return { status: 201, body: { task } };
};

async function taskById(db: Queryable, id: string) {
  return (
    await db.query<LeadTask & { lead_id: string }>(
      `select ${TASK_COLUMNS}, t.lead_id from lead_task t left join admin_user u on u.id = t.assignee where t.id = $1`,
      [id],
    )
  )[0];
}

/** PATCH /api/admin/tasks/:id {done}: done (a timeline event) or open again; as it is already, nothing changes. */
export const updateTask: RouteHandler<'PATCH tasks/:id'> = async ({ body: { done }, db, id, operator }) => {
  await db.transaction(async (tx) => {
    const [task] = await tx.query<{ lead_id: string; type: string; due_at: Date; note: string }>(
      `update lead_task set done_at = case when $2 then now() end, done_by = case when $2 then $3 end
       where id = $1 and (done_at is not null) <> $2 returning lead_id, type, due_at, note`,
      [id, done, operator.email],
    );
    if (task) {
      if (done) await recordEvent(tx, task.lead_id, operator, 'task-done', eventDetail(task));
    } else if (!(await tx.query('select 1 from lead_task where id = $1', [id])).length)
      throw new HttpError(404, 'There is no such task; its lead may have been deleted.', { body: { code: 'gone' } });
  });
  return NO_CONTENT;
};

/** GET /api/admin/tasks?after=: the operator's open tasks on open leads by time, overdue first, 50 a page. */
export const myTasks: RouteHandler<'GET tasks'> = async ({ db, operator, query }) => {
  const after = parseCursor(query.after);
  const rows = await db.query<MyTask>(
    `select t.id, t.type, t.due_at, t.note, t.lead_id, l.name as lead_name, l.kind as lead_kind
     from lead_task t join lead l on l.id = t.lead_id
     where t.assignee = $1 and t.done_at is null and l.status = any($${after ? 4 : 2}) ${after ? 'and (t.due_at, t.id) > ($2::timestamptz, $3::uuid)' : ''}
     order by t.due_at, t.id limit ${PAGE_SIZE + 1}`,
    after ? [operator.id, after.at, after.id, OPEN_STATUSES] : [operator.id, OPEN_STATUSES],
  );
  const items = rows.slice(0, PAGE_SIZE);
  const last = items.at(-1);
  const next = rows.length > PAGE_SIZE && last ? `${new Date(last.due_at).toISOString()}_${last.id}` : null;
  return { status: 200, body: { items, next } };
};

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A page's cursor (`due_id`), or null for the first page; 400 when it is not one. */
function parseCursor(value: string | undefined): { at: string; id: string } | null {
  if (value === undefined) return null;
  const match = CURSOR.exec(value);
  if (!match || Number.isNaN(Date.parse(match[1]!)))
    throw new HttpError(400, 'after must be the next cursor of a previous page.', { body: { code: 'after' } });
  return { at: match[1]!, id: match[2]! };
}

/**
 * The follow-up form of the lead page (PATCH leads/:id {followUp}) as a task: it sets the time and
 * note of the lead's first open follow-up task, or adds one for the lead's assignee; null marks
 * that task done. Whether anything changed.
 */
export async function setFollowUp(
  tx: Queryable,
  leadId: string,
  followUp: { at: string; note: string } | null,
  operator: { id: string; email: string },
): Promise<boolean> {
  const [open] = await tx.query<{ id: string }>(
    "select id from lead_task where lead_id = $1 and type = 'follow-up' and done_at is null order by due_at, id limit 1 for update",
    [leadId],
  );
  if (!followUp)
    return open
      ? !!(await tx.query('update lead_task set done_at = now(), done_by = $2 where id = $1 returning id', [open.id, operator.email]))
          .length
      : false;
  if (open)
    return !!(
      await tx.query(
        'update lead_task set due_at = $2, note = $3 where id = $1 and (due_at, note) is distinct from ($2::timestamptz, $3::text) returning id',
        [open.id, followUp.at, followUp.note],
      )
    ).length;
  await tx.query(
    `insert into lead_task (lead_id, type, due_at, assignee, note, created_by)
     select id, 'follow-up', $2, coalesce(assignee, $4), $3, $5 from lead where id = $1`,
    [leadId, followUp.at, followUp.note, operator.id, operator.email],
  );
  return true;
}
