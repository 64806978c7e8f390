import { randomUUID } from 'node:crypto';
import type { Db } from './db/index.ts';
import type { LeadKind } from './leads.ts';

/** Where a submission ended: its own new row, or the row already stored under its key. */
export interface Saved {
  id: string;
  /** The request hash of that row: equal to the submission's for a replay. */
  hash: string;
  inserted: boolean;
}

/** Stores leads, once per Idempotency-Key. */
export interface LeadStore {
  save(kind: LeadKind, values: readonly string[], key: string | undefined, hash: string): Promise<Saved>;
}

interface Pending {
  id: string;
  values: readonly string[];
  key: string | null;
  hash: string;
  resolve(saved: Saved): void;
  reject(error: unknown): void;
}

/**
 * Group insert: the submissions of one type that arrive while a write is under way go in the next
 * single multi-row `INSERT … ON CONFLICT (idempotency_key) DO NOTHING`. One statement costs PGlite
 * about as much as one row, so this is what lifts writes past 1,000/s (README, "Benchmark"). The
 * unique key still decides duplicates, within a batch and across processes; ids are made here so
 * each request can find whether its own row went in.
 */
export function createLeadStore(db: Db, maxBatch = 200): LeadStore {
  const queues = new Map<LeadKind, Pending[]>();
  const writing = new Set<LeadKind>();

  async function write(kind: LeadKind, batch: Pending[]): Promise<Saved[]> {
    const columns = ['id', ...kind.columns, 'idempotency_key', 'request_hash'];
    const params: unknown[] = [];
    const rows = batch.map((p) => {
      const first = params.push(p.id, ...p.values, p.key, p.hash) - columns.length;
      return `(${columns.map((_, i) => `$${first + i + 1}`).join(', ')})`;
    });
    const sql = `insert into ${kind.table} (${columns.join(', ')}) values ${rows.join(', ')} on conflict (idempotency_key) do nothing returning id`;
    const inserted = new Set((await db.query<{ id: string }>(sql, params)).map((row) => row.id));
    const keys = batch.filter((p) => !inserted.has(p.id)).map((p) => p.key);
    const existing = new Map<string | null, { id: string; request_hash: string }>();
    if (keys.length) {
      const found = await db.query<{ id: string; idempotency_key: string; request_hash: string }>(
        `select id, idempotency_key, request_hash from ${kind.table} where idempotency_key = any($1)`,
        [keys],
      );
      for (const row of found) existing.set(row.idempotency_key, row);
    }
    return batch.map((p) => {
      if (inserted.has(p.id)) return { id: p.id, hash: p.hash, inserted: true };
      const row = existing.get(p.key);
      if (!row) throw new Error(`Neither inserted nor found: the ${kind.table} row for Idempotency-Key ${p.key}.`);
      return { id: row.id, hash: row.request_hash, inserted: false };
    });
  }

  async function drain(kind: LeadKind) {
    const queue = queues.get(kind)!;
    while (queue.length) {
      const batch = queue.splice(0, maxBatch);
      try {
        const saved = await write(kind, batch);
        batch.forEach((p, i) => p.resolve(saved[i]!));
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    writing.delete(kind);
  }

  return {
    save: (kind, values, key, hash) =>
      new Promise<Saved>((resolve, reject) => {
        let queue = queues.get(kind);
        if (!queue) queues.set(kind, (queue = []));
        queue.push({ id: randomUUID(), values, key: key ?? null, hash, resolve, reject });
        if (writing.has(kind)) return;
        writing.add(kind);
        // Wait one turn of the event loop so the requests that arrived together share the statement.
        setImmediate(() => void drain(kind));
      }),
  };
}
