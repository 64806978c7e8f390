// Rules of the embedded PGlite database only (the `server` project): one process owns its folder,
// so a second one (the export command) is refused with a clear message while the API runs.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, VALID, freshDatabase, postJson, startProcess } from './support/api.ts';

const run = promisify(execFile);
const database = await freshDatabase();
const api = await startProcess('api', { ...database.env, RATE_LIMIT: '0' });
afterAll(async () => {
  await api.stop();
  await database.drop();
});

describe('the embedded database has one owner', () => {
  it('the export command refuses to open it while the API holds it', async () => {
    expect((await postJson(`${api.base}/api/wait-list`, VALID['wait-list'])).status).toBe(201);
    const failure = await run('npm', ['run', '-s', 'export', '--', 'wait-list'], { cwd: ROOT, env: { ...process.env, ...database.env } }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/in use by process \d+ \(the running API\)/);
  });
});

describe('API_PROCESSES with the embedded database', () => {
  it('more than one process stops at once with a message naming DATABASE_URL', async () => {
    const own = await freshDatabase();
    try {
      const failure = await startProcess('api', { ...own.env, API_PROCESSES: '2' }).then(() => undefined, (error: Error) => error);
      expect(failure?.message).toMatch(/exited with 1 before listening/);
      expect(failure?.message).toContain('API_PROCESSES=2 needs DATABASE_URL: the embedded PGlite database belongs to one process');
    } finally {
      await own.drop();
    }
  });
});
