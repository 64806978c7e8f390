// People (migration 111, docs/operators/console.md#people): a person's leads and whole history,
// the suggested duplicates, and merges an operator makes and undoes. Every read is a handful of
// indexed look-ups: a person's leads (lead_person), their events (lead_event_lead), a page of
// suggestions (person_suggestion_open).
import type { KeysetPage, PersonBrief, PersonSuggestion, PersonView } from '@obra/schema/admin-contract';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { suggestDuplicates } from '../people.ts';
import type { Sendable, RouteHandler } from './context.ts';
import { recordEvent } from './lead-changes.ts';
import { PAGE_SIZE } from './paged-list.ts';

/** The leads and the events a person's page shows at most. */
const LEADS_SHOWN = 100;
const EVENTS_SHOWN = 300;

const noPerson = () => new HttpError(404, 'There is no such person; their leads may have been deleted.', { body: { code: 'gone' } });

/** Persons `ids` with their first lead's name, address and phone and their number of leads; those without a lead left out. */
async function briefs(db: Queryable, ids: readonly string[]): Promise<Map<string, PersonBrief>> {
  const rows = await db.query<PersonBrief>(
    `select p.id, l.name, l.email, l.phone, (select count(*)::int from lead c where c.person_id = p.id) as leads
     from unnest($1::uuid[]) p(id)
     cross join lateral (select name, email, phone from lead where person_id = p.id order by created_at limit 1) l`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** How a person is named in the timeline of a merge: name and address. */
const described = (person: PersonBrief) => `${person.name} <${person.email}>`;

/** The page of person `id`. */
async function personView(db: Queryable, id: string): Promise<Sendable<PersonView>> {
  const brief = (await briefs(db, [id])).get(id);
  if (!brief) throw noPerson();
  const items = await db.query<PersonView['items'][number] & { created_at: Date }>(
    `select id, kind, status, created_at, name, email, phone, summary from lead where person_id = $1 order by created_at desc limit ${LEADS_SHOWN}`,
    [id],
  );
  const ids = items.map((lead) => lead.id);
  const [events, pairs, merges] = await Promise.all([
    db.query<PersonView['timeline'][number] & { at: Date }>(
      `select id::text, at, actor_email as actor, type, detail, lead_id::text as lead from lead_event
       where lead_id = any($1::uuid[]) order by at desc, id desc limit ${EVENTS_SHOWN}`,
      [ids],
    ),
    db.query<{ id: string; phone_key: string }>(
      `select person_b as id, phone_key from person_suggestion where person_a = $1 and dismissed_at is null
       union all select person_a, phone_key from person_suggestion where person_b = $1 and dismissed_at is null limit 20`,
      [id],
    ),
    db.query<PersonView['merges'][number] & { at: Date }>(
      `select id, at, actor_email as actor, reason, cardinality(lead_ids) as leads, undone_at is not null as undone
       from person_merge where person_id = $1 order by at desc limit 20`,
      [id],
    ),
  ]);
  const others = await briefs(
    db,
    pairs.map((pair) => pair.id),
  );
  const created = items.map((lead) => ({
    id: `created-${lead.id}`,
    at: lead.created_at,
    actor: null,
    type: 'created' as const,
    detail: lead.kind,
    lead: lead.id,
  }));
  const timeline = [...created, ...events].sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1));
  const duplicates = pairs.flatMap((pair) => {
    const other = others.get(pair.id);
    return other ? [{ ...other, phone_key: pair.phone_key }] : [];
  });
  return { ...brief, items, timeline: timeline.slice(-EVENTS_SHOWN), duplicates, merges };
}

/** GET /api/admin/leads/:id/person: the person of lead `id`. */
export const getLeadPerson: RouteHandler<'GET leads/:id/person'> = async ({ db, id }) => {
  const [lead] = await db.query<{ person_id: string }>('select person_id from lead where id = $1', [id]);
  if (!lead) throw new HttpError(404, 'There is no such lead; it may have been deleted.', { body: { code: 'gone' } });
  return { status: 200, body: await personView(db, lead.person_id) };
};

/** GET /api/admin/people/:id. */
export const getPerson: RouteHandler<'GET people/:id'> = async ({ db, id }) => ({ status: 200, body: await personView(db, id) });

/** A page's cursor: the last suggestion's time and pair. */
const AFTER = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)_([0-9a-f-]{36})_([0-9a-f-]{36})$/;

/** GET /api/admin/people/suggestions?after=: the open suggested duplicates, newest first, 50 a page. */
export const listSuggestions: RouteHandler<'GET people/suggestions'> = async ({ db, query: { after } }) => {
  const cursor = after ? AFTER.exec(after) : undefined;
  if (cursor === null) throw new HttpError(400, 'after must be the `next` of the page before.', { body: { code: 'after' } });
  const rows = await db.query<{ created_at: Date; person_a: string; person_b: string }>(
    `select created_at, person_a, person_b from person_suggestion where dismissed_at is null
     ${cursor ? 'and (created_at, person_a, person_b) < ($1::timestamptz, $2::uuid, $3::uuid)' : ''}
     order by created_at desc, person_a desc, person_b desc limit ${PAGE_SIZE + 1}`,
    cursor ? cursor.slice(1) : [],
  );
  const page = rows.slice(0, PAGE_SIZE);
  const people = await briefs(
    db,
    page.flatMap((row) => [row.person_a, row.person_b]),
  );
  const items = page.flatMap(({ created_at, person_a, person_b }) => {
    const a = people.get(person_a);
    const b = people.get(person_b);
    return a && b ? [{ created_at, a, b }] : [];
  });
  const last = page.at(-1);
  const body: Sendable<KeysetPage<PersonSuggestion>> = {
    items,
    next: rows.length > PAGE_SIZE && last ? `${last.created_at.toISOString()}_${last.person_a}_${last.person_b}` : null,
  };
  return { status: 200, body };
};

