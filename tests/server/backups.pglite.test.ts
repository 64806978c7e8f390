// `npm run backup` and `npm run restore` of the embedded database (docs/operators/backups.md): a
// backup taken while the API runs and is written to, restored elsewhere, holds what the API had
// acknowledged, and one taken once it stopped restores to the same exports, console and rows; the
// restored folder then serves without sending any mail or webhook again, with every console session
// ended (operators sign in again). A backup of an older version and the refusals:
// backups-older.pglite.test.ts.
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationNames, openPglite } from '@obra/server/testing';
import { signInAs, type Session } from './support/admin.ts';
import { freshDatabase, postJson, removeDataDir, runNpm, startProcess, tempDataDir, VALID, type ApiProcess } from './support/api.ts';
import {
  backupCommand,
  backupHeader,
  closing,
  contentsOf,
  consoleTables,
  exportsOf,
  outboxKeys,
  rowCounts,
  SEED_OPERATOR,
  SEEDED_API_ENV,
  settled,
  startSeededApi,
  tableContents,
} from './support/seed.ts';
import type { Receiver } from './support/webhook-receiver.ts';

const folders: string[] = [];
const folder = () => {
  const dir = tempDataDir();
  folders.push(dir);
  return dir;
};

const source = await freshDatabase();
const dir = source.env.OBRA_DATA_DIR;
const backups = folder();
let { api, session, receiver }: { api?: ApiProcess; session: Session; receiver: Receiver } = await startSeededApi(dir);
afterAll(async () => {
  await api?.stop();
  await receiver.close();
  await source.drop();
  for (const dir of folders) removeDataDir(dir);
});

describe('a backup while the API runs and is written to', () => {
  const live = join(backups, 'live.obra');
  const acknowledged: { id: string; at: number }[] = [];
  let started = 0;
  let ended = 0;

  it('is written owner-only, whole, with the schema version, while new leads keep arriving', async () => {
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        const response = await postJson(`${api!.base}/api/wait-list`, { ...VALID['wait-list'], nombre: `Escritor ${n}` });
        expect(response.status).toBe(201);
        acknowledged.push({ id: ((await response.json()) as { id: string }).id, at: performance.now() });
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThan(3);
    started = performance.now();
    const made = await runNpm(['backup', '--', live], source.env);
    ended = performance.now();
    const during = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThan(during + 3);
    writing = false;
    await writer;

    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(
      /^Backed up [\d,]+ rows of \d+ tables \(schema \d+_\w+\.sql\) to .*live\.obra: [\d,]+ KB in [\d,]+ ms\.\n$/,
    );
    expect(statSync(live).mode & 0o777).toBe(0o600);
    expect(readdirSync(backups)).toEqual(['live.obra']);
    expect(backupHeader(live).schema).toEqual(await migrationNames());
  }, 240_000);

  it('restores elsewhere to every lead acknowledged before it started, as the API stored them, and nothing half-written', async () => {
    const restored = folder();
    const done = await runNpm(['restore', '--', live], { OBRA_DATA_DIR: restored });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/^ {2}lead +[\d,]+$/m);
    expect(done.stdout).not.toContain('replaced');

    // One start of the restored database for its rows and its tally.
    const [kept, [tally]] = await closing(
      await openPglite(restored),
      async (db) =>
        [
          await tableContents(db),
          await db.query<{ stored: number; indexed: number; counted: number }>(
            `select (select count(*) from wait_list)::int as stored, (select count(*) from lead where kind = 'wait-list')::int as indexed,
           (select sum(n) from lead_tally where kind = 'wait-list')::int as counted`,
          ),
        ] as const,
    );
    const leads = kept.lead!.map((row) => JSON.parse(row) as { id: string });
    const ids = new Set(leads.map((lead) => lead.id));
    for (const { id, at } of acknowledged) {
      if (at < started) expect(ids.has(id), `lead acknowledged before the backup started`).toBe(true);
      if (at > ended) expect(ids.has(id), `lead acknowledged after the backup ended`).toBe(false);
    }
    // Every restored lead is what the API still holds, and its derived rows (the index, the tally,
    // the queued mails) came with it in the same snapshot.
    const current = new Set((await contentsOf(dir)).wait_list);
    for (const row of kept.wait_list!) expect(current.has(row)).toBe(true);
    expect(tally).toEqual({ stored: kept.wait_list!.length, indexed: kept.wait_list!.length, counted: kept.wait_list!.length });
    // Every row the backup counts came back, but the console sessions: a restore ends them all.
    expect(backupHeader(live).tables.map(([table, n]) => [table, table === 'admin_session' ? 0 : n])).toEqual(
      Object.entries(rowCounts(kept)).filter(([table]) => table !== 'schema_migrations'),
    );
  }, 240_000);
});

