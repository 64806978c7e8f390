// The embedded database's files on disk (the `server` project): owner-only, so another local user
// can neither read password hashes and webhook secrets from the WAL nor write to it.
import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@obra/server';
import { postJson, removeDataDir, startProcess, tempDataDir, VALID } from './support/api.ts';

/** Every path below `dir` whose mode lets anyone but the owner in, with that mode. */
function loose(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const mode = statSync(path).mode & 0o777;
      if (mode & 0o077) found.push(`${path.slice(dir.length)} ${mode.toString(8)}`);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return found;
}

let dir: string;
beforeAll(() => {
  dir = tempDataDir();
});
afterAll(() => removeDataDir(dir));

describe('the embedded database folder', () => {
  it('is created owner-only, every file 0600 and folder 0700, the WAL and pg_control included', async () => {
    const data = join(dir, 'data');
    const db = await openDb({ dataDir: data, databaseUrl: undefined });
    try {
      await db.query(
        "insert into webhook_endpoint (url, events, secret) values ('https://hooks.example', '{lead.created}', 'whsec_secret')",
      );
      expect(statSync(data).mode & 0o777).toBe(0o700);
      expect(statSync(join(data, 'pglite')).mode & 0o777).toBe(0o700);
      expect(statSync(join(data, 'pglite/global/pg_control')).mode & 0o777).toBe(0o600);
      const wal = readdirSync(join(data, 'pglite/pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name));
      expect(wal.length).toBeGreaterThan(0);
      for (const segment of wal) expect(statSync(join(data, 'pglite/pg_wal', segment)).mode & 0o777).toBe(0o600);
      expect(loose(data)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('is made owner-only again when an older version (or a copy) left it open to others', async () => {
    const data = join(dir, 'data');
    chmodSync(data, 0o755);
    chmodSync(join(data, 'pglite'), 0o777);
    chmodSync(join(data, 'pglite/global/pg_control'), 0o666);
    chmodSync(join(data, 'pglite/base'), 0o755);
    expect(loose(data)).toHaveLength(3);
    const db = await openDb({ dataDir: data, databaseUrl: undefined });
    try {
      expect(await db.query('select url from webhook_endpoint')).toEqual([{ url: 'https://hooks.example' }]);
      expect(statSync(data).mode & 0o777).toBe(0o700);
      expect(loose(data)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('the API process', () => {
  it('leaves every file owner-only when it stops, and its folder 0700 while it runs', async () => {
    const data = join(dir, 'running');
    const api = await startProcess('api', { OBRA_DATA_DIR: data, RATE_LIMIT: '0' });
    try {
      for (let i = 0; i < 5; i += 1) expect((await postJson(`${api.base}/api/wait-list`, VALID['wait-list'])).status).toBe(201);
      // What PostgreSQL writes meanwhile sits in folders no one else may enter.
      expect(statSync(data).mode & 0o777).toBe(0o700);
      expect(statSync(join(data, 'pglite')).mode & 0o777).toBe(0o700);
    } finally {
      expect(await api.stop()).toBe(0);
    }
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(loose(data)).toEqual([]);
  });
});
