// The backup file: gzip of JSON lines, the header first (format, schema version, rows per table,
// sequences), then every row, table after table in the header's order. Written to a partial file
// beside the target, owner-only, flushed, and renamed into place: a file under that name is always
// a whole backup. Read back with checks that tell a wrong or damaged file before anything changes.
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PRIVATE } from '../private-files.ts';
import { BATCH_BYTES, BATCH_ROWS, Refusal, type BackupHeader, type RowBatch } from './copy.ts';

async function* lines(header: BackupHeader, batches: AsyncIterable<RowBatch>): AsyncGenerator<string> {
  yield `${JSON.stringify(header)}\n`;
  const written = new Map<string, number>();
  for await (const { table, rows } of batches) {
    written.set(table, (written.get(table) ?? 0) + rows.length);
    yield `${rows.join('\n')}\n`;
  }
  for (const [table, rows] of header.tables)
    if ((written.get(table) ?? 0) !== rows) throw new Error(`${table} gave ${written.get(table) ?? 0} rows where it counted ${rows}.`);
}

/** Writes the backup to `file` (replacing one there only once it is whole); returns its size in bytes. */
export async function writeBackupFile(file: string, header: BackupHeader, batches: AsyncIterable<RowBatch>): Promise<number> {
  const partial = `${file}.${process.pid}.partial`;
  try {
    await pipeline(lines(header, batches), createGzip(), createWriteStream(partial, { flags: 'wx', mode: PRIVATE.file, flush: true }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  // The rename itself survives a power cut once the folder is flushed too.
  const folder = await open(dirname(file), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  return (await stat(file)).size;
}

/** What a file starts with, for the refusal of a file that is not a backup. */
async function sniff(file: string): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new Refusal(`Cannot read ${file}: ${(error as Error).message}.`);
  }
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    return head.subarray(0, bytesRead);
  } catch (error) {
    throw new Refusal(`Cannot read ${file}: ${(error as Error).message}.`);
  } finally {
    await handle.close();
  }
}

function checkHeader(file: string, line: string | undefined): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line === undefined ? undefined : (JSON.parse(line) as Partial<BackupHeader>);
  } catch {
    header = undefined;
  }
  if (header?.format !== 'obra-backup') throw new Refusal(`${file} is not an Obra backup (npm run backup makes them).`);
  if (header.version !== 1)
    throw new Refusal(`${file} is a backup in format ${header.version}, made by a newer version of Obra: use that version.`);
  const valid =
    Array.isArray(header.schema) &&
    header.schema.every((name) => typeof name === 'string') &&
    Array.isArray(header.tables) &&
    header.tables.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && Number.isInteger(entry[1]) && entry[1] >= 0) &&
    typeof header.sequences === 'object' &&
    header.sequences !== null;
  if (!valid) throw new Refusal(`${file} is a damaged Obra backup: its first line does not say what it holds.`);
  return header as BackupHeader;
}

/** An opened backup: its checked header, its rows as they are read, and `close` for when they are not wanted. */
export interface BackupFile {
  header: BackupHeader;
  batches: AsyncGenerator<RowBatch>;
  close(): void;
}

/** Opens `file` and checks its header; refuses (with what it is instead) a file that is not a backup. */
export async function readBackupFile(file: string): Promise<BackupFile> {
  const head = await sniff(file);
  if (head.toString('latin1') === 'PGDMP')
    throw new Refusal(`${file} is a pg_dump archive: restore it into PostgreSQL with pg_restore (docs/operators/backups.md).`);
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw new Refusal(`${file} is not an Obra backup (npm run backup makes them).`);
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.pipe(gunzip);
  source.on('error', (error) => gunzip.destroy(error));
  const reader = createInterface({ input: gunzip, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const close = () => {
    source.destroy();
    gunzip.destroy();
  };
  const damaged = (error: Error) => new Refusal(`${file} is damaged or incomplete (${error.message}). Nothing was changed.`);
  const next = () => reader.next().catch((error: Error) => Promise.reject(damaged(error)));
  let header: BackupHeader;
  try {
    const first = await reader.next().catch(() => ({ done: true as const, value: undefined }));
    header = checkHeader(file, first.done ? undefined : first.value);
  } catch (error) {
    close();
    throw error;
  }
  async function* batches(): AsyncGenerator<RowBatch> {
    try {
      for (const [table, count] of header.tables) {
        let rows: string[] = [];
        let bytes = 0;
        for (let read = 0; read < count; read += 1) {
          const line = await next();
          if (line.done) throw damaged(new Error(`it ends in ${table} after ${read} of its ${count} rows`));
          rows.push(line.value);
          bytes += line.value.length;
          if (rows.length === BATCH_ROWS || bytes >= BATCH_BYTES) {
            yield { table, rows };
            rows = [];
            bytes = 0;
          }
        }
        if (rows.length) yield { table, rows };
      }
      if (!(await next()).done) throw damaged(new Error('more rows follow than its header counts'));
    } finally {
      close();
    }
  }
  return { header, batches: batches(), close };
}
