// A database with a row in every table, made as the product makes them (over HTTP, with the
// triggers that index leads and queue their mails and webhooks), for the tests that copy whole
// databases (backups, the move to PostgreSQL); and what those tests compare before and after.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, vi } from 'vitest';
import { ident, openPglite, runBackupCommand, runExport, tablesInOrder } from '@obra/server/testing';
import { LEAD_KINDS, type Db, type Queryable } from '@obra/server';
import { createOperator, signInAs, type Session } from './admin.ts';
import { postJson, REPORT, ROOT, runAgainst, startProcess, VALID, type ApiProcess, type CommandResult, type TestDatabase } from './api.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

/** The operator every seeded database has (password: admin.ts's PASSWORD). */
export const SEED_OPERATOR = 'ana@example.com';

/**
 * Fills every table of the database of the API at `base` (started with RATE_LIMIT=0, MIN_FILL_MS=0
 * and WEBHOOK_ALLOW_PRIVATE covering the endpoints), which `db` reaches too: leads of every kind
 * (one with text that tests a copy: accents, emoji, quotes, a line break; one spam), an image and
 * a report, an order, an operator with a session, a status change, a note and a deletion, rules
 * that mail each new lead, and one webhook endpoint per URL of `webhooks`. Returns the session.
 */
async function seedEveryTable(base: string, db: Db, webhooks: string[]): Promise<Session> {
  await createOperator(db, SEED_OPERATOR);
  const admin = await signInAs(base, SEED_OPERATOR);
  const ok = async (response: Promise<Response>, status = 201) => {
    const answer = await response;
    expect(answer.status, await answer.clone().text()).toBe(status);
    return answer;
  };
  const rules = ['wait-list', 'partner', 'contact', 'report'].map((kind) => ({
    kind,
    recipients: ['team@example.com'],
    mode: 'each',
    lang: 'es',
  }));
  await ok(admin.call('/api/admin/notifications', { method: 'PUT', body: { rules } }), 204);
  for (const url of webhooks)
    await ok(admin.call('/api/admin/webhooks', { method: 'POST', body: { url, events: ['lead.created', 'lead.updated'] } }));

  const ids: string[] = [];
  const lead = async (path: string, body: unknown, headers?: Record<string, string>) =>
    ids.push(((await (await ok(postJson(`${base}/api/${path}`, body, headers))).json()) as { id: string }).id);
  await lead('wait-list', { ...VALID['wait-list'], comentario: 'Acero "galvanizado";\ny vidrio, ñandú 😀' });
  await lead('wait-list', { ...VALID['wait-list'], nombre: 'Bot' }, { 'obra-trap': 'x' });
  await lead('partner', VALID.partner);
  await lead('contact', VALID.contact);
  const image = (await (await ok(postJson(`${base}/api/generate-image`, { prompt: REPORT.prompt }), 200)).json()) as { url: string };
  await lead('form-report', { ...REPORT, imageUrl: new URL(image.url, base).href });
  await lead('contact', { ...VALID.contact, name: 'Borrar' });

  await ok(admin.call(`/api/admin/leads/${ids[0]}`, { method: 'PATCH', body: { status: 'contacted' } }), 204);
  await ok(admin.call(`/api/admin/leads/${ids[2]}/notes`, { method: 'POST', body: { text: 'Llamar el lunes' } }));
  await ok(admin.call(`/api/admin/leads/${ids.at(-1)}`, { method: 'DELETE' }), 204);

  const { id: session } = (await (await ok(postJson(`${base}/api/checkout`, { slug: 'blender', lang: 'en' }))).json()) as { id: string };
  await ok(postJson(`${base}/api/checkout/test/pay`, { id: session, email: 'comprador@example.com' }), 200);

  // What no request of a test fills on the embedded database: the shared rate limit (PostgreSQL
  // only), a setting, and a failed sign-in (last: a good one clears the failures).
  await db.query("insert into rate_limit (key, window_end, hits) values ('203.0.113.7', now() + interval '1 hour', 3)");
  await db.query("insert into setting (name, value) values ('backup-test', 'kept')");
  expect(
    (await postJson(`${base}/api/admin/session`, { email: 'nadie@example.com', password: 'wrong password here' }, { origin: base })).status,
  ).toBe(401);
  return admin;
}

/** What the API processes of the copy tests run with: no rate limit, no form timing, webhooks to the test's receiver on loopback. */
export const SEEDED_API_ENV = { RATE_LIMIT: '0', MIN_FILL_MS: '0', WEBHOOK_ALLOW_PRIVATE: '1' };

/** An API process on the embedded database in `dataDir`, seeded by {@link seedEveryTable} and settled, and its webhook receiver. */
export async function startSeededApi(dataDir: string): Promise<{ api: ApiProcess; session: Session; receiver: Receiver }> {
  const receiver = await startReceiver();
  const api = await startProcess('api', { OBRA_DATA_DIR: dataDir, ...SEEDED_API_ENV });
  // Through the running API's socket, as `npm run admin` would.
  const db = await openPglite(dataDir);
  try {
    const session = await seedEveryTable(api.base, db, [receiver.url('/live')]);
    await settled(db);
    return { api, session, receiver };
  } finally {
    await db.close();
  }
}

/**
 * `npm run backup|restore|move-to-postgres -- …args` run in this process against `env` (a Node
 * start less per call than `npm run`): its exit code and what it printed.
 */