describe('a backup of the stopped API, restored', () => {
  const file = join(backups, 'stopped.obra');
  let before: { exports: Record<string, string>; console: Record<string, unknown>; contents: Record<string, string[]> };
  const restored = folder();

  it('is made from the folder itself once the API has stopped', async () => {
    await closing(await openPglite(dir), settled);
    const console = await consoleTables(api!.base, session);
    await api!.stop();
    api = undefined;
    before = { exports: await exportsOf(source.env), console, contents: await contentsOf(dir) };
    const made = await runNpm(['backup', '--', file], source.env);
    expect(made.code, made.stderr).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  }, 240_000);

  it('refuses to replace a database that holds rows unless --force, and then keeps the old one aside', async () => {
    // A database that holds rows: a copy of the one backed up.
    cpSync(join(dir, 'pglite'), join(restored, 'pglite'), { recursive: true });
    const refused = await backupCommand(['restore', file], { OBRA_DATA_DIR: restored });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty \(.*lead.*hold rows\): restoring would replace it\. Add --force/);
    const forced = await backupCommand(['restore', file, '--force'], { OBRA_DATA_DIR: restored });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/The database it replaced is in .*pglite\.replaced-/);
    // The seeded operator's session was open when the backup was made: it does not come back.
    expect(forced.stdout).toContain('Ended every console session (1 in the backup): operators sign in again.');
    expect(readdirSync(restored).filter((name) => name.startsWith('pglite.replaced-'))).toHaveLength(1);
  }, 240_000);

  it('gives the same exports of every kind, the same rows in every table but the console sessions, all ended', async () => {
    expect(await exportsOf({ OBRA_DATA_DIR: restored })).toEqual(before.exports);
    const after = await contentsOf(restored);
    expect(before.contents.admin_session).toHaveLength(1);
    const expected = { ...before.contents, admin_session: [] };
    expect(rowCounts(after)).toEqual(rowCounts(expected));
    expect(after).toEqual(expected);
  }, 240_000);

  it('serves: the session of the backup is ended, the operator signs in again to the same console; no mail or webhook sent again', async () => {
    const accepted = receiver.accepted().length;
    const served = await startProcess('api', { OBRA_DATA_DIR: restored, ...SEEDED_API_ENV });
    try {
      expect((await fetch(`${served.base}/api/admin/leads`, { headers: { cookie: session.cookie, origin: served.base } })).status).toBe(
        401,
      );
      expect(await consoleTables(served.base, await signInAs(served.base, SEED_OPERATOR))).toEqual(before.console);
      // A new lead is indexed, mailed and announced: the triggers are back on.
      const response = await postJson(`${served.base}/api/contact`, { ...VALID.contact, name: 'Después' });
      expect(response.status).toBe(201);
      await closing(await openPglite(restored), settled);
      await expect.poll(() => receiver.accepted().length, { timeout: 15_000 }).toBe(accepted + 1);
    } finally {
      await served.stop();
    }
    // Only the new lead's mails: everything the backup held as sent stayed sent.
    expect(outboxKeys(restored).length).toBeGreaterThan(0);
    expect(outboxKeys(restored).every((name) => !outboxKeys(dir).includes(name))).toBe(true);
    expect(new Set(receiver.accepted()).size).toBe(receiver.accepted().length);
  }, 240_000);

  it('refuses while an API runs on the folder to restore into', async () => {
    const running = await startProcess('api', { OBRA_DATA_DIR: restored, ...SEEDED_API_ENV });
    try {
      const refused = await backupCommand(['restore', file, '--force'], { OBRA_DATA_DIR: restored });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        new RegExp(`An API \\(process ${running.child.pid}\\) is running on the embedded database in .*: stop it first, then restore\\.`),
      );
    } finally {
      await running.stop();
    }
  }, 240_000);
});
