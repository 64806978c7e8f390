// The database's functions and triggers have one current definition each, in packages/server/sql,
// applied by migrate() by hash; the migrations hold tables and data only
// (docs/contributors/architecture.md#sql-functions). A database migrated by the version whose
// migrations still defined them, whole or short of its newer migrations and holding leads, ends
// with the same functions, triggers, constraints, indexes and columns as a new one; so does one
// whose functions or triggers were changed by hand. (The row types: row-types.test.ts.)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '@obra/server';
import { migrate, migrationNames, openPglite, openPostgres, READ_ROUTINES_HASH, ROUTINES_HASH } from '@obra/server/testing';
import { removeDataDir, ROOT, seededDataDir } from './support/api.ts';
import { testCluster } from './support/postgres.ts';

/**
 * The migrations as the last version whose migrations defined the functions and triggers
 * themselves had them: that version's last migration, and the reverse of the change that took
 * their definitions out (a fixture, so a clone without history runs this too).
 */
const LAST_BEFORE = '115_bulk_undo.sql';
const before = mkdtempSync(join(tmpdir(), 'obra-migrations-'));
cpSync(join(ROOT, 'packages/server/migrations'), join(before, 'packages/server/migrations'), { recursive: true });
execFileSync('git', ['apply', join(ROOT, 'tests/server/fixtures/migrations-before-routines.patch')], { cwd: before });
const oldMigrations = readdirSync(join(before, 'packages/server/migrations')).filter(
  (name) => name.endsWith('.sql') && name <= LAST_BEFORE,
);
const oldMigration = (name: string) => readFileSync(join(before, 'packages/server/migrations', name), 'utf8');

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  for (const cleanup of cleanups) await cleanup();
});

/** A database holding nothing, or (`migrated`) migrated by this version. */
async function database(migrated: boolean): Promise<Db> {
  const cluster = testCluster();
  if (cluster) {
    const url = await cluster.createDatabase();
    const db = await openPostgres(url, 2);
    cleanups.push(async () => {
      await db.close();
      await cluster.dropDatabase(url);
    });
    if (migrated) await migrate(db);
    return db;
  }
  // A copy of the migrated template (an initdb costs seconds), emptied when asked.
  const dir = await seededDataDir();
  const db = await openPglite(dir);
  cleanups.push(async () => {
    await db.close();
    removeDataDir(dir);
  });
  if (!migrated) await db.exec('drop schema public cascade; create schema public');
  return db;
}

/** Migrates `db` as that version did, with its migrations short of `until` when given. */
async function migrateAsBefore(db: Db, until = '~'): Promise<void> {
  await db.exec('create table schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  for (const name of oldMigrations.filter((name) => name < until)) {
    await db.exec(oldMigration(name));
    await db.query('insert into schema_migrations (name) values ($1)', [name]);
  }
}

/** What a schema defines beyond its rows: every function, trigger, constraint, index and column. */
async function schemaOf(db: Db) {
  const rows = (sql: string) => db.query<{ name: string; definition: string }>(sql);
  return {
    functions: await rows(`select p.oid::regprocedure::text as name,
        pg_get_functiondef(p.oid) || coalesce(obj_description(p.oid, 'pg_proc'), '') as definition
      from pg_proc p where p.pronamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by 1`),
    triggers: await rows(`select tgrelid::regclass::text || '.' || tgname as name, pg_get_triggerdef(oid) as definition
      from pg_trigger where not tgisinternal order by 1`),
    constraints: await rows(`select conrelid::regclass::text || '.' || conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where connamespace = current_schema()::regnamespace order by 1`),
    indexes: await rows(`select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indrelid where c.relnamespace = current_schema()::regnamespace order by 1`),
    columns:
      await rows(`select table_name || '.' || column_name as name, concat_ws(' ', data_type, is_nullable, column_default) as definition
      from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`),
  };
}

const fresh = await database(true);
const expected = await schemaOf(fresh);
const hash = async (db: Db) => (await db.query<{ hash: string | null }>(READ_ROUTINES_HASH))[0]!.hash;

