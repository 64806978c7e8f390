import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { keepPrivate, PRIVATE, privateDir } from '../private-files.ts';
import { connectLocal, serveLocal, SOCKET_NAME } from './local-socket.ts';
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

/** The folder is held by another live process: `owner`, its pid. */
export class InUse extends Error {
  readonly owner: number;
  constructor(dir: string, owner: number) {
    super(
      `The embedded database in ${dir} is in use by process ${owner} (the running API), which does not serve it to other commands. Stop it first, or set DATABASE_URL to share PostgreSQL between processes.`,
    );
    this.owner = owner;
  }
}

// PGlite is one Postgres backend inside this process: a second process opening the same folder
// would corrupt it. A pid file tells the second one (an export while the API runs) to go through
// the owner's local socket instead (local-socket.ts); a file left by a killed process is taken over.
/** Takes the folder `dir` for this process (throws {@link InUse} while another holds it); returns the function that lets go. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = join(dir, 'obra.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx', mode: PRIVATE.file });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(file, 'utf8').catch(() => ''));
      if (owner && owner !== process.pid && alive(owner)) {
        throw new InUse(dir, owner);
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}; remove ${file} if no API is running.`);
}

/**
 * Postgres settings for one embedded backend. initdb writes shared_buffers = 128MB, and PGlite
 * touches all of it at start: 128 MB of resident memory for a lead database of a few MB whose
 * files the system caches anyway. 16 MB holds ~2,000 pages (docs/contributors/performance.md).
 */
const SETTINGS = ['-c', 'shared_buffers=16MB'];

/** The Node flags `npm start` gives the API, for the process that creates the database (docs/contributors/performance.md). */
export const WASM_FLAGS = ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up'] as const;

/** Opens the PGlite database in `path` (a folder), creating it when it has none. */
export function startPglite(path: string): PGlite {
  return new PGlite(path, { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...SETTINGS] });
}

/**
 * Creates the database in its own short-lived process (create-pglite.ts): PGlite runs initdb in a
 * second Postgres beside the first, and the ~400 MB that leaves behind would stay with the API.
 */
function create(path: string): Promise<void> {
  const script = fileURLToPath(new URL('./create-pglite.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...WASM_FLAGS, script, path], { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`Could not create the embedded database in ${path} (exit code ${code}): ${errors.trim()}`)),
    );
  });
}

const queryable = (db: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  query: async <T extends object>(sql: string, params: readonly unknown[] = []) => (await db.query<T>(sql, [...params])).rows,
  exec: async (sql) => void (await db.exec(sql)),
});

/**
 * Opens the PGlite database in the folder `path` (`<data dir>/pglite`), creating it when it has
 * none, for a caller that holds the data folder's lock ({@link lockDataDir}); closing it makes
 * every file it wrote owner-only.
 */
export async function openPgliteFolder(path: string): Promise<Db> {
  if (!existsSync(join(path, 'PG_VERSION'))) await create(path);
  // Before PGlite opens it: the files it made, or an older version left, 0666 (private-files.ts).
  await keepPrivate(path);
  const own = startPglite(path);
  try {
    await own.waitReady;
    // And what starting wrote (the relation cache's init files).
    await keepPrivate(path);
  } catch (error) {
    await own.close().catch(() => undefined);
    throw error;
  }
  return {
    kind: 'pglite',
    ...queryable(own),
    transaction: (work) => own.transaction((tx) => work(queryable(tx))),
    close: async () => {
      await own.close();
      await keepPrivate(path);
    },
  };
}

/**
 * Opens (creating if needed) the embedded database in `dir` and serves it to this machine's other
 * commands on `dir/obra.sock`; while another process holds it, connects to that process's socket.
 */
export async function openPglite(dir: string): Promise<Db> {
  await privateDir(dir);
  let unlock;
  try {
    unlock = await lockDataDir(dir);
  } catch (error) {
    if (!(error instanceof InUse)) throw error;
    return connectLocal(join(dir, SOCKET_NAME)).catch(() => Promise.reject(error));
  }
  let db: Db | undefined;
  try {
    db = await openPgliteFolder(join(dir, 'pglite'));
    const own = db;
    const stopServing = await serveLocal(own, join(dir, SOCKET_NAME));
    return {
      ...own,
      close: async () => {
        await stopServing();
        await own.close();
        await unlock();
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    await unlock();
    throw error;
  }
}
