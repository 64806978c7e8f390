// A database's rows out (dump) and into another database of the same schema (load): the one copy
// behind `npm run backup`, `npm run restore` and `npm run move-to-postgres`. Rows travel as
// PostgreSQL's own JSON of each row (row_to_json) and come back through json_populate_recordset,
// so every value is kept exactly as PostgreSQL writes it (microseconds, numerics, bytes, arrays),
// on PGlite and PostgreSQL alike.
import { migrate, migrationNames } from '../db/migrate.ts';
import type { Db, Queryable } from '../db/index.ts';
import { ident, MIGRATION_ROWS, sequencePositions, tablesInOrder, writableColumns, type SequencePosition } from './tables.ts';

/** A refusal the operator can act on: its message says what to do (the command prints it alone). */
export class Refusal extends Error {}

/** The first line of a backup: enough to check it, and to rebuild the schema it was made with. */
export interface BackupHeader {
  format: 'obra-backup';
  version: 1;
  createdAt: string;
  /** The migrations applied to the database it was made from, in order: its schema version. */
  schema: string[];
  /** Rows per table, in the order the rows follow (each table after those it references). */
  tables: [table: string, rows: number][];
  sequences: Record<string, SequencePosition>;
}

/** Some consecutive rows of one table, each the JSON text of one row. */
export interface RowBatch {
  table: string;
  rows: string[];
}

/** A batch holds about this many bytes of JSON (a generated image can be megabytes, a lead is hundreds of bytes). */
export const BATCH_BYTES = 4 << 20;
/** And never more rows than this. */
export const BATCH_ROWS = 1000;

/**
 * The header and the rows of everything in `tx`, which must be one transaction for the copy to be
 * consistent (on PGlite, the API's own statements wait until it ends). The rows are read as the
 * returned batches are consumed, through a cursor, so a table is never all in memory.
 */
export async function dump(tx: Queryable): Promise<{ header: BackupHeader; batches: AsyncGenerator<RowBatch> }> {
  const schema = (await tx.query<{ name: string }>('select name from schema_migrations order by name')).map((row) => row.name);
  const order = await tablesInOrder(tx);
  const tables: BackupHeader['tables'] = [];
  for (const table of order) {
    const [row] = await tx.query<{ n: number }>(`select count(*)::int as n from ${ident(table)}`);
    tables.push([table, row!.n]);
  }
  const sequences = await sequencePositions(tx);
  const header: BackupHeader = { format: 'obra-backup', version: 1, createdAt: new Date().toISOString(), schema, tables, sequences };
  return { header, batches: rowsOf(tx, order) };
}

async function* rowsOf(tx: Queryable, tables: string[]): AsyncGenerator<RowBatch> {
  for (const table of tables) {
    await tx.query(`declare obra_rows no scroll cursor for select row_to_json(t)::text as r from ${ident(table)} t`);
    // A few rows first, then as many as fit in a batch at the size they turned out to be.
    let size = 50;
    for (;;) {
      const rows = (await tx.query<{ r: string }>(`fetch ${size} from obra_rows`)).map((row) => row.r);
      if (rows.length) yield { table, rows };
      if (rows.length < size) break;
      const average = rows.reduce((sum, row) => sum + row.length, 0) / rows.length;
      size = Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_BYTES / average)));
    }
    await tx.query('close obra_rows');
  }
}

/** The tables of `db` that hold a row (a database only migrated holds none but {@link MIGRATION_ROWS}'). */
export async function filledTables(db: Queryable): Promise<string[]> {
  const filled = [];
  for (const table of await tablesInOrder(db)) {
    if (MIGRATION_ROWS.has(table)) continue;
    const [row] = await db.query<{ filled: boolean }>(`select exists (select 1 from ${ident(table)}) as filled`);
    if (row!.filled) filled.push(table);
  }
  return filled;
}

/** The names of the migrations `db` has applied (none when it has no schema yet). */
async function appliedMigrations(db: Queryable): Promise<string[]> {
  const [{ present } = { present: false }] = await db.query<{ present: boolean }>(
    "select to_regclass('schema_migrations') is not null as present",
  );
  return present ? (await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name) : [];
}

