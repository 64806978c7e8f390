// Rules of the embedded PGlite database only (the `server` project): one process owns its folder,
// and the command-line tools reach it through the owner's local socket while the API runs.
import { statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VALID, freshDatabase, postJson, removeDataDir, runNpm as npm, startProcess, tempDataDir } from './support/api.ts';

const database = await freshDatabase();
const api = await startProcess('api', { ...database.env, RATE_LIMIT: '0' });
afterAll(async () => {
  await api.stop();
  await database.drop();
});

describe('while the API runs, the command-line tools go through its local socket', () => {
  it('serves the database on an owner-only socket in the data folder', () => {
    const socket = statSync(join(database.env.OBRA_DATA_DIR, 'obra.sock'));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('exports the leads the API has just stored, byte for byte what a stopped API gives', async () => {
    const own = await freshDatabase();
    const running = await startProcess('api', { ...own.env, RATE_LIMIT: '0' });
    let live;
    let liveJson;
    try {
      expect((await postJson(`${running.base}/api/wait-list`, { ...VALID['wait-list'], comentario: '=SUM(A1)' })).status).toBe(201);
      live = await npm(['export', '--', 'wait-list'], own.env);
      liveJson = await npm(['export', '--', 'wait-list', '--format', 'json'], own.env);
    } finally {
      await running.stop();
    }
    try {
      expect(live.code, live.stderr).toBe(0);
      expect(live.stdout).toContain(VALID['wait-list'].correo);
      expect(live.stdout).toContain(`'=SUM(A1)`);
      const stopped = await npm(['export', '--', 'wait-list'], own.env);
      const stoppedJson = await npm(['export', '--', 'wait-list', '--format', 'json'], own.env);
      expect(stopped.stdout).toBe(live.stdout);
      expect(stoppedJson.stdout).toBe(liveJson.stdout);
      expect(JSON.parse(liveJson.stdout)[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    } finally {
      await own.drop();
    }
  });

  it('creates an operator who can then sign in to the running API', async () => {
    const made = await npm(
      ['admin', '--', 'create-user', 'ops@example.com', '--role', 'admin', '--password-stdin'],
      database.env,
      'a-long-password-1\n',
    );
    expect(made.code, made.stderr).toBe(0);
    const response = await fetch(`${api.base}/api/admin/session`, {
      method: 'POST',
      headers: { origin: api.base, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'a-long-password-1' }),
    });
    expect(response.status).toBe(201);
  });

  it('says to stop the API when its owner serves no socket', async () => {
    const dir = tempDataDir();
    mkdirSync(dir, { recursive: true });
    // A live process that is not an API holds the folder: there is nobody to talk to.
    writeFileSync(join(dir, 'obra.pid'), String(process.pid));
    const failure = await npm(['export', '--', 'wait-list'], { OBRA_DATA_DIR: dir }).finally(() => removeDataDir(dir));
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(new RegExp(`in use by process ${process.pid} \\(the running API\\), which does not serve it`));
  });
});

describe('API_PROCESSES with the embedded database', () => {
  it('more than one process stops at once with a message naming DATABASE_URL', async () => {
    const own = await freshDatabase();
    try {
      const failure = await startProcess('api', { ...own.env, API_PROCESSES: '2' }).then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(/exited with 1 before listening/);
      expect(failure?.message).toContain('API_PROCESSES=2 needs DATABASE_URL: the embedded PGlite database belongs to one process');
    } finally {
      await own.drop();
    }
  });
});
