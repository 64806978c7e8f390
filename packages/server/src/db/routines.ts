// The database's functions and triggers, one current definition of each: packages/server/sql
// (functions/<name>.sql, triggers.sql) and the SQL generated from the lead-kind registry
// (lead-kinds-sql.ts). Migrations hold tables and data only; migrate() applies these by hash
// (docs/contributors/architecture.md#sql-functions).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LEAD_KINDS_SQL } from './lead-kinds-sql.ts';
import type { Queryable } from './types.ts';

const SQL = fileURLToPath(new URL('../../sql/', import.meta.url));
const read = (path: string) => readFileSync(`${SQL}${path}`, 'utf8');

/** Every function of sql/functions, in name order. */
const FUNCTIONS = readdirSync(`${SQL}functions`)
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => read(`functions/${name}`))
  .join('\n');
const ROUTINES = `${FUNCTIONS}\n${LEAD_KINDS_SQL}\n${read('triggers.sql')}`;

/** What the functions and triggers are, to tell whether a database holds them. */
export const ROUTINES_HASH = createHash('sha256').update(ROUTINES).digest('hex').slice(0, 16);

/** The hash of the functions and triggers a database holds (the comment of webhook_lead_data), if any. */
export const READ_ROUTINES_HASH = `select substring(obj_description(to_regprocedure('webhook_lead_data(uuid)'), 'pg_proc') from '[0-9a-f]{16}$') as hash`;

/** The triggers declared, as `table.name`. */
const DECLARED = new Set(
  [...ROUTINES.matchAll(/create or replace trigger (\w+) [\s\S]*?\bon (\w+)\s/g)].map(([, name, table]) => `${table}.${name}`),
);

/** Drops the triggers of this schema's tables but those in `keep` (`table.name`, the table as SQL names it). */
async function dropTriggers(db: Queryable, keep: ReadonlySet<string>): Promise<void> {
  const triggers = await db.query<{ name: string; relation: string }>(
    `select t.tgname as name, t.tgrelid::regclass::text as relation from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`,
  );
  for (const { name, relation } of triggers)
    if (!keep.has(`${relation}.${name}`)) await db.exec(`drop trigger "${name.replaceAll('"', '""')}" on ${relation}`);
}

/** Whether the database holds the functions and triggers of this version. */
export const hasRoutines = async (db: Queryable) =>
  (await db.query<{ hash: string | null }>(READ_ROUTINES_HASH))[0]?.hash === ROUTINES_HASH;

/**
 * Before migrations run: no trigger, and the functions (a migration may call one, an index use
 * one), not yet checked against tables a later migration creates. So every migration runs the
 * same way on a new database and on one migrated by an older version.
 */
export async function beforeMigrations(tx: Queryable): Promise<void> {
  await dropTriggers(tx, new Set());
  await tx.exec(`set local check_function_bodies = off;\n${FUNCTIONS}\nset local check_function_bodies = on;`);
}

/** Once every migration is applied: the functions, the generated SQL and the triggers, the triggers no longer declared dropped. */
export async function applyRoutines(tx: Queryable): Promise<void> {
  await tx.exec(
    `${ROUTINES}\ncomment on function webhook_lead_data(uuid) is 'packages/server/sql and @obra/schema/lead-kinds ${ROUTINES_HASH}';`,
  );
  await dropTriggers(tx, DECLARED);
}