/** Refuses a database that holds rows (`what` names it in the message, `how` says what to do instead). */
async function refuseFilled(db: Queryable, what: string, how: string): Promise<void> {
  const filled = await filledTables(db);
  if (filled.length) throw new Refusal(`${what} is not empty (${filled.join(', ')} hold rows): ${how}`);
}

/** What {@link load} copied: rows per table, and the migrations it applied after them. */
export interface Loaded {
  tables: BackupHeader['tables'];
  migrated: string[];
}

/**
 * Copies a dump into `target`, which must hold no rows: migrates it to the dump's schema, inserts
 * every table's rows in one transaction with the tables' own triggers off (they would index the
 * leads again, queue their mails and webhooks again), checks every table's count, puts the
 * sequences where they were, and then applies the migrations newer than the dump.
 * Turning triggers off (ALTER TABLE … DISABLE TRIGGER USER) takes the tables' owner, which the role
 * that migrated them is; foreign keys are still checked, hence the parents-first order. The
 * tables stay locked against writes until the transaction ends, and a failure leaves them empty.
 */
export async function load(target: Db, header: BackupHeader, batches: AsyncIterable<RowBatch>, what: string): Promise<Loaded> {
  const known = new Set(await migrationNames());
  const unknown = header.schema.filter((name) => !known.has(name));
  if (unknown.length)
    throw new Refusal(
      `The backup was made by a newer version of Obra (its migrations ${unknown.join(', ')} are not in this one): use that version or a later one.`,
    );
  const emptyOnly = 'copy into an empty database.';
  const applied = await appliedMigrations(target);
  if (applied.length) await refuseFilled(target, what, emptyOnly);
  const ahead = applied.filter((name) => !header.schema.includes(name));
  if (ahead.length)
    throw new Refusal(
      `${what} is already migrated past the data to copy (${ahead.join(', ')}): start this version of Obra once on the embedded database (it migrates it), or copy into a new empty database.`,
    );
  await migrate(target, new Set(header.schema));
  await target.transaction(async (tx) => {
    const tables = await tablesInOrder(tx);
    if (
      [...tables].sort().join() !==
      header.tables
        .map(([table]) => table)
        .sort()
        .join()
    )
      throw new Error(
        `The tables to copy (${header.tables.map(([table]) => table).join(', ')}) are not those of this schema (${tables.join(', ')}).`,
      );
    try {
      for (const table of tables) await tx.exec(`alter table ${ident(table)} disable trigger user`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') throw error;
      throw new Refusal(
        `${what} has tables this role does not own (${(error as Error).message}): copy as the role that owns them, the one the API migrates with.`,
      );
    }
    // Again, now that nobody can write: an API started on it meanwhile.
    await refuseFilled(tx, what, emptyOnly);
    // The rows the migrations put there give way to the copied ones.
    for (const table of tables) if (MIGRATION_ROWS.has(table)) await tx.exec(`delete from ${ident(table)}`);
    const columns = new Map<string, string>();
    for await (const { table, rows } of batches) {
      // The columns the dump has: one added since (a field's, by the generated SQL) takes its default.
      if (!columns.has(table)) {
        const dumped = new Set(Object.keys(JSON.parse(rows[0] ?? '{}') as object));
        const writable = await writableColumns(tx, table);
        columns.set(table, (rows.length ? writable.filter((column) => dumped.has(column)) : writable).map(ident).join(', '));
      }
      const list = columns.get(table)!;
      await tx.query(`insert into ${ident(table)} (${list}) select ${list} from json_populate_recordset(null::${ident(table)}, $1::json)`, [
        `[${rows.join(',')}]`,
      ]);
    }
    for (const [table, rows] of header.tables) {
      const [row] = await tx.query<{ n: number }>(`select count(*)::int as n from ${ident(table)}`);
      if (row!.n !== rows)
        throw new Refusal(`The copy is incomplete: ${table} should hold ${rows} rows and holds ${row!.n}. Nothing was kept.`);
    }
    for (const [sequence, [last, called]] of Object.entries(header.sequences))
      await tx.query('select setval($1::regclass, $2::bigint, $3)', [ident(sequence), last, called]);
    for (const table of tables) await tx.exec(`alter table ${ident(table)} enable trigger user`);
  });
  return { tables: header.tables, migrated: await migrate(target) };
}