describe('the functions and triggers, one definition each', () => {
  it('a new database holds every function of packages/server/sql and its hash', async () => {
    const files = readdirSync(join(ROOT, 'packages/server/sql/functions')).map((file) => file.replace(/\.sql$/, ''));
    const names = expected.functions.map(({ name }) => name.replace(/\(.*$/, ''));
    // Those of the files, and those generated from the lead-kind registry.
    expect(names.filter((name) => !files.includes(name)).sort()).toEqual([
      'lead_from_contact',
      'lead_from_partner',
      'lead_from_report',
      'lead_from_wait_list',
      'webhook_lead_data',
    ]);
    expect(files.filter((name) => !names.includes(name))).toEqual([]);
    expect(await hash(fresh)).toBe(ROUTINES_HASH);
  });

  it('a database the version before migrated ends as a new one', async () => {
    const db = await database(false);
    await migrateAsBefore(db);
    expect(await hash(db)).not.toBe(ROUTINES_HASH);
    expect(await migrate(db)).toEqual((await migrationNames()).filter((name) => !oldMigrations.includes(name)));
    expect(await schemaOf(db)).toEqual(expected);
  });

  it('one the version before left short of its newer migrations, holding leads and events, is migrated on to the same', async () => {
    const db = await database(false);
    await migrateAsBefore(db, '111');
    // Its triggers index the leads and count them, as they did then.
    await db.exec(`insert into wait_list (interesado, nombre, correo, telefono, comentario, request_hash, lang) values
        ('cliente', 'Ana', 'ana@example.com', '321 1863000', '', 'h1', 'es'),
        ('cliente', 'Ana', 'ANA@example.com', '', '', 'h2', 'es');
      insert into lead_event (lead_id, type) select id, type from lead, unnest(array['status', 'partner.approved', 'follow-up']) type`);
    expect(await db.query('select count(*)::int as n from lead')).toEqual([{ n: 2 }]);
    await migrate(db);
    expect(await schemaOf(db)).toEqual(expected);
    // The events stored before pass the one list of types; a type outside it is refused.
    expect(await db.query('select count(*)::int as n from lead_event')).toEqual([{ n: 6 }]);
    const [lead] = await db.query<{ id: string }>('select id from lead limit 1');
    await db.query("insert into lead_event (lead_id, type) values ($1, 'rule-assign')", [lead!.id]);
    await expect(db.query("insert into lead_event (lead_id, type) values ($1, 'unknown')", [lead!.id])).rejects.toThrow(
      /lead_event_type_check/,
    );
    // The newer migrations' data and the triggers of this version: one person per address, and a
    // new lead indexed, given that person, counted and rolled up.
    await db.exec(`insert into wait_list (interesado, nombre, correo, telefono, comentario, request_hash, lang)
      values ('cliente', 'Ana', 'Ana@Example.com', '', 'otra vez', 'h3', 'es')`);
    expect(await db.query('select count(distinct person_id)::int as people, count(*)::int as leads from lead')).toEqual([
      { people: 1, leads: 3 },
    ]);
    expect(await db.query("select sum(n)::int as n from lead_tally where kind = 'wait-list'")).toEqual([{ n: 3 }]);
    expect(await db.query("select sum(n)::int as n from lead_week where kind = 'wait-list'")).toEqual([{ n: 3 }]);
  });

  it('functions and triggers changed by hand are put back by the next migration, a trigger no file declares dropped', async () => {
    const db = await database(true);
    await db.exec(`create or replace function lead_step(status text) returns smallint language sql immutable as $$ select 0::smallint $$;
      drop trigger lead_notify on lead;
      create trigger stray after insert on lead for each row execute function lead_announced();
      comment on function webhook_lead_data(uuid) is null`);
    expect(await schemaOf(db)).not.toEqual(expected);
    expect(await migrate(db)).toEqual([]);
    expect(await schemaOf(db)).toEqual(expected);
    // Unless a newer version migrated it (a rollout): its functions stay its own.
    await db.exec(`insert into schema_migrations (name) values ('999_newer.sql');
      create or replace function lead_step(status text) returns smallint language sql immutable as $$ select 0::smallint $$`);
    expect(await migrate(db)).toEqual([]);
    expect(await schemaOf(db)).not.toEqual(expected);
  });
});
