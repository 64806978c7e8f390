import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { applyRoutines, beforeMigrations, hasRoutines } from './routines.ts';
import type { Db, Queryable } from './types.ts';

const MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url));
// Any constant shared by every API process: two processes starting together migrate one at a time.
const LOCK_ID = 42_071;

/** The names of the migrations recorded as applied. */
const appliedNames = async (db: Queryable) =>
  new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));

/** Whether a newer version migrated the database (during its rollout): its functions and triggers are left as they are. */
const ahead = (done: ReadonlySet<string>, names: readonly string[]) => [...done].some((name) => !names.includes(name));

/** The names of the migrations in packages/server/migrations, in the order they apply. */
export const migrationNames = async (): Promise<string[]> => (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();

/**
 * Applies the SQL files of packages/server/migrations not yet recorded in `schema_migrations`,
 * in name order, then the functions and triggers (routines.ts) when the database's differ or a
 * migration ran, in one transaction; with `only`, just those of its names (a restore first brings
 * a database to the schema its backup was made with), and the triggers only once every migration
 * is applied (they name the newest columns), and not over those of a newer version. Migrations
 * run with the functions in place and no trigger. Returns the names of the files it applied.
 */
export async function migrate(db: Db, only?: ReadonlySet<string>): Promise<string[]> {
  const names = await migrationNames();
  const files = names.filter((name) => !only || only.has(name));
  const complete = files.length === names.length;
  // Most starts have nothing to apply: two reads tell, without the lock and the transaction.
  const [{ present } = { present: false }] = await db.query<{ present: boolean }>(
    "select to_regclass('schema_migrations') is not null as present",
  );
  if (present) {
    const done = await appliedNames(db);
    if (files.every((file) => done.has(file)) && (!complete || ahead(done, names) || (await hasRoutines(db)))) return [];
  }
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const done = await appliedNames(tx);
    const pending = files.filter((file) => !done.has(file));
    if (pending.length) await beforeMigrations(tx);
    for (const name of pending) {
      await tx.exec(await readFile(`${MIGRATIONS}${name}`, 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
    }
    if (complete && !ahead(done, names) && (pending.length || !(await hasRoutines(tx)))) await applyRoutines(tx);
    return pending;
  });
}
