// `npm run backup -- FILE`, `npm run restore -- FILE [--force]` and `npm run move-to-postgres`:
// the embedded database's backups and its move to PostgreSQL (docs/operators/backups.md).
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { InUse, lockDataDir, openPglite, openPgliteFolder } from '../db/pglite.ts';
import { privateDir } from '../private-files.ts';
import { dump, filledTables, load, Refusal, type Loaded } from './copy.ts';
import { readBackupFile, writeBackupFile } from './file.ts';

const USAGE = {
  backup: 'Usage: npm run backup -- FILE',
  restore: 'Usage: npm run restore -- FILE [--force]',
  'move-to-postgres': 'Usage: DATABASE_URL=postgres://… npm run move-to-postgres',
} as const;
type Command = keyof typeof USAGE;

const number = (n: number) => n.toLocaleString('en-US');
/** Rows per table, one a line, and the total. */
function rowsReport({ tables, migrated }: Loaded): string {
  const width = Math.max(...tables.map(([table]) => table.length));
  const total = tables.reduce((sum, [, rows]) => sum + rows, 0);
  const lines = tables.map(([table, rows]) => `  ${table.padEnd(width)}  ${number(rows).padStart(9)}`);
  const after = migrated.length ? `\nthen applied the migrations newer than the data: ${migrated.join(', ')}` : '';
  return `${lines.join('\n')}\n  ${'total'.padEnd(width)}  ${number(total).padStart(9)}${after}\n`;
}

/** The folder's embedded database, which must exist: `what` says what for in the refusal. */
function embedded(config: Config, what: string): string {
  const path = join(config.dataDir, 'pglite');
  if (!existsSync(join(path, 'PG_VERSION')))
    throw new Refusal(`There is no embedded database in ${config.dataDir} (OBRA_DATA_DIR) to ${what}.`);
  return path;
}

/** Takes the data folder, refusing while an API runs on it: `why` says why it must stop. */
async function lockStopped(config: Config, why: string): Promise<() => Promise<void>> {
  await privateDir(config.dataDir);
  try {
    return await lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof InUse)) throw error;
    throw new Refusal(`An API (process ${error.owner}) is running on the embedded database in ${config.dataDir}: stop it first, ${why}.`);
  }
}

async function backup(config: Config, file: string): Promise<string> {
  if (config.databaseUrl)
    throw new Refusal(
      'DATABASE_URL is set: this installation runs on PostgreSQL, which backs itself up while the API runs: pg_dump --format=custom --file=obra.dump "$DATABASE_URL" (docs/operators/backups.md).',
    );
  embedded(config, 'back up');
  const started = performance.now();
  // Through the running API's socket when there is one (local-socket.ts), else the folder itself.
  const db = await openPglite(config.dataDir);
  try {
    const { header, bytes } = await db.transaction(async (tx) => {
      const { header, batches } = await dump(tx);
      return { header, bytes: await writeBackupFile(file, header, batches) };
    });
    const rows = header.tables.reduce((sum, [, n]) => sum + n, 0);
    const ms = Math.round(performance.now() - started);
    return `Backed up ${number(rows)} rows of ${header.tables.length} tables (schema ${header.schema.at(-1)}) to ${file}: ${number(Math.ceil(bytes / 1024))} KB in ${number(ms)} ms.\n`;
  } finally {
    await db.close();
  }
}

