// Several API processes on one PostgreSQL database (the `server-pg` project only: the embedded
// database belongs to one process). Real processes over real HTTP: they migrate an empty database
// together, store one row for one Idempotency-Key sent to two of them at once, mail each report
// of a shared outbox once, and the export command reads the database while they run. Then
// API_PROCESSES=3: one port, a killed process replaced, SIGTERM stopping them all.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT,
  ROOT,
  VALID,
  childPids,
  freshDatabase,
  logCount,
  postJson,
  startProcess,
  type ApiProcess,
  type TestDatabase,
} from './support/api.ts';
import { queryOnce } from './support/postgres.ts';

const run = promisify(execFile);
const MIGRATIONS = readdirSync(join(ROOT, 'packages/server/migrations')).filter((name) => name.endsWith('.sql'));

let database: TestDatabase;
let outboxDir: string;
let processes: ApiProcess[] = [];
/** Rows of one statement on the shared database (or on `url`). */
const query = <T extends object>(sql: string, params: unknown[] = [], url = database.env.DATABASE_URL): Promise<T[]> =>
  queryOnce<T>(url!, sql, params);

/** Polls `check` until it returns true (or fails the test after `ms`). */
async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((retry) => setTimeout(retry, 100));
  }
}

beforeAll(async () => {
  database = await freshDatabase();
  outboxDir = join(database.env.OBRA_DATA_DIR, 'shared-outbox');
});
afterAll(async () => {
  await Promise.all(processes.map((api) => api.stop()));
  await database.drop();
});

