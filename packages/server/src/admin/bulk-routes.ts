// Bulk work on the inbox: the leads selected on a page, or every lead matching a filter (up to
// BULK_LIMIT), get a status, an assignee, deleted (admins), or exported. Each change is a timeline
// event and a lead.updated webhook per lead, in one transaction with one audit entry.
import { BULK_LIMIT } from '@obra/schema/console';
import { HttpError } from '../http/errors.ts';
import type { AdminChecked } from '@obra/schema/admin-contract';
import { requireAdmin, scopeOf, type AdminContext, type RouteHandler } from './context.ts';
import { deleteLeads } from './delete-lead.ts';
import { parseFilter, whereOf, type Filter } from './filter.ts';
import { assigneeEmail, checkAssignee, recordEvent } from './lead-changes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Ids one export link may carry (a URL stays short); more are exported by their filter. */
const EXPORT_IDS = 200;

const checkIds = (value: unknown, most: number): string[] => {
  if (!Array.isArray(value) || !value.length || value.length > most || !value.every((id) => typeof id === 'string' && UUID.test(id)))
    throw new HttpError(400, `ids must be 1 to ${most} lead ids.`, { body: { code: 'ids' } });
  return [...new Set(value as string[])];
};

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
  const changed = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `update lead set ${column} = $2 where id = any($1::uuid[]) and ${column} is distinct from $2 returning id`,
      [ids, value],
    );
    const done = rows.map((row) => row.id);
    if (!done.length) return done;
    await recordEvent(tx, done, operator, column, column === 'assignee' ? await assigneeEmail(tx, value) : String(value));
    // One lead.updated per lead, as a change on its page makes (looked up only when an endpoint listens).
    await tx.query(
      `select webhook_emit('lead.updated', webhook_lead_data(id) || jsonb_build_object('changed', jsonb_build_array($2::text)))
       from unnest($1::uuid[]) id where exists (select 1 from webhook_endpoint where enabled and 'lead.updated' = any(events))`,
      [done, column],
    );
    await tx.query("insert into admin_audit (actor_email, action, detail) values ($1, 'leads.changed', $2)", [
      operator.email,
      JSON.stringify({ [column]: value, count: done.length }),
    ]);
    return done;
  });
  return { status: 200, body: { changed: changed.length } };
};

/** The WHERE clause of an export: the inbox's filter, or the leads selected (`ids`, audited as an export of a selection). */
export async function exportWhere(context: AdminContext, filter: Filter): Promise<{ sql: string; params: unknown[] }> {
  const listed = context.url.searchParams.get('ids');
  if (!listed) return whereOf(filter, scopeOf(context));
  const ids = checkIds(listed.split(','), EXPORT_IDS);
  await context.db.query("insert into admin_audit (actor_email, action, detail) values ($1, 'leads.exported', $2)", [
    context.operator.email,
    JSON.stringify({ count: ids.length }),
  ]);
  return { sql: 'where id = any($1::uuid[])', params: [ids] };
}