/**
 * POST /api/admin/people/:id/merge {person, reason?}: moves every lead of `person` to person `id`,
 * in one transaction: the merge recorded (who, when, why, which leads) and a `merge` event on each
 * lead of both. 201 {merge}.
 */
export const mergePeople: RouteHandler<'POST people/:id/merge'> = async ({ db, id, body: { person: other, reason }, operator }) => {
  if (other === id) throw new HttpError(400, 'A person cannot be merged into themselves.', { body: { code: 'person' } });
  const merge = await db.transaction(async (tx) => {
    // Both persons locked in one order: two merges of the same pair run one after the other.
    await tx.query('select id from person where id = any($1::uuid[]) order by id for update', [[id, other]]);
    const people = await briefs(tx, [id, other]);
    const kept = people.get(id);
    const merged = people.get(other);
    if (!kept) throw noPerson();
    if (!merged) throw new HttpError(400, 'person must be the id of another person with leads.', { body: { code: 'person' } });
    const keptLeads = (await tx.query<{ id: string }>('select id from lead where person_id = $1', [id])).map((row) => row.id);
    const moved = (await tx.query<{ id: string }>('update lead set person_id = $1 where person_id = $2 returning id', [id, other])).map(
      (row) => row.id,
    );
    const [row] = await tx.query<{ id: string }>(
      'insert into person_merge (actor, actor_email, person_id, merged_id, lead_ids, reason) values ($1, $2, $3, $4, $5, $6) returning id',
      [operator.id, operator.email, id, other, moved, reason],
    );
    // The pair is settled; the merged person's other suggestions become this person's.
    await tx.query('delete from person_suggestion where person_a = $1 or person_b = $1', [other]);
    await suggestDuplicates(tx, moved);
    const note = reason ? `\n${reason}` : '';
    await recordEvent(tx, keptLeads, operator, 'merge', described(merged) + note);
    await recordEvent(tx, moved, operator, 'merge', described(kept) + note);
    return row!.id;
  });
  return { status: 201, body: { merge } };
};

/** POST /api/admin/people/:id/dismiss {person}: the suggested pair are different people; no longer suggested. */
export const dismissSuggestion: RouteHandler<'POST people/:id/dismiss'> = async ({ db, id, body: { person }, operator }) => {
  const rows = await db.query(
    `update person_suggestion set dismissed_at = now(), dismissed_by = $3
     where person_a = least($1::uuid, $2::uuid) and person_b = greatest($1::uuid, $2::uuid) and dismissed_at is null returning 1`,
    [id, person, operator.email],
  );
  if (!rows.length) throw new HttpError(404, 'These two persons are not a suggested duplicate.', { body: { code: 'gone' } });
  return { status: 200, body: { ok: true } };
};

/**
 * POST /api/admin/person-merges/:id/undo: the merge's leads go back to the person they came from,
 * with the leads that arrived since under their addresses; an `unmerge` event on each lead of
 * both. Anyone may undo their own merge, an admin anyone's; 409 once undone, or while the person
 * is itself merged into another (undo that one first).
 */
export const undoMerge: RouteHandler<'POST person-merges/:id/undo'> = async ({ db, id, operator }) => {
  await db.transaction(async (tx) => {
    const [merge] = await tx.query<{
      person_id: string;
      merged_id: string;
      lead_ids: string[];
      at: Date;
      actor: string | null;
      undone: boolean;
    }>('select person_id, merged_id, lead_ids, at, actor, undone_at is not null as undone from person_merge where id = $1 for update', [
      id,
    ]);
    if (!merge) throw new HttpError(404, 'There is no such merge.', { body: { code: 'gone' } });
    if (merge.actor !== operator.id && operator.role !== 'admin')
      throw new HttpError(403, 'Only an admin may undo a merge another operator made.', { body: { code: 'role' } });
    if (merge.undone) throw new HttpError(409, 'This merge was already undone.', { body: { code: 'undone' } });
    const [later] = await tx.query('select 1 from person_merge where merged_id = $1 and undone_at is null and at > $2', [
      merge.person_id,
      merge.at,
    ]);
    if (later)
      throw new HttpError(409, 'The person was merged into another since; undo that merge first.', { body: { code: 'later-merge' } });
    await tx.query('select id from person where id = any($1::uuid[]) order by id for update', [[merge.person_id, merge.merged_id]]);
    const back = (
      await tx.query<{ id: string }>(
        `update lead set person_id = $2 where person_id = $1 and (id = any($3::uuid[])
           or (created_at > $4 and email <> '' and lower(email) in (select lower(email) from lead where id = any($3::uuid[]) and email <> '')))
         returning id`,
        [merge.person_id, merge.merged_id, merge.lead_ids, merge.at],
      )
    ).map((row) => row.id);
    await tx.query('update person_merge set undone_at = now(), undone_by = $2 where id = $1', [id, operator.email]);
    const stayed = (await tx.query<{ id: string }>('select id from lead where person_id = $1', [merge.person_id])).map((row) => row.id);
    const people = await briefs(tx, [merge.person_id, merge.merged_id]);
    const kept = people.get(merge.person_id);
    const merged = people.get(merge.merged_id);
    if (merged) await recordEvent(tx, stayed, operator, 'unmerge', described(merged));
    if (kept) await recordEvent(tx, back, operator, 'unmerge', described(kept));
    // The two are told apart again: suggested again if they still share a phone.
    await suggestDuplicates(tx, back);
  });
  return { status: 200, body: { ok: true } };
};
