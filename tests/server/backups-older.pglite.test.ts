// `npm run restore` of a backup an older version made (docs/operators/backups.md): restored to that
// schema, then migrated forward, it serves; and every refusal of the backup commands, with nothing
// made or changed. The backups of a running and of a stopped API: backups.pglite.test.ts.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrationNames, openPglite } from '@obra/server/testing';
import { postJson, removeDataDir, startProcess, tempDataDir, VALID } from './support/api.ts';
import { backupCommand, backupHeader, contentsOf, SEEDED_API_ENV } from './support/seed.ts';

const folders: string[] = [];
const folder = () => {
  const dir = tempDataDir();
  folders.push(dir);
  return dir;
};

/** The backups; the refusals damage the older version's (old.obra). */
const backups = folder();
afterAll(() => {
  for (const dir of folders) removeDataDir(dir);
});

describe('a backup made by an older version', () => {
  it('restores to that schema, then migrates forward, and serves', async () => {
    const old = folder();
    const names = await migrationNames();
    const db = await openPglite(old);
    try {
      await migrate(db, new Set(names.slice(0, -1)));
      await db.query("insert into setting (name, value) values ('old', 'kept')");
      // Rows for several batches of a restore (1,000 rows each): the refusals cut this backup after some are written.
      await db.query(
        "insert into setting (name, value) select 'filler ' || n, md5(n::text) || md5((-n)::text) from generate_series(1, 5000) n",
      );
    } finally {
      await db.close();
    }
    const file = join(backups, 'old.obra');
    expect((await backupCommand(['backup', file], { OBRA_DATA_DIR: old })).code).toBe(0);
    expect(backupHeader(file).schema).toEqual(names.slice(0, -1));
    const restored = folder();
    const done = await backupCommand(['restore', file], { OBRA_DATA_DIR: restored });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`then applied the migrations newer than the data: ${names.at(-1)}`);
    const served = await startProcess('api', { OBRA_DATA_DIR: restored, ...SEEDED_API_ENV });
    try {
      expect((await postJson(`${served.base}/api/partner`, VALID.partner)).status).toBe(201);
    } finally {
      await served.stop();
    }
    const after = await contentsOf(restored);
    expect(after.setting).toContain('{"name":"old","value":"kept"}');
    expect(after.schema_migrations).toHaveLength(names.length);
  }, 240_000);
});

describe('refusals', () => {
  const target = folder();
  const refuse = async (args: Parameters<typeof backupCommand>[0], env: Parameters<typeof backupCommand>[1], message: RegExp) => {
    const failure = await backupCommand(args, env);
    expect(failure.code, failure.stdout).toBe(1);
    expect(failure.stderr).toMatch(message);
    // Nothing was made or changed, and nothing half-restored is left beside it.
    expect(readdirSync(target)).not.toContain('pglite');
    expect(readdirSync(target).filter((name) => name.startsWith('pglite.'))).toEqual([]);
  };

  it('a file that is not a backup, a damaged one, a pg_dump archive, a missing one', async () => {
    const text = join(backups, 'notes.txt');
    writeFileSync(text, 'hello\n');
    await refuse(['restore', text], { OBRA_DATA_DIR: target }, /notes\.txt is not an Obra backup \(npm run backup makes them\)\./);
    const whole = readFileSync(join(backups, 'old.obra'));
    const cut = join(backups, 'cut.obra');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    await refuse(['restore', cut], { OBRA_DATA_DIR: target }, /cut\.obra is damaged or incomplete \(.*\)\. Nothing was changed\./);
    const dump = join(backups, 'obra.dump');
    writeFileSync(dump, 'PGDMP\x01\x0e\x00');
    await refuse(['restore', dump], { OBRA_DATA_DIR: target }, /is a pg_dump archive: restore it into PostgreSQL with pg_restore/);
    await refuse(['restore', join(backups, 'none.obra')], { OBRA_DATA_DIR: target }, /Cannot read .*none\.obra: ENOENT/);
  }, 240_000);

  it('PostgreSQL: a backup and a restore point at pg_dump and the embedded folder', async () => {
    const url = 'postgres://obra@127.0.0.1:1/obra';
    await refuse(
      ['backup', join(backups, 'pg.obra')],
      { OBRA_DATA_DIR: target, DATABASE_URL: url },
      /DATABASE_URL is set: .*pg_dump --format=custom/,
    );
    await refuse(
      ['restore', join(backups, 'old.obra')],
      { OBRA_DATA_DIR: target, DATABASE_URL: url },
      /restore fills the embedded database in OBRA_DATA_DIR/,
    );
    await refuse(
      ['move-to-postgres'],
      { OBRA_DATA_DIR: target, DATABASE_URL: '' },
      /Set DATABASE_URL to the empty PostgreSQL database to move to/,
    );
  }, 240_000);

  it('nothing to back up, and wrong arguments', async () => {
    await refuse(['backup', join(backups, 'empty.obra')], { OBRA_DATA_DIR: target }, /There is no embedded database in .* to back up\./);
    const usage = await backupCommand(['backup'], { OBRA_DATA_DIR: target });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run backup -- FILE');
    const force = await backupCommand(['backup', 'x.obra', '--force'], { OBRA_DATA_DIR: target });
    expect(force.code).toBe(2);
    expect(existsSync(join(backups, 'empty.obra'))).toBe(false);
  }, 240_000);
});
