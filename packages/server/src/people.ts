// People (migration 111, docs/operators/console.md#people): the phone number of each lead in the
// one form every spelling of it shares, and the suggested duplicates it reveals. The database joins
// leads by e-mail address itself; a phone takes this API's phone check, so the API reads each new
// lead's phone in the background (a few microseconds each, never on the visitor's request).
import { leadPhone } from './lead-phone.ts';
import type { Queryable } from './db/index.ts';
import { runInBackground, type Background } from './jobs.ts';
import type { Logger } from './log.ts';

/** The digits of a phone number in international form ('573211863000'); '' when it is not a valid number. */
export const phoneKey = (phone: string, country?: string | null): string => (phone && leadPhone(phone, country)?.replace(/\D/g, '')) || '';

/** The leads whose phone is read per statement. */
const BATCH = 500;

/**
 * Suggests the persons of leads `ids` as duplicates of the other persons whose leads share their
 * phone (spam aside): one indexed look-up per lead, at most 5 other leads each (a number a whole
 * office typed is not a list of every pair).
 */
export async function suggestDuplicates(db: Queryable, ids: readonly string[]): Promise<void> {
  await db.query(
    `insert into person_suggestion (person_a, person_b, phone_key)
     select distinct on (least(n.person_id, o.person_id), greatest(n.person_id, o.person_id))
       least(n.person_id, o.person_id), greatest(n.person_id, o.person_id), n.phone_key
     from lead n
     cross join lateral (select person_id from lead o where o.phone_key = n.phone_key and o.phone_key <> '' and o.person_id <> n.person_id and o.status <> 'spam' limit 5) o
     where n.id = any($1::uuid[]) and n.phone_key <> '' and n.status <> 'spam'
     on conflict do nothing`,
    [ids],
  );
}

/** Reads the phone of up to BATCH leads not read yet and suggests what they reveal; returns how many it read. */
export async function readPhones(db: Queryable): Promise<number> {
  const rows = await db.query<{ id: string; phone: string; country: string | null }>(
    "select id, phone, estimate->>'country' as country from lead where phone_key is null order by created_at limit $1",
    [BATCH],
  );
  if (!rows.length) return 0;
  // Only the leads no other transaction holds (a bulk change, a task's trigger): waiting for them
  // while holding others could deadlock; a lead skipped is read on the next round.
  const read = await db.query<{ id: string }>(
    `update lead l set phone_key = k.key from unnest($1::uuid[], $2::text[]) k(id, key)
     where l.id = k.id and l.id in (select id from lead where id = any($1::uuid[]) and phone_key is null for update skip locked)
     returning l.id`,
    [rows.map((row) => row.id), rows.map((row) => phoneKey(row.phone, row.country))],
  );
  if (read.length)
    await suggestDuplicates(
      db,
      read.map((row) => row.id),
    );
  return read.length;
}

/**
 * The background reader: at start (the leads stored before migration 111, a batch at a time), when
 * kicked (a new lead) and every minute (leads stored some other way, e.g. a restore).
 */
export function createPhoneReader(db: Queryable, log: Logger): Background {
  return runInBackground(
    async () => {
      while ((await readPhones(db)) === BATCH);
    },
    60_000,
    (error) => log.error('reading the phones of new leads failed', { error }),
  );
}