export async function backupCommand(
  args: [command: 'backup' | 'restore' | 'move-to-postgres', ...rest: string[]],
  env: TestDatabase['env'],
): Promise<CommandResult> {
  const [command, ...rest] = args;
  const result = { code: 0, stdout: '', stderr: '' };
  const errors = vi.spyOn(console, 'error').mockImplementation((text: string) => void (result.stderr += `${text}\n`));
  try {
    result.code = await runAgainst(env, () => runBackupCommand(command, rest, (text) => void (result.stdout += text)));
  } finally {
    errors.mockRestore();
  }
  return result;
}

/** Waits until the API behind `db` has sent every mail and the webhooks to URLs ending in `live` have arrived. */
export async function settled(db: Queryable, live = '/live'): Promise<void> {
  await vi.waitFor(
    async () => {
      const [row] = await db.query<{ n: number }>(
        `select ((select count(*) from report_mail where sent_at is null) + (select count(*) from notification_mail where sent_at is null)
           + (select count(*) from "order" where mail_status = 'queued')
           + (select count(*) from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id where d.status = 'pending' and e.url like '%' || $1)
           )::int as n`,
        [live],
      );
      expect(row!.n).toBe(0);
    },
    { timeout: 30_000, interval: 100 },
  );
}

/**
 * Every table's rows as JSON text, sorted: two databases hold the same rows when these are equal.
 * Timestamps are written in UTC, whatever time zone each server's sessions default to.
 */
export function tableContents(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.exec("set local timezone to 'UTC'");
    const contents: Record<string, string[]> = {};
    for (const table of [...(await tablesInOrder(tx)), 'schema_migrations']) {
      // applied_at says when each database was migrated, not what it holds.
      const select = table === 'schema_migrations' ? 'select name' : 'select *';
      const rows = await tx.query<{ r: string }>(`select row_to_json(t)::text as r from (${select} from ${ident(table)}) t`);
      contents[table] = rows.map((row) => row.r).sort();
    }
    return contents;
  });
}

/** What the console shows the operator of `session` on the API at `base` (the session works on a copy of its database too). */
export async function consoleTables(base: string, session: Session): Promise<Record<string, unknown>> {
  const tables: Record<string, unknown> = {};
  for (const path of ['leads', 'leads?status=spam', 'orders', 'users', 'partners', 'webhooks', 'notifications']) {
    const response = await fetch(`${base}/api/admin/${path}`, { headers: { cookie: session.cookie, origin: base } });
    expect(response.status, path).toBe(200);
    tables[path] = await response.json();
  }
  return tables;
}

/** `work` on `db`, which is then closed however it ends. */
export async function closing<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** What the embedded database in `dataDir` holds, table by table (through the socket of an API running on it). */
export const contentsOf = async (dataDir: string) => closing(await openPglite(dataDir), tableContents);

/** The first line of a backup file: the schema (migrations) it was made at, and its tables with their row counts. */
export const backupHeader = (file: string) =>
  JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n', 1)[0]!) as { schema: string[]; tables: [string, number][] };

/** Rows per table. */
export const rowCounts = (contents: Record<string, string[]>): Record<string, number> =>
  Object.fromEntries(Object.entries(contents).map(([table, rows]) => [table, rows.length]));

/**
 * Keeps the embedded database in `dataDir` open in a Node process of its own while `work` runs, as a
 * running API does: the commands `work` runs reach it through its local socket (db/local-socket.ts)
 * instead of each starting PGlite on the folder again (2 to 4 s each on a busy machine). When an
 * API already holds the folder, that process only connects to it.
 */
async function whileHeld<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const holder = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--input-type=module',
      '-e',
      `const db = await (await import('@obra/server/testing')).openPglite(process.argv[1]);
       console.log('open');
       process.stdin.on('end', () => void db.close().then(() => process.exit(0))).resume();`,
      dataDir,
    ],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((done) => holder.once('exit', done));
  await new Promise<void>((open, fail) => {
    holder.stdout.once('data', () => open());
    void exited.then((code) => fail(new Error(`the process holding ${dataDir} exited with ${code}`)));
  });
  try {
    return await work();
  } finally {
    holder.stdin.end();
    await exited;
  }
}

/** `npm run export` of every kind and of the orders, CSV and JSON, spam included and not, from the database `env` names. */
export async function exportsOf(env: TestDatabase['env']): Promise<Record<string, string>> {
  const all = async () => {
    const exports: Record<string, string> = {};
    for (const kind of [...Object.keys(LEAD_KINDS), 'order'])
      for (const args of [[], ['--format', 'json'], ...(kind === 'order' ? [] : [['--include-spam']])]) {
        let text = '';
        const code = await runAgainst(env, () => runExport([kind, ...args], (chunk) => (text += chunk)));
        expect(code).toBe(0);
        exports[[kind, ...args].join(' ')] = text;
      }
    return exports;
  };
  // Seventeen exports: on the embedded database, one start of it instead of seventeen.
  return env.DATABASE_URL ? all() : whileHeld(env.OBRA_DATA_DIR, all);
}

/** The mails an outbox folder wrote, by what they are (the queue, the row and its lead), without when. */
export const outboxKeys = (dataDir: string): string[] => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .filter((name) => name.endsWith('.eml'))
      .map((name) => name.replace(/^\d{4}-\d\d-\d\dT[\d-]+Z-/, ''));
  } catch {
    return [];
  }
};
