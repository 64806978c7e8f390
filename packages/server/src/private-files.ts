// What the API writes to disk holds personal data and secrets: the embedded database (password
// hashes, webhook secrets, leads, in its tables and its WAL) and the mail outbox's e-mails. Only
// the operating-system user that runs the API may read or change them: folders 0700, files 0600.
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Owner-only modes. */
export const PRIVATE = { dir: 0o700, file: 0o600 } as const;

/** Creates `dir` (and its parents) if missing, and makes it owner-only either way (a folder made by an older version, or by hand). */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE.dir });
  await chmod(dir, PRIVATE.dir);
}

/**
 * Makes `dir` and everything below it owner-only. PGlite's file layer (Emscripten's, inside
 * WebAssembly, with its own umask of 022 that no setting reaches) writes most of a new database
 * 0666 and the files PostgreSQL opens later 0644, whatever the process umask; a backup copied
 * with its modes would carry them anywhere. The folder's own 0700 keeps what it writes meanwhile
 * from everyone else. Symbolic links are left alone (never followed).
 */
export async function keepPrivate(dir: string): Promise<void> {
  await privateDir(dir);
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isSymbolicLink()) continue;
      const wanted = entry.isDirectory() ? PRIVATE.dir : PRIVATE.file;
      if (((await lstat(path)).mode & 0o777) !== wanted) await chmod(path, wanted);
      if (entry.isDirectory()) await walk(path);
    }
  };
  await walk(dir);
}