async function restore(config: Config, file: string, force: boolean): Promise<string> {
  if (config.databaseUrl)
    throw new Refusal(
      'DATABASE_URL is set: restore fills the embedded database in OBRA_DATA_DIR. Unset DATABASE_URL to restore it; to move it to PostgreSQL afterwards, npm run move-to-postgres (docs/operators/backups.md).',
    );
  const opened = await readBackupFile(file);
  let unlock;
  try {
    unlock = await lockStopped(config, 'then restore');
  } catch (error) {
    opened.close();
    throw error;
  }
  try {
    const current = join(config.dataDir, 'pglite');
    const kept = `${current}.replaced-${new Date().toISOString().replaceAll(':', '-')}`;
    let replaced = false;
    if (existsSync(join(current, 'PG_VERSION'))) {
      const db = await openPgliteFolder(current);
      try {
        const filled = await filledTables(db);
        if (filled.length && !force)
          throw new Refusal(
            `The embedded database in ${config.dataDir} is not empty (${filled.join(', ')} hold rows): restoring would replace it. Add --force to replace it (it is then kept as ${kept}).`,
          );
        replaced = filled.length > 0;
      } finally {
        await db.close();
      }
    }
    // Built beside it and swapped in whole: a restore that fails leaves the database as it was.
    const building = `${current}.restoring`;
    await rm(building, { recursive: true, force: true });
    let loaded;
    let ended = 0;
    try {
      const target = await openPgliteFolder(building);
      try {
        loaded = await load(target, opened.header, opened.batches, 'The database being restored');
        // A backup holds the sessions open when it was made, and "sign out everywhere" since then
        // ended some of them: none comes back. Every operator signs in again (docs/operators/backups.md#restore).
        const [row] = await target.query<{ n: number }>(
          'with ended as (delete from admin_session returning 1) select count(*)::int as n from ended',
        );
        ended = row?.n ?? 0;
      } finally {
        await target.close();
      }
    } catch (error) {
      await rm(building, { recursive: true, force: true });
      throw error;
    }
    if (replaced) await rename(current, kept);
    else await rm(current, { recursive: true, force: true });
    await rename(building, current);
    const previous = replaced ? `The database it replaced is in ${kept}: delete it once the restore is checked.\n` : '';
    const signOut = `Ended every console session (${ended} in the backup): operators sign in again.\n`;
    return `Restored ${file} (made ${opened.header.createdAt}) into ${config.dataDir}:\n${rowsReport(loaded)}${signOut}${previous}`;
  } finally {
    opened.close();
    await unlock();
  }
}

async function moveToPostgres(config: Config): Promise<string> {
  if (!config.databaseUrl)
    throw new Refusal('Set DATABASE_URL to the empty PostgreSQL database to move to, e.g. DATABASE_URL=postgres://obra@db.example/obra.');
  const source = embedded(config, 'move');
  const unlock = await lockStopped(config, 'so that no lead arrives after the copy and stays behind');
  let from: Db | undefined;
  let to: Db | undefined;
  try {
    const origin = (from = await openPgliteFolder(source));
    const { openPostgres } = await import('../db/postgres.ts');
    const target = (to = await openPostgres(config.databaseUrl, 2).catch((error: Error) => {
      throw new Refusal(`Cannot reach the PostgreSQL database at DATABASE_URL: ${error.message}.`);
    }));
    const loaded = await origin.transaction(async (tx) => {
      const { header, batches } = await dump(tx);
      return load(target, header, batches, 'The PostgreSQL database at DATABASE_URL');
    });
    return `Copied the embedded database in ${config.dataDir} to PostgreSQL:\n${rowsReport(loaded)}Start the API with this DATABASE_URL. The embedded database is left as it was.\n`;
  } finally {
    await to?.close();
    await from?.close();
    await unlock();
  }
}

/** Runs `command` with its command-line `args`, printing with `out`; returns the exit code. */
export async function runBackupCommand(
  command: Command,
  args: string[],
  out: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE[command]}`);
    return 2;
  }
  const [file, ...rest] = parsed.positionals;
  const wantsFile = command !== 'move-to-postgres';
  if (rest.length || Boolean(file) !== wantsFile || (parsed.values.force && command !== 'restore')) {
    console.error(USAGE[command]);
    return 2;
  }
  try {
    const config = loadConfig();
    if (command === 'backup') out(await backup(config, resolve(file!)));
    else if (command === 'restore') out(await restore(config, resolve(file!), parsed.values.force));
    else out(await moveToPostgres(config));
    return 0;
  } catch (error) {
    console.error(error instanceof Refusal ? error.message : `${command} failed: ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.main) {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore' && command !== 'move-to-postgres') throw new Error(`unknown command ${command}`);
  process.exitCode = await runBackupCommand(command, args);
}
