import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './types.ts';

/** Whether a process with this id is alive (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// PGlite is one Postgres backend inside this process: a second process opening the same folder
// would corrupt it. A pid file makes the second one (an export while the API runs) stop with a
// clear message instead; a file left by a killed process is taken over.
async function lock(dir: string): Promise<() => Promise<void>> {
  const file = join(dir, 'obra.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(file, 'utf8').catch(() => ''));
      if (owner && owner !== process.pid && alive(owner)) {
        throw new Error(`The embedded database in ${dir} is in use by process ${owner} (the running API). Stop it first, or set DATABASE_URL to share PostgreSQL between processes.`);
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}; remove ${file} if no API is running.`);
}

/**
 * Postgres settings for one embedded backend. initdb writes shared_buffers = 128MB, and PGlite
 * touches all of it at start: 128 MB of resident memory for a lead database of a few MB whose
 * files the system caches anyway. 16 MB holds ~2,000 pages (README, "A lean server").
 */
const SETTINGS = ['-c', 'shared_buffers=16MB'];

const queryable = (db: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  query: async <T extends object>(sql: string, params: readonly unknown[] = []) => (await db.query<T>(sql, [...params])).rows,
  exec: async (sql) => void (await db.exec(sql)),
});

/** Opens (creating if needed) the embedded database in `dir`. */
export async function openPglite(dir: string): Promise<Db> {
  await mkdir(dir, { recursive: true });
  const unlock = await lock(dir);
  try {
    const db = new PGlite(join(dir, 'pglite'), { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...SETTINGS] });
    await db.waitReady;
    return {
      kind: 'pglite',
      ...queryable(db),
      transaction: (work) => db.transaction((tx) => work(queryable(tx))),
      close: async () => {
        await db.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