describe('API processes sharing one PostgreSQL database', () => {
  it('four processes started at the same moment on an empty database all start, and each migration is applied once', async () => {
    expect(await query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname = 'public'")).toEqual([{ n: 0 }]);
    // A long retry delay: the outbox then runs on each new report and at start-up, never on a timer
    // (a lease shorter than one send could let a slow send be claimed again, by design).
    // PUBLIC_URL: behind one proxy every process has one origin, so an image made by one is its own to the others.
    const env = {
      ...database.env,
      RATE_LIMIT: '0',
      REPORT_MAILS_PER_CLIENT: '0',
      MAIL_OUTBOX_DIR: outboxDir,
      MAIL_RETRY_MS: '60000',
      PUBLIC_URL: 'https://obra.test',
    };
    processes = await Promise.all(Array.from({ length: 4 }, () => startProcess('api', env)));
    for (const api of processes) expect((await fetch(`${api.base}/api/health`)).status).toBe(200);
    const applied = await query<{ name: string }>('select name from schema_migrations order by name');
    expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.sort());
    for (const api of processes) expect(api.output()).toContain('"database":"postgres"');
  });

  it('one Idempotency-Key sent to two processes at the same moment stores one row; both answers carry its id', async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const answers = await Promise.all(
      keys.flatMap((key, i) =>
        [a, b].map(async (api) => {
          const response = await postJson(
            `${api.base}/api/wait-list`,
            { ...VALID['wait-list'], nombre: `Doble ${i}` },
            { 'idempotency-key': key },
          );
          return { key, status: response.status, id: ((await response.json()) as { id: string }).id };
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    for (const key of keys) {
      const ids = new Set(answers.filter((answer) => answer.key === key).map((answer) => answer.id));
      expect(ids.size).toBe(1);
    }
    const rows = await query<{ nombre: string; n: number }>(
      "select nombre, count(*)::int as n from wait_list where nombre like 'Doble %' group by nombre",
    );
    expect(rows).toHaveLength(keys.length);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });

  it('reports sent to two processes at once are each mailed exactly once from the shared outbox', async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const image = (await (await postJson(`${a.base}/api/generate-image`, { prompt: 'Foto realista de una casa' })).json()) as {
      url: string;
    };
    const reports = 12;
    const ids = await Promise.all(
      Array.from({ length: reports }, async (_, i) => {
        const api = i % 2 ? b : a;
        const response = await postJson(
          `${api.base}/api/form-report`,
          {
            ...REPORT,
            otros: [],
            nombre: `Cliente ${i}`,
            // One address each: the mail caps per recipient are not what this test is about.
            correo: `cliente${i}@example.com`,
            imageUrl: image.url,
          },
          { 'idempotency-key': randomUUID() },
        );
        expect(response.status).toBe(201);
        return ((await response.json()) as { id: string }).id;
      }),
    );
    await until(
      async () => (await query<{ n: number }>('select count(*)::int as n from report where mailed_at is null'))[0]!.n === 0,
      'every report to be mailed',
    );
    const rows = await query<{ id: string; mail_attempts: number }>('select id, mail_attempts from report');
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    // Claimed once each: no process took a report another one held.
    expect(rows.every((row) => row.mail_attempts === 1)).toBe(true);
    const files = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(reports);
    for (const id of ids) expect(files.filter((name) => name.endsWith(`-${id}.eml`))).toHaveLength(1);
  });

  it('npm run export reads PostgreSQL while the API processes run', async () => {
    const { stdout } = await run('npm', ['run', '-s', 'export', '--', 'wait-list', '--format', 'json'], {
      cwd: ROOT,
      env: { ...process.env, ...database.env },
    });
    const rows = JSON.parse(stdout) as { nombre: string }[];
    expect(rows.map((row) => row.nombre).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Doble ${i}`).sort());
    expect((await fetch(`${processes[0]!.base}/api/health`)).status).toBe(200);
  });

  it('each process stops on SIGTERM with exit code 0', async () => {
    expect(await Promise.all(processes.map((api) => api.stop()))).toEqual([0, 0, 0, 0]);
    processes = [];
  });
});

/** A POST on a connection of its own: a keep-alive connection to a killed process would fail the next request. */
const postAlone = (url: string, body: unknown) =>
  new Promise<number>((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(text);
  });

describe('API_PROCESSES=3 (node:cluster)', () => {
  it('three processes share one port; one killed with SIGKILL is replaced; SIGTERM stops them all with exit 0', async () => {
    const own = await freshDatabase();
    const primary = await startProcess('api', { ...own.env, API_PROCESSES: '3', RATE_LIMIT: '0' });
    try {
      await until(async () => logCount(primary.output(), 'api ready') === 3, 'three API processes');
      const first = childPids(primary.child.pid!);
      expect(first).toHaveLength(3);
      const post = (i: number) => postAlone(`${primary.base}/api/wait-list`, { ...VALID['wait-list'], nombre: `Proceso ${i}` });
      expect(await Promise.all(Array.from({ length: 9 }, (_, i) => post(i)))).toEqual(Array(9).fill(201));

      process.kill(first[0]!, 'SIGKILL');
      await until(async () => logCount(primary.output(), 'api ready') === 4, 'a new API process');
      const second = childPids(primary.child.pid!);
      expect(second).toHaveLength(3);
      expect(second).not.toContain(first[0]);
      expect(primary.output()).toContain('"msg":"an API process died; starting another"');
      expect(await Promise.all(Array.from({ length: 9 }, (_, i) => post(9 + i)))).toEqual(Array(9).fill(201));

      expect(await primary.stop('SIGTERM')).toBe(0);
      expect(logCount(primary.output(), 'api closed')).toBe(3);
      for (const pid of second) expect(() => process.kill(pid, 0)).toThrow();
      expect(await query("select count(*)::int as n from wait_list where nombre like 'Proceso %'", [], own.env.DATABASE_URL)).toEqual([
        { n: 18 },
      ]);
    } finally {
      await primary.stop();
      await own.drop();
    }
  });
});

describe('npm start (host/serve.ts) with API_PROCESSES=2', () => {
  it('serves the site and the API from two processes on one port and stops them with SIGTERM', async () => {
    const own = await freshDatabase();
    const host = await startProcess('host', { ...own.env, API_PROCESSES: '2', RATE_LIMIT: '0' });
    try {
      await until(async () => logCount(host.output(), 'Obra host listening') === 2, 'two host processes');
      expect(childPids(host.child.pid!)).toHaveLength(2);
      expect(await postAlone(`${host.base}/api/wait-list`, VALID['wait-list'])).toBe(201);
      expect((await fetch(`${host.base}/`)).status).toBe(200);
      expect(await host.stop('SIGTERM')).toBe(0);
      expect(logCount(host.output(), 'api closed')).toBe(2);
    } finally {
      await host.stop();
      await own.drop();
    }
  });
});
