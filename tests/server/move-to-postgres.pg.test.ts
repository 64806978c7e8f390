// `npm run move-to-postgres` (docs/operators/backups.md): a seeded embedded database copied into an
// empty PostgreSQL gives the same exports of every kind and the same rows in every table; an API
// started on it serves the moved leads to the same session and sends no mail or webhook again;
// and the refusals (an API on the folder, a target that holds rows).
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '@obra/server/testing';
import type { Session } from './support/admin.ts';
import { postJson, removeDataDir, runNpm, seededDataDir, startProcess, tempDataDir, VALID, type ApiProcess } from './support/api.ts';
import { testCluster } from './support/postgres.ts';
import {
  backupCommand,
  closing,
  contentsOf,
  consoleTables,
  exportsOf,
  outboxKeys,
  rowCounts,
  SEEDED_API_ENV,
  settled,
  startSeededApi,
  tableContents,
} from './support/seed.ts';
import type { Receiver } from './support/webhook-receiver.ts';

const cluster = testCluster()!;
const source = await seededDataDir();
const url = await cluster.createDatabase();
const moved = { OBRA_DATA_DIR: source, DATABASE_URL: url };
const served = tempDataDir();
const contentsOn = async (databaseUrl: string) => closing(await openPostgres(databaseUrl, 1), tableContents);

let { api, session, receiver }: { api?: ApiProcess; session: Session; receiver: Receiver } = await startSeededApi(source);
const before = {
  exports: {} as Record<string, string>,
  console: await consoleTables(api.base, session),
  contents: await contentsOf(source),
};
afterAll(async () => {
  await api?.stop();
  await receiver.close();
  await cluster.dropDatabase(url);
  removeDataDir(source);
  removeDataDir(served);
});

describe('npm run move-to-postgres', () => {
  it('refuses while an API runs on the embedded database', async () => {
    const refused = await backupCommand(['move-to-postgres'], moved);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `An API \\(process ${api!.child.pid}\\) is running on the embedded database in .*: stop it first, so that no lead arrives after the copy`,
      ),
    );
    // Not even migrated: the target was never touched.
    const [row] = await closing(await openPostgres(url, 1), (db) =>
      db.query<{ untouched: boolean }>("select to_regclass('schema_migrations') is null as untouched"),
    );
    expect(row!.untouched).toBe(true);
  }, 240_000);

  it('copies every table, reports rows per table, and gives the same exports and rows', async () => {
    await api!.stop();
    api = undefined;
    before.exports = await exportsOf({ OBRA_DATA_DIR: source });
    const done = await runNpm(['move-to-postgres'], moved);
    expect(done.code, done.stderr).toBe(0);
    const counts = rowCounts(before.contents);
    for (const [table, rows] of Object.entries(counts))
      if (table !== 'schema_migrations') expect(done.stdout).toMatch(new RegExp(`^ {2}${table} +${rows.toLocaleString('en-US')}$`, 'm'));
    expect(done.stdout).toContain('Start the API with this DATABASE_URL. The embedded database is left as it was.');

    expect(await exportsOf(moved)).toEqual(before.exports);
    const after = await contentsOn(url);
    expect(rowCounts(after)).toEqual(counts);
    expect(after).toEqual(before.contents);
  }, 240_000);

  it('refuses a target that holds rows', async () => {
    const again = await backupCommand(['move-to-postgres'], moved);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /The PostgreSQL database at DATABASE_URL is not empty \(.*lead.*hold rows\): copy into an empty database\./,
    );
    expect(rowCounts(await contentsOn(url))).toEqual(rowCounts(before.contents));
  }, 240_000);

  it('an API on it serves the moved leads to the same session, and no mail or webhook goes out twice', async () => {
    const accepted = receiver.accepted().length;
    const running = await startProcess('api', { OBRA_DATA_DIR: served, DATABASE_URL: url, ...SEEDED_API_ENV });
    try {
      expect(await consoleTables(running.base, session)).toEqual(before.console);
      // A new lead: indexed, mailed and announced once (the triggers are on again, the sequences past the copied rows).
      expect((await postJson(`${running.base}/api/contact`, { ...VALID.contact, name: 'En PostgreSQL' })).status).toBe(201);
      await closing(await openPostgres(url, 1), settled);
      await expect.poll(() => receiver.accepted().length, { timeout: 15_000 }).toBe(accepted + 1);
    } finally {
      await running.stop();
    }
    expect(new Set(receiver.accepted()).size).toBe(receiver.accepted().length);
    const mails = outboxKeys(served);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.filter((name) => outboxKeys(source).includes(name))).toEqual([]);
  }, 240_000);
});
