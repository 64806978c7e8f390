// What a backup copies, read from the database's own catalogue rather than listed by hand, so a
// table a migration adds is copied without anyone remembering to: every table of the schema but
// `schema_migrations` (the backup names its migrations instead), parents before the tables whose
// foreign keys point at them, and every sequence's position.
import type { Queryable } from '../db/index.ts';

/**
 * Tables a migration fills itself (one row of settings, e.g. the company's time zone): a database
 * only migrated holds their rows, so they do not make it "not empty", and a copy replaces them.
 * The backup tests fail on a table missing here (a restore then finds it filled).
 */
export const MIGRATION_ROWS: ReadonlySet<string> = new Set(['console_setting', 'deal_stage', 'message_template']);

/** A name as an SQL identifier (`order` is a keyword). */
export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The schema's tables, each after every table it references (names sorted among equals, so two dumps list them alike). */
export async function tablesInOrder(db: Queryable): Promise<string[]> {
  const tables = (
    await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname <> 'schema_migrations' order by c.relname`,
    )
  ).map((row) => row.name);
  const references = await db.query<{ child: string; parent: string }>(
    `select ch.relname as child, pa.relname as parent from pg_constraint k
       join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
     where k.contype = 'f' and n.nspname = current_schema() and ch.oid <> pa.oid`,
  );
  const ordered: string[] = [];
  const waiting = new Set(tables);
  while (waiting.size) {
    const ready = [...waiting].filter((table) => !references.some((ref) => ref.child === table && waiting.has(ref.parent)));
    if (!ready.length) throw new Error(`These tables reference one another in a cycle: ${[...waiting].join(', ')}.`);
    for (const table of ready) {
      ordered.push(table);
      waiting.delete(table);
    }
  }
  return ordered;
}

/** Where a sequence stands: setval's second and third arguments. */
export type SequencePosition = [lastValue: string, isCalled: boolean];

/** Every sequence of the schema and its position (bigserial columns: the timeline, the audit log, the mail queues). */
export async function sequencePositions(db: Queryable): Promise<Record<string, SequencePosition>> {
  const names = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'S' order by c.relname`,
  );
  const positions: Record<string, SequencePosition> = {};
  for (const { name } of names) {
    const [row] = await db.query<{ last: string; called: boolean }>(
      `select last_value::text as last, is_called as called from ${ident(name)}`,
    );
    positions[name] = [row!.last, row!.called];
  }
  return positions;
}

/** The columns an insert may set: all but generated ones. */
export async function writableColumns(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [ident(table)],
  );
  return rows.map((row) => row.name);
}
