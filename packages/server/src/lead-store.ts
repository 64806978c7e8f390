import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from './db/index.ts';
import type { LeadKind } from './leads.ts';

/** Where a submission ended: its own new row, or the row already stored under its key. */
export interface Saved {
  id: string;
  /** The request hash of that row: equal to the submission's for a replay. */
  hash: string;
  inserted: boolean;
  /** The stored row's `returning` columns (e.g. mail_status): the first request's, for a replay. */
  row: Record<string, unknown>;
}

/** A row to store: column → value, the same columns for every row of a kind. */
export type LeadRow = Readonly<Record<string, unknown>>;

/** Stores leads, once per Idempotency-Key. */
export interface LeadStore {
  /** Batched with the submissions of the same kind that arrive together; a replay reads `returning` from the stored row. */
  save(kind: LeadKind, row: LeadRow, key: string | undefined, hash: string, returning?: readonly string[]): Promise<Saved>;
  /**
   * Alone, in one transaction: `decide` runs first (holding whatever locks it takes) and returns
   * the columns it sets, e.g. a report's mail status under the per-address cap. A replay gets the
   * stored row's `returning` columns.
   */
  saveOne(
    kind: LeadKind,
    row: LeadRow,
    key: string | undefined,
    hash: string,
    options: {
      decide(tx: Queryable): Promise<LeadRow>;
      returning: readonly string[];
      /** Runs in the transaction after a new row went in (its lead row exists then: 010's triggers). */
      stored?(tx: Queryable, id: string): Promise<void>;
    },
  ): Promise<Saved>;
}

interface Pending {
  id: string;
  row: LeadRow;
  returning: readonly string[];
  key: string | null;
  hash: string;
  resolve(saved: Saved): void;
  reject(error: unknown): void;
}

async function existing(db: Queryable, kind: LeadKind, keys: (string | null)[], extra: readonly string[] = []) {
  const found = await db.query<Record<string, unknown> & { id: string; idempotency_key: string; request_hash: string }>(
    `select ${['id', 'idempotency_key', 'request_hash', ...extra].join(', ')} from ${kind.table} where idempotency_key = any($1)`,
    [keys],
  );
  return new Map(found.map((row) => [row.idempotency_key, row]));
}

/**
 * Group insert: the submissions of one type that arrive while a write is under way go in the next
 * single multi-row `INSERT … ON CONFLICT (idempotency_key) DO NOTHING`. One statement costs PGlite
 * about as much as one row, so this is what lifts writes past 1,000/s (docs/operators/api.md#benchmark). The
 * unique key still decides duplicates, within a batch and across processes; ids are made here so
 * each request can find whether its own row went in. A batch that fails is written again row by
 * row, so one bad submission fails alone and never the others that happened to share its statement.
 */
export function createLeadStore(db: Db, maxBatch = 200): LeadStore {
  const queues = new Map<LeadKind, Pending[]>();
  const writing = new Set<LeadKind>();

  async function write(kind: LeadKind, batch: Pending[]): Promise<Saved[]> {
    const columns = ['id', ...Object.keys(batch[0]!.row), 'idempotency_key', 'request_hash'];
    const params: unknown[] = [];
    const rows = batch.map((p) => {
      const first = params.push(p.id, ...Object.values(p.row), p.key, p.hash) - columns.length;
      return `(${columns.map((_, i) => `$${first + i + 1}`).join(', ')})`;
    });
    const sql = `insert into ${kind.table} (${columns.join(', ')}) values ${rows.join(', ')} on conflict (idempotency_key) do nothing returning id`;
    const inserted = new Set((await db.query<{ id: string }>(sql, params)).map((row) => row.id));
    const replays = batch.filter((p) => !inserted.has(p.id));
    const returning = [...new Set(replays.flatMap((p) => p.returning))];
    const found = replays.length
      ? await existing(
          db,
          kind,
          replays.map((p) => p.key),
          returning,
        )
      : new Map();
    return batch.map((p) => {
      if (inserted.has(p.id)) return { id: p.id, hash: p.hash, inserted: true, row: p.row };
      const row = found.get(p.key);
      if (!row) throw new Error(`Neither inserted nor found: the ${kind.table} row for Idempotency-Key ${p.key}.`);
      return { id: row.id, hash: row.request_hash, inserted: false, row };
    });
  }

  async function settle(kind: LeadKind, batch: Pending[]) {
    try {
      const saved = await write(kind, batch);
      batch.forEach((p, i) => p.resolve(saved[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const p of batch) await settle(kind, [p]);
    }
  }

  async function drain(kind: LeadKind) {
    const queue = queues.get(kind)!;
    while (queue.length) await settle(kind, queue.splice(0, maxBatch));
    writing.delete(kind);
  }

  return {
    save: (kind, row, key, hash, returning = []) =>
      new Promise<Saved>((resolve, reject) => {
        let queue = queues.get(kind);
        if (!queue) queues.set(kind, (queue = []));
        queue.push({ id: randomUUID(), row, returning, key: key ?? null, hash, resolve, reject });
        if (writing.has(kind)) return;
        writing.add(kind);
        // Wait one turn of the event loop so the requests that arrived together share the statement.
        setImmediate(() => void drain(kind));
      }),
    saveOne: (kind, row, key, hash, { decide, returning, stored: after }) =>
      db.transaction(async (tx) => {
        const replay = key ? (await existing(tx, kind, [key], returning)).get(key) : undefined;
        if (replay) return { id: replay.id, hash: replay.request_hash, inserted: false, row: replay };
        const full = { ...row, ...(await decide(tx)) };
        const columns = ['id', ...Object.keys(full), 'idempotency_key', 'request_hash'];
        const id = randomUUID();
        const [stored] = await tx.query<Record<string, unknown> & { id: string }>(
          `insert into ${kind.table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
           on conflict (idempotency_key) do nothing returning ${['id', ...returning].join(', ')}`,
          [id, ...Object.values(full), key ?? null, hash],
        );
        if (stored) {
          await after?.(tx, id);
          return { id, hash, inserted: true, row: stored };
        }
        // Another process stored the same key between the look-up and the insert.
        const other = (await existing(tx, kind, [key!], returning)).get(key!);
        if (!other) throw new Error(`Neither inserted nor found: the ${kind.table} row for Idempotency-Key ${key}.`);
        return { id: other.id, hash: other.request_hash, inserted: false, row: other };
      }),
  };
}
