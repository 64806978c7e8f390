// `npm run backfill:estimates`: gives the design reports stored before migration 090 the estimate
// their lead shows in the console (docs/estimate.md, "Reports stored before the estimate"). New
// reports get theirs when they are stored (routes/leads.ts); this is for the ones already there.
import type { Db } from '../db/types.ts';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { leadEstimateOf } from './lead-estimate.ts';

/**
 * Computes the estimate of every stored report whose lead has none and writes it on the lead,
 * `batch` reports a query (keyset by id: bounded memory whatever the table's size). Safe to run
 * while the API runs and more than once, in parallel too: a lead that already has an estimate is
 * never written. Reports whose building was not measured stay without one. Cost: one read per
 * batch and one update per report estimated.
 */
export async function backfillEstimates(db: Db, batch = 500): Promise<{ estimated: number; unmeasured: number }> {
  let estimated = 0;
  let unmeasured = 0;
  let after: string | null = null;
  for (;;) {
    const rows: Record<string, unknown>[] = await db.query<Record<string, unknown>>(
      `select r.* from report r join lead l on l.id = r.id
       where l.estimate is null and ($1::uuid is null or r.id > $1::uuid)
       order by r.id limit $2`,
      [after, batch],
    );
    for (const row of rows) {
      const { estimate, value_usd } = leadEstimateOf(row);
      if (!estimate) {
        unmeasured += 1;
        continue;
      }
      const written = await db.query('update lead set estimate = $2, value_usd = $3 where id = $1 and estimate is null returning id', [
        row.id,
        JSON.stringify(estimate),
        value_usd,
      ]);
      estimated += written.length;
    }
    if (rows.length < batch) return { estimated, unmeasured };
    after = String(rows.at(-1)!.id);
  }
}

/** Runs the backfill on the configured database and says what it did; returns the exit code. */
export async function runBackfill(out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  const db = await openDb(loadConfig());
  try {
    const { estimated, unmeasured } = await backfillEstimates(db);
    out(`${estimated} reports estimated; ${unmeasured} without the building's width, length or height keep none\n`);
    return 0;
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  process.exitCode = await runBackfill().catch((error: Error) => {
    console.error(error.message);
    return 1;
  });
}
