// Bulk work on the inbox: the leads selected on a page, or every lead matching a filter (up to
// BULK_LIMIT), get a status, an assignee, deleted (admins), or exported. Each change is a timeline
// event and a lead.updated webhook per lead, in one transaction with one audit entry.
import { BULK_LIMIT } from '@obra/schema/console';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import type { AdminChecked } from '@obra/schema/admin-contract';
import { requireAdmin, scopeOf, type AdminContext, type RouteHandler } from './context.ts';
import { deleteLeads } from './delete-lead.ts';
import { parseFilter, whereOf, type Filter } from './filter.ts';
import { assigneeEmail, checkAssignee, recordEvent } from './lead-changes.ts';

/** The ids of the leads `body` names: its `ids` (checked by the contract), or every lead matching its `query` (the inbox's query string). */
async function targets(context: AdminContext, body: AdminChecked<'POST leads/bulk'>): Promise<string[]> {
  if (body.ids) return [...new Set(body.ids)];
  const { sql, params } = whereOf(parseFilter(new URLSearchParams(body.query ?? '')), scopeOf(context));
  const rows = await context.db.query<{ id: string }>(`select id from lead ${sql} limit ${BULK_LIMIT + 1}`, params);
  if (rows.length > BULK_LIMIT)
    throw new HttpError(400, `More than ${BULK_LIMIT} leads match: narrow the filter first.`, {
      body: { code: 'too-many', limit: BULK_LIMIT },
    });
  return rows.map((row) => row.id);
}

/** One lead.updated per lead, as a change on its page makes (looked up only when an endpoint listens). */
const emitUpdated = (tx: Queryable, ids: readonly string[], column: string) =>
  tx.query(
    `select webhook_emit('lead.updated', webhook_lead_data(id) || jsonb_build_object('changed', jsonb_build_array($2::text)))
     from unnest($1::uuid[]) id where exists (select 1 from webhook_endpoint where enabled and 'lead.updated' = any(events))`,
    [ids, column],
  );

/**
 * POST /api/admin/leads/bulk {action: status|assign|delete, ids | query, status?, assignee?}: the
 * leads changed (those already so are left alone) or deleted; deleting is for admins. 400 before
 * anything changes when a value, the ids or the query are wrong, or more than BULK_LIMIT match.
 */
export const bulkChange: RouteHandler<'POST leads/bulk'> = async (context) => {
  const { body, db, operator, allowList, mailOutbox } = context;
  const { action } = body;
  if (action === 'delete') requireAdmin(operator);
  const assignee = action === 'assign' ? await checkAssignee(db, body.assignee) : null;
  const ids = await targets(context, body);

  if (action === 'delete') {
    const kinds = await deleteLeads(db, ids, operator.email);
    // Their report mails, notices and the digests that list them go too, as for one lead.
    await mailOutbox.forget(ids);
    // A partner's registration takes its partner account, and so its origins, with it.
    if (kinds.partner) allowList.invalidate();
    return { status: 200, body: { changed: Object.values(kinds).reduce((sum, n) => sum + n, 0) } };
  }
  // The contract's schema asks a status of the status action.
  const [column, value] = action === 'status' ? ['status', body.status as string] : ['assignee', assignee];
  const { done, undo } = await db.transaction(async (tx) => {
    // Each lead's value before the change, for its undo (the rows are locked until the change commits).
    const rows = await tx.query<{ id: string; previous: string | null }>(
      `update lead l set ${column} = $2 from (select id, ${column}::text as previous from lead where id = any($1::uuid[]) and ${column} is distinct from $2 for update) o
       where l.id = o.id returning l.id, o.previous`,
      [ids, value],
    );
    const done = rows.map((row) => row.id);
    if (!done.length) return { done, undo: null };
    // The operator's last bulk change is the one they may undo.
    await tx.query('delete from bulk_change where actor = $1', [operator.id]);
    const [change] = await tx.query<{ id: string }>('insert into bulk_change (actor, field, value) values ($1, $2, $3) returning id', [
      operator.id,
      column,
      value,
    ]);
    await tx.query(
      'insert into bulk_change_lead (change_id, lead_id, previous) select $1, id, previous from unnest($2::uuid[], $3::text[]) as t(id, previous)',
      [change!.id, done, rows.map((row) => row.previous)],
    );
    await recordEvent(tx, done, operator, column, column === 'assignee' ? await assigneeEmail(tx, value) : String(value));
    await emitUpdated(tx, done, column);
    await tx.query("insert into admin_audit (actor_email, action, detail) values ($1, 'leads.changed', $2)", [
      operator.email,
      JSON.stringify({ [column]: value, count: done.length }),
    ]);
    return { done, undo: change!.id };
  });
  return { status: 200, body: { changed: done.length, undo } };
};

/**
 * POST /api/admin/bulk-changes/:id/undo: puts back each lead's status or assignee as it was before
 * the operator's own last bulk change (404 for another's, or one already undone); a lead changed
 * since keeps its newer value. Each lead put back gets a timeline event, as any change does.
 */
export const undoBulkChange: RouteHandler<'POST bulk-changes/:id/undo'> = async ({ db, id, operator }) => {
  const restored = await db.transaction(async (tx) => {
    const [change] = await tx.query<{ field: 'status' | 'assignee'; value: string | null }>(
      'select field, value from bulk_change where id = $1 and actor = $2 for update',
      [id, operator.id],
    );
    if (!change) throw new HttpError(404, 'There is no such change of yours to undo.', { body: { code: 'gone' } });
    const { field } = change;
    const rows = await tx.query<{ id: string; previous: string | null }>(
      `update lead l set ${field} = c.previous::${field === 'status' ? 'text' : 'uuid'} from bulk_change_lead c
       where c.change_id = $1 and l.id = c.lead_id and l.${field}::text is not distinct from $2 returning l.id, c.previous`,
      [id, change.value],
    );
    await tx.query('delete from bulk_change where id = $1', [id]);
    // One event per value put back (the timeline names the value, the assignee by e-mail).
    for (const previous of new Set(rows.map((row) => row.previous))) {
      const ids = rows.filter((row) => row.previous === previous).map((row) => row.id);
      await recordEvent(tx, ids, operator, field, field === 'assignee' ? await assigneeEmail(tx, previous) : String(previous));
    }
    await emitUpdated(
      tx,
      rows.map((row) => row.id),
      field,
    );
    await tx.query("insert into admin_audit (actor_email, action, detail) values ($1, 'leads.undone', $2)", [
      operator.email,
      JSON.stringify({ [field]: 'previous', count: rows.length }),
    ]);
    return rows.length;
  });
  return { status: 200, body: { changed: restored } };
};

/** The WHERE clause of an export: the inbox's filter, or the leads selected (`ids`, checked by the contract, audited as an export of a selection). */
export async function exportWhere(
  context: AdminContext,
  { ids, ...filter }: Filter & { ids?: string[] },
): Promise<{ sql: string; params: unknown[] }> {
  if (!ids) return whereOf(filter, scopeOf(context));
  await context.db.query("insert into admin_audit (actor_email, action, detail) values ($1, 'leads.exported', $2)", [
    context.operator.email,
    JSON.stringify({ count: ids.length }),
  ]);
  return { sql: 'where id = any($1::uuid[])', params: [ids] };
}
