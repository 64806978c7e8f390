// Forgetting a lead: its kind row, its inbox row (timeline and notes go with it), and its report's
// image when no other report uses it; the audit keeps who, when and the kind, nothing personal.
import type { Db, Queryable } from '../db/index.ts';
import { LEAD_KINDS } from '../leads.ts';
import type { KINDS } from './filter.ts';

const TABLES = Object.fromEntries(Object.entries(LEAD_KINDS).map(([kind, spec]) => [kind, spec.table])) as Record<
  (typeof KINDS)[number],
  string
>;

async function deleteIn(tx: Queryable, id: string): Promise<string | undefined> {
  const [lead] = await tx.query<{ kind: (typeof KINDS)[number] }>('delete from lead where id = $1 returning kind', [id]);
  if (!lead) return undefined;
  const [row] = await tx.query<{ image_id?: string | null }>(
    `delete from ${TABLES[lead.kind]} where id = $1 returning ${lead.kind === 'report' ? 'image_id' : 'null as image_id'}`,
    [id],
  );
  if (row?.image_id)
    await tx.query('delete from image where id = $1 and not exists (select 1 from report where image_id = $1)', [row.image_id]);
  return lead.kind;
}

/** Deletes one lead; its kind, or undefined when there was none. */
export async function deleteLead(db: Db, id: string, actorEmail: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const kind = await deleteIn(tx, id);
    if (kind)
      await tx.query("insert into admin_audit (actor_email, action, detail) values ($1, 'lead.deleted', $2)", [
        actorEmail,
        JSON.stringify({ kind }),
      ]);
    return kind;
  });
}

/**
 * Deletes the leads of `ids` in one transaction (the console's bulk deletion): how many of each
 * kind went. One audit entry says who, how many and of which kinds, nothing personal.
 */
export async function deleteLeads(db: Db, ids: readonly string[], actorEmail: string): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const kinds: Record<string, number> = {};
    for (const id of ids) {
      const kind = await deleteIn(tx, id);
      if (kind) kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    const count = Object.values(kinds).reduce((sum, n) => sum + n, 0);
    if (count)
      await tx.query("insert into admin_audit (actor_email, action, detail) values ($1, 'leads.deleted', $2)", [
        actorEmail,
        JSON.stringify({ count, kinds }),
      ]);
    return kinds;
  });
}

/** Deletes every lead older than `days` days (LEAD_RETENTION_DAYS), in batches, then `forget`s each batch's ids (their mail files); how many. */
export async function purgeOlderThan(db: Db, days: number, forget: (ids: string[]) => Promise<void>): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await db.query<{ id: string }>(
      'select id from lead where created_at < now() - make_interval(days => $1) order by created_at limit 200',
      [days],
    );
    if (!ids.length) break;
    await db.transaction(async (tx) => {
      for (const { id } of ids) await deleteIn(tx, id);
    });
    await forget(ids.map(({ id }) => id));
    total += ids.length;
  }
  if (total)
    await db.query("insert into admin_audit (action, detail) values ('lead.retention', $1)", [JSON.stringify({ days, deleted: total })]);
  return total;
}
